import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { ApiError, AuthError, CancelError, type CollabError } from '../../errors.js';
import { pathValues } from '../../executor/endpoint.js';
import { readIn } from '../../executor/host-dialect.js';
import { commandLine, type Values } from '../../executor/inputs.js';
import { isObject } from '../../shared/json.js';
import { shellLine } from '../../shell-quote.js';
import { type Approvals, type Judged, type MrState, mergeBlocker, TRANSIENT } from './merge-blockers.js';
import { MR_PATH, plain, ref } from './shared.js';

/** What a 401 on merging (or cancelling an automatic merge) is most often about. */
export const MERGE_PERMISSION_HINT = 'merging needs Developer access or more, and protected target branches may allow only Maintainers';

export async function fetchMr(ctx: Context, v: Values): Promise<MrState> {
  const res = await ctx.api().request<MrState>({ method: 'GET', path: fillPath(MR_PATH, pathValues(v)) });
  return res.data;
}

/** A best-effort read used only to explain an error: its own failure must not hide the original one. */
export async function tryFetch<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof CancelError) throw err;
    return undefined;
  }
}

/**
 * The API answers 401 both for a rejected token and for a caller who may not perform the action.
 * A GET of the merge request tells them apart: if it works, the token is fine and the action is
 * not allowed (exit 1); if it is refused too, the original authentication error stands (exit 4).
 */
export async function explainUnauthorized(
  ctx: Context,
  v: Values,
  err: CollabError,
  action: string,
  hint: string,
  tokenKnownGood = false,
): Promise<Error> {
  if (!ctx.api().hasToken) return err;
  if (!tokenKnownGood) {
    try {
      await fetchMr(ctx, v);
    } catch (readErr) {
      if (readErr instanceof AuthError || readErr instanceof CancelError) return err;
    }
  }
  return new ApiError(`${err.message}: you are not allowed to ${action} merge request ${ref(v.args.iid)}`, 401, undefined, hint);
}

const FULL_SHA = /\b[0-9a-f]{40}\b/gi;
const SHORT_SHA = /\b(?=[0-9a-f]*[a-f])[0-9a-f]{7,39}\b/gi;

/** The current head named in a 409 message, if any (never the sha the caller sent). */
function shaInMessage(message: string, sent: string | undefined): string | undefined {
  const other = (m: string) => sent === undefined || m.toLowerCase() !== sent.toLowerCase();
  return (message.match(FULL_SHA) ?? []).find(other) ?? (message.match(SHORT_SHA) ?? []).find(other);
}

/** 409 on merge or approve: the source branch moved. Names the current head (read from the MR if the message does not). */
export async function explainShaMismatch(
  ctx: Context,
  v: Values,
  err: CollabError,
  sent: string | undefined,
  outcome: 'merged' | 'approved',
  verb: 'merge' | 'approve',
): Promise<ApiError> {
  let current = shaInMessage(err.message, sent);
  if (current === undefined) {
    const head = (await tryFetch(() => fetchMr(ctx, v)))?.sha;
    if (head) current = plain(head);
  }
  const iid = String(v.args.iid);
  const moved = current
    ? `the head of its source branch is now ${current}${sent ? `, not ${sent}` : ''}`
    : `the head of its source branch is no longer ${sent ?? 'the one expected'}`;
  const hint = current
    ? `review the new commits (${commandLine(v, shellLine`mr diff ${iid}`)}), then: ${commandLine(v, shellLine`mr ${verb} ${iid} --sha ${current}`)}`
    : `review the new commits (${commandLine(v, shellLine`mr diff ${iid}`)}) and try again with the ` +
      `sha shown by ${commandLine(v, shellLine`mr view ${iid} --fields sha`)}`;
  return new ApiError(
    `${err.message} — ${ref(iid)} was not ${outcome}: ${moved}`,
    409,
    err instanceof ApiError ? err.body : undefined,
    hint,
  );
}

/** The approvals, read only where they decide or explain a refusal (a spec server's answer may lack detailed_merge_status). */
export async function approvalsFor(ctx: Context, v: Values, mr: MrState): Promise<Approvals> {
  if (mr.detailed_merge_status !== undefined && mr.detailed_merge_status !== 'not_approved') return undefined;
  const approvals = await tryFetch(() => readIn(ctx, `${fillPath(MR_PATH, pathValues(v))}/approvals`));
  return isObject(approvals) ? approvals : undefined;
}

/** What GitLab answers each status for, when the merge request itself names no reason. */
const STATUS_READINGS: Record<number, string> = {
  405: 'GitLab answers 405 when one of its merge checks fails',
  406: 'the server found the branch could not be merged as it is',
  422: 'GitLab answers 422 when the branch cannot be merged (conflicts with the target, or a rebase needed where the project merges by fast-forward)',
};

/**
 * 405, 406 or 422 on merge: not merged. Reads the merge request again (what changed since it was
 * seen) and names the reason from its fields, GitLab's `merge_error` and `detailed_merge_status`.
 */
export async function explainNotMergeable(
  ctx: Context,
  v: Values,
  err: CollabError,
  mr: MrState | undefined,
  rules: Judged,
): Promise<ApiError> {
  const status = err instanceof ApiError ? err.status : undefined;
  const body = err instanceof ApiError ? err.body : undefined;
  const view = `see why: ${commandLine(v, shellLine`mr view ${String(v.args.iid)}`)}`;
  if (!mr)
    return new ApiError(
      `${err.message} — ${ref(v.args.iid)} was not merged`,
      status,
      body,
      `${STATUS_READINGS[status ?? 0] ?? ''}; ${view}`,
    );
  const blocker = mergeBlocker(v, mr, await approvalsFor(ctx, v, mr), rules);
  const said = [
    mr.detailed_merge_status ? `detailed merge status ${plain(mr.detailed_merge_status)}` : `merge status ${plain(mr.merge_status ?? '?')}`,
    ...(typeof mr.merge_error === 'string' && mr.merge_error !== '' ? [`merge error: ${plain(mr.merge_error)}`] : []),
  ].join('; ');
  const verdict = mr.detailed_merge_status;
  const why = blocker
    ? `${blocker.why}; ${said}`
    : verdict !== undefined && TRANSIENT.has(verdict)
      ? `GitLab was still checking it (${said}): try again in a moment`
      : verdict !== undefined && verdict !== 'mergeable'
        ? `GitLab's ${said} (state ${plain(mr.state ?? '?')})`
        : `the merge request names no reason (state ${plain(mr.state ?? '?')}, ${said})`;
  const hint = blocker ? blocker.next : `${STATUS_READINGS[status ?? 0] ?? 'the server refused it'}; ${view}`;
  return new ApiError(`${err.message} — ${ref(v.args.iid)} was not merged: ${why}`, status, body, hint);
}
