import { fillPath } from '../api/path.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { pathTemplate, pathValues } from './endpoint.js';
import type { FlagSpec, Values } from './inputs.js';
import type { CommandSpec } from './spec.js';
import { filling } from './values.js';

/**
 * The Markdown of a declaration (its `markdown` flag, sent as `param`) written in the editor: with
 * `--editor`, or when a create on a terminal has none and the person says yes. An update starts
 * from the current text. An empty text stops the command: nothing is sent. An update's text left
 * as it was is not sent; when nothing else is, the command says so and ends (false).
 */
export async function composeMarkdown(ctx: Context, spec: CommandSpec, v: Values, flag: FlagSpec, param: string): Promise<boolean> {
  const given = v.params[param] !== undefined;
  if (v.editor && given) throw new UsageError(`--editor writes the ${flag.name}: do not give it on the command line too`);
  // One text written for a batch would land on every item, an update's starting from the first one's.
  const several = (v.bulk?.items.length ?? 0) > 1;
  if (v.editor && several)
    throw new UsageError(`--editor edits one ${flag.name}: give one id, or the same ${flag.name} to all with --${flag.name}`);
  let edit = v.editor === true;
  if (!edit && !given && !several && spec.method === 'POST' && ctx.canPrompt && !v.yes && !filling(spec, v))
    edit = await ctx.prompter().confirm(`Write a ${flag.name} in ${await ctx.desktop().editorName()}?`, false);
  if (!edit) return true;
  const update = spec.method === 'PUT' && spec.path !== undefined;
  const initial = update ? await current(ctx, spec, v, param) : '';
  const text = await ctx.desktop().editText(initial);
  if (text.trim() === '') throw new UsageError(`the ${flag.name} is empty: nothing was sent`);
  // The editor's text loses its trailing blank space; the current text's is no change either.
  if (!update || text !== initial.replace(/\s+$/, '')) {
    v.params[param] = text;
    return true;
  }
  if (Object.keys(v.params).length > 0 || v.files.length > 0) return true;
  ctx.notice(`The ${flag.name} is unchanged: nothing was sent`);
  return false;
}

/** The text the object has now (`''` when it has none). */
async function current(ctx: Context, spec: CommandSpec, v: Values, param: string): Promise<string> {
  const template = pathTemplate(spec, v)!;
  const res = await ctx
    .api()
    .request<Record<string, unknown>>({ method: 'GET', path: fillPath(template, pathValues(v)), expect: { kind: 'object' } });
  const text = res.data?.[param];
  return typeof text === 'string' ? text : '';
}
