import { basename } from 'node:path';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { resolveBranchArg } from './branch-arg.js';
import { composeMarkdown } from './compose.js';
import { flagLabel, paramName } from './flag-names.js';
import { onlyGitlabTakes } from './host-dialect.js';
import type { Values } from './inputs.js';
import { isMe, parseReference, resolveReference } from './lookup.js';
import { readBytesArg, readTextArg } from './read-input.js';
import type { CommandSpec } from './spec.js';
import { setFlag } from './values.js';

/**
 * The `prepare` and `lookup` stages: what runs once the values are known and before the request
 * (once for a whole batch): the object a branch stands for found, files read, Markdown written,
 * the declaration's `prepare`, flags only GitLab takes refused on another server, then names
 * given for ids looked up.
 */

/** The object of a branch found, files read, the Markdown written, `prepare`, GitLab-only flags refused; false: nothing is left to send (it was said). */
export async function prepareValues(ctx: Context, spec: CommandSpec, v: Values): Promise<boolean> {
  await resolveBranchArg(ctx, spec, v);
  await readFiles(ctx, spec, v);
  const markdown = spec.flags?.find((f) => f.markdown);
  if (markdown && !(await composeMarkdown(ctx, spec, v, markdown, paramName(markdown) || markdown.name))) return false;
  if (spec.prepare) await spec.prepare(ctx, v);
  await requireGitlabFor(ctx, spec, v);
  return true;
}

/** The declared file flags read: their text as parameters, their bytes as file parts (a usage error if unreadable). */
async function readFiles(ctx: Context, spec: CommandSpec, v: Values): Promise<void> {
  for (const flag of spec.flags ?? []) {
    const file = v.flags[flag.name];
    const param = paramName(flag);
    if (flag.file === undefined || param === false || typeof file !== 'string') continue;
    if (flag.file === 'text') v.params[param] = await readTextArg(ctx, file, flagLabel(flag));
    else
      v.files.push({ name: param, filename: file === '-' ? param : basename(file), data: await readBytesArg(ctx, file, flagLabel(flag)) });
  }
}

/** A flag whose parameter only GitLab takes, refused before anything is looked up when the host speaks the spec's dialect. */
async function requireGitlabFor(ctx: Context, spec: CommandSpec, v: Values): Promise<void> {
  const given = (spec.flags ?? []).filter((flag) => paramName(flag) !== false && v.flags[flag.name] !== undefined);
  const refused = await onlyGitlabTakes(
    ctx,
    given.map((flag) => paramName(flag) as string),
  );
  const flag = given.find((f) => paramName(f) === refused);
  const label = (f: (typeof given)[number]) => (v.givenAs?.[f.name] ? `--${v.givenAs[f.name]}` : flagLabel(f));
  if (flag)
    throw new UsageError(
      `${label(flag)} needs GitLab: this server speaks the spec's API, which has no ${refused}`,
      'if it is GitLab: collab config set flavor gitlab --host <url>',
    );
  // GitLab's None and Any: the spec's user filters take an id only (a strict server answers 400).
  const wildcard = given.find((f) => f.wildcards && (v.flags[f.name] === 'None' || v.flags[f.name] === 'Any'));
  if (wildcard && (await ctx.flavor()) === 'spec')
    throw new UsageError(
      `${label(wildcard)} ${v.typed?.[wildcard.name] ?? String(v.flags[wildcard.name]).toLowerCase()} needs GitLab: this server speaks the spec's API, whose ${paramName(wildcard)} is a user id`,
      'if it is GitLab: collab config set flavor gitlab --host <url>',
    );
}

/** Names given for ids (declared lookups) replaced by the ids: in flags, parameters, path values and the group. */
export async function resolveLookups(ctx: Context, spec: CommandSpec, v: Values): Promise<void> {
  for (const arg of spec.args ?? []) {
    const ref = v.args[arg.name];
    if (arg.lookup && ref !== undefined) v.args[arg.name] = await resolveReference(ctx, arg.lookup, ref, v);
  }
  for (const flag of spec.flags ?? []) {
    const given = v.flags[flag.name];
    const kind = flag.lookup;
    if (kind === undefined || given === undefined) continue;
    // GitLab's None and Any go as they are.
    if (flag.wildcards && (given === 'None' || given === 'Any')) continue;
    (v.typed ??= {})[flag.name] = given;
    // GitLab takes the username itself: no lookup where the host is known to be GitLab.
    const name = flag.byName && !Array.isArray(given) ? parseReference(ctx, kind, String(given), flagLabel(flag)) : undefined;
    if (flag.byName && typeof name === 'string' && !isMe(name) && ctx.settings.flavor() === 'gitlab') {
      const param = paramName(flag);
      if (param !== false) delete v.params[param];
      v.params[flag.byName] = name;
      continue;
    }
    const find = (raw: unknown) => resolveReference(ctx, kind, parseReference(ctx, kind, String(raw), flagLabel(flag)), v);
    // A name given twice (`alice,@alice`) is one id.
    setFlag(v, flag, Array.isArray(given) ? [...new Set(await Promise.all(given.map(find)))] : await find(given));
  }
  if (spec.group === 'id' && v.group !== undefined && !/^\d+$/.test(v.group))
    v.group = String(await resolveReference(ctx, 'group', v.group, v));
}
