import { Command, Option } from 'commander';
import { findNoun, NOUNS } from './commands/index.js';
import type { Context } from './context.js';
import { firstPositional, GLOBAL_FLAGS } from './global-flags.js';
import { HELP_TOPICS, ROOT_HELP_FOOTER } from './help-topics.js';
import { messageText } from './output/sanitize.js';
import { VERSION } from './version.js';

export interface ProgramOptions {
  /** Load every noun (docs and completion generation); otherwise only the one in argv. */
  loadAll?: boolean;
  argv?: string[];
}

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

const ROOT_AFTER = `
Examples:
  $ collab auth login --host https://gitlab.example.com
  $ collab issue list -p acme/platform/api --state opened
  $ collab mr merge 42 --sha-from-view
  $ collab job artifacts --ref main --job package --extract ./out
  $ collab api /projects --paginate -o ndjson

Help topics:
  collab help <command> [verb]   a command's flags and examples
  collab help environment        environment variables
  collab help exit-codes         what each exit code means
  man collab                     the manual (man collab-issue, man collab-mr, …)
  collab help man [command]      the same page as roff: collab help man issue | man -l -

${ROOT_HELP_FOOTER}`;

/** Applies exit/output behaviour to a command and all below it (addCommand does not inherit it). */
function configureTree(cmd: Command, ctx: () => Context): void {
  cmd.exitOverride();
  cmd.configureOutput({
    writeOut: (s) => ctx().io.stdout.write(s),
    // commander's errors quote argv, which may hold anything pasted from a server.
    writeErr: (s) => ctx().io.stderr.write(messageText(s)),
    outputError: (s, write) => write(`collab: ${s.replace(/^error: /, '')}`),
  });
  cmd.showSuggestionAfterError(true);
  for (const sub of cmd.commands) configureTree(sub, ctx);
}

/** A fresh commander root per invocation (never commander's global program). */
export async function buildProgram(getCtx: () => Context, options: ProgramOptions = {}): Promise<Command> {
  const program = new Command('collab')
    .description('collab — a command-line client for the Collaboration Service API v4 (GitLab v4 REST API)')
    .version(VERSION, '-V, --version', 'print the version')
    .usage('<command> <verb> [args] [flags]')
    .helpCommand(false)
    .addHelpText('after', ROOT_AFTER);
  for (const flag of GLOBAL_FLAGS) {
    const option = new Option(flag.flags, flag.description);
    program.addOption(flag.choices ? option.choices([...flag.choices]) : option);
  }

  program.configureHelp({
    // The grouped list (rootHelp) stands for commander's flat one, which still serves "did you mean …?".
    visibleCommands: () => [],
    formatHelp: (cmd, helper) =>
      Command.prototype
        .createHelp()
        .formatHelp(cmd, helper)
        .replace(/\nOptions:/, `\n${rootHelp()}\nGlobal options:`),
  });

  const argv = options.argv ?? [];
  let wanted = options.loadAll ? undefined : firstPositional(argv);
  // `collab help issue list` needs the real issue subtree (with its examples), not the stub.
  if (wanted === 'help') wanted = firstPositional(argv.slice(argv.indexOf('help') + 1));
  for (const entry of NOUNS) {
    if (options.loadAll || findNoun(wanted ?? '') === entry) {
      const mod = await entry.load();
      const at = argv.findIndex((w) => findNoun(w) === entry);
      const cmd = mod.build(getCtx, options.loadAll || at < 0 ? undefined : argv.slice(at + 1));
      program.addCommand(cmd);
    } else {
      const stub = new Command(entry.name).description(entry.summary);
      for (const a of entry.aliases ?? []) stub.alias(a);
      program.addCommand(stub);
    }
  }

  const help = new Command('help')
    .description('help on a command or a topic (environment, exit-codes, man)')
    .argument('[topic...]', 'a command path or a topic')
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
      const entry = findNoun(topic[0]!);
      if (!entry) {
        const { UsageError } = await import('./errors.js');
        const { closest } = await import('./suggest.js');
        const match = closest(topic[0]!, [...NOUNS.map((n) => n.name), ...Object.keys(HELP_TOPICS)]);
        const hint = match === undefined ? '' : `; did you mean "${match}"?`;
        throw new UsageError(`unknown help topic "${key}"${hint} (topics: ${Object.keys(HELP_TOPICS).join(', ')}, or a command)`);
      }
      let cmd = program.commands.find((c) => c.name() === entry.name)!;
      const path = [entry.name];
      for (const word of topic.slice(1)) {
        const subs = cmd.commands.filter((c) => c.name() !== 'help');
        const next = subs.find((c) => c.name() === word || c.aliases().includes(word));
        if (!next) {
          const { UsageError } = await import('./errors.js');
          const { closest } = await import('./suggest.js');
          const where = `collab ${path.join(' ')}`;
          if (subs.length === 0) throw new UsageError(`unknown command "${[...path, word].join(' ')}" (${where} has no sub-commands)`);
          const match = closest(
            word,
            subs.flatMap((c) => [c.name(), ...c.aliases()]),
          );
          const hint =
            match === undefined
              ? ''
              : `; did you mean "${path.join(' ')} ${subs.find((c) => c.name() === match || c.aliases().includes(match))!.name()}"?`;
          throw new UsageError(`unknown command "${[...path, word].join(' ')}"${hint} (collab help ${path.join(' ')} lists them)`);
        }
        cmd = next;
        path.push(next.name());
      }
      // outputHelp (unlike helpInformation) includes the text added with addHelpText: the examples.
      cmd.outputHelp();
    });
  program.addCommand(help);
  configureTree(program, getCtx);
  return program;
}
