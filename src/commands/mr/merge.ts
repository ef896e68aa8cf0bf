import { isMovedWriteRefusal } from '../../api/moved-projects.js';
import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { ApiError, CollabError, UsageError } from '../../errors.js';
import { pathValues } from '../../executor/endpoint.js';
import { readIn } from '../../executor/host-dialect.js';
import { type ArgSpec, commandLine, type FlagSpec, type Values } from '../../executor/inputs.js';
import { defineCommand } from '../../executor/spec.js';
import { objectName, titled } from '../../output/names.js';
import { mrColumns } from '../../resources/mr.js';
import { isObject } from '../../shared/json.js';
import { shellLine } from '../../shell-quote.js';
import { type Approvals, approvalsMissing, type MrState, mergeBlocker } from './merge-blockers.js';
import {
  approvalsFor,
  explainNotMergeable,
  explainShaMismatch,
  explainUnauthorized,
  fetchMr,
  MERGE_PERMISSION_HINT,
  tryFetch,
} from './merge-errors.js';
import { type MergeRules, mergeRules, refusesNothingToWait, waitsForNothing } from './merge-rules.js';
import { iidArg, MR_PATH, plain, ref, shortSha } from './shared.js';

function branches(mr: MrState): string {
  return mr.source_branch && mr.target_branch ? ` (${plain(mr.source_branch)} → ${plain(mr.target_branch)})` : '';
}

const mergeFlags = [
  { name: 'message', short: 'm', param: 'merge_commit_message', type: 'string', description: 'merge commit message' },
  {
    name: 'remove-source-branch',
    param: 'should_remove_source_branch',
    type: 'bool',
    description: 'delete the source branch after merging',
  },
  {
    name: 'when-pipeline-succeeds',
    param: 'merge_when_pipeline_succeeds',
    type: 'bool',
    description: "merge once the pipeline succeeds instead of now (GitLab's auto-merge; --auto for short)",
  },
  {
    name: 'auto',
    param: false,
    type: 'bool',
    description: 'set it to merge by itself once its pipeline succeeds (and, on GitLab, its approvals are given)',
  },
  { name: 'sha', type: 'string', value: '<sha>', description: 'merge only if the source branch head is this commit' },
  { name: 'squash', type: 'bool', description: "squash the source branch's commits into one as it merges (GitLab)" },
  {
    name: 'squash-message',
    param: 'squash_commit_message',
    type: 'string',
    description: 'the message of the squashed commit (implies --squash; GitLab)',
  },
  {
    name: 'sha-from-view',
    param: false,
    type: 'bool',
    negatable: true,
    description: 'read the merge request first and merge only its current head (default on a terminal)',
  },
] as const satisfies readonly FlagSpec[];

/** Its values: `seen` is the merge request as read before merging (to confirm it, or to pin its head). */
type MergeValues = Values<typeof mergeFlags, readonly ArgSpec[], MrState>;

/** --auto, or its long name --when-pipeline-succeeds. */
const auto = (v: MergeValues) => v.flags.auto === true || v.flags['when-pipeline-succeeds'] === true;

/**
 * The merge request as read before merging, refused here when the server is certain to refuse it:
 * nobody is asked, nothing is sent (exit 1, with the reason and the way forward).
 */
function refuseIfBlocked(v: MergeValues, mr: MrState, approvals: Approvals, rules: MergeRules): void {
  const blocker = mergeBlocker(v, mr, approvals, rules);
  if (blocker) throw new CollabError(`${ref(v.args.iid)} cannot be merged: ${blocker.why}; nothing was sent`, 1, blocker.next);
  if (rules.auto && waitsForNothing(mr) && refusesNothingToWait(rules, mr)) throw nothingToWaitFor(v, rules, true);
}

/** `--auto` on a merge request that waits for nothing, where GitLab refuses it (405: `refusesNothingToWait`). */
function nothingToWaitFor(v: Values, rules: MergeRules, unsent: boolean, err?: CollabError): ApiError {
  const where = rules.version ? `GitLab ${rules.version.join('.')}` : 'this GitLab';
  const prefix = err ? `${err.message} — ` : '';
  return new ApiError(
    `${prefix}${ref(v.args.iid)} has nothing to wait for: it can be merged now, and ${where} sets no auto-merge then` +
      `${unsent ? '; nothing was sent' : ''}`,
    err instanceof ApiError ? err.status : undefined,
    err instanceof ApiError ? err.body : undefined,
    `merge it now: ${commandLine(v, shellLine`mr merge ${String(v.args.iid)}`)}`,
  );
}

/**
 * Decides which head to merge. `--sha` is taken as given; `--sha-from-view` (the default when a
 * person is at the terminal) reads the merge request first and pins its current head, so the
 * server refuses the merge (409) if someone pushes in between.
 */
const pinsFromView = (ctx: Context, v: MergeValues) =>
  v.flags.sha === undefined && (v.flags['sha-from-view'] ?? (ctx.io.stdinIsTTY && ctx.io.stdoutIsTTY));

/**
 * Decides which head to merge. `--sha` is taken as given; `--sha-from-view` (the default when a
 * person is at the terminal) pins the head read before merging (the one the confirmation showed),
 * so the server refuses the merge (409) if someone pushes in between.
 */
async function pinHead(ctx: Context, v: MergeValues): Promise<{ sha?: string; seen?: MrState }> {
  const given = v.flags.sha;
  const confirmed = v.seen;
  if (given !== undefined && v.flags['sha-from-view'] === true) throw new UsageError('--sha and --sha-from-view cannot be used together');
  if (given !== undefined) return { sha: given, seen: confirmed };
  if (!pinsFromView(ctx, v)) return { seen: confirmed };
  const seen = confirmed ?? (await fetchMr(ctx, v));
  if (!confirmed) refuseIfBlocked(v, seen, await approvalsFor(ctx, v, seen), await mergeRules(ctx, v, auto(v), true));
  if (typeof seen.sha !== 'string' || seen.sha === '') {
    ctx.notice(`Merge request ${ref(v.args.iid)} shows no head SHA: merging without pinning it`);
    return { seen };
  }
  if (!confirmed)
    ctx.notice(`Merging ${ref(v.args.iid)}${seen.title ? ` "${plain(seen.title)}"` : ''}${branches(seen)} at ${shortSha(seen.sha)}`);
  return { sha: seen.sha, seen };
}

/**
 * What the merge would do, shown before the question: branches, status, the head it pins, the
 * approvals missing (read here) and the pipeline. A merge the server is certain to refuse stops
 * here instead, before anyone is asked.
 */
async function mergeDetails(ctx: Context, seen: MrState | undefined, v: MergeValues): Promise<string[]> {
  const mr = seen ?? {};
  const read = await tryFetch(() => readIn(ctx, `${fillPath(MR_PATH, pathValues(v))}/approvals`));
  const approvals = isObject(read) ? read : undefined;
  const rules = await mergeRules(ctx, v, auto(v), true);
  refuseIfBlocked(v, mr, approvals, rules);
  const lines: string[] = [];
  if (mr.source_branch && mr.target_branch) lines.push(`  ${plain(mr.source_branch)} → ${plain(mr.target_branch)}`);
  const status = mr.detailed_merge_status ?? mr.merge_status;
  if (status) lines.push(`  merge status: ${plain(status)}`);
  const sha = v.flags.sha ?? (typeof mr.sha === 'string' ? mr.sha : undefined);
  if (v.flags.sha !== undefined || pinsFromView(ctx, v))
    lines.push(sha ? `  head ${shortSha(sha)}, pinned: a push after this makes the merge fail` : '  head unknown: not pinned');
  else lines.push(`  head ${sha ? shortSha(sha) : 'unknown'}, not pinned (--no-sha-from-view)`);
  const missing = approvalsMissing(approvals);
  lines.push(`  approvals: ${typeof missing === 'number' ? (missing > 0 ? `${missing} missing` : 'none missing') : 'unknown'}`);
  const pipeline = mr.head_pipeline ?? mr.pipeline;
  lines.push(
    `  pipeline: ${pipeline?.status ? `${plain(pipeline.status)}${pipeline.id !== undefined ? ` (#${plain(pipeline.id)})` : ''}` : 'none'}`,
  );
  if (auto(v))
    lines.push(
      waitsForNothing(mr) && rules.flavor !== 'spec'
        ? '  nothing to wait for: GitLab merges it at once'
        : '  merges by itself when the pipeline succeeds (auto-merge)',
    );
  if (v.params.squash === true) lines.push("  squashes the source branch's commits into one");
  return lines;
}

/**
 * --squash (and --squash-message, which implies it) is GitLab's: `squash` and
 * `squash_commit_message` of `PUT …/merge` (lib/api/merge_requests.rb). The spec's merge takes
 * neither, and a server of its dialect would merge unsquashed: exit 2 there, nothing sent.
 */
async function squashOnlyOnGitlab(ctx: Context, v: MergeValues): Promise<void> {
  if (v.flags['squash-message'] !== undefined) v.params.squash = true;
  if (v.params.squash !== true || (await ctx.flavor()) !== 'spec') return;
  throw new UsageError(
    `${v.flags.squash ? '--squash' : '--squash-message'} needs GitLab: this server speaks the spec's API, whose merge does not squash`,
    'if it is GitLab: collab config set flavor gitlab --host <url>',
  );
}

async function runMerge(ctx: Context, v: MergeValues): Promise<void> {
  const pinned = await pinHead(ctx, v);
  const { seen } = pinned;
  // Whenever the merge request was read, the merge is judged on its head: sent (GitLab's
  // require_sha_for_merge wants it), unless --no-sha-from-view said not to.
  const read = v.flags['sha-from-view'] !== false && typeof seen?.sha === 'string' && seen.sha !== '' ? seen.sha : undefined;
  const sha = pinned.sha ?? read;
  // What explains a refusal (`explain` below): the head pinned, the merge request as it was seen.
  if (sha !== undefined) v.params.sha = sha;
  if (auto(v)) v.params.merge_when_pipeline_succeeds = true;
  v.seen = seen;
  const path = `${fillPath(MR_PATH, pathValues(v))}/merge`;
  const { data: mr, status } = await ctx.api().request<MrState>({ method: 'PUT', path, body: v.params });
  const iid = ref(v.args.iid);
  const printer = ctx.printer();
  if (mr?.state === 'merged') {
    if (!printer.brief) await printer.object(mr, mrColumns);
    const squashed = typeof mr.squash_commit_sha === 'string' ? `, squashed into ${shortSha(mr.squash_commit_sha)}` : '';
    const commit = (mr.merge_commit_sha ? ` as ${shortSha(mr.merge_commit_sha)}` : '') + squashed;
    const into = mr.source_branch && mr.target_branch ? `: ${plain(mr.source_branch)} → ${plain(mr.target_branch)}` : '';
    ctx.success(`Merged ${titled(iid, objectName(mr))}${into}${commit}`);
    return;
  }
  if (mr?.merge_when_pipeline_succeeds === true) {
    if (!printer.brief) await printer.object(mr, mrColumns);
    ctx.success(
      `${titled(iid, objectName(mr))} will merge when the pipeline succeeds (cancel with: ` +
        `${commandLine(v, shellLine`mr cancel-auto-merge ${String(v.args.iid)}`)})`,
    );
    return;
  }
  // A 200 is not a merge: only the state in the answer says what happened.
  throw new ApiError(
    `${iid} was not merged: the server answered ${status} but the merge request is ${mr?.state ? plain(mr.state) : 'in an unknown state'}` +
      `${mr?.merge_status ? ` (merge_status ${plain(mr.merge_status)})` : ''}`,
    status,
    mr,
    `check it with: ${commandLine(v, shellLine`mr view ${String(v.args.iid)}`)}`,
  );
}

export const merge = defineCommand({
  name: 'merge',
  aliases: ['accept'],
  summary: 'Merge a merge request, pinned to the head you saw',
  description:
    'Merge (accept) a merge request. On a terminal it shows the branches, the merge ' +
    'status, the head it pins, the approvals missing and the pipeline status, and ' +
    'asks; elsewhere it needs --yes. ' +
    'A merge request the server is certain to refuse (closed, a draft, conflicts, ' +
    'approvals or a required pipeline missing, unresolved discussions, a rebase ' +
    'needed, …) is not asked about: exit 1 with the reason and the next step, nothing sent. ' +
    'With --sha, or --sha-from-view (the default on a terminal), the server merges ' +
    'only if the source branch head is still that commit (otherwise 409, nothing merged). ' +
    'A merge that the server accepts without merging is reported as scheduled (--auto) or as a failure.',
  examples: [
    'collab mr merge 3 -p acme/platform/api',
    'collab mr merge 3 --sha 1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c --remove-source-branch --yes',
    'collab mr merge 3 --sha-from-view --auto --message "Merge feature X" --yes',
    'collab mr merge 3 --squash --squash-message "Add feature X" --yes',
    'collab mr merge   # the merge request of the branch checked out',
  ],
  args: [iidArg],
  project: 'required',
  flags: mergeFlags,
  prepare: squashOnlyOnGitlab,
  // What runMerge prints (and so -o, --fields and --jq apply).
  columns: mrColumns,
  confirm: {
    mode: 'yes',
    read: fetchMr,
    details: mergeDetails,
    question: (v, title) => `Merge ${titled(ref(v.args.iid), title)} in ${v.project}?`,
  },
  effect: 'write',
  run: runMerge,
  explain: {
    401: (ctx, v, err) => explainUnauthorized(ctx, v, err, 'merge', MERGE_PERMISSION_HINT, v.seen !== undefined),
    400: (_ctx, v, err) => shaRequired(v, err),
    405: (ctx, v, err) => notMerged(ctx, v, err),
    406: (ctx, v, err) => notMerged(ctx, v, err),
    422: (ctx, v, err) => notMerged(ctx, v, err),
    409: (ctx, v, err) => explainShaMismatch(ctx, v, err, v.params.sha as string | undefined, 'merged', 'merge'),
  },
  bulk: 'iid',
});

/**
 * A refused merge explained. A write by a moved project's old path is the client's to resolve
 * (src/api/moved-projects.ts), never a merge check; `--auto` on one that waits for nothing is
 * said as such.
 */
async function notMerged(ctx: Context, v: MergeValues, err: CollabError): Promise<Error | undefined> {
  if (isMovedWriteRefusal(err)) return undefined;
  const rules = await mergeRules(ctx, v, auto(v));
  const mr = (await tryFetch(() => fetchMr(ctx, v))) ?? v.seen;
  if (rules.auto && rules.flavor !== 'spec' && mr && waitsForNothing(mr) && mr.state !== 'merged')
    return nothingToWaitFor(v, rules, false, err);
  return explainNotMergeable(ctx, v, err, mr, rules);
}

/**
 * GitLab 19.2+ lets a group require the head SHA with every merge (`require_sha_for_merge`): a
 * merge without one is 400 "SHA must be provided when merging".
 */
function shaRequired(v: MergeValues, err: CollabError): string | undefined {
  if (!/SHA must be provided/i.test(err.message)) return undefined;
  return (
    `this group requires the head SHA with every merge (require_sha_for_merge): pin it with ` +
    `${commandLine(v, shellLine`mr merge ${String(v.args.iid)}`)} --sha-from-view, or --sha <head>`
  );
}
