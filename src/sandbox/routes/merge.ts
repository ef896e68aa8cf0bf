import { requireUser } from '../access.js';
import { mergeNow } from '../auto-merge.js';
import type { Ctx } from '../context.js';
import { detailedMergeStatus, headPipelineInProgress, MERGE_REQUEST } from '../entities/merge-requests.js';
import { headPipelineOf } from '../entities/pipelines.js';
import { show } from '../entity.js';
import { HttpError, unauthorized } from '../errors.js';
import { DEVELOPER, type MergeMessages, type MergeRequest, type Project, type User } from '../model.js';
import { created, json, type Reply } from '../reply.js';
import type { RouteTable } from '../router.js';
import { level, requireMergeRequest, touch } from './merge-requests.js';

/**
 * What an auto-merge waits for instead of refusing (app/models/merge_request.rb
 * `skipped_mergeable_checks`, "merge when checks pass": `skip_ci_check` when auto-merge is asked,
 * and the draft, discussions and approvals checks).
 */
const AUTO_MERGE_WAITS = new Set(['ci_must_pass', 'ci_still_running', 'not_approved', 'draft_status', 'discussions_not_resolved']);
/** The spec's `merge_when_pipeline_succeeds` waits for the pipeline (and approvals, which never stop its merge). */
const SPEC_AUTO_MERGE_WAITS = new Set(['ci_must_pass', 'ci_still_running', 'not_approved']);

/**
 * Refuses a merge the server would refuse. The spec (part 2 §7): merged or closed → 406, a draft →
 * 405, conflicts → 405 "Branch cannot be merged"; approvals missing do not stop it (its sample
 * server merges one with `approvals_missing` 2). GitLab (lib/api/merge_requests.rb): a failed
 * mergeability check → 405; the git state (`mergeable_git_state?`: conflicts, a rebase needed on a
 * fast-forward project) as `gitStateRefusal` says.
 */
function refuseMerge(ctx: Ctx, mr: MergeRequest, autoMerge: boolean): void {
  const status = detailedMergeStatus(ctx.store, mr, ctx.store.flavor);
  const waits = ctx.store.flavor === 'gitlab' ? AUTO_MERGE_WAITS : SPEC_AUTO_MERGE_WAITS;
  if (status === 'mergeable' || status === 'unchecked' || (autoMerge && waits.has(status))) return;
  if (ctx.store.flavor === 'gitlab') {
    if ((status === 'conflict' || status === 'need_rebase') && gitStateRefusal(ctx, mr, autoMerge) === 422)
      throw new HttpError(422, { message: 'Branch cannot be merged' });
    throw new HttpError(405, { message: '405 Method Not Allowed' });
  }
  if (status === 'not_open') throw new HttpError(406, { message: '406 Method Not Allowed' });
  if (status === 'draft_status') throw new HttpError(405, { message: '405 Method Not Allowed' });
  if (status === 'conflict') throw new HttpError(405, { message: 'Branch cannot be merged' });
}

/**
 * A merge request whose checks pass but not its git state. Before `execute_merge` (GitLab 17
 * here) the merge route let it through `immediately_mergeable?` (`mergeable_state?`, which has no
 * git checks) and answered `render_api_error!('Branch cannot be merged', 422) unless
 * merge_request.mergeable?`. Since (18 here) a plain merge is `not_allowed!` (405) unless
 * `mergeable?`; only an auto-merge with no strategy whose pipeline allows it
 * (`pipeline_allows_merge?`) reaches `execute_immediate_merge!` and its 422.
 */
function gitStateRefusal(ctx: Ctx, mr: MergeRequest, autoMerge: boolean): 405 | 422 {
  if (!ctx.store.gitlabAtLeast(18)) return 422;
  return autoMerge && mergesAtOnce(ctx, mr) ? 422 : 405;
}

/**
 * An auto-merge with no strategy to wait with: merged at once where the head pipeline succeeded
 * (`immediately_mergeable?`: `diff_head_pipeline_success?`; since `execute_merge`,
 * `pipeline_allows_merge?`), and where there is none on GitLab 18 here (the
 * `merge_immediately_when_no_pipeline` fallback); else 405.
 */
function mergesAtOnce(ctx: Ctx, mr: MergeRequest): boolean {
  const status = headPipelineOf(ctx.store, mr)?.status;
  return status === 'success' || (status === undefined && ctx.store.gitlabAtLeast(18));
}

/** Nothing an auto-merge would wait for: mergeable now, and no head pipeline in progress. */
const waitsForNothing = (ctx: Ctx, mr: MergeRequest): boolean =>
  detailedMergeStatus(ctx.store, mr, ctx.store.flavor) === 'mergeable' && !headPipelineInProgress(ctx.store, mr);

function mergeMergeRequest(ctx: Ctx): Reply {
  const { project, mr } = requireMergeRequest(ctx);
  const user = requireUser(ctx);
  if (level(ctx.store, user, project) < DEVELOPER) throw unauthorized();
  // GitLab takes `auto_merge` (the older `merge_when_pipeline_succeeds` still works). With nothing
  // to wait for, GitLab 17 refuses it (405) and GitLab 18 merges at once.
  const gitlab = ctx.store.flavor === 'gitlab';
  const asked = (gitlab ? ctx.params.bool('auto_merge') : undefined) ?? ctx.params.bool('merge_when_pipeline_succeeds') ?? false;
  const nothingPending = gitlab && waitsForNothing(ctx, mr);
  if (asked && nothingPending && !mergesAtOnce(ctx, mr)) throw new HttpError(405, { message: '405 Method Not Allowed' });
  const autoMerge = asked && !nothingPending;
  refuseMerge(ctx, mr, autoMerge);
  const expected = ctx.params.str('sha');
  if (expected !== undefined && expected !== '' && expected !== mr.sha) {
    throw new HttpError(409, { message: `SHA does not match HEAD of source branch: ${mr.sha}` });
  }
  // GitLab's `merge_request.update(squash: params[:squash]) if params[:squash]` (lib/api/merge_requests.rb).
  if (ctx.store.flavor === 'gitlab' && ctx.params.bool('squash')) mr.squash = true;
  const shouldRemove = ctx.params.bool('should_remove_source_branch');
  if (shouldRemove !== undefined) mr.shouldRemoveSourceBranch = shouldRemove;
  if (autoMerge) {
    // Merged when its head pipeline succeeds (auto-merge.ts, on the sandbox's clock).
    mr.mergeWhenPipelineSucceeds = true;
    mr.autoMergeById = user.id;
    mr.autoMergeMessages = messagesOf(ctx);
    touch(ctx, mr);
    return json(show(ctx, MERGE_REQUEST, mr, { single: true }));
  }
  completeMerge(ctx, project, mr, user);
  return json(show(ctx, MERGE_REQUEST, mr, { single: true }));
}

/** The merge now, with the commit messages the request names. */
function completeMerge(ctx: Ctx, project: Project, mr: MergeRequest, user: User): void {
  mergeNow(ctx.store, project, mr, user, messagesOf(ctx));
}

const messagesOf = (ctx: Ctx): MergeMessages => ({
  merge: ctx.params.str('merge_commit_message'),
  squash: ctx.params.str('squash_commit_message'),
});

/**
 * `/merge` in a comment (lib/gitlab/quick_actions/merge_request_actions.rb): merged at once when
 * nothing is pending, else auto-merge set when it waits for something; GitLab's words, or
 * undefined when it cannot be merged.
 */
export function quickMerge(ctx: Ctx, t: { project: Project; mr: MergeRequest; user: User }): string | undefined {
  if (waitsForNothing(ctx, t.mr)) {
    completeMerge(ctx, t.project, t.mr, t.user);
    return 'Merged this merge request.';
  }
  const status = detailedMergeStatus(ctx.store, t.mr, ctx.store.flavor);
  if (status !== 'mergeable' && !AUTO_MERGE_WAITS.has(status)) return undefined;
  t.mr.mergeWhenPipelineSucceeds = true;
  t.mr.autoMergeById = t.user.id;
  touch(ctx, t.mr);
  return 'Scheduled to merge this merge request (Merge when checks pass).';
}

/**
 * The spec routes it as PUT and answers the merge request; GitLab as POST, answering 201 with the
 * service's result: `{"status":"success"}`, or, with nothing to cancel (merged and closed ones
 * included), `{"status":"error",…,"http_status":406}` (a PUT gets 405 there, as any other
 * method of a known path).
 */
function cancelAutoMerge(ctx: Ctx): Reply {
  const gitlab = ctx.store.flavor === 'gitlab';
  const { project, mr } = requireMergeRequest(ctx);
  const user = requireUser(ctx);
  if (level(ctx.store, user, project) < DEVELOPER) throw unauthorized();
  if (gitlab && !(mr.mergeWhenPipelineSucceeds && mr.state !== 'merged' && mr.state !== 'closed'))
    return created({ message: "Can't cancel the automatic merge", status: 'error', http_status: 406 });
  if (mr.state === 'merged' || mr.state === 'closed') throw new HttpError(405, { message: '405 Method Not Allowed' });
  if (!mr.mergeWhenPipelineSucceeds) throw new HttpError(406, { message: '406 Not Acceptable' });
  mr.mergeWhenPipelineSucceeds = false;
  touch(ctx, mr);
  return gitlab ? created({ status: 'success' }) : json(show(ctx, MERGE_REQUEST, mr, { single: true }));
}

const MR = '/projects/:id/merge_requests/:merge_request_iid';

/** Merging a merge request, now or when its pipeline succeeds, and cancelling that. */
export const mergeRoutes: RouteTable = [
  { method: 'PUT', path: `${MR}/merge`, handler: mergeMergeRequest },
  { method: 'PUT', path: `${MR}/cancel_merge_when_pipeline_succeeds`, handler: cancelAutoMerge, flavor: 'spec' },
  { method: 'POST', path: `${MR}/cancel_merge_when_pipeline_succeeds`, handler: cancelAutoMerge, flavor: 'gitlab' },
];
