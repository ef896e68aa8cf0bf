import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { ApiError, AuthError, type CollabError, UsageError } from '../../errors.js';
import { mrColumns } from '../../resources/mr.js';
import { pathValues } from '../execute.js';
import { type FlagSpec, type Values, defineCommand } from '../spec.js';
import { type MrState, explainNotMergeable, explainShaMismatch, explainUnauthorized, fetchMr } from './explain.js';
import { MR_PATH, iidArg, plain, ref, shortSha } from './shared.js';

const MERGE_PERMISSION_HINT = 'merging needs Developer access or more, and protected target branches may allow only Maintainers';

function branches(mr: MrState): string {
  return mr.source_branch && mr.target_branch ? ` (${plain(mr.source_branch)} → ${plain(mr.target_branch)})` : '';
}

const mergeFlags = [
  { name: 'message', short: 'm', param: 'merge_commit_message', type: 'string', description: 'merge commit message' },
  { name: 'remove-source-branch', param: 'should_remove_source_branch', type: 'bool', description: 'delete the source branch after merging' },
  {
    name: 'when-pipeline-succeeds',
    param: 'merge_when_pipeline_succeeds',
    type: 'bool',
    description: 'merge once the pipeline succeeds instead of now',
  },
  { name: 'sha', type: 'string', value: '<sha>', description: 'merge only if the source branch head is this commit' },
  {
    name: 'sha-from-view',
    param: false,
    type: 'bool',
    negatable: true,
    description: 'read the merge request first and merge only its current head (default on a terminal)',
  },
] as const satisfies readonly FlagSpec[];

type MergeValues = Values<typeof mergeFlags>;

/**
 * Decides which head to merge. `--sha` is taken as given; `--sha-from-view` (the default when a
 * person is at the terminal) reads the merge request first and pins its current head, so the
 * server refuses the merge (409) if someone pushes in between.
 */
async function pinHead(ctx: Context, v: MergeValues): Promise<{ sha?: string; seen?: MrState }> {
  const given = v.flags.sha;
  const fromView = v.flags['sha-from-view'];
  if (given !== undefined && fromView === true) throw new UsageError('--sha and --sha-from-view cannot be used together');
  if (given !== undefined) return { sha: given };
  const interactive = ctx.io.stdinIsTTY && ctx.io.stdoutIsTTY;
  if (!(fromView ?? interactive)) return {};
  const seen = await fetchMr(ctx, v);
  if (typeof seen.sha !== 'string' || seen.sha === '') {
    ctx.notice(`merge request ${ref(v.args.iid)} shows no head sha: merging without pinning it`);
    return { seen };
  }
  ctx.notice(`merging ${ref(v.args.iid)}${seen.title ? ` "${plain(seen.title)}"` : ''}${branches(seen)} at ${shortSha(seen.sha)}`);
  return { sha: seen.sha, seen };
}

async function runMerge(ctx: Context, v: MergeValues): Promise<void> {
  const { sha, seen } = await pinHead(ctx, v);
  const body: Record<string, unknown> = { ...v.params };
  if (sha !== undefined) body.sha = sha;
  const path = `${fillPath(MR_PATH, pathValues(v))}/merge`;
  let mr: MrState;
  let status: number;
  try {
    const res = await ctx.api().request<MrState>({ method: 'PUT', path, body });
    mr = res.data;
    status = res.status;
  } catch (err) {
    if (err instanceof AuthError)
      throw await explainUnauthorized(ctx, v, err, 'merge', MERGE_PERMISSION_HINT, seen !== undefined);
    if (err instanceof ApiError && (err.status === 405 || err.status === 406)) throw await explainNotMergeable(ctx, v, err, seen);
    if (err instanceof ApiError && err.status === 409) throw await explainShaMismatch(ctx, v, err, sha, 'merged', 'merge');
    throw err;
  }
  const iid = ref(v.args.iid);
  if (mr?.state === 'merged') {
    await ctx.printer().object(mr, mrColumns);
    const commit = mr.merge_commit_sha ? ` as ${shortSha(mr.merge_commit_sha)}` : '';
    ctx.notice(`merged ${iid}${branches(mr)}${commit}`);
    return;
  }
  if (mr?.merge_when_pipeline_succeeds === true) {
    await ctx.printer().object(mr, mrColumns);
    ctx.notice(`${iid} will merge when the pipeline succeeds (cancel with: collab mr cancel-auto-merge ${String(v.args.iid)})`);
    return;
  }
  // A 200 is not a merge: only the state in the answer says what happened.
  throw new ApiError(
    `${iid} was not merged: the server answered ${status} but the merge request is ${mr?.state ? plain(mr.state) : 'in an unknown state'}` +
      `${mr?.merge_status ? ` (merge_status ${plain(mr.merge_status)})` : ''}`,
    status,
    mr,
    `check it with: collab mr view ${String(v.args.iid)}`,
  );
}

export const merge = defineCommand({
  name: 'merge',
  aliases: ['accept'],
  summary: 'Merge a merge request, pinned to the head you saw',
  description:
    'Merge (accept) a merge request. With --sha, or --sha-from-view (the default on a terminal), the server merges only if the source branch head is still that commit (otherwise 409, nothing merged). ' +
    'A merge that the server accepts without merging is reported as scheduled (--when-pipeline-succeeds) or as a failure.',
  examples: [
    'collab mr merge 3 -p acme/platform/api',
    'collab mr merge 3 --sha 1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c --remove-source-branch',
    'collab mr merge 3 --sha-from-view --when-pipeline-succeeds --message "Merge feature X"',
  ],
  args: [iidArg],
  project: 'required',
  flags: mergeFlags,
  // What runMerge prints (and so -o, --fields and --jq apply).
  columns: mrColumns,
  run: runMerge,
});

export const cancelAutoMerge = defineCommand({
  name: 'cancel-auto-merge',
  summary: 'Cancel "merge when the pipeline succeeds"',
  description:
    'Cancel "merge when the pipeline succeeds". The spec routes this as PUT, GitLab as POST: collab sends what the host speaks (its flavour, see `collab config set flavor`).',
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
    405: (_ctx, v, err) => notCancelled(v, err, 'is already merged or closed: there is no pending merge to cancel'),
    406: (_ctx, v, err) => notCancelled(v, err, 'is not set to merge when the pipeline succeeds: nothing to cancel'),
  },
  done: (v) => `cancelled the automatic merge of ${ref(v.args.iid)}`,
});

function notCancelled(v: Values, err: CollabError, why: string): ApiError {
  return new ApiError(`${err.message} — ${ref(v.args.iid)} ${why}`, err instanceof ApiError ? err.status : undefined, err instanceof ApiError ? err.body : undefined);
}
