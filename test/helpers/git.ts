import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** git in `cwd` with no global or system configuration (HOME is `home`), never through a shell. */
export function git(cwd: string, args: string[], home = cwd): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: home, GIT_CONFIG_NOSYSTEM: '1', LC_ALL: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** A real repository in `dir` (created if missing) with these remotes, in this order, on `branch`. */
export function gitRepo(dir: string, remotes: Record<string, string>, branch = 'main'): string {
  fs.mkdirSync(dir, { recursive: true });
  git(dir, ['init', '-q', '-b', branch]);
  for (const [name, url] of Object.entries(remotes)) git(dir, ['remote', 'add', name, url]);
  return path.resolve(dir);
}
