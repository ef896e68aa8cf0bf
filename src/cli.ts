import { CommanderError } from 'commander';
import { Context, type ContextDeps } from './context.js';
import { CancelError, CollabError } from './errors.js';
import { buildProgram } from './program.js';

/**
 * Runs collab with argv (without node and script) and returns the exit code. All errors end here
 * and are mapped to exit codes in one place.
 */
export async function run(argv: string[], deps: ContextDeps): Promise<number> {
  const ctx = new Context(deps);
  try {
    const program = await buildProgram(() => ctx, { argv });
    program.hook('preAction', (_root, action) => {
      ctx.globals = action.optsWithGlobals();
    });
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    return reportError(ctx, err);
  } finally {
    await ctx.close().catch(() => undefined);
  }
}

export function exitCodeFor(err: unknown): number {
  if (err instanceof CollabError) return err.exitCode;
  if (err instanceof CommanderError) {
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.exitCode === 0) return 0;
    return 2;
  }
  if ((err as Error)?.name === 'AbortError') return 130;
  return 1;
}

function reportError(ctx: Context, err: unknown): number {
  const code = exitCodeFor(err);
  if (err instanceof CommanderError) return code; // commander already printed it
  if (ctx.signal.aborted || err instanceof CancelError || code === 130) {
    ctx.io.stderr.write('collab: interrupted\n');
    return 130;
  }
  if (err instanceof CollabError) {
    ctx.io.stderr.write(`collab: ${ctx.redact(err.message)}\n`);
    if (err.hint) ctx.io.stderr.write(`hint: ${ctx.redact(err.hint)}\n`);
    return code;
  }
  const e = err as Error;
  ctx.io.stderr.write(`collab: unexpected error: ${ctx.redact(e?.message ?? String(err))}\n`);
  if (ctx.debugEnabled && e?.stack) ctx.io.stderr.write(`${ctx.redact(e.stack)}\n`);
  return code;
}
