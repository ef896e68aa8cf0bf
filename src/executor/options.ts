import type { FlagUse } from '../global-flags.js';
import { GLOBAL_FLAGS } from '../global-flags.js';
import { opensWebPage } from './endpoint.js';
import { flagLabel, gitlabFlagName, paramName } from './flag-names.js';
import type { ArgSpec, FlagSpec } from './inputs.js';
import type { CommandSpec } from './spec.js';
import { parseInteger } from './validate.js';

/**
 * The options a declaration adds to its command, once: commander is built from this list
 * (src/executor/build.ts), and so are the man pages and completion scripts (src/docs/).
 */
export interface OptionDecl {
  /** commander's syntax: `-p, --project <id|path>`. */
  flags: string;
  description: string;
  hidden?: boolean;
  /** The flag this one is another name of (GitLab's spelling, gh's name): hidden from help, completed. */
  aliasOf?: string;
  /** The values completion offers (a declaration's `choices`). */
  choices?: readonly string[];
  /** Every value given is kept, not only the last. */
  repeatable?: boolean;
}

/** `--concurrency`: how many requests go at once, and its default for each use. */
const CONCURRENCY = { min: 1, max: 16, bulk: 4, all: 8 } as const;

/** `--concurrency` as given, or its default for this use (items of a bulk run, pages of `--all`). */
export function parseConcurrency(raw: unknown, use: 'bulk' | 'all'): number {
  return raw === undefined ? CONCURRENCY[use] : parseInteger(String(raw), '--concurrency', CONCURRENCY.min, CONCURRENCY.max);
}

function concurrencyOption(use: 'bulk' | 'all'): OptionDecl {
  const what = use === 'bulk' ? 'items sent at once' : 'pages fetched at once with --all';
  return { flags: '--concurrency <n>', description: `${what} (${CONCURRENCY.min}-${CONCURRENCY.max}, default ${CONCURRENCY[use]})` };
}

const LIST_OPTIONS: readonly OptionDecl[] = [
  { flags: '--per-page <n>', description: 'items per page (1-100)' },
  { flags: '--page <n>', description: 'page number to fetch' },
  { flags: '--all', description: 'fetch every page' },
  { flags: '-L, --limit <n>', description: 'stop after n items' },
  concurrencyOption('all'),
];

const PLACEHOLDER: Record<string, string> = {
  string: '<text>',
  int: '<n>',
  id: '<id>',
  number: '<number>',
  date: '<YYYY-MM-DD>',
  datetime: '<datetime>',
  duration: '<duration>',
  weight: '<0-9>',
  enum: '<value>',
  intList: '<ids>',
  stringList: '<list>',
  csv: '<list>',
  branch: '<branch>',
};

/** What an argument naming a resource takes besides its id. */
const ALSO_ACCEPTED: Record<NonNullable<ArgSpec['url']>, string> = {
  issues: ' (or its web URL, or a reference: group/project#42)',
  merge_requests: ' (or its web URL, or a reference: group/project!7)',
  jobs: ' (or its web URL)',
  pipelines: ' (or its web URL)',
};

/** `<iid>`, `[iid]`, `[iid|branch]` where a branch may stand for it, or `[iid...]` for the argument of a bulk verb. */
export function argUsage(spec: CommandSpec, arg: ArgSpec): string {
  if (arg.name === spec.bulk) return `[${arg.name}...]`;
  const label = `${argLabel(arg)}${arg.variadic ? '...' : ''}`;
  return argRequired(spec, arg) ? `<${label}>` : `[${label}]`;
}

/** An argument's name in usage lines: `iid`, or `iid|branch` where a branch may stand for it. */
export const argLabel = (arg: ArgSpec): string => (arg.fromBranch ? `${arg.name}|branch` : arg.name);

/** Whether a command line must give the argument. */
export function argRequired(spec: CommandSpec, arg: ArgSpec): boolean {
  return !arg.optional && !arg.fromBranch && arg.name !== spec.bulk;
}

/** What a branch stands for, in an argument's help. */
const FROM_BRANCH: Record<NonNullable<ArgSpec['fromBranch']>, string> = {
  merge_requests: '; or its source branch (none: the branch checked out, in a git checkout)',
};

/** An argument's help: what it is, what else it takes. */
export function argDescription(spec: CommandSpec, arg: ArgSpec): string {
  const described = arg.description + (arg.url ? ALSO_ACCEPTED[arg.url] : '') + (arg.fromBranch ? FROM_BRANCH[arg.fromBranch] : '');
  return arg.name === spec.bulk ? `${described}; several, or none with --stdin` : described;
}

/** Whether a command line must give the flag: nothing fills it when it is missing (a default, a suggestion: mr create's branches). */
export const flagRequired = (flag: FlagSpec): boolean =>
  (flag.required === true || flag.prompt !== undefined) && flag.default === undefined && flag.suggest === undefined;

const requiredNote = (flag: FlagSpec): string => (flagRequired(flag) ? ' (required)' : '');

function flagOption(flag: FlagSpec): OptionDecl[] {
  const short = flag.short ? `-${flag.short}, ` : '';
  const hidden = flag.hidden ? { hidden: true } : {};
  if (flag.type === 'bool') {
    const on: OptionDecl = { flags: `${short}${flagLabel(flag)}`, description: flag.description, ...hidden };
    return flag.negatable ? [on, { flags: `--no-${flag.name}`, description: `the opposite of --${flag.name}`, ...hidden }] : [on];
  }
  const choices = flag.choices
    ? ` (${flag.choices.join(', ')}${flag.default !== undefined ? `; default ${flag.default}` : ''})`
    : flag.default !== undefined
      ? ` (default ${flag.default})`
      : '';
  const placeholder = flag.value ?? PLACEHOLDER[flag.type] ?? '<value>';
  const listed = flag.choices && (flag.type === 'enum' || flag.type === 'stringList' || flag.type === 'csv');
  return [
    {
      flags: `${short}${flagLabel(flag)} ${placeholder}`,
      description: `${flag.description}${choices}${requiredNote(flag)}`,
      ...hidden,
      ...(listed ? { choices: flag.choices } : {}),
      // A list given twice (`--scope failed --scope canceled`) is one list, as its commas make it (parseTyped joins).
      ...(flag.repeatable || LISTS.has(flag.type) ? { repeatable: true } : {}),
    },
  ];
}

/** The flag types whose value is a comma-separated list. */
const LISTS: ReadonlySet<FlagSpec['type']> = new Set(['stringList', 'csv', 'intList']);

/** The long names of the options the executor adds beside the declared flags (see commandOptions). */
const OWN_OPTIONS = ['project', 'repo', 'group', 'per-page', 'page', 'all', 'limit', 'concurrency', 'stdin', 'yes', 'editor', 'web'];

/**
 * The other names each declared flag answers to, hidden from help but completed: GitLab's spelling
 * of its parameter (`--akismet-enabled` for `--spamfilter-enabled`), and the parameter's own name
 * where collab's flag is shorter (`--source-branch` for `--source`, as glab and GitLab's docs say
 * it) — unless the command has another option of that name. One pass over the flags: every
 * command's start builds its options from this (a list declares thirty flags).
 */
export function otherFlagNamesOf(spec: CommandSpec): Map<FlagSpec, string[]> {
  const flags = spec.flags ?? [];
  const reserved = new Set([...OWN_OPTIONS, ...GLOBAL_FLAGS.flatMap((g) => g.flags.match(/--[\w-]+/g) ?? []).map((n) => n.slice(2))]);
  // Which flags hold a name (theirs, or GitLab's spelling of it): taken for every other flag.
  const holders = new Map<string, FlagSpec[]>();
  const gitlab = new Map(flags.map((f) => [f, gitlabFlagName(f)]));
  for (const f of flags)
    for (const name of new Set([f.name, gitlab.get(f) ?? f.name])) holders.set(name, [...(holders.get(name) ?? []), f]);
  const taken = (name: string, flag: FlagSpec) => reserved.has(name) || (holders.get(name) ?? []).some((f) => f !== flag);
  return new Map(
    flags.map((flag) => {
      const param = paramName(flag);
      // A file flag takes a path, not its parameter's value: `--notes-file` has no `--description` alias.
      const names = [
        gitlab.get(flag),
        param === false || flag.in === 'path' || flag.file ? undefined : param.replace(/_/g, '-'),
        ...Object.keys(flag.aliases ?? {}),
      ];
      const others = [...new Set(names)].filter(
        (n): n is string => n !== undefined && n !== flag.name && /^[a-z][a-z0-9-]*$/.test(n) && !taken(n, flag),
      );
      return [flag, others];
    }),
  );
}

/** The other names of one declared flag of `spec` (otherFlagNamesOf). */
export function otherFlagNames(spec: CommandSpec, flag: FlagSpec): string[] {
  return otherFlagNamesOf(spec).get(flag) ?? [];
}

/** Whose name for a flag another of its names is: GitLab's, another tool's (glab's, gh's), or the API's parameter. */
function whoseName(flag: FlagSpec, name: string): string {
  const tool = flag.aliases?.[name];
  if (tool !== undefined) return `${tool}'s`;
  return name === gitlabFlagName(flag) ? "GitLab's" : "the API's";
}

/** The flag, and its other names (otherFlagNames) as hidden aliases. */
function flagOptions(flag: FlagSpec, others: string[]): OptionDecl[] {
  if (others.length === 0) return flagOption(flag);
  const described = { ...flag, description: `${flag.description} (also ${others.map((n) => `--${n}`).join(', ')})` };
  // Kept out of help and man pages, but completed: a GitLab user types GitLab's name.
  const hidden = others.flatMap((name) =>
    flagOption({ ...flag, name, short: undefined, hidden: true }).map((o) => ({
      ...o,
      description: `${whoseName(flag, name)} name for --${flag.name}`,
      aliasOf: flag.name,
    })),
  );
  return [...flagOption(described), ...hidden];
}

function markdownOption(spec: CommandSpec): OptionDecl[] {
  const markdown = spec.flags?.find((f) => f.markdown);
  if (!markdown) return [];
  const start = spec.method === 'PUT' ? ', starting from the current one' : ' (offered on a terminal when none is given)';
  return [{ flags: '-e, --editor', description: `write the ${markdown.name} in $VISUAL or $EDITOR${start}; empty: nothing is sent` }];
}

/** Every option of a declared command, in help order. */
export function commandOptions(spec: CommandSpec): OptionDecl[] {
  const options: OptionDecl[] = [];
  if (spec.project)
    options.push(
      { flags: '-p, --project <id|path>', description: 'project: numeric id, full path (group/project) or web URL' },
      { flags: '-R, --repo <id|path>', description: "gh's name for --project", hidden: true, aliasOf: 'project' },
    );
  if (spec.group) options.push({ flags: '-g, --group <id|path>', description: 'group: numeric id or full path' });
  const others = otherFlagNamesOf(spec);
  for (const flag of spec.flags ?? []) options.push(...flagOptions(flag, others.get(flag) ?? []));
  if (spec.list) options.push(...LIST_OPTIONS);
  if (spec.bulk)
    options.push(
      {
        flags: '--stdin',
        description:
          `read the ${spec.bulk}s from standard input: one a line, or JSON objects with ` +
          `"${spec.bulk}" (what -o ndjson or -o json prints)`,
      },
      concurrencyOption('bulk'),
    );
  if (spec.confirm) options.push({ flags: '-y, --yes', description: 'do not ask for confirmation' });
  else if (asksForFlags(spec))
    options.push({
      flags: '-y, --yes',
      description: 'ask nothing (as glab create -y): suggested values are taken, a missing required flag is exit 2, no editor offered',
    });
  options.push(...markdownOption(spec));
  if (opensWebPage(spec))
    options.push({
      flags: '-w, --web',
      description: 'open it in the browser ($BROWSER, else the system opener); off a terminal or with no browser, print its URL',
    });
  return options;
}

/** A command that asks for missing flags on a terminal (a create): `-y` makes it ask nothing. */
const asksForFlags = (spec: CommandSpec): boolean => (spec.flags ?? []).some((f) => f.prompt !== undefined);

/** What the command does that global flags change: print data (a list, columns, an answer), ask. */
export function globalUses(spec: CommandSpec): FlagUse[] {
  const prints =
    spec.list === true ||
    spec.columns !== undefined ||
    spec.bulk !== undefined ||
    (!spec.run && spec.print !== false && spec.method !== 'DELETE') ||
    spec.uses?.includes('output') === true;
  const asks =
    spec.confirm !== undefined || (spec.flags ?? []).some((f) => f.prompt !== undefined) || spec.uses?.includes('prompt') === true;
  const waits = spec.uses?.includes('wait') === true;
  return [...(prints ? (['output'] as const) : []), ...(asks ? (['prompt'] as const) : []), ...(waits ? (['wait'] as const) : [])];
}
