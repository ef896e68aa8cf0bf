import { type CommandModule, NOUNS } from '../commands/index.js';
import { visitModule } from '../commands/tree.js';
import { argDescription, argLabel, argRequired, argUsage, commandOptions, type OptionDecl } from '../executor/options.js';
import type { CommandSpec, NounSpec } from '../executor/spec.js';
import { GLOBAL_FLAGS } from '../global-flags.js';
import { answerFields } from '../output/columns.js';
import { fieldNames } from '../output/field-pick.js';
import { ROOT } from '../program.js';

/**
 * The command tree as plain data, read from the declarations themselves (the same ones commander
 * is built from): what the man pages and completion scripts are generated from.
 */

export interface DocOption {
  /** `-s` */
  short?: string;
  /** `--state` */
  long?: string;
  /** The value placeholder (`<value>`); absent for a boolean flag. */
  value?: string;
  /** As shown in --help (choices included). */
  description: string;
  /** Enum values (from a declaration's `choices`, or a global flag's). */
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
  /** What follows the command path in a synopsis: `[options] <iid>`. */
  usage: string;
  arguments: DocArgument[];
  options: DocOption[];
  /** Hidden GitLab spellings of options (not in help or man pages; completed). */
  aliasOptions: DocOption[];
  examples: string[];
  /** Help text shown between the options and the examples (the keys of `config`). */
  notes: string;
  /** Visible subcommands (verbs and nested nouns). */
  commands: DocCommand[];
  /** The names `--fields` takes here (its answer's fields); empty where it prints none. */
  fields: string[];
}

/** Every command has `-h, --help` (commander adds it). */
const HELP_OPTION: DocOption = { short: '-h', long: '--help', description: 'display help for command' };

/** An option from commander's syntax: `-p, --project <id|path>`. */
function docOption(flags: string, description: string, extra: Partial<DocOption> = {}): DocOption {
  const value = /[<[].*[>\]]$/.exec(flags)?.[0];
  const names = (value === undefined ? flags : flags.slice(0, -value.length)).split(/[ ,]+/).filter((w) => w !== '');
  const short = names.find((n) => /^-[^-]/.test(n));
  const long = names.find((n) => n.startsWith('--'));
  return { ...(short ? { short } : {}), ...(long ? { long } : {}), ...(value ? { value } : {}), description, ...extra };
}

function declaredOption(o: OptionDecl): DocOption {
  return docOption(o.flags, o.description, {
    ...(o.choices ? { choices: [...o.choices] } : {}),
    ...(o.aliasOf ? { aliasOf: o.aliasOf } : {}),
  });
}

/** A one-line summary from a description: its first sentence. */
function firstSentence(text: string): string {
  const line = text.split('\n')[0] ?? '';
  const m = /^(.+?[.!?])(\s|$)/.exec(line);
  return m ? m[1]! : line;
}

function describeCommand(spec: CommandSpec, path: string[]): DocCommand {
  const titled = spec.summary + (spec.admin ? ' (administrators)' : '');
  const args = spec.args ?? [];
  const options = commandOptions(spec);
  return {
    name: spec.name,
    path,
    aliases: [...(spec.aliases ?? [])],
    summary: spec.description ? spec.summary : firstSentence(titled),
    description: spec.description ?? titled,
    usage: ['[options]', ...args.map((a) => argUsage(spec, a))].join(' '),
    arguments: args.map((a) => ({
      name: a.name === spec.bulk ? a.name : argLabel(a),
      required: argRequired(spec, a),
      variadic: a.name === spec.bulk,
      description: argDescription(spec, a),
      ...(a.choices ? { choices: [...a.choices] } : {}),
    })),
    options: [...options.filter((o) => !o.hidden).map(declaredOption), HELP_OPTION],
    aliasOptions: options.filter((o) => o.hidden && o.aliasOf !== undefined).map(declaredOption),
    examples: [...spec.examples],
    notes: spec.notes ?? '',
    commands: [],
    fields: answerFields(spec.columns) ? fieldNames(spec.columns!) : [],
  };
}

function describeNoun(noun: NounSpec, path: string[], commands: DocCommand[]): DocCommand {
  return {
    name: noun.name,
    path,
    aliases: [...(noun.aliases ?? [])],
    summary: noun.description ? noun.summary : firstSentence(noun.summary),
    description: noun.description ?? noun.summary,
    usage: '[options] [command]',
    arguments: [],
    options: [HELP_OPTION],
    aliasOptions: [],
    examples: [],
    notes: '',
    fields: [],
    commands,
  };
}

function describeModule(mod: CommandModule, name: string): DocCommand {
  return visitModule<DocCommand>(mod, name, {
    command: (spec, at) => describeCommand(spec, at.path),
    noun: (noun, at, children) => describeNoun(noun, at.path, children),
  });
}

/** `collab help`: built by hand in src/program.ts, described here. */
const HELP: DocCommand = {
  name: 'help',
  path: ['help'],
  aliases: [],
  summary: ROOT.help.summary,
  description: ROOT.help.summary,
  usage: '[options] [topic...]',
  arguments: [{ name: 'topic', required: false, variadic: true, description: ROOT.help.topic }],
  options: [HELP_OPTION],
  aliasOptions: [],
  examples: [],
  notes: '',
  commands: [],
  fields: [],
};

/** The whole tree: every noun's module loaded (generation never runs a command). */
export async function describeTree(): Promise<DocCommand> {
  const modules = await Promise.all(NOUNS.map(async (entry) => describeModule(await entry.load(), entry.name)));
  const globals = GLOBAL_FLAGS.map((f) =>
    docOption(f.flags, f.choices ? `${f.description} (choices: ${f.choices.map((c) => `"${c}"`).join(', ')})` : f.description, {
      ...(f.choices ? { choices: [...f.choices] } : {}),
    }),
  );
  return {
    name: 'collab',
    path: [],
    aliases: [],
    summary: firstSentence(ROOT.description),
    description: ROOT.description,
    usage: ROOT.usage,
    arguments: [],
    options: [docOption('-V, --version', 'print the version'), ...globals, HELP_OPTION],
    aliasOptions: [],
    examples: [...ROOT.examples],
    notes: '',
    fields: [],
    commands: [...modules, HELP],
  };
}

/** Every command below `cmd`, depth first, `cmd` included. */
export function* walk(cmd: DocCommand): Generator<DocCommand> {
  yield cmd;
  for (const c of cmd.commands) yield* walk(c);
}
