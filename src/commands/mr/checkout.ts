import type { Checkout } from '../../config/git.js';
import type { Context } from '../../context.js';
import { LocalError } from '../../errors.js';
import { commandLine, type Values } from '../../executor/inputs.js';
import { defineCommand } from '../../executor/spec.js';
import { branchNameProblem } from '../../executor/validate.js';
import { objectName, titled } from '../../output/names.js';
import { isObject } from '../../shared/json.js';
import { ShellLine, shellLine } from '../../shell-quote.js';
import { checkBranchFlag, checkReusable, localBranch, type MrOrigin, originOf } from './checkout-branch.js';
import type { MrState } from './merge-blockers.js';
import { fetchMr } from './merge-errors.js';
import { iidArg, plain, ref, shortSha } from './shared.js';

/**
 * `collab mr checkout`: the merge request's head, fetched from the remote that points at its
 * project (`refs/merge-requests/<iid>/head`, which GitLab keeps for a fork's merge request too),
 * in a local branch named after its source branch (a fork's under its namespace: checkout-branch.ts),
 * switched to. A local branch of that name is moved only forward; one that has diverged is left as
 * it is (exit 1, and the ways on).
 */

const checkoutFlags = [
  {
    name: 'branch',
    short: 'b',
    param: false,
    type: 'branch',
    description: 'the local branch to use (default: the source branch name)',
  },
] as const;

type CheckoutValues = Values<typeof checkoutFlags>;

/** What `mr checkout` did, as -o json prints it. */
interface CheckedOut {
  iid: number;
  branch: string;
  sha: string;
  remote: string;
  /** created: a new branch; updated: fast-forwarded; unchanged: already there; ahead: local commits kept. */
  action: 'created' | 'updated' | 'unchanged' | 'ahead';
}

const FETCH_TIMEOUT_MS = 300_000;

export const checkout = defineCommand({
  name: 'checkout',
  aliases: ['co'],
  summary: 'Check out a merge request in a local branch',
  description:
    'Fetch the head of a merge request (refs/merge-requests/<iid>/head, forks included) from the git remote that points at its project, ' +
    'into a local branch named after its source branch (--branch to choose), and switch to it. ' +
    "Another project's (a fork's) gets a branch of its own, <fork-namespace>/<branch>; no merge request takes a branch of yours " +
    'that tracks anything but its source, nor a name that would shadow a remote-tracking branch, a remote, a tag or HEAD: ' +
    'those are put under mr-<iid>/ (--branch: exit 1 and exit 2). ' +
    'An existing branch of that name is fast-forwarded, or kept when it only has ' +
    'commits of yours on top; one that has diverged is not touched (exit 1).',
  examples: [
    'collab mr checkout 3',
    'collab mr checkout feature/login --branch review/login',
    'collab mr checkout https://gitlab.example.com/acme/platform/api/-/merge_requests/3',
  ],
  args: [iidArg],
  project: 'required',
  flags: checkoutFlags,
  prepare: (ctx, v) => {
    const head = ctx.settings.checkout.head();
    if ('none' in head)
      throw new LocalError(`mr checkout needs a git checkout to switch in: ${head.none}`, 'run it inside a clone of the project');
    checkBranchFlag(ctx.settings.checkout, v.flags.branch);
  },
  effect: 'local',
  run: runCheckout,
});

async function runCheckout(ctx: Context, v: CheckoutValues): Promise<void> {
  const mr = (await fetchMr(ctx, v)) as MrState & Record<string, unknown>;
  const iid = Number(v.args.iid);
  const git = ctx.settings.checkout;
  const projectPath = projectPathOf(v, mr);
  const remote = ctx.settings.remoteFor(projectPath);
  if (!remote)
    throw new LocalError(
      `no git remote here points at ${plain(projectPath)}, where the merge request ${ref(iid)} lives`,
      `add one: ${shellLine`git remote add upstream ${cloneUrl(mr) ?? new ShellLine('<its clone URL>')}`}`,
    );
  const origin = await originOf(ctx, mr, remote);
  const branch = localBranch(ctx, v, mr, origin);
  gitOrFail(
    git,
    ['fetch', '--no-tags', '--', remote.name, `refs/merge-requests/${iid}/head`],
    `fetch ${ref(iid)} from ${remote.name}`,
    FETCH_TIMEOUT_MS,
  );
  const sha = gitOrFail(git, ['rev-parse', '--verify', '--quiet', 'FETCH_HEAD^{commit}'], 'read the fetched head').trim();
  checkReusable(git, v, mr, origin, branch);
  const action = await placeBranch(ctx, v, git, branch, sha);
  if (action === 'created') track(ctx, git, branch, mr, origin);
  const name = titled(ref(iid), objectName(mr));
  const how = { created: 'a new branch', updated: 'fast-forwarded', unchanged: 'already at its head', ahead: 'your commits on top kept' }[
    action
  ];
  ctx.success(`Switched to ${plain(branch)} (${how}) at ${shortSha(sha)}: ${name} from ${plain(remote.name)}`);
  const printer = ctx.printer();
  if (printer.json) await printer.object({ iid, branch, sha, remote: remote.name, action } satisfies CheckedOut);
}

/** The branch put at the fetched head (or kept, with commits of its own on top) and switched to. */
async function placeBranch(ctx: Context, v: CheckoutValues, git: Checkout, branch: string, sha: string): Promise<CheckedOut['action']> {
  const local = git.run(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}^{commit}`]);
  if (!local.ok) {
    gitOrFail(git, ['switch', '--no-track', '-c', branch, sha], `create ${plain(branch)}`);
    return 'created';
  }
  const mine = Number(gitOrFail(git, ['rev-list', '--count', `${sha}..refs/heads/${branch}`], 'compare the branches').trim());
  const theirs = Number(gitOrFail(git, ['rev-list', '--count', `refs/heads/${branch}..${sha}`], 'compare the branches').trim());
  if (mine > 0 && theirs > 0) throw diverged(v, branch, sha, mine, theirs);
  const current = git.branch() === branch;
  if (theirs > 0 && current) gitOrFail(git, ['merge', '--ff-only', '--quiet', sha], `fast-forward ${plain(branch)}`);
  else if (theirs > 0) gitOrFail(git, ['branch', '--force', branch, sha], `move ${plain(branch)}`);
  if (!current) gitOrFail(git, ['switch', branch], `switch to ${plain(branch)}`);
  if (mine > 0) ctx.notice(`${plain(branch)} has ${mine} commit${mine === 1 ? '' : 's'} the merge request does not: kept`);
  return theirs > 0 ? 'updated' : mine > 0 ? 'ahead' : 'unchanged';
}

function diverged(v: CheckoutValues, branch: string, sha: string, mine: number, theirs: number): LocalError {
  const iid = String(v.args.iid);
  return new LocalError(
    `${plain(branch)} has diverged from ${ref(iid)}: ${mine} ` +
      `commit${mine === 1 ? '' : 's'} of its own, ${theirs} new in the merge request; nothing changed`,
    `check it out beside yours: ${commandLine(v, shellLine`mr checkout ${iid} --branch ${`${branch}-mr${iid}`}`)}; ` +
      `or rebase yours onto it: ${shellLine`git switch ${branch} && git rebase ${sha}`}`,
  );
}

/**
 * A new branch of the same project's merge request tracks its source branch on that remote, and
 * a fork's, the remote of the fork when there is one, so that `git pull` and `git push` work.
 */
function track(ctx: Context, git: Checkout, branch: string, mr: MrState, origin: MrOrigin): void {
  const source = String(mr.source_branch ?? '');
  if (!origin.remote || branchNameProblem(source)) {
    const why = origin.remote ? 'its source branch is no name git takes' : 'no git remote points at the fork it comes from';
    ctx.notice(`${why}: ${plain(branch)} tracks nothing`);
    return;
  }
  git.run(['config', `branch.${branch}.remote`, origin.remote.name]);
  git.run(['config', `branch.${branch}.merge`, `refs/heads/${source}`]);
}

/** The project's path: as given, or (given as an id) as the merge request references itself. */
function projectPathOf(v: Values, mr: Record<string, unknown>): string {
  if (v.project && !/^\d+$/.test(v.project)) return v.project;
  const full = isObject(mr.references) ? mr.references.full : undefined;
  if (typeof full === 'string' && full.includes('!')) return full.slice(0, full.lastIndexOf('!'));
  return String(v.project);
}

/** The project's clone URL, from the merge request's web URL (`…/-/merge_requests/3` → `….git`). */
function cloneUrl(mr: Record<string, unknown>): string | undefined {
  if (typeof mr.web_url !== 'string') return undefined;
  const base = mr.web_url.replace(/\/(-\/)?merge_requests\/\d+\/?$/, '');
  return base === mr.web_url ? undefined : `${plain(base)}.git`;
}

/** git's output, or exit 1 with what it said. */
function gitOrFail(git: Checkout, args: string[], what: string, timeoutMs?: number): string {
  const r = git.run(args, { timeoutMs });
  if (!r.ok) throw new LocalError(`could not ${what}: ${plain(r.message)}`);
  return r.stdout;
}
