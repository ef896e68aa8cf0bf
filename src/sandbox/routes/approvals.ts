import { requireUser } from '../access.js';
import { processAutoMerge } from '../auto-merge.js';
import type { Ctx } from '../context.js';
import { APPROVAL_STATE } from '../entities/approvals.js';
import { APPROVALS } from '../entities/merge-requests.js';
import { show } from '../entity.js';
import { HttpError, notFound, unauthorized } from '../errors.js';
import { DEVELOPER } from '../model.js';
import { created, json, type Reply } from '../reply.js';
import type { RouteTable } from '../router.js';
import { level, requireMergeRequest, touch } from './merge-requests.js';

const APPROVALS_PATH = '/projects/:id/merge_requests/:merge_request_iid';

function showApprovals(ctx: Ctx): Reply {
  requireUser(ctx);
  return json(show(ctx, APPROVALS, { mr: requireMergeRequest(ctx).mr, afterApprove: false }));
}

/** `GET …/approval_state` (EE): the rules, who may approve under each, who did. */
function showApprovalState(ctx: Ctx): Reply {
  requireUser(ctx);
  return json(show(ctx, APPROVAL_STATE, requireMergeRequest(ctx).mr));
}

function approve(ctx: Ctx): Reply {
  const { project, mr } = requireMergeRequest(ctx);
  const user = requireUser(ctx);
  if (level(ctx.store, user, project) < DEVELOPER || mr.approvedBy.includes(user.id) || mr.state === 'merged' || mr.state === 'closed')
    throw unauthorized();
  const expected = ctx.params.str('sha');
  if (expected !== undefined && expected !== '' && expected !== mr.sha) {
    throw new HttpError(409, { message: `SHA does not match HEAD of source branch: ${mr.sha}` });
  }
  mr.approvedBy.push(user.id);
  touch(ctx, mr);
  processAutoMerge(ctx.store, mr);
  return created(show(ctx, APPROVALS, { mr, afterApprove: true }));
}

function unapprove(ctx: Ctx): Reply {
  const { mr } = requireMergeRequest(ctx);
  const user = requireUser(ctx);
  const index = mr.approvedBy.indexOf(user.id);
  if (index === -1) throw notFound();
  mr.approvedBy.splice(index, 1);
  touch(ctx, mr);
  return created(show(ctx, APPROVALS, { mr, afterApprove: false }));
}

/** A merge request's approval state, approving and unapproving it. */
export const approvalRoutes: RouteTable = [
  { method: 'GET', path: `${APPROVALS_PATH}/approvals`, handler: showApprovals },
  { method: 'GET', path: `${APPROVALS_PATH}/approval_state`, handler: showApprovalState, flavor: 'gitlab' },
  { method: 'POST', path: `${APPROVALS_PATH}/approve`, handler: approve },
  { method: 'POST', path: `${APPROVALS_PATH}/unapprove`, handler: unapprove },
];
