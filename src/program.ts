import { Command, CommanderError, type HelpContext, Option } from 'commander';
import { type CommandModule, findNoun, NOUNS, type NounEntry, nounWords } from './commands/index.js';
import type { Context } from './context.js';
import { UsageError } from './errors.js';
import { buildCommand, buildNoun } from './executor/build.js';
import { parseEnum } from './executor/validate.js';
import { firstPositional, GLOBAL_FLAGS } from './global-flags.js';
import { jsonFlag, unknownCommand, unknownVerb } from './habits.js';
import { HELP_TOPICS, ROOT_HELP_FOOTER } from './help-topics.js';
import { messageText } from './output/sanitize.js';
import { unknownOptionMessage } from './suggest.js';
import { VERSION } from './version.js';

interface ProgramOptions {
  /** Load every noun (docs and completion generation); otherwise only the one in argv. */
  loadAll?: boolean;
  argv?: string[];
}

/** What `collab --help` and collab(1) say collab is, and the command lines they show. */
export const ROOT = {
  description: 'collab — a command-line client for the Collaboration Service API v4 (GitLab v4 REST API)',
  usage: '<command> <verb> [args] [flags]',
  examples: [
    'collab auth login --host https://gitlab.example.com',
    'collab issue list -p acme/platform/api --state opened',
    'collab mr merge 42 --sha-from-view',
    'collab job artifacts --ref main --job package --extract ./out',
    'collab api /projects --paginate -o ndjson',
  ],
  /** `collab help`: its summary and argument. */
  help: { summary: 'help on a command or a topic (environment, exit-codes, man)', topic: 'a command path or a topic' },
} as const;

const HELP_TOPICS_TEXT = `Help topics:
  collab help <command> [verb]   a command's flags and examples
  collab help environment        environment variables
  collab help exit-codes         what each exit code means
  man collab                     the manual (man collab-issue, man collab-mr, …)
  collab help man [command]      the same page as roff: collab help man issue | man -l -`;

function rootHelp(): string {
  const sections = ['Resources', 'Access', 'Tools'] as const;
  const width = Math.max(...NOUNS.map((n) => n.name.length)) + 2;
  const lines: string[] = [];
  for (const s of sections) {
    lines.push(`${s}:`);
    for (const n of NOUNS.filter((x) => x.section === s)) lines.push(`  ${n.name.padEnd(width)}${n.summary}`);
    lines.push('');
  }
  return lines.join('\n');
}

/** The long options a command takes: its own and those of the commands above it (the global flags). */
function optionsOf(cmd: Command): string[] {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent)
    for (const option of c.createHelp().visibleOptions(c)) if (option.long) names.push(option.long);
  return names;
}

/** The host of the run for a hint's `git clone` URL, when one is configured (never an error for a hint). */
function hostFor(ctx: () => Context): string | undefined {
  try {
    return ctx().settings.auth().host;
  } catch {
    return undefined;
  }
}

/**
 * An unknown verb of a noun (`collab mr rebase`, glab's `ci trace`): collab's own answer (src/habits.ts)
 * rather than commander's guess, which may name a verb that means something else.
 */
function answerUnknownVerbs(cmd: Command, path: string[], ctx: () => Context, argv: readonly string[]): void {
  if (cmd.commands.length === 0 || path.length === 0) return;
  const verbs = cmd.commands.filter((c) => c.name() !== 'help').flatMap((c) => [c.name(), ...c.aliases()]);
  cmd.on('command:*', () => {
    throw unknownVerb(path, verbs, argv, hostFor(ctx));
  });
}

/** Applies exit/output behaviour to a command and all below it (addCommand does not inherit it). */
function configureTree(cmd: Command, ctx: () => Context, argv: readonly string[] = [], path: string[] = []): void {
  cmd.exitOverride();
  cmd.configureOutput({
    writeOut: (s) => ctx().io.stdout.write(s),
    // commander's errors quote argv, which may hold anything pasted from a server.
    writeErr: (s) => ctx().io.stderr.write(messageText(s)),
    outputError: (s, write) => write(`collab: ${s.replace(/^error: /, '')}`),
  });
  cmd.showSuggestionAfterError(true);
  // commander's own guess may name a flag of the opposite meaning (`--not-labels` → `--no-labels`).
  (cmd as unknown as { unknownOption(flag: string): void }).unknownOption = (flag: string) =>
    cmd.error(unknownOptionMessage(flag, optionsOf(cmd)), { code: 'commander.unknownOption' });
  // A noun (or collab) alone asked for its help, which is no error: stdout, exit 0 (`collab | less`).
  const help = cmd.help.bind(cmd) as (context?: HelpContext) => never;
  cmd.help = ((context?: HelpContext) => help(context?.error ? undefined : context)) as Command['help'];
  answerUnknownVerbs(cmd, path, ctx, argv);
  for (const sub of cmd.commands) configureTree(sub, ctx, argv, [...path, sub.name()]);
}

/** The commander tree of one command module; `only`: the argv words after it (see buildNoun). */
function buildModule(mod: CommandModule, getCtx: () => Context, only?: string[]): Command {
  return mod.noun ? buildNoun(mod.noun, getCtx, only) : buildCommand(mod.command, getCtx);
}

/**
 * `-V, --version`: collab's version as the first word only (`collab --version`). The root parses its
 * flags wherever they stand, so elsewhere (`collab package upload … --version 1.2.3`, another tool's
 * spelling) it would print the version and succeed having done nothing: there it is refused.
 */
function versionFlag(program: Command, argv: readonly string[]): void {
  program.addOption(new Option('-V, --version', 'print the version (as the first word: collab --version)'));
  program.on('option:version', () => {
    if (argv[0] === '-V' || argv[0] === '--version') {
      program.configureOutput().writeOut?.(`${VERSION}\n`);
      throw new CommanderError(0, 'commander.version', VERSION);
    }
    const noun = firstPositional(argv);
    const verb = noun === undefined ? undefined : firstPositional(argv.slice(argv.indexOf(noun) + 1));
    const command = [noun, verb].filter((w) => w !== undefined).join(' ');
    throw new UsageError(
      `unknown option "--version" here: collab's own version is \`collab --version\` (the first word only)`,
      command === '' ? undefined : `collab ${command} --help lists what this command takes`,
    );
  });
}

/** The root command: the global flags, and the grouped list of nouns in its help. */
function rootCommand(getCtx: () => Context, argv: readonly string[]): Command {
  const examples = ROOT.examples.map((e) => `  $ ${e}`).join('\n');
  const program = new Command('collab')
    .description(ROOT.description)
    .usage(ROOT.usage)
    .helpCommand(false)
    .addHelpText('after', `\nExamples:\n${examples}\n\n${HELP_TOPICS_TEXT}\n\n${ROOT_HELP_FOOTER}`);
  versionFlag(program, argv);
  for (const flag of GLOBAL_FLAGS) {
    const option = new Option(flag.flags, flag.description);
    const choices = flag.choices;
    const long = flag.flags.match(/--[\w-]+/)?.[0] ?? flag.flags;
    // Help lists the choices; a value not among them gets collab's own wording, not commander's.
    program.addOption(choices ? option.choices(choices).argParser((value: string) => parseEnum(value, long, choices)) : option);
  }
  program.on('command:*', (operands: string[]) => {
    throw unknownCommand(argv.length > 0 ? argv : operands, hostFor(getCtx));
  });
  program.addOption(new Option('--json [fields]').hideHelp());
  program.on('option:json', (fields: unknown) => {
    throw jsonFlag(fields);
  });
  program.configureHelp({
    // The grouped list (rootHelp) stands for commander's flat one, which still serves "did you mean …?".
    visibleCommands: () => [],
    formatHelp: (cmd, helper) =>
      Command.prototype
        .createHelp()
        .formatHelp(cmd, helper)
        .replace(/\nOptions:/, `\n${rootHelp()}\nGlobal options:`),
  });
  return program;
}

/** A noun not in use: its name and summary, for the root's suggestions. */
function stubNoun(entry: NounEntry): Command {
  const stub = new Command(entry.name).description(entry.summary);
  return named(stub, entry);
}

/** The noun's aliases and plural (`issues`), which commander dispatches on. */
function named(cmd: Command, entry: NounEntry): Command {
  for (const word of nounWords(entry).slice(1)) if (!cmd.aliases().includes(word)) cmd.alias(word);
  return cmd;
}

/** A fresh commander root per invocation (never commander's global program). */
export async function buildProgram(getCtx: () => Context, options: ProgramOptions = {}): Promise<Command> {
  const argv = options.argv ?? [];
  const program = rootCommand(getCtx, argv);
  let wanted = options.loadAll ? undefined : firstPositional(argv);
  // `collab help issue list` needs the real issue subtree (with its examples), not the stub.
  if (wanted === 'help') wanted = firstPositional(argv.slice(argv.indexOf('help') + 1));
  for (const entry of NOUNS) {
    if (!options.loadAll && findNoun(wanted ?? '') !== entry) {
      program.addCommand(stubNoun(entry));
      continue;
    }
    const at = argv.findIndex((w) => findNoun(w) === entry);
    program.addCommand(named(buildModule(await entry.load(), getCtx, options.loadAll || at < 0 ? undefined : argv.slice(at + 1)), entry));
  }
  program.addCommand(helpCommand(program, getCtx));
  configureTree(program, getCtx, argv);
  return program;
}

/** `collab help [topic...]`: a topic of help-topics.ts, collab(1) as roff, or a command's help. */
function helpCommand(program: Command, getCtx: () => Context): Command {
  return new Command('help')
    .description(ROOT.help.summary)
    .argument('[topic...]', ROOT.help.topic)
    .action(async (topic: string[]) => {
      const ctx = getCtx();
      const key = topic.join(' ');
      if (HELP_TOPICS[key]) {
        ctx.io.stdout.write(HELP_TOPICS[key]);
        return;
      }
      if (topic.length === 0) {
        ctx.io.stdout.write(program.helpInformation());
        return;
      }
      if (topic[0] === 'man' && topic.length <= 2) {
        const { printManual } = await import('./help-manual.js');
        return printManual(ctx, topic[1] === undefined ? undefined : (findNoun(topic[1])?.name ?? topic[1]));
      }
      // outputHelp (unlike helpInformation) includes the text added with addHelpText: the examples.
      (await commandAt(program, topic)).outputHelp();
    });
}

/** The command a help topic names (`issue list`), or a usage error with the closest name. */
async function commandAt(program: Command, topic: string[]): Promise<Command> {
  const { closest } = await import('./suggest.js');
  const entry = findNoun(topic[0]!);
  if (!entry) {
    const match = closest(topic[0]!, [...NOUNS.map((n) => n.name), ...Object.keys(HELP_TOPICS)]);
    const hint = match === undefined ? '' : `; did you mean "${match}"?`;
    const topics = Object.keys(HELP_TOPICS).join(', ');
    throw new UsageError(`unknown help topic "${topic.join(' ')}"${hint} (topics: ${topics}, or a command)`);
  }
  let cmd = program.commands.find((c) => c.name() === entry.name)!;
  const path = [entry.name];
  for (const word of topic.slice(1)) {
    const subs = cmd.commands.filter((c) => c.name() !== 'help');
    const next = subs.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next) {
      const where = `collab ${path.join(' ')}`;
      if (subs.length === 0) throw new UsageError(`unknown command "${[...path, word].join(' ')}" (${where} has no sub-commands)`);
      const match = closest(
        word,
        subs.flatMap((c) => [c.name(), ...c.aliases()]),
      );
      const named = match === undefined ? undefined : subs.find((c) => c.name() === match || c.aliases().includes(match))!.name();
      const hint = named === undefined ? '' : `; did you mean "${path.join(' ')} ${named}"?`;
      throw new UsageError(`unknown command "${[...path, word].join(' ')}"${hint} (collab help ${path.join(' ')} lists them)`);
    }
    cmd = next;
    path.push(next.name());
  }
  return cmd;
}
