import type { SpawnSyncReturns } from 'node:child_process';

export interface GitRemote {
  name: string;
  /** As git uses it (`url.<base>.insteadOf` applied): `git@host:group/proj.git`, `https://host/group/proj.git`, … */
  url: string;
}

/** What collab asks of the checkout it runs in; each answer comes from one `git` run, made when first asked. */
export interface Checkout {
  /** The remotes' fetch URLs, origin first, then upstream; none outside a checkout or when git refuses it. */
  remotes(): GitRemote[];
  /** The branch checked out; undefined outside a checkout, on a detached HEAD, or when git refuses it. */
  branch(): string | undefined;
  /**
   * The commits of branch `head` that branch `base` lacks, oldest first, `base` as a remote knows
   * it (origin first) or else the local branch; undefined when either branch is unknown here.
   */
  commitsBetween(base: string, head: string): Commit[] | undefined;
}

export interface Commit {
  subject: string;
  body: string;
}

const GIT_TIMEOUT_MS = 5_000;

/**
 * The checkout containing `cwd`, as git itself sees it: git decides what a checkout is (worktrees,
 * submodules, GIT_DIR, GIT_CEILING_DIRECTORIES) and whether it is trusted — a `.git` owned by
 * another user is refused ("dubious ownership") unless `safe.directory` names it, as it would be
 * for any git command the user ran. Such a refusal is told once through `warn`, and the checkout
 * then gives nothing. Git runs without a shell, with the run's environment.
 */
export function gitCheckout(cwd: string, env: Record<string, string | undefined>, warn: (message: string) => void): Checkout {
  let told = false;
  const ask = (args: string[], what: string): string | undefined => {
    const answer = runGit(cwd, env, args);
    if (typeof answer === 'string') return answer;
    if (answer.problem && !told) {
      told = true;
      warn(`${answer.problem}; collab takes no ${what} from it`);
    }
    return undefined;
  };
  let remotes: GitRemote[] | undefined;
  const knownRemotes = () => (remotes ??= parseRemotes(ask(['remote', '-v'], 'project') ?? ''));
  let branch: { name?: string } | undefined;
  return {
    remotes: knownRemotes,
    branch: () => {
      branch ??= { name: ask(['symbolic-ref', '--quiet', '--short', 'HEAD'], 'branch')?.trim() || undefined };
      return branch.name;
    },
    commitsBetween: (base, head) => {
      // Full ref names only: a branch is never read as one of git's options.
      const resolves = (ref: string) => ask(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], 'branch') !== undefined;
      const from = [...knownRemotes(), { name: '' }]
        .map((r) => (r.name === '' ? `refs/heads/${base}` : `refs/remotes/${r.name}/${base}`))
        .find(resolves);
      const to = `refs/heads/${head}`;
      if (from === undefined || !resolves(to)) return undefined;
      const log = ask(['log', '-z', '--format=%s%x1f%b', `${from}..${to}`], 'commits');
      return log === undefined ? undefined : parseLog(log);
    },
  };
}

/** `git log -z --format=%s%x1f%b`, newest first → commits oldest first. */
function parseLog(text: string): Commit[] {
  return text
    .split('\0')
    .filter((entry) => entry !== '')
    .map((entry) => {
      const cut = entry.indexOf('\x1f');
      return cut < 0 ? { subject: entry.trim(), body: '' } : { subject: entry.slice(0, cut).trim(), body: entry.slice(cut + 1).trim() };
    })
    .reverse();
}

/** git's output, or why there is none: `problem` when git refused or failed, nothing to say outside a checkout. */
function runGit(cwd: string, env: Record<string, string | undefined>, args: string[]): string | { problem?: string } {
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) childEnv[k] = v;
  // git's messages in English: they are read below.
  childEnv.LC_ALL = 'C';
  delete childEnv.LANGUAGE;
  // Loaded only here: child_process costs every start that never asks git.
  const { spawnSync } = process.getBuiltinModule('node:child_process');
  let r: SpawnSyncReturns<string>;
  try {
    r = spawnSync('git', args, { cwd, env: childEnv, encoding: 'utf8', timeout: GIT_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch {
    return {};
  }
  // No git at all: nothing is known of any checkout.
  if ((r.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') return {};
  if (r.error) return { problem: `git did not answer in ${cwd} (${r.error.message})` };
  if (r.status === 0) return r.stdout;
  const stderr = r.stderr ?? '';
  const dubious = /detected dubious ownership in repository at '(.*)'/.exec(stderr);
  if (dubious)
    return {
      problem:
        `git refuses the checkout at ${dubious[1]}: it belongs to another user (see git's ` +
        `safe.directory: \`git config --global --add safe.directory ${dubious[1]}\` if you trust it)`,
    };
  if (/not a git repository/i.test(stderr) || (r.status === 1 && stderr.trim() === '')) return {};
  const first = stderr.split('\n').find((l) => l.trim() !== '');
  return { problem: `git failed in ${cwd}${first ? `: ${first.trim()}` : ` (exit ${r.status})`}` };
}

/** `git remote -v`: `name<TAB>url (fetch)` lines; origin first, then upstream, then the rest as git lists them. */
function parseRemotes(text: string): GitRemote[] {
  const remotes: GitRemote[] = [];
  for (const line of text.split('\n')) {
    const m = /^([^\t]+)\t(.+) \(fetch\)$/.exec(line);
    if (m && !remotes.some((r) => r.name === m[1])) remotes.push({ name: m[1]!, url: m[2]! });
  }
  const rank = (n: string) => (n === 'origin' ? 0 : n === 'upstream' ? 1 : 2);
  return remotes.sort((a, b) => rank(a.name) - rank(b.name));
}
