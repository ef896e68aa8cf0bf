import { fillPath } from '../api/path.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { objectName } from '../output/names.js';
import { tableText } from '../output/sanitize.js';
import { pathTemplate, pathValues } from './endpoint.js';
import { type Answer, asAnswer, type Values } from './inputs.js';
import type { CommandSpec, Confirm } from './spec.js';

/**
 * The one confirmation rule of irreversible commands (a declaration's `confirm`): on a terminal the
 * object is read and named, and the person answers (projects and groups: types the path); off a
 * terminal, or with --no-input, `--yes` is required, and without it nothing is read or sent (exit 2).
 */

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** Off a terminal: refuses an irreversible command without `--yes`, before anything is read or sent. */
export function requireConsent<V extends Values>(ctx: Context, confirm: Confirm<V>, v: V): void {
  if (v.yes || ctx.canPrompt) return;
  const what = lowerFirst(confirm.question(v, undefined).replace(/\?$/, ''));
  throw new UsageError(
    `refusing to ${what} without --yes: cannot prompt (no terminal or --no-input)`,
    'add --yes to confirm; nothing was sent',
  );
}

async function readObject(ctx: Context, spec: CommandSpec, v: Values): Promise<Answer> {
  const declared = spec.confirm?.read;
  if (declared === false) return undefined;
  if (typeof declared === 'function') return declared(ctx, v);
  const template = declared ?? (spec.method === 'DELETE' ? pathTemplate(spec, v) : undefined);
  return template === undefined ? undefined : readPath(ctx, template, v);
}

/** The object at a path template (GET), or undefined when the answer is not one object. */
export async function readPath(ctx: Context, template: string, v: Values): Promise<Answer> {
  const { data } = await ctx.api().request({ method: 'GET', path: fillPath(template, pathValues(v)) });
  return asAnswer(data);
}

/**
 * On a terminal, unless `--yes`: reads the object, shows what would happen and asks. The object
 * read is kept in `v.seen` (the merge pins the head shown). Declining is exit 2, nothing sent.
 */
export async function askConsent(ctx: Context, spec: CommandSpec, v: Values): Promise<void> {
  const confirm = spec.confirm;
  if (!confirm || v.yes) return;
  const object = await readObject(ctx, spec, v);
  v.seen = object;
  for (const line of (await confirm.details?.(ctx, object, v)) ?? []) ctx.notice(line);
  const question = confirm.question(v, objectName(object, confirm.mode === 'type-path' ? 'path' : 'any'));
  if (confirm.mode === 'type-path') {
    const path = objectName(object, 'path') ?? v.project ?? v.group ?? '';
    ctx.notice(question);
    const typed = await ctx.prompter().input(`Type ${path} to confirm:`);
    if (typed.trim() !== path) throw new UsageError(`cancelled: "${tableText(typed.trim())}" is not ${path}; nothing was sent`);
    return;
  }
  if (!(await ctx.prompter().confirm(question, false))) throw new UsageError('cancelled: nothing was sent');
}

/** How many lines of a batch the confirmation lists before `… and 12 more`. */
const LISTED = 10;

/**
 * A bulk run of an irreversible command (`collab issue delete 4 5 6`): one question for the whole
 * batch, listing what it would do and the count, unless `--yes`. Off a terminal, or when standard
 * input holds the ids, `--yes` is required: nothing is read or sent without it (exit 2).
 */
export async function batchConsent<V extends Values>(
  ctx: Context,
  confirm: Confirm<V>,
  items: V[],
  given: { yes: boolean; fromStdin: boolean },
): Promise<void> {
  if (given.yes) return;
  const { fromStdin } = given;
  const lines = items.map((v) => confirm.question(v, undefined).replace(/\?$/, ''));
  if (!ctx.canPrompt) {
    const why = fromStdin && ctx.io.stdoutIsTTY && !ctx.settings.noInput ? 'standard input holds the ids' : 'no terminal or --no-input';
    const more = items.length > 1 ? ` and ${items.length - 1} more` : '';
    throw new UsageError(
      `refusing to ${lowerFirst(lines[0]!)}${more} without --yes: cannot prompt (${why})`,
      'add --yes to confirm; nothing was sent',
    );
  }
  for (const line of lines.slice(0, LISTED)) ctx.notice(`  ${line}`);
  if (lines.length > LISTED) ctx.notice(`  … and ${lines.length - LISTED} more`);
  const question = items.length === 1 ? `${lines[0]}?` : `${lines[0]!.split(' ')[0]} these ${items.length}?`;
  if (!(await ctx.prompter().confirm(question, false))) throw new UsageError('cancelled: nothing was sent');
}
