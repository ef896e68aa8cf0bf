import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { ApiError } from '../../errors.js';
import { pathValues } from '../../executor/endpoint.js';
import { readIn } from '../../executor/host-dialect.js';
import type { Values } from '../../executor/inputs.js';
import { defineCommand } from '../../executor/spec.js';
import { objectName, titled } from '../../output/names.js';
import { approvalColumns } from '../../resources/approvals.js';
import { explainShaMismatch, explainUnauthorized } from './merge-errors.js';
import { iidArg, MR_PATH, ref } from './shared.js';

/**
 * On a terminal, the card reads GitLab's approval rules too (`GET …/approval_state`, EE:
 * ee/lib/api/merge_request_approvals.rb); a server without them (404, the spec's; 403) shows
 * the card without rules.
 */
async function printApprovals(ctx: Context, v: Values, data: unknown): Promise<void> {
  const printer = ctx.printer();
  if (!printer.showsCard(approvalColumns)) return printer.object(data, approvalColumns);
  let facts: unknown;
  try {
    facts = await readIn(ctx, `${fillPath(MR_PATH, pathValues(v))}/approval_state`, { kind: 'object' });
  } catch (err) {
    if (!(err instanceof ApiError && (err.status === 404 || err.status === 403))) throw err;
  }
  await printer.object(data, approvalColumns, { facts });
}

export const approvals = defineCommand({
  name: 'approvals',
  summary: 'Show who approved a merge request, who is still missing, and its approval rules',
  description:
    'Show the approval status of a merge request. On a terminal it is a card: approved or not, how ' +
    "many of the approvals required are given, who approved, who is still missing, and GitLab's " +
    'approval rules, each with who may approve and who did (--raw-fields for every field instead). ' +
    'Piped, the fields; -o json, the answer as sent.',
  examples: ['collab mr approvals 3 -p acme/platform/api', 'collab mr approvals 3 --raw-fields', 'collab mr approvals 3 -o json'],
  args: [iidArg],
  project: 'required',
  method: 'GET',
  path: `${MR_PATH}/approvals`,
  columns: approvalColumns,
  print: printApprovals,
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
