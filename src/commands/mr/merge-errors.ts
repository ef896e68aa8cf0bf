import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { ApiError, AuthError, CancelError, type CollabError } from '../../errors.js';
import { pathValues } from '../../executor/endpoint.js';
import { readIn } from '../../executor/host-dialect.js';
import { type Answer, commandLine, type Values } from '../../executor/inputs.js';
import { isObject } from '../../json.js';
import { MR_PATH, plain, ref, shortSha } from './shared.js';

/** The fields of a merge request that explain what a merge did or why it did not happen. */
export interface MrState {
  iid?: number;
  title?: string;
  state?: string;
  sha?: string | null;
  merge_status?: string;
  work_in_progress?: boolean;
  merge_when_pipeline_succeeds?: boolean;
  merge_commit_sha?: string | null;
  source_branch?: string;
  target_branch?: string;
  head_pipeline?: { id?: number; status?: string } | null;
  pipeline?: { id?: number; status?: string } | null;
}

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
    ? `review the new commits (${commandLine(v, `mr diff ${iid}`)}), then: ${commandLine(v, `mr ${verb} ${iid} --sha ${current}`)}`
    : `review the new commits (${commandLine(v, `mr diff ${iid}`)}) and try again with the ` +
      `sha shown by ${commandLine(v, `mr view ${iid} --fields sha`)}`;
  return new ApiError(
    `${err.message} — ${ref(iid)} was not ${outcome}: ${moved}`,
    409,
    err instanceof ApiError ? err.body : undefined,
    hint,
  );
}

/** Why an open-looking merge request refuses to merge, from its own fields (and approvals when available). */
async function reasonsFor(ctx: Context, v: Values, mr: MrState | undefined): Promise<string[]> {
  if (!mr) return [];
  const reasons: string[] = [];
  if (mr.state === 'merged')
    reasons.push(`it is already merged${mr.merge_commit_sha ? ` (merge commit ${shortSha(mr.merge_commit_sha)})` : ''}`);
  else if (mr.state === 'closed') reasons.push(`it is closed (reopen it with: ${commandLine(v, `mr reopen ${String(v.args.iid)}`)})`);
  else if (mr.state && mr.state !== 'opened' && mr.state !== 'reopened') reasons.push(`it is ${plain(mr.state)}`);
  if (mr.work_in_progress) reasons.push('it is marked as a draft (WIP): remove the prefix from its title first');
  if (mr.merge_status === 'cannot_be_merged')
    reasons.push(
      `its branch cannot be merged: ${mr.source_branch ? plain(mr.source_branch) : 'the source'} ` +
        `conflicts with ${mr.target_branch ? plain(mr.target_branch) : 'the target'}`,
    );
  if (reasons.length === 0) {
    const approvals = await tryFetch(() => readIn(ctx, `${fillPath(MR_PATH, pathValues(v))}/approvals`));
    // The spec's approvals_missing, GitLab's approvals_left: the dialect layer reads either.
    const missing = isObject(approvals) ? approvals.approvals_missing : undefined;
    if (typeof missing === 'number' && missing > 0) reasons.push(`it needs ${missing} more approval${missing === 1 ? '' : 's'}`);
  }
  return reasons;
}

/** Both readings of each status: what servers do, and what the spec's error table says. */
const READINGS: Record<number, string> = {
  405:
    'servers answer 405 when a merge request is closed, already merged, a draft (WIP) ' +
    'or must wait for its pipeline; the spec table also gives 405 `Branch cannot be ' +
    'merged` for conflicts',
  406:
    'servers answer 406 when the branch cannot be merged (conflicts, missing ' +
    'approvals); the spec table gives 406 for a merge request already merged or closed',
};

/** 405 or 406 on merge: not mergeable. Names the reason when the merge request shows one. */
export async function explainNotMergeable(ctx: Context, v: Values, err: CollabError, seen: Answer): Promise<ApiError> {
  const mr = (seen as MrState | undefined) ?? (await tryFetch(() => fetchMr(ctx, v)));
  const status = err instanceof ApiError ? err.status : undefined;
  const body = err instanceof ApiError ? err.body : undefined;
  const reasons = await reasonsFor(ctx, v, mr);
  const why =
    reasons.length > 0
      ? reasons.join('; ')
      : mr
        ? `the merge request shows no reason (state ${plain(mr.state ?? '?')}, merge_status ${plain(mr.merge_status ?? '?')})`
        : 'the server refused it';
  return new ApiError(`${err.message} — ${ref(v.args.iid)} was not merged: ${why}`, status, body, READINGS[status ?? 0]);
}
