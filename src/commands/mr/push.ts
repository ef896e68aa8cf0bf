/**
 * `mr create --push`: the source branch pushed before the merge request is opened, as
 * `git push --set-upstream <remote> <branch>` (git as a subprocess, never a shell), to the remote
 * that points at the project. `--fill` pushes it too when that remote lacks the branch, as glab's
 * `--fill` pushes (`--no-push` keeps it from doing so). Without either, the 400 a server answers
 * for a source branch it does not have is explained with the command to run.
 */
import type { Checkout } from '../../config/git.js';
import type { Context } from '../../context.js';
import { ApiError, type CollabError, LocalError, UsageError } from '../../errors.js';
import type { FlagSpec, Values } from '../../executor/inputs.js';
import { branchNameProblem } from '../../executor/validate.js';
import { isObject } from '../../shared/json.js';
import { shellLine } from '../../shell-quote.js';
import { plain } from './shared.js';

export const pushFlag: FlagSpec = {
  name: 'push',
  param: false,
  type: 'bool',
  negatable: true,
  local: true,
  description:
    'push the source branch first (git push -u <remote> <branch>); --fill pushes it when the remote lacks it, --no-push keeps it from doing so',
};

const PUSH_TIMEOUT_MS = 300_000;
const LS_REMOTE_TIMEOUT_MS = 60_000;

/**
 * The remote to push to: the one that points at the project on this host, else the one the branch
 * tracks, else `origin`; undefined when the checkout has none of them.
 */
function remoteFor(ctx: Context, v: Values, branch: string): string | undefined {
  const project = v.project !== undefined && !/^\d+$/.test(v.project) ? ctx.settings.remoteFor(v.project) : undefined;
  if (project) return project.name;
  const names = ctx.settings.checkout.remotes().map((r) => r.name);
  const tracked = ctx.settings.checkout.run(['config', '--get', `branch.${branch}.remote`]);
  if (tracked.ok && names.includes(tracked.stdout.trim())) return tracked.stdout.trim();
  return names.includes('origin') ? 'origin' : names[0];
}

/** The remote's name as the hint writes it: the one found, or `origin` where there is none (the command still reads right). */
const remoteNamed = (ctx: Context, v: Values, branch: string): string => remoteFor(ctx, v, branch) ?? 'origin';

/**
 * Whether the remote has the branch where `git push` sends it (`git ls-remote --heads` of its push
 * URL when it has one of its own: the fetch URL may be the upstream of a fork); undefined when git
 * could not ask it.
 */
function remoteHas(git: Checkout, remote: string, branch: string): boolean | undefined {
  const where = git.remotes().find((r) => r.name === remote)?.pushUrl ?? remote;
  const r = git.run(['ls-remote', '--heads', '--', where, `refs/heads/${branch}`], { timeoutMs: LS_REMOTE_TIMEOUT_MS });
  return r.ok ? r.stdout.trim() !== '' : undefined;
}

/** Why this branch cannot be pushed from here, before git is asked to. */
function refusePush(ctx: Context, branch: string): void {
  const why = branchNameProblem(branch);
  if (why) throw new UsageError(`--push: "${plain(branch)}" is no branch name git takes (${why})`);
  const head = ctx.settings.checkout.head();
  if ('none' in head) throw new UsageError(`--push needs a git checkout with the branch ${plain(branch)}: ${head.none}`);
  if (!ctx.settings.checkout.run(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}^{commit}`]).ok)
    throw new UsageError(
      `--push: there is no local branch ${plain(branch)} here to push`,
      'give the branch with --source, or check it out',
    );
}

/** Whether `--fill` may push the branch unasked: what `--push` would refuse, it leaves alone. */
function pushableUnasked(ctx: Context, branch: string): boolean {
  try {
    refusePush(ctx, branch);
    return true;
  } catch {
    return false;
  }
}

/**
 * In `prepare`: pushes the source branch where asked (`--push`), or where `--fill` finds the remote
 * without it (said in a notice). A push git refuses is exit 1 with what git said; nothing is sent.
 */
export async function pushIfAsked(ctx: Context, v: Values): Promise<void> {
  const branch = String(v.flags.source ?? '');
  const asked = v.flags.push === true;
  if (!asked && !(v.flags.fill === true && v.flags.push === undefined)) return;
  const git = ctx.settings.checkout;
  let remote: string | undefined;
  if (asked) {
    refusePush(ctx, branch);
    remote = remoteFor(ctx, v, branch);
    if (remote === undefined)
      throw new UsageError(`--push: this checkout has no git remote to push ${plain(branch)} to`, 'add one: git remote add origin <url>');
  } else {
    // --fill pushes only what it can see is missing: no local branch or no remote to look at, nothing is pushed.
    remote = pushableUnasked(ctx, branch) ? remoteFor(ctx, v, branch) : undefined;
    if (remote === undefined || remoteHas(git, remote, branch) !== false) return;
    ctx.notice(`${plain(branch)} is not on ${plain(remote)} yet: pushing it first, as glab's --fill does (--no-push to leave it)`);
  }
  const pushed = git.run(['push', '--set-upstream', '--', remote, `refs/heads/${branch}:refs/heads/${branch}`], {
    timeoutMs: PUSH_TIMEOUT_MS,
  });
  if (!pushed.ok)
    throw new LocalError(
      `could not push ${plain(branch)} to ${plain(remote)}: ${plain(pushed.message)}; no merge request was opened`,
      `push it yourself, then run this again: ${shellLine`git push -u ${remote} ${branch}`}`,
    );
  ctx.notice(`Pushed ${plain(branch)} to ${plain(remote)}`);
}

/** GitLab's messages for a missing source branch: `{"source_branch":["does not exist"]}` (a model validation) or a line. */
function saysSourceMissing(body: unknown): boolean {
  const message = isObject(body) ? body.message : undefined;
  if (isObject(message))
    return Array.isArray(message.source_branch) && message.source_branch.some((m) => /does not exist/i.test(String(m)));
  const lines = Array.isArray(message) ? message : [message ?? (isObject(body) ? body.error : undefined)];
  return lines.some((m) => /source branch\b.*\bdoes not exist/i.test(String(m ?? '')));
}

/** A 400 for a source branch the server does not have: the push to run (or `--push`). */
export function explainMissingSource(ctx: Context, v: Values, err: CollabError): string | undefined {
  if (!(err instanceof ApiError) || !saysSourceMissing(err.body)) return undefined;
  const branch = String(v.flags.source ?? '');
  return (
    `the source branch ${plain(branch)} is not on the server yet: push it first: ` +
    `${shellLine`git push -u ${remoteNamed(ctx, v, branch)} ${branch}`} (or run this again with --push)`
  );
}
