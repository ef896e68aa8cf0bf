import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { tempDir } from './temp.js';

/** The shells a suggested command is pasted into, where installed. */
export const SHELLS = ['sh', 'dash', 'bash', 'zsh'].filter((sh) => spawnSync(sh, ['-c', 'true']).status === 0);

/** What pasting `line` into `shell` ran: the arguments each `collab` and `git` call got, and what it left in its directory. */
export interface Pasted {
  calls: string[][];
  left: string[];
  status: number | null;
}

/**
 * Pastes a suggested command into a shell in an empty directory, with `collab` and `git` as
 * functions that only record their arguments (NUL-separated, one call per line): nothing else
 * may run, and nothing may be left in the directory.
 */
export function paste(line: string, shell = 'sh'): Pasted {
  const dir = tempDir('collab-paste-');
  const record = `for a in "$@"; do printf '%s\\0' "$a"; done; printf '\\n'`;
  const script = `collab() { printf 'collab\\0'; ${record}; }\ngit() { printf 'git\\0'; ${record}; }\n${line}\n`;
  const r = spawnSync(shell, ['-c', script], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: dir } });
  const left = fs.readdirSync(dir);
  fs.rmSync(dir, { recursive: true, force: true });
  const calls = r.stdout
    .split('\0\n')
    .filter((c) => c !== '')
    .map((c) => c.split('\0'));
  return { calls, left, status: r.status };
}
