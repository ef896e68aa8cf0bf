import { readEither } from '../../api/dialect.js';
import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { ApiError, AuthError } from '../../errors.js';
import { approvalColumns } from '../../resources/mr.js';
import { pathValues } from '../execute.js';
import type { CommandSpec, Values } from '../spec.js';
import { explainShaMismatch, explainUnauthorized } from './explain.js';
import { MR_PATH, iidArg, ref } from './shared.js';

export const approvals: CommandSpec = {
  name: 'approvals',
  summary: 'Show who approved a merge request and how many approvals are missing',
  examples: ['collab mr approvals 3 -p acme/platform/api', 'collab mr approvals 3 -o json'],
  args: [iidArg],
  project: 'required',
  method: 'GET',
  path: `${MR_PATH}/approvals`,
  columns: approvalColumns,
};

async function runApprove(ctx: Context, v: Values): Promise<void> {
  const path = `${fillPath(MR_PATH, pathValues(v))}/approve`;
  const sha = v.params.sha as string | undefined;
  let data: Record<string, unknown> | undefined;
  try {
    data = (await ctx.api().request<Record<string, unknown>>({ method: 'POST', path, body: { ...v.params } })).data;
  } catch (err) {
    if (err instanceof AuthError)
      throw await explainUnauthorized(
        ctx,
        v,
        err,
        'approve',
        'you may have approved it already, it may be merged or closed, or your access level may not allow approving',
      );
    if (err instanceof ApiError && err.status === 409) throw await explainShaMismatch(ctx, v, err, sha, 'approved', 'approve');
    throw err;
  }
  if (data !== undefined && (data as unknown) !== '') await ctx.printer().object(data, approvalColumns);
  const left = data !== null && typeof data === 'object' ? readEither(data, 'approvals_left') : undefined;
  ctx.notice(`approved ${ref(v.args.iid)}${typeof left === 'number' ? ` (${left} approval${left === 1 ? '' : 's'} left)` : ''}`);
}

export const approve: CommandSpec = {
  name: 'approve',
  summary: 'Approve a merge request',
  examples: ['collab mr approve 3 -p acme/platform/api', 'collab mr approve 3 --sha 1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c'],
  args: [iidArg],
  project: 'required',
  flags: [{ name: 'sha', type: 'string', value: '<sha>', description: 'approve only if the source branch head is this commit' }],
  endpoints: ['POST /projects/:id/merge_requests/:merge_request_iid/approve'],
  run: runApprove,
};

export const unapprove: CommandSpec = {
  name: 'unapprove',
  summary: 'Withdraw your approval of a merge request',
  examples: ['collab mr unapprove 3 -p acme/platform/api'],
  args: [iidArg],
  project: 'required',
  method: 'POST',
  path: `${MR_PATH}/unapprove`,
  columns: approvalColumns,
  done: (v) => `withdrew your approval of ${ref(v.args.iid)}`,
};
