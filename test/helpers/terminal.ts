import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { execa } from 'execa';
import { BIN, binEnv, tempDir } from './e2e.js';

export interface TerminalResult {
  code: number;
  /** What the terminal showed (stdout and stderr when both are the terminal), `\r\n` as `\n`. */
  screen: string;
  /** stdout, when it was a pipe. */
  stdout: string;
}

export interface TerminalOptions {
  cols: number;
  rows?: number;
  env?: Record<string, string | undefined>;
  stdout?: 'pty' | 'pipe';
  /** Answers to prompts: each text is typed once the terminal has shown the expected text (`\r` is Enter). */
  answers?: [expected: string, typed: string][];
  /** The directory collab runs in. */
  cwd?: string;
}

let python: string | undefined;

/**
 * The executable `python3` names, asked once: on PATH it may be a version manager's shim, a shell
 * script that looks the interpreter up again at every start (a tenth of a second, every terminal run).
 */
function python3(): string {
  python ??= execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim() || 'python3';
  return python;
}

/**
 * Runs the built binary in a pseudo-terminal of `cols` × `rows` (Python's pty module): what a user
 * sees. With `stdout: 'pipe'`, stdout goes to a pipe and only stderr to the terminal.
 */
export async function runInTerminal(args: string[], options: TerminalOptions): Promise<TerminalResult> {
  const configDir = options.env?.COLLAB_CONFIG_DIR ?? tempDir('collab-cfg-');
  const script = path.join(import.meta.dirname, 'terminal.py');
  const input = options.answers ? JSON.stringify(options.answers) : '';
  const res = await execa(
    python3(),
    // -S: no site-packages; terminal.py needs the standard library only, and starts a fifth faster.
    ['-S', script, String(options.cols), String(options.rows ?? 40), options.stdout ?? 'pty', input, '--', process.execPath, BIN, ...args],
    {
      env: binEnv(configDir, { TERM: 'xterm-256color', ...options.env }),
      extendEnv: false,
      timeout: 60_000,
      cwd: options.cwd,
    },
  );
  const out = JSON.parse(res.stdout) as { code: number; tty: string; stdout: string };
  return { code: out.code, screen: out.tty.replace(/\r\n/g, '\n'), stdout: out.stdout };
}

/** The text without colour sequences. */
export function plain(text: string): string {
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

/** The text without colour or cursor sequences (what a prompt's redraws leave readable). */
export function visible(text: string): string {
  return text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
}
