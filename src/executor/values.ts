import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { branchOrId, checkedOutBranch } from './branch-arg.js';
import { bulkItems, checkItemProjects } from './bulk-ids.js';
import { camel, flagLabel, gitlabFlagName, paramName } from './flag-names.js';
import type { ArgSpec, FlagSpec, Values } from './inputs.js';
import { parseReference, userWildcard } from './lookup.js';
import { otherFlagNamesOf, parseConcurrency } from './options.js';
import type { CommandSpec } from './spec.js';
import { parseInteger, parseTyped } from './validate.js';

/**
 * The `values` stage: what commander parsed (positional words, options by camel-case name) →
 * the validated values a command runs with. Anything wrong is a usage error: nothing was sent.
 */

type Options = Record<string, unknown>;

/** argv values → validated Values; throws UsageError before anything is sent. */
export async function collectValues(ctx: Context, spec: CommandSpec, rawArgs: unknown[], opts: Options): Promise<Values> {
  const values: Values = {
    args: {},
    flags: {},
    params: {},
    files: [],
    page: {},
    yes: opts.yes === true,
    web: opts.web === true,
    editor: opts.editor === true,
  };
  let args = rawArgs;
  if (spec.bulk !== undefined) {
    // A batch is of ids: a branch stands for one object alone.
    const parse = (raw: string, label: string) => parseArg(ctx, { ...bulkArg(spec), fromBranch: undefined }, raw, label);
    const ids = await bulkItems(ctx, spec, rawArgs, opts, parse);
    if (ids.bulk) values.bulk = ids.bulk;
    else args = rawArgs.map((raw, i) => (spec.args?.[i]?.name === spec.bulk ? ids.single : raw));
  }
  const urlProject = parseArgs(ctx, spec, args, values);
  parseFlags(ctx, spec, opts, values);
  if (spec.list) values.page = pageValues(ctx, opts);
  target(ctx, spec, opts, values, urlProject);
  await fillMissing(ctx, spec, values);
  if (spec.requireOne && Object.keys(values.flags).length === 0 && !values.editor) {
    const names = (spec.flags ?? []).filter((f) => !f.hidden).map(flagLabel);
    throw new UsageError(`nothing to change: give at least one of ${names.join(', ')}`);
  }
  return values;
}

const bulkArg = (spec: CommandSpec): ArgSpec => spec.args!.find((a) => a.name === spec.bulk)!;

/** The positional arguments (but a batch's ids); returns the project a web URL among them named. */
function parseArgs(ctx: Context, spec: CommandSpec, rawArgs: unknown[], values: Values): string | undefined {
  let urlProject: string | undefined;
  (spec.args ?? []).forEach((arg, i) => {
    if (values.bulk && arg.name === spec.bulk) return;
    const raw = rawArgs[i];
    if (raw === undefined || raw === '') {
      if (arg.fromBranch) {
        const branch = checkedOutBranch(ctx, arg);
        values.branchOf = { arg: arg.name, branch, checkedOut: true };
        values.args[arg.name] = branch;
      } else if (!arg.optional) throw new UsageError(`missing argument <${arg.name}>`);
      return;
    }
    if (arg.variadic) {
      const list = (Array.isArray(raw) ? raw : [raw]).map((one) => parseArg(ctx, arg, String(one)).value);
      if (list.length === 0 && !arg.optional) throw new UsageError(`missing argument <${arg.name}>`);
      (values.args as Record<string, unknown>)[arg.name] = list;
      return;
    }
    const parsed = parseArg(ctx, arg, String(raw));
    values.args[arg.name] = parsed.value;
    if (parsed.project) urlProject = parsed.project;
    if (parsed.branch) values.branchOf = { arg: arg.name, branch: parsed.branch, checkedOut: false };
  });
  return urlProject;
}

function parseArg(
  ctx: Context,
  arg: ArgSpec,
  raw: string,
  label = `<${arg.name}>`,
): { value: string | number; project?: string; branch?: string } {
  // A web URL or a reference (group/project#42) names the project, and the host, too.
  const target = arg.url ? ctx.settings.resource(raw, arg.url, label) : undefined;
  if (target) return { value: parseInteger(target.id, label, 1), project: target.project };
  if (arg.lookup) return { value: parseReference(ctx, arg.lookup, raw, label) };
  const standIn = arg.fromBranch ? branchOrId(raw, label) : undefined;
  if (standIn) return { value: standIn.branch, branch: standIn.branch };
  switch (arg.type) {
    case 'int':
      return { value: parseInteger(raw, label, 0) };
    case 'id':
      return { value: parseInteger(raw, label, 1) };
    case 'path':
      if (raw.split('/').some((s) => s === '..')) throw new UsageError(`invalid value for ${label}: ".." is not allowed`);
      return { value: raw.replace(/^\/+/, '') };
    default:
      return { value: raw };
  }
}

/** How a flag was written on the command line: `--no-x` for a boolean turned off. */
const givenAs = (name: string, value: unknown) => (value === false ? `--no-${name}` : `--${name}`);

/**
 * A flag's value under whichever of its names was given (`--source`, `--source-branch`): the same
 * value under two names is one, different values are a usage error naming both.
 */
function givenValue(flag: FlagSpec, others: string[], opts: Options): { name: string; value: unknown } | undefined {
  let found: { name: string; value: unknown } | undefined;
  for (const name of [flag.name, ...others]) {
    const value = opts[camel(name)];
    if (value === undefined) continue;
    if (found && JSON.stringify(found.value) !== JSON.stringify(value))
      throw new UsageError(
        `${givenAs(found.name, found.value)} and ${givenAs(name, value)} set the same ${paramName(flag) || flag.name} (${
          name === gitlabFlagName(flag) ? "the spec's and GitLab's spelling" : 'two names of one flag'
        }): give one`,
      );
    found ??= { name, value };
  }
  return found;
}

/** The declared flags given (or defaulted), each parsed by its type. */
function parseFlags(ctx: Context, spec: CommandSpec, opts: Options, values: Values): void {
  const others = otherFlagNamesOf(spec);
  for (const flag of spec.flags ?? []) {
    const given = givenValue(flag, others.get(flag) ?? [], opts);
    // Another tool's name for it (glab's `--label`): what errors about the flag call it.
    if (given !== undefined && given.name !== flag.name) (values.givenAs ??= {})[flag.name] = given.name;
    let raw = given?.value;
    // commander reads `--no-foo` beside `--foo` as foo=false: give it back to the `no-foo` flag.
    if (raw === undefined && flag.type === 'bool' && flag.name.startsWith('no-') && opts[camel(flag.name.slice(3))] === false) raw = true;
    if (raw === false && flag.type !== 'bool') raw = undefined;
    raw ??= flag.default;
    if (raw === undefined) continue;
    // A repeatable flag's values are each of its (scalar) type.
    setFlag(
      values,
      flag,
      Array.isArray(raw) && flag.repeatable ? (raw.map((r) => parseFlag(ctx, flag, r)) as string[] | number[]) : parseFlag(ctx, flag, raw),
    );
    // `none` goes as GitLab's `None`; a list still says what was typed.
    if (flag.wildcards && typeof raw === 'string' && userWildcard(raw)) (values.typed ??= {})[flag.name] = raw.trim();
  }
}

/** A flag's parsed value where the declaration sends it: a parameter, a path placeholder, or neither. */
export function setFlag(values: Values, flag: FlagSpec, value: Values['flags'][string]): void {
  values.flags[flag.name] = value;
  const param = paramName(flag);
  if (param === false || flag.file) return;
  if (flag.in === 'path') values.args[param] = typeof value === 'number' ? value : String(value);
  // A comma-separated list given several times (glab's --label a --label b) is one list.
  else values.params[param] = flag.type === 'csv' && Array.isArray(value) ? value.join(',') : value;
}

/** Parses one flag value by its type; a lookup flag's names are checked now and looked up before sending. */
function parseFlag(ctx: Context, flag: FlagSpec, raw: unknown): Values['flags'][string] {
  const wildcard = flag.wildcards === undefined ? undefined : userWildcard(String(raw));
  if (wildcard && flag.wildcards) return wildcard;
  if (wildcard)
    throw new UsageError(
      `invalid value for ${flagLabel(flag)}: "${String(raw).trim()}" is no user`,
      `give a username or @me (@${String(raw).trim()} for a user of that name)`,
    );
  const value = parseTyped(raw, flagLabel(flag), flag);
  if (flag.lookup) for (const ref of Array.isArray(value) ? value : [value]) parseReference(ctx, flag.lookup, String(ref), flagLabel(flag));
  return value;
}

/** A list's `--per-page`, `--page`, `--limit`, `--all` and `--concurrency`, with what they imply. */
function pageValues(ctx: Context, opts: Options): Values['page'] {
  const p: Values['page'] = {};
  if (opts.perPage !== undefined) p.perPage = parseInteger(String(opts.perPage), '--per-page', 1, 100);
  else {
    const configured = ctx.settings.perPage();
    if (configured !== undefined) p.perPage = configured;
  }
  if (opts.page !== undefined) p.page = parseInteger(String(opts.page), '--page', 1);
  if (opts.limit !== undefined) p.limit = parseInteger(String(opts.limit), '--limit', 1);
  if (opts.concurrency !== undefined) p.concurrency = parseConcurrency(opts.concurrency, 'all');
  p.all = opts.all === true;
  if (p.all && p.page !== undefined) throw new UsageError('--all and --page cannot be used together');
  if (p.all && p.perPage === undefined) p.perPage = 100;
  if (p.limit !== undefined && p.perPage === undefined) p.perPage = Math.min(100, Math.max(p.limit, 20));
  if (p.all && p.concurrency === undefined) p.concurrency = parseConcurrency(undefined, 'all');
  return p;
}

/** The project and the group: given, named by a URL argument, or from the settings (environment, git remote). */
function target(ctx: Context, spec: CommandSpec, given: Options, values: Values, urlProject: string | undefined): void {
  const opts: Options = { ...given, project: projectOption(given) };
  if (spec.project && spec.group && opts.project !== undefined && opts.group !== undefined)
    throw new UsageError('--project and --group cannot be used together');
  if (spec.project && !(spec.project === 'optional' && opts.group !== undefined)) {
    const explicit = opts.project as string | undefined;
    if (explicit !== undefined) {
      values.project = ctx.settings.project(explicit);
      if (urlProject !== undefined && urlProject.toLowerCase() !== values.project?.toLowerCase())
        throw new UsageError(`the project is given twice: ${urlProject} (from the argument) and -p ${explicit}; give one`);
    } else if (urlProject) values.project = urlProject;
    else if (values.bulk?.items.every((item) => item.project !== undefined)) values.project = ctx.settings.project();
    else values.project = spec.project === 'required' ? ctx.settings.requireProject() : ctx.settings.project();
    if (explicit !== undefined && values.bulk) checkItemProjects(values.bulk.items, values.project);
    values.projectGiven = explicit ?? urlProject;
  }
  if (spec.group) {
    const explicit = opts.group as string | undefined;
    if (explicit !== undefined)
      values.group = String(spec.group === 'id' ? parseReference(ctx, 'group', explicit, '--group') : ctx.settings.group(explicit));
    else if (spec.group !== 'optional') throw new UsageError('no group given: use -g <id|group/path>');
  }
}

/** `-p`, or gh's `-R/--repo` for it (the same value twice is one). */
function projectOption(opts: Options): unknown {
  if (opts.project !== undefined && opts.repo !== undefined && opts.project !== opts.repo)
    throw new UsageError(`-p/--project and -R/--repo name the same thing: give one (${String(opts.project)} or ${String(opts.repo)})`);
  return opts.project ?? opts.repo;
}

/** The filling flag given (`--fill`), if any: it fills the missing flags, and nothing is asked. */
function fillerGiven(spec: CommandSpec, v: Values): FlagSpec | undefined {
  return (spec.flags ?? []).find((f) => f.fill !== undefined && v.flags[f.name] === true);
}

/** Whether a filling flag (`--fill`) was given. */
export const filling = (spec: CommandSpec, v: Values): boolean => fillerGiven(spec, v) !== undefined;

/**
 * Required flags not given: suggested (`suggest`), asked on a terminal (`prompt`), filled by a
 * filling flag given (`--fill`, then nothing is asked), else exit 2.
 */
async function fillMissing(ctx: Context, spec: CommandSpec, values: Values): Promise<void> {
  const filler = fillerGiven(spec, values);
  // `-y` on a create: nothing asked, as off a terminal.
  const ask = ctx.canPrompt && filler === undefined && !values.yes;
  const missing = (spec.flags ?? []).filter((flag) => values.flags[flag.name] === undefined && (flag.required || flag.prompt));
  // What nothing can fill is exit 2 before any suggestion is worked out (one may read the API).
  const suggests = (flag: FlagSpec) =>
    flag.suggest !== undefined && (flag.suggestFrom === undefined || values.flags[flag.suggestFrom] !== undefined);
  const unfilled = missing.find((flag) => !suggests(flag) && !(flag.prompt && ask));
  if (unfilled && !filler) throw new UsageError(`missing required flag ${flagLabel(unfilled)}`);
  for (const flag of missing) {
    const suggested = await flag.suggest?.(ctx, values);
    if (flag.prompt && ask) setFlag(values, flag, parseFlag(ctx, flag, await askFor(ctx, flag, flag.prompt, suggested)));
    else if (suggested !== undefined) setFlag(values, flag, parseFlag(ctx, flag, suggested));
    else if (!filler) throw new UsageError(`missing required flag ${flagLabel(flag)}`);
  }
  if (!filler?.fill) return;
  const filled = await filler.fill(ctx, values);
  for (const flag of spec.flags ?? []) {
    const value = filled[flag.name];
    if (values.flags[flag.name] === undefined && value !== undefined) setFlag(values, flag, parseFlag(ctx, flag, value));
  }
  const still = missing.find((flag) => values.flags[flag.name] === undefined);
  if (still) throw new UsageError(`missing required flag ${flagLabel(still)}: ${flagLabel(filler)} found nothing for it`);
}

/** A missing flag asked for on a terminal, its suggestion as the default. */
function askFor(ctx: Context, flag: FlagSpec, question: string, suggested: string | undefined): Promise<string> {
  return ctx.prompter().input(question, {
    default: suggested,
    validate: (v) => {
      if (v.trim() === '') return 'required';
      try {
        parseFlag(ctx, flag, v);
        return true;
      } catch (err) {
        return (err as Error).message;
      }
    },
  });
}
