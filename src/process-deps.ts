import type { ContextDeps } from './context.js';
import { colorLevelFor } from './output/io.js';

/** Wires the real process into a Context: the only module that reads process state. */
export function processDeps(signal: AbortSignal): ContextDeps {
  const env = { ...process.env };
  const noColorFlag = process.argv.includes('--no-color');
  return {
    io: {
      stdin: process.stdin,
      stdout: process.stdout,
      stderr: process.stderr,
      stdinIsTTY: process.stdin.isTTY === true,
      stdoutIsTTY: process.stdout.isTTY === true,
      stderrIsTTY: process.stderr.isTTY === true,
      colorLevel: colorLevelFor(process.stdout.isTTY === true, env, noColorFlag),
      stderrColorLevel: colorLevelFor(process.stderr.isTTY === true, env, noColorFlag),
      columns: process.stdout.columns || Number(env.COLUMNS) || 80,
    },
    env,
    cwd: process.cwd(),
    signal,
  };
}
