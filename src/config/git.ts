import fs from 'node:fs';
import path from 'node:path';

export interface GitRemote {
  name: string;
  /** As written in the git config: `git@host:group/proj.git`, `https://host/group/proj.git`, … */
  url: string;
}

/** The git directory of the checkout containing `cwd`, and the common one holding its config (worktrees and submodules included). */
function findGitDir(cwd: string): { gitDir: string; commonDir: string } | undefined {
  let dir = path.resolve(cwd);
  for (;;) {
    const dotGit = path.join(dir, '.git');
    try {
      const st = fs.statSync(dotGit);
      if (st.isDirectory()) return { gitDir: dotGit, commonDir: dotGit };
      const text = fs.readFileSync(dotGit, 'utf8');
      const m = /^gitdir:\s*(.+)$/m.exec(text);
      if (m) {
        const gitDir = path.resolve(dir, m[1]!.trim());
        const common = path.join(gitDir, 'commondir');
        return { gitDir, commonDir: fs.existsSync(common) ? path.resolve(gitDir, fs.readFileSync(common, 'utf8').trim()) : gitDir };
      }
    } catch {
      // not here: go up
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** The branch checked out in the checkout containing `cwd`; undefined outside one or on a detached HEAD. */
export function gitBranch(cwd: string): string | undefined {
  const found = findGitDir(cwd);
  if (!found) return undefined;
  try {
    const head = fs.readFileSync(path.join(found.gitDir, 'HEAD'), 'utf8');
    return /^ref:\s*refs\/heads\/(.+?)\s*$/m.exec(head)?.[1];
  } catch {
    return undefined;
  }
}

export function gitRemotes(cwd: string): GitRemote[] {
  const found = findGitDir(cwd);
  if (!found) return [];
  const file = path.join(found.commonDir, 'config');
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const remotes: GitRemote[] = [];
  let current: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    const section = /^\s*\[\s*remote\s+"([^"]+)"\s*\]/.exec(line);
    if (section) {
      current = section[1];
      continue;
    }
    if (/^\s*\[/.test(line)) {
      current = undefined;
      continue;
    }
    const kv = /^\s*url\s*=\s*(.+?)\s*$/.exec(line);
    if (current && kv) remotes.push({ name: current, url: kv[1]! });
  }
  const rank = (n: string) => (n === 'origin' ? 0 : n === 'upstream' ? 1 : 2);
  return remotes.sort((a, b) => rank(a.name) - rank(b.name));
}
