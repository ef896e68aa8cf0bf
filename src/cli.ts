import { type Command, CommanderError } from 'commander';
import { type CommandHost, type Context, type ContextDeps, type Run, startRun } from './context.js';
import { BUG_HINT, CancelError, CollabError, crashReport, oneLine } from './errors.js';
import { usesFlag } from './global-flags.js';
import { buildProgram } from './program.js';

/**
 * Runs collab with argv (without node and script) and returns the exit code. All errors end here
 * and are mapped to exit codes in one place.
 */
export async function run(argv: string[], given: ContextDeps): Promise<number> {
  const deps: ContextDeps = given.cli ? given : { ...given, cli: HOST };
  let run: Run;
  try {
    run = startRun(deps);
  } catch (err) {
    // Nothing to redact yet: no setting has been read.
    deps.io.stderr.write(crashReport(err));
    return 1;
  }
  try {
    const program = await buildProgram(() => run.ctx, { argv });
    program.hook('preAction', async (_root, action) => {
      // The command runs in a context whose settings are built from the parsed flags.
      run = startRun(deps, action.optsWithGlobals());
      await run.prepareOutput(usesFlag(action, 'output'), commandPath(action));
    });
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    return reportError(run.ctx, err);
  } finally {
    await run.close().catch(() => undefined);
  }
}

/** The CLI as a command that runs others sees it (`collab mcp serve`): this entry, and the tree, loaded when asked for. */
const HOST: CommandHost = {
  run: (argv, deps) => run(argv, deps),
  commands: async () => (await import('./commands/tree.js')).declaredCommands(),
};

/** `collab job trace`, for messages. */
function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

function exitCodeFor(err: unknown): number {
  if (err instanceof CollabError) return err.exitCode;
  if (err instanceof CommanderError) {
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.exitCode === 0) return 0;
    return 2;
  }
  if ((err as Error)?.name === 'AbortError') return 130;
  return 1;
}

/** One line per error (`collab: …`, then `hint: …`), secrets redacted and server text made inert. */
function reportError(ctx: Context, err: unknown): number {
  const code = exitCodeFor(err);
  if (err instanceof CommanderError) return code; // commander already printed it
  if (ctx.signal.aborted || err instanceof CancelError || code === 130) {
    ctx.notice('collab: interrupted');
    return 130;
  }
  if (err instanceof CollabError) {
    ctx.notice(`collab: ${oneLine(err.message)}`);
    if (err.hint) ctx.notice(`hint: ${oneLine(err.hint)}`);
    return code;
  }
  const e = err as Error;
  ctx.notice(`collab: unexpected error: ${oneLine(e?.message ?? String(err))}`);
  ctx.notice(`hint: ${BUG_HINT}`);
  if (ctx.settings.debug && e?.stack) ctx.notice(e.stack);
  return code;
}
