import { Readable } from 'node:stream';
import { run } from '../../src/cli.js';
import { colorLevelFor } from '../../src/output/io.js';
import { scaledSleep } from '../../src/sleep.js';
import { captured } from './capture.js';
import { ADMIN_TOKEN, type BinResult, binEnv, type SandboxFixture, startSandboxFixture, tempDir } from './e2e.js';

/** What `runInProcess` takes of execa's options: stdin's text, the directory collab runs in, whether the final newline goes. */
export interface InProcessOptions {
  input?: string;
  cwd?: string;
  stripFinalNewline?: boolean;
}

/** execa's stripFinalNewline: one final `\n` (or `\r\n`) removed, as runBin's results have it. */
const stripFinalNewline = (text: string) => text.replace(/\r?\n$/, '');

/**
 * collab's entry run in this process with what the built binary gets from its process
 * (src/process-deps.ts) when runBin starts it: binEnv's environment, stdin, stdout and stderr not a
 * terminal, 80 columns, the real clock, waits shortened by WAIT_SCALE, the test's directory. What
 * only a real process shows (signals, the terminal, start-up, bin/collab.js) stays with runBin.
 */
async function runEntry(args: string[], env: Record<string, string | undefined>, options: InProcessOptions) {
  const environment = binEnv(env.COLLAB_CONFIG_DIR ?? tempDir('collab-cfg-'), env);
  const { stream: stdout, bytes: out } = captured();
  const { stream: stderr, bytes: err } = captured();
  const columns = Number(environment.COLUMNS) || 80;
  const exitCode = await run(args, {
    io: {
      stdin: Readable.from(options.input !== undefined ? [Buffer.from(options.input)] : []),
      stdout,
      stderr,
      stdinIsTTY: false,
      stdoutIsTTY: false,
      stderrIsTTY: false,
      colorLevel: colorLevelFor(false, environment),
      columns,
      stderrColumns: columns,
    },
    env: environment,
    cwd: options.cwd ?? process.cwd(),
    uid: process.getuid?.(),
    signal: new AbortController().signal,
    sleep: scaledSleep(environment.COLLAB_TEST_WAIT_SCALE),
  });
  await new Promise((r) => setImmediate(r));
  return { exitCode, stdout: out(), stderr: err() };
}

/** runBin's result, from collab's entry run in this process (runEntry): a test of the spine needs no process of its own. */
export async function runInProcess(
  args: string[],
  env: Record<string, string | undefined> = {},
  options: InProcessOptions = {},
): Promise<BinResult> {
  const r = await runEntry(args, env, options);
  const text = (bytes: Buffer) =>
    options.stripFinalNewline === false ? bytes.toString('utf8') : stripFinalNewline(bytes.toString('utf8'));
  return { exitCode: r.exitCode, stdout: text(r.stdout), stderr: text(r.stderr) };
}

/** runBytes's result (stdout as bytes, nothing stripped), from collab's entry run in this process in `cwd`. */
export async function runBytesInProcess(env: Record<string, string | undefined>, args: string[], cwd: string) {
  const r = await runEntry(args, env, { cwd });
  return { exitCode: r.exitCode, stdout: r.stdout, stderr: r.stderr.toString('utf8') };
}

/** The sandbox in this process (port 0), as startSandboxFixture, with `run` in-process (runInProcess). */
export async function startSandboxInProcess(opts: Record<string, unknown> = {}): Promise<SandboxFixture> {
  const sb = await startSandboxFixture(opts);
  return {
    ...sb,
    run: (args, env = {}, options = {}) => {
      // Only what runInProcess honours (stdin a pipe of `input`, or nothing): any other process
      // option would be silently dropped.
      const { stdin, ...rest } = options as InProcessOptions & { stdin?: unknown };
      const piped = stdin === undefined || stdin === (rest.input === undefined ? 'ignore' : 'pipe');
      const known = ['input', 'cwd', 'stripFinalNewline'];
      const other = [...(piped ? [] : ['stdin']), ...Object.keys(rest).filter((k) => !known.includes(k))];
      if (other.length > 0) throw new Error(`runInProcess: no process options (${other.join(', ')})`);
      return runInProcess(args, { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN, ...env }, rest);
    },
  };
}
