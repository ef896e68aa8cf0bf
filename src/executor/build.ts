import { Command, Option } from 'commander';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { type FlagUse, firstPositional, showGlobalFlags } from '../global-flags.js';
import { collectValues, executeSpec, gitlabFlagName } from './execute.js';
import { type ArgSpec, type CommandSpec, type FlagSpec, type NounSpec, opensWebPage } from './spec.js';

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
};

/** What an argument naming a resource takes besides its id. */
const ALSO_ACCEPTED: Record<NonNullable<ArgSpec['url']>, string> = {
  issues: ' (or its web URL, or a reference: group/project#42)',
  merge_requests: ' (or its web URL, or a reference: group/project!7)',
  jobs: ' (or its web URL)',
};

/** `<iid>`, `[iid]`, or `[iid...]` for the argument of a bulk verb. */
function argUsage(spec: CommandSpec, arg: ArgSpec): string {
  if (arg.name === spec.bulk) return `[${arg.name}...]`;
  return arg.optional ? `[${arg.name}]` : `<${arg.name}>`;
}

export type ActionRunner = (ctx: Context, spec: CommandSpec, args: unknown[], opts: Record<string, unknown>) => Promise<void>;

/** Runs a declared command: validate everything, then execute. */
export const runSpec: ActionRunner = async (ctx, spec, args, opts) => {
  const values = await collectValues(ctx, spec, args, opts);
  await executeSpec(ctx, spec, values);
};

/** The flag, and its GitLab spelling as a hidden alias (`--akismet-enabled` for `--spamfilter-enabled`). */
function flagOptions(flag: FlagSpec): Option[] {
  const alias = gitlabFlagName(flag);
  if (alias === undefined) return flagOption(flag);
  const described = { ...flag, description: `${flag.description} (also --${alias})` };
  const hidden = flagOption({ ...flag, name: alias, short: undefined, hidden: true });
  // Kept out of help and man pages, but completed: a GitLab user types GitLab's name.
  for (const o of hidden) (o as Option & { collabAliasOf?: string }).collabAliasOf = flag.name;
  return [...flagOption(described), ...hidden];
}

function flagOption(flag: FlagSpec): Option[] {
  const short = flag.short ? `-${flag.short}, ` : '';
  const choices = flag.choices
    ? ` (${flag.choices.join(', ')}${flag.default !== undefined ? `; default ${flag.default}` : ''})`
    : flag.default !== undefined
      ? ` (default ${flag.default})`
      : '';
  if (flag.type === 'bool') {
    const opts = [new Option(`${short}--${flag.name}`, flag.description)];
    if (flag.negatable) opts.push(new Option(`--no-${flag.name}`, `the opposite of --${flag.name}`));
    return opts.map((o) => (flag.hidden ? o.hideHelp() : o));
  }
  const placeholder = flag.value ?? PLACEHOLDER[flag.type] ?? '<value>';
  const o = new Option(
    `${short}--${flag.name} ${placeholder}`,
    `${flag.description}${choices}${flag.required || flag.prompt ? ' (required)' : ''}`,
  );
  // commander keeps only the last value of an option: a repeatable flag collects them all.
  if (flag.repeatable) o.argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]);
  if (flag.choices && (flag.type === 'enum' || flag.type === 'stringList' || flag.type === 'csv')) {
    (o as Option & { collabChoices?: readonly string[] }).collabChoices = flag.choices;
  }
  return [flag.hidden ? o.hideHelp() : o];
}

/** What the command does that global flags change: print data (a list, columns, an answer), ask. */
function usesOf(spec: CommandSpec): FlagUse[] {
  const prints =
    spec.list === true ||
    spec.columns !== undefined ||
    spec.bulk !== undefined ||
    (!spec.run && spec.print !== false && spec.method !== 'DELETE');
  const asks = spec.confirm !== undefined || (spec.flags ?? []).some((f) => f.prompt !== undefined);
  return [...(prints ? (['output'] as const) : []), ...(asks ? (['prompt'] as const) : [])];
}

/** One commander command from a declaration. */
export function buildCommand(spec: CommandSpec, getCtx: () => Context, runner: ActionRunner = runSpec): Command {
  const cmd = new Command(spec.name).description(spec.summary + (spec.admin ? ' (administrators)' : ''));
  if (spec.description) cmd.summary(spec.summary).description(spec.description);
  for (const alias of spec.aliases ?? []) cmd.alias(alias);
  for (const arg of spec.args ?? []) {
    const described = arg.description + (arg.url ? ALSO_ACCEPTED[arg.url] : '');
    cmd.argument(argUsage(spec, arg), arg.name === spec.bulk ? `${described}; several, or none with --stdin` : described);
  }
  if (spec.project) cmd.option('-p, --project <id|path>', 'project: numeric id, full path (group/project) or web URL');
  if (spec.group) cmd.option('-g, --group <id|path>', 'group: numeric id or full path');
  for (const flag of spec.flags ?? []) for (const o of flagOptions(flag)) cmd.addOption(o);
  if (spec.list) {
    cmd.option('--per-page <n>', 'items per page (1-100)');
    cmd.option('--page <n>', 'page number to fetch');
    cmd.option('--all', 'fetch every page');
    cmd.option('--limit <n>', 'stop after n items');
    cmd.option('--concurrency <n>', 'pages fetched at once with --all (1-16, default 8)');
  }
  if (spec.bulk) {
    cmd.option(
      '--stdin',
      `read the ${spec.bulk}s from standard input: one a line, or JSON objects with "${spec.bulk}" (what -o ndjson or -o json prints)`,
    );
    cmd.option('--concurrency <n>', 'items sent at once (1-16, default 4)');
  }
  if (spec.confirm) cmd.option('-y, --yes', 'do not ask for confirmation');
  const markdown = spec.flags?.find((f) => f.markdown);
  if (markdown)
    cmd.option(
      '-e, --editor',
      `write the ${markdown.name} in $VISUAL or $EDITOR${spec.method === 'PUT' ? ', starting from the current one' : ' (offered on a terminal when none is given)'}; empty: nothing is sent`,
    );
  if (opensWebPage(spec))
    cmd.option('-w, --web', 'open it in the browser ($BROWSER, else the system opener); off a terminal, print its URL');
  showGlobalFlags(cmd, usesOf(spec));
  if (spec.examples.length) {
    cmd.addHelpText('after', `\nExamples:\n${spec.examples.map((e) => `  $ ${e}`).join('\n')}\n`);
  }
  // `--x` and `--no-x` share one commander value (the last wins), so a declared conflict between
  // them is invisible in opts: record which flags were actually given.
  const given = new Set<string>();
  for (const flag of spec.flags ?? [])
    for (const name of [flag.name, gitlabFlagName(flag)]) if (name) cmd.on(`option:${name}`, () => given.add(flag.name));
  cmd.action(async (...actionArgs: unknown[]) => {
    for (const flag of spec.flags ?? [])
      for (const other of flag.conflicts ?? [])
        if (given.has(flag.name) && given.has(other)) throw new UsageError(`--${flag.name} and --${other} cannot be used together`);
    const command = actionArgs[actionArgs.length - 1] as Command;
    const positional = actionArgs.slice(0, (spec.args ?? []).length);
    await runner(getCtx(), spec, positional, command.opts());
  });
  (cmd as Command & { collabSpec?: CommandSpec }).collabSpec = spec;
  return cmd;
}

export interface NounBuildOptions {
  /** Runs each declared command (default: validate, then execute). */
  runner?: ActionRunner;
  /**
   * The argv words after the noun. When given, only the verb they name is built in full; the
   * others are light stubs (name, summary, arguments) — enough for help and suggestions, and
   * much cheaper at start-up than every verb's options.
   */
  only?: string[];
}

function stubCommand(spec: CommandSpec): Command {
  const stub = new Command(spec.name).description(spec.summary + (spec.admin ? ' (administrators)' : ''));
  for (const alias of spec.aliases ?? []) stub.alias(alias);
  for (const arg of spec.args ?? []) stub.argument(argUsage(spec, arg), arg.description);
  stub.action(() => {
    throw new Error(`internal: the stub of "${spec.name}" was run; argv analysis missed the verb`);
  });
  return stub;
}

/** A noun and its verbs (and nested nouns) as a commander subtree. */
export function buildNoun(noun: NounSpec, getCtx: () => Context, options: NounBuildOptions = {}): Command {
  const target = new Command(noun.name);
  target.description(noun.description ?? noun.summary);
  if (noun.description) target.summary(noun.summary);
  for (const alias of noun.aliases ?? []) target.alias(alias);
  const verb = options.only === undefined ? undefined : firstPositional(options.only);
  const rest = verb === undefined ? undefined : options.only!.slice(options.only!.indexOf(verb) + 1);
  const named = (name: string, aliases: readonly string[] = []) => verb === name || aliases.includes(verb ?? '');
  for (const spec of noun.commands) {
    const full = options.only === undefined || named(spec.name, spec.aliases);
    target.addCommand(full ? buildCommand(spec, getCtx, options.runner) : stubCommand(spec));
  }
  for (const nested of noun.nouns ?? []) {
    const only = options.only === undefined ? undefined : named(nested.name, nested.aliases) ? rest : [];
    target.addCommand(buildNoun(nested, getCtx, { ...options, only }));
  }
  return target;
}
