import { requireUser } from '../access.js';
import type { Ctx } from '../context.js';
import { forbidden, HttpError } from '../errors.js';
import { DEVELOPER, type MergeRequest } from '../model.js';
import { json, type Reply } from '../reply.js';
import type { RouteTable } from '../router.js';
import { sha } from '../shas.js';
import type { Store } from '../store.js';
import { level, requireMergeRequest } from './merge-requests.js';

/** How long a rebase runs on the sandbox's clock (GitLab's RebaseWorker runs it in Sidekiq). */
export const REBASE_MS = 2_000;

/** `MergeRequests::RebaseService::REBASE_ERROR` (app/services/merge_requests/rebase_service.rb). */
export const REBASE_ERROR = 'Rebase failed: Rebase locally, resolve all conflicts, then push the branch.';

/**
 * The rebase ends: a merge request with conflicts keeps its head and says why in `merge_error`;
 * another gets a new head on top of its target (a new diff version) and is behind it no more.
 */
function finish(store: Store, mr: MergeRequest): void {
  mr.rebasing = false;
  if (mr.mergeStatus === 'cannot_be_merged') {
    mr.mergeError = REBASE_ERROR;
    return;
  }
  mr.mergeError = null;
  if (mr.divergedCommits === 0) return;
  const base = sha(`rebase:${mr.id}:${mr.versions.length}:base`);
  mr.sha = sha(`rebase:${mr.id}:${mr.versions.length}:head`);
  mr.divergedCommits = 0;
  mr.versions.push({
    id: store.nextId('version'),
    head_commit_sha: mr.sha,
    base_commit_sha: base,
    start_commit_sha: base,
    created_at: store.now(),
    state: 'collected',
    real_size: String(mr.changes.length),
  });
  mr.updatedAt = store.now();
}

/**
 * `PUT …/merge_requests/:iid/rebase` (lib/api/merge_requests.rb): `authorize_merge_request_rebase!`
 * (403 `Cannot push to source branch` below Developer), then `rebase_async`, which refuses a merge
 * request that is not open or already rebasing (409 here); 202 `{"rebase_in_progress":true}`. The
 * rebase runs on the store's clock (REBASE_MS); `skip_ci` is taken and changes nothing here.
 */
function rebase(ctx: Ctx): Reply {
  const { project, mr } = requireMergeRequest(ctx);
  const user = requireUser(ctx);
  if (level(ctx.store, user, project) < DEVELOPER) throw forbidden('Cannot push to source branch');
  ctx.params.bool('skip_ci');
  if (mr.rebasing || (mr.state !== 'opened' && mr.state !== 'reopened'))
    throw new HttpError(409, {
      message: 'Failed to enqueue the rebase operation, possibly due to a long-lived transaction. Try again later.',
    });
  mr.rebasing = true;
  void ctx.store.clock.sleep(REBASE_MS).then(() => finish(ctx.store, mr));
  return json({ rebase_in_progress: true }, 202);
}

/** Rebasing a merge request's source branch onto its target: GitLab's, the spec has no such route. */
export const rebaseRoutes: RouteTable = [
  { method: 'PUT', path: '/projects/:id/merge_requests/:merge_request_iid/rebase', handler: rebase, flavor: 'gitlab' },
];
