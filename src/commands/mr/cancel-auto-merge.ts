import type { CollabError } from '../../errors.js';
import { ApiError } from '../../errors.js';
import type { Values } from '../../executor/inputs.js';
import { defineCommand } from '../../executor/spec.js';
import { objectName, titled } from '../../output/names.js';
import { mrColumns } from '../../resources/mr.js';
import { explainUnauthorized, MERGE_PERMISSION_HINT } from './merge-errors.js';
import { iidArg, MR_PATH, ref } from './shared.js';

/** `mr cancel-auto-merge`: the automatic merge `mr merge --auto` asked for, called off. */
export const cancelAutoMerge = defineCommand({
  name: 'cancel-auto-merge',
  summary: 'Cancel "merge when the pipeline succeeds"',
  description:
    'Cancel "merge when the pipeline succeeds". The spec routes this as PUT, GitLab ' +
    'as POST: collab sends what the host speaks (its flavour, see `collab config set flavor`).',
  examples: ['collab mr cancel-auto-merge 3 -p acme/platform/api'],
  args: [iidArg],
  project: 'required',
  method: 'PUT',
  path: `${MR_PATH}/cancel_merge_when_pipeline_succeeds`,
  // The merge request (spec), or GitLab's `{"status":"success"}`.
  answer: { kind: 'object' },
  columns: mrColumns,
  explain: {
    401: (ctx, v, err) => explainUnauthorized(ctx, v, err, 'cancel the automatic merge of', MERGE_PERMISSION_HINT),
    405: (_ctx, v, err) => cancelNotAllowed(v, err),
    406: (_ctx, v, err) => notCancelled(v, err, 'is not set to merge when the pipeline succeeds: nothing to cancel'),
  },
  done: (v, mr) => `Cancelled the automatic merge of ${titled(ref(v.args.iid), objectName(mr))}`,
});

/**
 * A 405 on cancel: in the spec's dialect (PUT) the merge request is already merged or closed; a
 * router's refusal of the method itself (`{"error":"405 Not Allowed"}`) says the server routes the
 * endpoint otherwise, as GitLab (POST) does. GitLab never answers its POST with 405 (nothing to
 * cancel is 201 `{"status":"error"}` there), so after a POST it is a server that wants PUT.
 */
function cancelNotAllowed(v: Values, err: CollabError): ApiError {
  const body = err instanceof ApiError ? (err.body as { error?: unknown; message?: unknown } | undefined) : undefined;
  const routing = body !== null && typeof body === 'object' && body.message === undefined && /not allowed/i.test(String(body.error ?? ''));
  if (v.flavor === 'gitlab')
    return withHint(
      notCancelled(v, err, 'was not cancelled: the server does not take POST here (GitLab does), so it may follow the spec (PUT)'),
      'collab config set flavor spec --host <url>',
    );
  if (routing)
    return withHint(
      notCancelled(v, err, 'was not cancelled: the server does not take PUT here (the spec does), so it may be GitLab (POST)'),
      'collab config set flavor gitlab --host <url>',
    );
  return notCancelled(v, err, 'is already merged or closed: there is no pending merge to cancel');
}

const withHint = (err: ApiError, hint: string) => new ApiError(err.message, err.status, err.body, hint);

function notCancelled(v: Values, err: CollabError, why: string): ApiError {
  return new ApiError(
    `${err.message} — ${ref(v.args.iid)} ${why}`,
    err instanceof ApiError ? err.status : undefined,
    err instanceof ApiError ? err.body : undefined,
  );
}
