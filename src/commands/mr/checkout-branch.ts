import type { Checkout, GitRemote } from '../../config/git.js';
import type { Context } from '../../context.js';
import { LocalError, UsageError } from '../../errors.js';
import { readIn } from '../../executor/host-dialect.js';
import { commandLine, type Values } from '../../executor/inputs.js';
import { branchNameProblem } from '../../executor/validate.js';
import { isObject } from '../../shared/json.js';
import { shellLine } from '../../shell-quote.js';
import type { MrState } from './merge-blockers.js';
import { plain, ref } from './shared.js';

/**
 * Which local branch `mr checkout` puts a merge request in. A merge request from another project
 * (a fork) gets a branch of its own, `<fork-namespace>/<branch>`: never the reviewer's branch of
 * the same name, which tracks something else (a fork's `main` is not your `main`). No name may
 * take the place of another ref where git reads a short name (`git rebase origin/main`): a remote's
 * branches, a remote, a tag, `HEAD` and git's other pseudo-refs.
 */

type Mr = MrState & Record<string, unknown>;

/** Where the merge request comes from: another project's (its path, when it can be read) and the remote here that points there. */
export interface MrOrigin {
  fork: boolean;
  path?: string;
  remote?: GitRemote;
}

/** Another project's merge request: its source project is not its target. */
const isFork = (mr: Mr) =>
  mr.source_project_id !== undefined && mr.target_project_id !== undefined && mr.source_project_id !== mr.target_project_id;

/** The merge request's origin: the project's remote for its own, the fork's path (one request) and remote for a fork's. */
export async function originOf(ctx: Context, mr: Mr, projectRemote: GitRemote): Promise<MrOrigin> {
  if (!isFork(mr)) return { fork: false, remote: projectRemote };
  const source = await readIn(ctx, `/projects/${encodeURIComponent(String(mr.source_project_id))}`).catch(() => undefined);
  const path = isObject(source) && typeof source.path_with_namespace === 'string' ? source.path_with_namespace : undefined;
  return { fork: true, path, remote: path ? ctx.settings.remoteFor(path) : undefined };
}

/**
 * Why a local branch `name` would shadow another ref, as git reads short names (refs/<name>,
 * refs/tags/<name>, refs/heads/<name>, refs/remotes/<name>, refs/remotes/<name>/HEAD, in that
 * order): undefined when it would not.
 */
export function shadowProblem(git: Checkout, name: string): string | undefined {
  // refs.c is_root_ref: `HEAD`, `*_HEAD` and the pseudo-refs git reads from its own directory first.
  if (/^(?:[A-Z_]*HEAD|AUTO_MERGE|BISECT_EXPECTED_REV|NOTES_MERGE_PARTIAL|NOTES_MERGE_REF|MERGE_AUTOSTASH|refs\/.*)$/.test(name))
    return `"${name}" is a name git keeps for its own refs`;
  const remote = git.remotes().find((r) => name === r.name || name.startsWith(`${r.name}/`));
  if (remote)
    return name === remote.name
      ? `it would shadow ${remote.name}, the default branch of the remote ${remote.name}`
      : `it would shadow the remote-tracking branches of ${remote.name} (${remote.name}/…)`;
  const exists = (r: string) => git.run(['show-ref', '--verify', '--quiet', r]).ok;
  if (exists(`refs/tags/${name}`)) return `it would shadow the tag ${name}`;
  if (exists(`refs/remotes/${name}`)) return `it would shadow the remote-tracking branch ${name}`;
  if (exists(`refs/remotes/${name}/HEAD`)) return `it would shadow ${name}/HEAD, the default branch of a remote once named ${name}`;
  return undefined;
}

/** `prepare`: a `--branch` that would shadow another ref is exit 2, before anything is sent. */
export function checkBranchFlag(git: Checkout, given: string | undefined): void {
  if (given === undefined) return;
  const why = shadowProblem(git, given);
  if (why) throw new UsageError(`invalid value for --branch: "${plain(given)}": ${why}`, 'choose another name');
}

/** The source branch, refused when the server names one git would not take (it becomes a ref and a command argument). */
export function sourceBranch(mr: MrState): string {
  const name = String(mr.source_branch ?? '');
  const why = branchNameProblem(name);
  if (why)
    throw new LocalError(`the merge request's source branch "${plain(name)}" is no name git takes (${why})`, 'give one with --branch');
  return name;
}

/**
 * The local branch: `--branch` as given (checked in `prepare`); else the source branch, under the
 * fork's namespace for another project's (`mr-<iid>/` when its path cannot be read). A name that
 * would shadow another ref, or that is a branch of yours tracking something else, is put under
 * `mr-<iid>/`, said in a notice.
 */
export function localBranch(ctx: Context, v: Values, mr: Mr, origin: MrOrigin): string {
  const given = v.flags.branch;
  if (typeof given === 'string') return given;
  const git = ctx.settings.checkout;
  const iid = Number(v.args.iid);
  const source = sourceBranch(mr);
  const namespace = origin.path?.includes('/') ? origin.path.slice(0, origin.path.lastIndexOf('/')) : undefined;
  const named = !origin.fork ? source : namespace ? `${namespace}/${source}` : `mr-${iid}/${source}`;
  const problem = (name: string) => {
    const tracked = trackedElsewhere(git, mr, origin, name);
    return shadowProblem(git, name) ?? branchNameProblem(name) ?? (tracked && `it is a branch of yours that tracks ${plain(tracked)}`);
  };
  const why = problem(named);
  if (!why) return named;
  const prefixed = `mr-${iid}/${named}`;
  if (problem(prefixed)) throw new LocalError(`no local branch name for ${ref(iid)}: "${plain(named)}": ${why}`, 'give one with --branch');
  ctx.notice(`a branch "${plain(named)}" would not do (${why}): checked out as ${plain(prefixed)}`);
  return prefixed;
}

/**
 * What the local `branch` tracks when that is not the merge request's source (its branch on the
 * remote that points at its project, by name or URL); undefined when it is, when the branch tracks
 * nothing (one `mr checkout` made without a remote for a fork) or does not exist.
 */
function trackedElsewhere(git: Checkout, mr: Mr, origin: MrOrigin, branch: string): string | undefined {
  if (!git.run(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}^{commit}`]).ok) return undefined;
  const config = (key: string) => {
    const r = git.run(['config', '--get', key]);
    return r.ok ? r.stdout.trim() : '';
  };
  const remote = config(`branch.${branch}.remote`);
  if (remote === '') return undefined;
  const merge = config(`branch.${branch}.merge`);
  const sameRemote = origin.remote && (remote === origin.remote.name || config(`remote.${remote}.url`) === origin.remote.url);
  if (sameRemote && merge === `refs/heads/${String(mr.source_branch)}`) return undefined;
  return `${remote}/${merge.replace(/^refs\/heads\//, '')}`;
}

/**
 * A merge request's head is never put on a local branch (`--branch`) that tracks anything but its
 * source — another project's branch (a fork's `main` is not your `main`), or another remote's
 * (your fork's) for the project's own: exit 1 before anything changes.
 */
export function checkReusable(git: Checkout, v: Values, mr: Mr, origin: MrOrigin, branch: string): void {
  const tracked = trackedElsewhere(git, mr, origin, branch);
  if (tracked === undefined) return;
  const iid = Number(v.args.iid);
  const source = String(mr.source_branch);
  const own = !origin.fork ? `mr-${iid}/` : origin.path ? origin.path.slice(0, origin.path.lastIndexOf('/') + 1) : `mr-${iid}/`;
  const from = origin.fork
    ? `${ref(iid)} comes from another project${origin.path ? ` (${plain(origin.path)})` : ''}`
    : `${ref(iid)} comes from ${plain(`${origin.remote?.name ?? 'the project'}/${source}`)}`;
  throw new LocalError(
    `${plain(branch)} tracks ${plain(tracked)}, and ${from}: its head is never put on it; nothing changed`,
    `check it out in a branch of its own: ${commandLine(v, shellLine`mr checkout ${iid} --branch ${`${own}${source}`}`)}`,
  );
}
