import type { SpawnSyncReturns } from 'node:child_process';
import { shellLine } from '../shell-quote.js';

export interface GitRemote {
  name: string;
  /** As git uses it (`url.<base>.insteadOf` applied): `git@host:group/proj.git`, `https://host/group/proj.git`, … */
  url: string;
  /** Where `git push` sends, when that is another URL (`remote.<name>.pushurl`, `pushInsteadOf`). */
  pushUrl?: string;
}

/** What HEAD is where collab runs: a branch, a detached HEAD, or no checkout at all (and why, for messages). */
export type Head = { branch: string } | { detached: true } | { none: string };

/** What one git run gave: its output, or why it failed (git's first line of complaint, or the reason it could not run). */
export type GitRun = { ok: true; stdout: string } | { ok: false; message: string };

/** What collab asks of the checkout it runs in; each answer comes from one `git` run, made when first asked. */
export interface Checkout {
  /** The remotes' fetch URLs, origin first, then upstream; none outside a checkout or when git refuses it. */
  remotes(): GitRemote[];
  /** The branch checked out; undefined outside a checkout, on a detached HEAD, or when git refuses it. */
  branch(): string | undefined;
  /** HEAD: the branch checked out, detached, or why there is no checkout. */
  head(): Head;
  /**
   * The remote a local branch pushes to, as `git push` picks it (`branch.<name>.pushRemote`, then
   * `remote.pushDefault`, then `branch.<name>.remote`); undefined when none is set, the branch
   * tracks a local one (`.`), or there is no such branch.
   */
  pushRemote(branch: string): string | undefined;
  /** Runs git in the checkout (a subprocess, never a shell): `mr checkout` fetches and switches with it. */
  run(args: string[], options?: { timeoutMs?: number }): GitRun;
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

/** How long a local question may take; a fetch is given longer by its caller. */
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
  const tell = (answer: RawRun, what: string) => {
    if (answer.kind === 'failed' && answer.problem && !told) {
      told = true;
      warn(`${answer.problem}; collab takes no ${what} from it`);
    }
  };
  const ask = (args: string[], what: string): string | undefined => {
    const answer = runGit(cwd, env, args);
    if (answer.kind === 'ok') return answer.stdout;
    tell(answer, what);
    return undefined;
  };
  let remotes: GitRemote[] | undefined;
  const knownRemotes = () => (remotes ??= parseRemotes(ask(['remote', '-v'], 'project') ?? ''));
  let head: Head | undefined;
  const readHead = (): Head => {
    const answer = runGit(cwd, env, ['symbolic-ref', '--quiet', '--short', 'HEAD']);
    if (answer.kind === 'ok' && answer.stdout.trim() !== '') return { branch: answer.stdout.trim() };
    // `--quiet`: a HEAD that is no symbolic ref is exit 1 and says nothing.
    if (answer.kind === 'failed' && answer.status === 1 && answer.stderr.trim() === '') return { detached: true };
    tell(answer, 'branch');
    if (answer.kind === 'no-git') return { none: 'git is not installed (or not on PATH)' };
    return { none: answer.kind === 'failed' && answer.problem ? answer.problem : 'not inside a git checkout' };
  };
  return {
    remotes: knownRemotes,
    head: () => (head ??= readHead()),
    branch() {
      const h = this.head();
      return 'branch' in h ? h.branch : undefined;
    },
    run(args, options = {}) {
      const answer = runGit(cwd, env, args, options.timeoutMs);
      if (answer.kind === 'ok') return { ok: true, stdout: answer.stdout };
      if (answer.kind === 'failed') return { ok: false, message: firstLine(answer.stderr) ?? answer.problem ?? `git ${args[0]} failed` };
      return { ok: false, message: 'git is not installed (or not on PATH)' };
    },
    pushRemote: (branch) => pushRemoteOf(ask, branch),
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

/** Where `git push` sends a branch, from the configuration (an unborn branch has no ref yet), in git push's order. */
function pushRemoteOf(ask: (args: string[], what: string) => string | undefined, branch: string): string | undefined {
  const key = `branch.${branch}`.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
  const pattern = `^(${key}\\.(pushremote|remote)|remote\\.pushdefault)$`;
  const found = new Map<string, string>();
  for (const entry of (ask(['config', '--null', '--get-regexp', pattern], 'branch') ?? '').split('\0')) {
    const cut = entry.indexOf('\n');
    if (cut > 0) found.set(entry.slice(0, cut).replace(/^.*\./, ''), entry.slice(cut + 1));
  }
  const remote = found.get('pushremote') ?? found.get('pushdefault') ?? found.get('remote');
  return remote && remote !== '.' ? remote : undefined;
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

/** One run of git: its output; a failure, with `problem` when it is worth telling; or no git at all. */
type RawRun =
  | { kind: 'ok'; stdout: string }
  | { kind: 'failed'; status: number | null; stderr: string; problem?: string }
  | { kind: 'no-git' };

const firstLine = (text: string) =>
  text
    .split('\n')
    .find((l) => l.trim() !== '')
    ?.trim();

/** The one git runner: git in `cwd`, no shell, English messages (they are read below), at most `timeoutMs`. */
function runGit(cwd: string, env: Record<string, string | undefined>, args: string[], timeoutMs = GIT_TIMEOUT_MS): RawRun {
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) childEnv[k] = v;
  childEnv.LC_ALL = 'C';
  delete childEnv.LANGUAGE;
  // Loaded only here: child_process costs every start that never asks git.
  const { spawnSync } = process.getBuiltinModule('node:child_process');
  let r: SpawnSyncReturns<string>;
  try {
    r = spawnSync('git', args, { cwd, env: childEnv, encoding: 'utf8', timeout: timeoutMs, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch {
    return { kind: 'no-git' };
  }
  // No git at all: nothing is known of any checkout.
  if ((r.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') return { kind: 'no-git' };
  const stderr = r.stderr ?? '';
  if (r.error) return { kind: 'failed', status: r.status, stderr, problem: `git did not answer in ${cwd} (${r.error.message})` };
  if (r.status === 0) return { kind: 'ok', stdout: r.stdout };
  const dubious = /detected dubious ownership in repository at '(.*)'/.exec(stderr);
  if (dubious)
    return {
      kind: 'failed',
      status: r.status,
      stderr,
      problem:
        `git refuses the checkout at ${dubious[1]}: it belongs to another user (see git's ` +
        `safe.directory: \`${shellLine`git config --global --add safe.directory ${dubious[1]!}`}\` if you trust it)`,
    };
  if (/not a git repository/i.test(stderr) || (r.status === 1 && stderr.trim() === '')) return { kind: 'failed', status: r.status, stderr };
  const first = firstLine(stderr);
  return { kind: 'failed', status: r.status, stderr, problem: `git failed in ${cwd}${first ? `: ${first}` : ` (exit ${r.status})`}` };
}

/**
 * `git remote -v`: `name<TAB>url (fetch)` and `(push)` lines, the push URL kept when it differs;
 * origin first, then upstream, then the rest as git lists them.
 */
function parseRemotes(text: string): GitRemote[] {
  const remotes: GitRemote[] = [];
  const pushes = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^([^\t]+)\t(.+) \((fetch|push)\)$/.exec(line);
    if (m?.[3] === 'fetch' && !remotes.some((r) => r.name === m[1])) remotes.push({ name: m[1]!, url: m[2]! });
    // The first push URL: git pushes to every one, in the order it lists them.
    else if (m?.[3] === 'push' && !pushes.has(m[1]!)) pushes.set(m[1]!, m[2]!);
  }
  for (const r of remotes) if (pushes.has(r.name) && pushes.get(r.name) !== r.url) r.pushUrl = pushes.get(r.name);
  const rank = (n: string) => (n === 'origin' ? 0 : n === 'upstream' ? 1 : 2);
  return remotes.sort((a, b) => rank(a.name) - rank(b.name));
}
