import { isatty } from 'node:tty';
import type { ContextDeps } from './context.js';
import { colorLevelFor } from './output/io.js';
import { scaledSleep } from './sleep.js';

/**
 * Wires the real process into a Context: the only module that reads process state. The streams
 * are getters: Node builds process.stdin/stderr on first access, which costs start-up time that
 * most commands never need.
 */
export function processDeps(signal: AbortSignal): ContextDeps {
  const env = { ...process.env };
  const stdoutIsTTY = isatty(1);
  const stderrIsTTY = isatty(2);
  let stderrGuarded = false;
  return {
    io: {
      get stdin() {
        return process.stdin;
      },
      get stdout() {
        return process.stdout;
      },
      get stderr() {
        // After SIGHUP the terminal is gone (EIO): a message that cannot be shown must not stop
        // the cleanup. Guarded here, when first used, so that a start does not build the stream.
        if (!stderrGuarded) {
          stderrGuarded = true;
          process.stderr.on('error', () => {});
        }
        return process.stderr;
      },
      stdinIsTTY: isatty(0),
      stdoutIsTTY,
      stderrIsTTY,
      colorLevel: colorLevelFor(stdoutIsTTY, env),
      get columns() {
        return (stdoutIsTTY && process.stdout.columns) || Number(env.COLUMNS) || 80;
      },
      get stderrColumns() {
        return (stderrIsTTY && process.stderr.columns) || Number(env.COLUMNS) || 80;
      },
      get rows() {
        return stdoutIsTTY ? process.stdout.rows || Number(env.LINES) || 24 : undefined;
      },
    },
    env,
    cwd: process.cwd(),
    uid: process.getuid?.(),
    signal,
    sleep: scaledSleep(env.COLLAB_TEST_WAIT_SCALE),
  };
}
