import { defineCommand } from '../../executor/spec.js';
import { objectName, titled } from '../../output/names.js';
import { approvalColumns } from '../../resources/approvals.js';
import { explainShaMismatch, explainUnauthorized } from './merge-errors.js';
import { iidArg, MR_PATH, ref } from './shared.js';

export const approvals = defineCommand({
  name: 'approvals',
  summary: 'Show who approved a merge request and how many approvals are missing',
  examples: ['collab mr approvals 3 -p acme/platform/api', 'collab mr approvals 3 -o json'],
  args: [iidArg],
  project: 'required',
  method: 'GET',
  path: `${MR_PATH}/approvals`,
  columns: approvalColumns,
});

export const approve = defineCommand({
  name: 'approve',
  summary: 'Approve a merge request',
  examples: ['collab mr approve 3 -p acme/platform/api', 'collab mr approve 3 --sha 1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c'],
  args: [iidArg],
  project: 'required',
  flags: [{ name: 'sha', type: 'string', value: '<sha>', description: 'approve only if the source branch head is this commit' }],
  method: 'POST',
  path: `${MR_PATH}/approve`,
  columns: approvalColumns,
  bulk: 'iid',
  explain: {
    401: (ctx, v, err) =>
      explainUnauthorized(
        ctx,
        v,
        err,
        'approve',
        'you may have approved it already, it may be merged or closed, or your access level may not allow approving',
      ),
    409: (ctx, v, err) => explainShaMismatch(ctx, v, err, v.flags.sha, 'approved', 'approve'),
  },
  done: (v, answer) => {
    const left = answer?.approvals_left;
    return `Approved ${titled(ref(v.args.iid), objectName(answer))}${typeof left === 'number' ? `; ${left} approval${left === 1 ? '' : 's'} left` : ''}`;
  },
});

export const unapprove = defineCommand({
  name: 'unapprove',
  summary: 'Withdraw your approval of a merge request',
  examples: ['collab mr unapprove 3 -p acme/platform/api'],
  args: [iidArg],
  project: 'required',
  method: 'POST',
  path: `${MR_PATH}/unapprove`,
  // The spec shows no answer (GitLab's is the approval status).
  answer: { kind: 'optional' },
  columns: approvalColumns,
  done: (v, answer) => `Withdrew your approval of ${titled(ref(v.args.iid), objectName(answer))}`,
});
