import { commandLine, type Values } from '../../executor/inputs.js';
import { isDraft } from '../../resources/mr.js';
import { isObject } from '../../shared/json.js';
import { shellLine } from '../../shell-quote.js';
import { plain, shortSha } from './shared.js';

/**
 * The fields of a merge request that explain what a merge did or why it did not happen. A type,
 * not an interface: an answer object (`Answer`) as the executor holds it in `v.seen`.
 */
export type MrState = {
  iid?: number;
  title?: string;
  state?: string;
  sha?: string | null;
  merge_status?: string;
  work_in_progress?: boolean;
  merge_when_pipeline_succeeds?: boolean;
  merge_commit_sha?: string | null;
  squash_commit_sha?: string | null;
  source_branch?: string;
  target_branch?: string;
  head_pipeline?: { id?: number; status?: string } | null;
  pipeline?: { id?: number; status?: string } | null;
  /** GitLab's verdict on the merge (`mergeable`, `conflict`, `not_approved`, …; the sandbox's spec flavour sends it too). */
  detailed_merge_status?: string;
  has_conflicts?: boolean;
  blocking_discussions_resolved?: boolean | null;
  draft?: boolean;
  /** GitLab: why the last merge attempt failed. */
  merge_error?: string | null;
  reviewers?: unknown[];
  web_url?: string;
};

/** Why the server will refuse the merge, and what the person can do next. */
export interface Blocker {
  why: string;
  next: string;
}

/**
 * A check GitLab runs before merging, failed, in words: `detailed_merge_status` as the REST API
 * writes it (doc/api/merge_requests.md; app/services/merge_requests/mergeability/*), and the
 * older names some versions wrote (`blocked_status`, `external_status_checks`).
 */
export const FAILED_CHECKS: Readonly<Record<string, string>> = {
  blocked_status: 'it is blocked by merge requests it depends on, not merged yet',
  merge_request_blocked: 'it is blocked by merge requests it depends on, not merged yet',
  requested_changes: 'a reviewer requested changes',
  commits_status: 'its source branch is gone or has no commits',
  external_status_checks: 'its external status checks have not passed',
  status_checks_must_pass: 'its external status checks have not passed',
  jira_association_missing: 'its title or description names no Jira issue, and the project requires one',
  title_regex: 'its title does not match the pattern the project requires',
  security_policy_violations: 'it violates a security policy of the project',
  security_policy_pipeline_check: 'the pipeline a security policy of the project requires has not succeeded',
  locked_paths: 'it changes paths locked by someone else',
  locked_lfs_files: 'it changes LFS files locked by someone else',
  merge_time: 'it may not merge before its merge-after time',
};

/** Statuses GitLab writes while it is still working the verdict out. */
export const TRANSIENT = new Set(['approvals_syncing', 'checking', 'preparing', 'unchecked']);

/** How this merge is judged (merge-rules.ts): what an auto-merge waits out, and whether approvals stop it. */
export interface Judged {
  auto: boolean;
  waits: ReadonlySet<string>;
  approvalsBlock: boolean;
}

const PIPELINE_FAILED = new Set(['failed', 'canceled', 'canceling']);

/** The approvals answer, read with either dialect's names (approvals_missing is the spec's, GitLab's approvals_left). */
export type Approvals = Record<string, unknown> | undefined;

/**
 * What certainly stops this merge, read from the merge request (GitLab's detailed_merge_status, and
 * the fields a spec server sends) and its approvals; undefined when the server may merge it.
 */
export function mergeBlocker(v: Values, mr: MrState, approvals: Approvals, rules: Judged): Blocker | undefined {
  const cmd = (verb: string) => commandLine(v, shellLine`mr ${verb} ${String(v.args.iid)}`);
  const status = mr.detailed_merge_status;
  const waited = (s: string) => rules.waits.has(s);
  const seeIt = `see it with: ${cmd('view')}`;
  if (mr.state === 'merged')
    return { why: `it is already merged${mr.merge_commit_sha ? ` (merge commit ${shortSha(mr.merge_commit_sha)})` : ''}`, next: seeIt };
  if (mr.state === 'closed') return { why: 'it is closed', next: `reopen it with: ${cmd('reopen')}` };
  if (mr.state && mr.state !== 'opened' && mr.state !== 'reopened') return { why: `it is ${plain(mr.state)}`, next: seeIt };
  if ((status === 'draft_status' || isDraft(mr)) && !waited('draft_status'))
    return { why: 'it is a draft', next: `mark it ready with: ${cmd('update')} --ready` };
  if (status === 'conflict' || status === 'broken_status' || mr.has_conflicts === true || mr.merge_status === 'cannot_be_merged')
    return {
      why: `${branch(mr.source_branch, 'its source branch')} conflicts with ${branch(mr.target_branch, 'its target branch')}`,
      next:
        `resolve the conflicts: ${cmd('checkout')}, rebase it onto ` +
        `${branch(mr.target_branch, 'the target branch')} (or merge that in), and push`,
    };
  if (status === 'need_rebase')
    return {
      why:
        `the project merges by fast-forward and ` +
        `${branch(mr.source_branch, 'its source branch')} is behind ` +
        `${branch(mr.target_branch, 'its target')}`,
      next: `rebase it on the server: ${cmd('rebase')}, then merge it: ${cmd('merge')}`,
    };
  if ((status === 'discussions_not_resolved' || mr.blocking_discussions_resolved === false) && !waited('discussions_not_resolved'))
    return {
      why: 'it has unresolved discussions and the project requires them resolved',
      next: `resolve them${typeof mr.web_url === 'string' ? ` at ${plain(mr.web_url)}` : `: ${cmd('view')}`}`,
    };
  const failed = pipelineBlocker(mr, rules.auto, cmd);
  if (failed) return failed;
  if (status !== undefined && waited(status)) return undefined;
  const missing = approvalsMissing(approvals);
  // The spec's server merges with approvals missing: only GitLab's refuses for them.
  if (rules.approvalsBlock && (status === 'not_approved' || (status === undefined && missing !== undefined && missing > 0)))
    return { why: notApproved(mr, approvals, missing), next: `once approved: ${cmd('merge')}, or now: ${cmd('merge')} --auto` };
  if (status === 'merge_time') return { why: FAILED_CHECKS.merge_time!, next: `let it merge then: ${cmd('merge')} --auto` };
  if (status !== undefined && FAILED_CHECKS[status]) return { why: FAILED_CHECKS[status], next: seeIt };
  return undefined;
}

/** The pipeline the project requires: failed, it stops even auto-merge; not finished, it stops a merge now. */
function pipelineBlocker(mr: MrState, auto: boolean, cmd: (words: string) => string): Blocker | undefined {
  const status = mr.detailed_merge_status;
  if (status !== 'ci_must_pass' && status !== 'ci_still_running') return undefined;
  const pipeline = mr.head_pipeline ?? mr.pipeline;
  const name = `its pipeline${pipeline?.id !== undefined ? ` #${plain(pipeline.id)}` : ''}`;
  if (pipeline?.status && PIPELINE_FAILED.has(pipeline.status))
    return {
      why: `${name} ${plain(pipeline.status)} and the project merges only after a successful pipeline`,
      next:
        `see the failed jobs${pipeline.id !== undefined ? ` (${shellLine`collab job list --pipeline ${plain(pipeline.id)} --scope failed`})` : ''}, ` +
        `fix them and push, or retry them (collab job retry)`,
    };
  if (auto) return undefined;
  const state = pipeline?.status
    ? `is ${plain(pipeline.status)}`
    : status === 'ci_still_running'
      ? 'is still running'
      : 'has not succeeded';
  return {
    why: `${name} ${state} and the project merges only after a successful pipeline`,
    next: `let it merge when the pipeline succeeds: ${cmd('merge')} --auto`,
  };
}

export function approvalsMissing(approvals: Approvals): number | undefined {
  const missing = approvals?.approvals_missing ?? approvals?.approvals_left;
  return typeof missing === 'number' ? missing : undefined;
}

const usernames = (list: unknown, pick: (e: Record<string, unknown>) => unknown): string[] =>
  (Array.isArray(list) ? list : [])
    .map((e) => (isObject(e) ? pick(e) : undefined))
    .filter(isObject)
    .map((u) => u.username)
    .filter((u): u is string => typeof u === 'string');

/** `it needs 1 more approval of 2 (approved by carol; not yet by reviewer root)`. */
function notApproved(mr: MrState, approvals: Approvals, missing: number | undefined): string {
  const required = approvals?.approvals_required;
  const approvedBy = usernames(approvals?.approved_by, (e) => e.user);
  const waiting = usernames(mr.reviewers, (e) => e).filter((u) => !approvedBy.includes(u));
  const rules = (Array.isArray(approvals?.approval_rules_left) ? approvals.approval_rules_left : [])
    .map((r) => (isObject(r) && typeof r.name === 'string' ? plain(r.name) : undefined))
    .filter((r): r is string => r !== undefined);
  const count =
    missing !== undefined
      ? `it needs ${missing} more approval${missing === 1 ? '' : 's'}${typeof required === 'number' ? ` of ${required}` : ''}`
      : 'it is not approved yet';
  const who = [
    approvedBy.length > 0 ? `approved by ${approvedBy.map(plain).join(', ')}` : 'no approvals yet',
    ...(waiting.length > 0 ? [`not yet by reviewer${waiting.length === 1 ? '' : 's'} ${waiting.map(plain).join(', ')}`] : []),
    ...(rules.length > 0 ? [`rules still to satisfy: ${rules.join(', ')}`] : []),
  ];
  return `${count} (${who.join('; ')})`;
}

const branch = (name: unknown, otherwise: string) => (typeof name === 'string' && name !== '' ? plain(name) : otherwise);
