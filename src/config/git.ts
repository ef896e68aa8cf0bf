import fs from 'node:fs';
import path from 'node:path';

export interface GitRemote {
  name: string;
  host: string;
  /** `group/sub/project` */
  path: string;
}

/** Finds the git config of the checkout containing `cwd` (worktrees and submodules included). */
function findGitConfig(cwd: string): string | undefined {
  let dir = path.resolve(cwd);
  for (;;) {
    const dotGit = path.join(dir, '.git');
    try {
      const st = fs.statSync(dotGit);
      if (st.isDirectory()) return path.join(dotGit, 'config');
      const text = fs.readFileSync(dotGit, 'utf8');
      const m = /^gitdir:\s*(.+)$/m.exec(text);
      if (m) {
        const gitDir = path.resolve(dir, m[1]!.trim());
        const common = path.join(gitDir, 'commondir');
        const base = fs.existsSync(common) ? path.resolve(gitDir, fs.readFileSync(common, 'utf8').trim()) : gitDir;
        return path.join(base, 'config');
      }
    } catch {
      // not here: go up
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** Parses a remote URL: scp-like `git@host:a/b.git`, `ssh://`, `https://`. */
export function parseRemoteUrl(url: string): { host: string; path: string } | undefined {
  const u = url.trim();
  let host: string;
  let p: string;
  const scp = /^(?:[^@/]+@)?([^:/]+):(?!\/)(.+)$/.exec(u);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(u)) {
    try {
      const parsed = new URL(u);
      host = parsed.hostname;
      p = decodeURIComponent(parsed.pathname);
    } catch {
      return undefined;
    }
  } else if (scp) {
    host = scp[1]!;
    p = scp[2]!;
  } else return undefined;
  p = p.replace(/^\/+/, '').replace(/\/+$/, '').replace(/\.git$/, '');
  if (!p.includes('/')) return undefined;
  return { host: host.toLowerCase(), path: p };
}

export function gitRemotes(cwd: string): GitRemote[] {
  const file = findGitConfig(cwd);
  if (!file) return [];
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
    if (current && kv) {
      const parsed = parseRemoteUrl(kv[1]!);
      if (parsed) remotes.push({ name: current, ...parsed });
    }
  }
  const rank = (n: string) => (n === 'origin' ? 0 : n === 'upstream' ? 1 : 2);
  return remotes.sort((a, b) => rank(a.name) - rank(b.name));
}

/** The project path of the first remote (origin first) whose host is `hostname`. */
export function projectFromGit(cwd: string, hostname: string): string | undefined {
  const want = hostname.toLowerCase();
  return gitRemotes(cwd).find((r) => r.host === want)?.path;
}
