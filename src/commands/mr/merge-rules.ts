import type { Context } from '../../context.js';
import { CancelError } from '../../errors.js';
import type { Values } from '../../executor/inputs.js';
import { ALIVE_STATUSES } from '../../shared/ci-statuses.js';
import type { Flavor } from '../../shared/flavor.js';
import { isObject } from '../../shared/json.js';

/**
 * What the server refuses a merge for, by its dialect and version:
 * - the spec's merge refuses conflicts (cannot be merged), a closed or merged one and a wrong
 *   `sha`; approvals missing do not stop it (its sample server merges `approvals_missing` 2);
 * - GitLab's auto-merge waits out what `skipped_mergeable_checks` skips
 *   (app/services/auto_merge/base_service.rb; "merge when checks pass", default since 17.4,
 *   doc/user/project/merge_requests/auto_merge.md): drafts, unresolved threads, blocking merge
 *   requests, requested changes, external status checks, merge time, locked paths, security
 *   policies — besides the pipeline and approvals, all an older GitLab's auto-merge waited for.
 * - `--auto` with nothing to wait for: GitLab 17 answers 405, GitLab 18 merges at once.
 */
export interface MergeRules {
  auto: boolean;
  /** `detailed_merge_status` values an auto-merge waits out (empty without --auto). */
  waits: ReadonlySet<string>;
  /** Approvals missing stop the merge (GitLab); the spec's server merges anyway. */
  approvalsBlock: boolean;
  flavor?: Flavor;
  /** GitLab's `major.minor`, when it was asked. */
  version?: readonly [number, number];
}

const PIPELINE_WAITS = ['ci_must_pass', 'ci_still_running', 'not_approved', 'merge_time'];
const CHECKS_WAITS = [
  ...PIPELINE_WAITS,
  'draft_status',
  'discussions_not_resolved',
  'blocked_status',
  'merge_request_blocked',
  'requested_changes',
  'external_status_checks',
  'status_checks_must_pass',
  'locked_paths',
  'locked_lfs_files',
  'security_policy_pipeline_check',
  'security_policy_violations',
  // Transient: GitLab is still working it out; an auto-merge waits for that too.
  'approvals_syncing',
  'checking',
  'preparing',
  'unchecked',
];

const atLeast = (v: readonly [number, number] | undefined, major: number, minor: number) =>
  v !== undefined && (v[0] > major || (v[0] === major && v[1] >= minor));

/** GitLab's version (`GET /version`: "17.6.1-ee"), or undefined where it does not say. */
async function gitlabVersion(ctx: Context): Promise<readonly [number, number] | undefined> {
  let data: unknown;
  try {
    data = (await ctx.api().request({ method: 'GET', path: '/version' })).data;
  } catch (err) {
    if (err instanceof CancelError) throw err;
  }
  const text = isObject(data) ? data.version : undefined;
  const m = typeof text === 'string' ? /^(\d+)\.(\d+)/.exec(text) : null;
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

/**
 * The rules for this merge. `detect`: the dialect may be learnt now (a terminal, where the merge
 * request is read anyway); otherwise what is known already decides (unknown: GitLab's rules).
 */
export async function mergeRules(ctx: Context, v: Values, auto: boolean, detect = false): Promise<MergeRules> {
  let flavor = v.flavor ?? ctx.settings.flavor();
  if (flavor === undefined && detect) flavor = await ctx.flavor().catch(() => undefined);
  const version = auto && flavor !== 'spec' ? await gitlabVersion(ctx) : undefined;
  // Unknown version: refuse no more than the newest GitLab does.
  const waits = !auto ? [] : flavor === 'spec' || (version !== undefined && !atLeast(version, 17, 4)) ? PIPELINE_WAITS : CHECKS_WAITS;
  return { auto, waits: new Set(waits), approvalsBlock: flavor !== 'spec', flavor, version };
}

/** A head pipeline that ended without success: `pipeline_allows_merge?` / `immediately_mergeable?` say no. */
const ENDED_UNSUCCESSFUL = ['failed', 'canceled', 'skipped'];

/**
 * Whether this server refuses (405) an auto-merge with nothing to wait for. With no auto-merge
 * strategy available, lib/api/merge_requests.rb merges at once where the head pipeline succeeded
 * (`immediately_mergeable?`: `diff_head_pipeline_success?`; later `pipeline_allows_merge?`), on
 * every version; refuses where it failed, was canceled or skipped; and where there is none, refuses
 * before 18 and merges since. The spec's server sets it; an unknown version is left to the server.
 */
export function refusesNothingToWait(rules: MergeRules, mr: { head_pipeline?: { status?: string } | null }): boolean {
  if (rules.flavor === 'spec' || rules.version === undefined) return false;
  const status = mr.head_pipeline?.status;
  if (status === undefined) return !atLeast(rules.version, 18, 0);
  return ENDED_UNSUCCESSFUL.includes(status);
}

/**
 * Nothing for an auto-merge to wait for: mergeable now, and no head pipeline in progress. GitLab
 * offers auto-merge on a mergeable merge request while its head pipeline runs
 * (`MergeWhenChecksPassService#availability_details`, `MergeRequest#diff_head_pipeline_considered_in_progress?`;
 * where the project requires a pipeline, one not complete leaves it `ci_still_running` or `ci_must_pass`).
 */
export const waitsForNothing = (mr: { detailed_merge_status?: string; head_pipeline?: { status?: string } | null }): boolean =>
  mr.detailed_merge_status === 'mergeable' && !ALIVE_STATUSES.includes(mr.head_pipeline?.status ?? '');
