import { type Argument, type Command, Help, type Option } from 'commander';
import type { CommandSpec } from '../executor/spec.js';

/** The command tree as plain data: what the man pages and completion scripts are generated from. */

export interface DocOption {
  /** `-s` */
  short?: string;
  /** `--state` */
  long?: string;
  /** The value placeholder (`<value>`); absent for a boolean flag. */
  value?: string;
  /** As shown in --help (choices included). */
  description: string;
  /** Enum values (from a declaration's `choices` or commander's `.choices()`). */
  choices?: string[];
  /** A hidden alias: GitLab's name of the flag named here (`--akismet-enabled` for `spamfilter-enabled`). */
  aliasOf?: string;
}

export interface DocArgument {
  name: string;
  required: boolean;
  variadic: boolean;
  description: string;
  choices?: string[];
}

export interface DocCommand {
  name: string;
  /** Words after `collab`: `['user', 'key', 'add']`; empty for the root. */
  path: string[];
  aliases: string[];
  /** One line. */
  summary: string;
  /** The longer description (the summary when there is none). */
  description: string;
  /** Commander's usage after the command path: `[options] <iid>`. */
  usage: string;
  arguments: DocArgument[];
  options: DocOption[];
  /** Hidden GitLab spellings of options (not in help or man pages; completed). */
  aliasOptions: DocOption[];
  examples: string[];
  /** Help text added after the options, other than the examples (e.g. the keys of `config`). */
  notes: string;
  /** Visible subcommands (verbs and nested nouns). */
  commands: DocCommand[];
}

type Annotated = Command & { collabSpec?: CommandSpec };
type AnnotatedOption = Option & { collabChoices?: readonly string[]; collabAliasOf?: string };

/** The text a command registered with addHelpText at `position` (commander keeps it as listeners). */
function addedHelpText(cmd: Command, position: 'before' | 'after'): string {
  let text = '';
  (cmd as unknown as NodeJS.EventEmitter).emit(`${position}Help`, { error: false, command: cmd, write: (s: string) => (text += s) });
  return text;
}

/** Splits help text into its `Examples:` lines (`  $ collab …`) and the rest. */
export function splitExamples(text: string): { examples: string[]; notes: string } {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^Examples?:\s*$/.test(l.trim()));
  if (start < 0) return { examples: [], notes: text.trim() };
  let end = start + 1;
  const examples: string[] = [];
  for (; end < lines.length; end++) {
    const m = /^\s+\$ (.+)$/.exec(lines[end]!);
    if (!m) break;
    examples.push(m[1]!.trim());
  }
  const notes = [...lines.slice(0, start), ...lines.slice(end)].join('\n').trim();
  return { examples, notes };
}

function describeOption(opt: Option, helper: Help): DocOption {
  const choices = (opt as AnnotatedOption).collabChoices ?? opt.argChoices;
  const value = /[<[][^>\]]*[>\]]/.exec(opt.flags)?.[0];
  return {
    short: opt.short && !opt.short.startsWith('--') ? opt.short : undefined,
    long: opt.long ?? (opt.short?.startsWith('--') ? opt.short : undefined),
    value,
    description: helper.optionDescription(opt),
    choices: choices ? [...choices] : undefined,
    aliasOf: (opt as AnnotatedOption).collabAliasOf,
  };
}

function describeArgument(arg: Argument): DocArgument {
  return {
    name: arg.name(),
    required: arg.required,
    variadic: arg.variadic,
    description: arg.description,
    choices: arg.argChoices ? [...arg.argChoices] : undefined,
  };
}

function isHidden(cmd: Command): boolean {
  return (cmd as Command & { _hidden?: boolean })._hidden === true;
}

function describeCommand(cmd: Command, path: string[], helper: Help): DocCommand {
  const spec = (cmd as Annotated).collabSpec;
  const added = splitExamples(addedHelpText(cmd, 'after'));
  const options = cmd.options.filter((o) => !o.hidden).map((o) => describeOption(o, helper));
  const help = (cmd as Command & { _getHelpOption?: () => Option | null })._getHelpOption?.();
  if (help) options.push(describeOption(help, helper));
  return {
    name: cmd.name(),
    path,
    aliases: cmd.aliases(),
    summary: cmd.summary() || firstSentence(cmd.description()),
    description: cmd.description(),
    usage: cmd.usage(),
    arguments: cmd.registeredArguments.map(describeArgument),
    options,
    aliasOptions: cmd.options
      .filter((o) => o.hidden && (o as AnnotatedOption).collabAliasOf !== undefined)
      .map((o) => describeOption(o, helper)),
    examples: spec?.examples.length ? [...spec.examples] : added.examples,
    notes: added.notes,
    commands: cmd.commands.filter((c) => !isHidden(c)).map((c) => describeCommand(c, [...path, c.name()], helper)),
  };
}

function firstSentence(text: string): string {
  const line = text.split('\n')[0] ?? '';
  const m = /^(.+?[.!?])(\s|$)/.exec(line);
  return m ? m[1]! : line;
}

/** Walks a commander tree (built with every noun loaded) into plain data. */
export function describeTree(root: Command): DocCommand {
  return describeCommand(root, [], new Help());
}

/** Every command below `cmd`, depth first, `cmd` included. */
export function* walk(cmd: DocCommand): Generator<DocCommand> {
  yield cmd;
  for (const c of cmd.commands) yield* walk(c);
}
