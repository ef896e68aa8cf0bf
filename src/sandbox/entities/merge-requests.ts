import { ALIVE_STATUSES, COMPLETED_STATUSES } from '../../shared/ci-statuses.js';
import { projectAccess } from '../access.js';
import { approvedFor, ruleApproved, rulesOf } from '../approval-rules.js';
import { both, entity, extend, gitlab, lift, render, spec, type View, without } from '../entity.js';
import { DEVELOPER, type MergeRequest, type MrVersion, type User } from '../model.js';
import type { Store } from '../store.js';
import { unresolvedThreads } from '../threads.js';
import { iso, isoOrNull } from '../time.js';
import { COMMIT, commitOf, DIFF } from './commits.js';
import { ISSUABLE, milestoneOf, references, TIME_STATS, taskCompletion, userBasic, usersBasic, votes } from './common.js';
import { headPipelineOf, PIPELINE, PIPELINE_BASIC } from './pipelines.js';

/** The spec's work in progress: `WIP`, `Draft:`, `[Draft]`, `(Draft)` prefixes. */
const SPEC_DRAFT = /^\s*(\[wip\]|wip:|wip\b|\[draft\]|draft:|\(draft\))/i;
/** GitLab's draft prefixes since 16.0 (app/models/merge_request.rb, `DRAFT_REGEX`): WIP no longer counts. */
const GITLAB_DRAFT = /^\s*(\[draft\]|draft:|\(draft\))/i;

export const isDraft = (title: string, flavor: View['flavor']): boolean => (flavor === 'gitlab' ? GITLAB_DRAFT : SPEC_DRAFT).test(title);

export function mergeRequestWebUrl(store: Store, mr: MergeRequest): string {
  const project = store.projects.get(mr.projectId);
  return `${project ? store.projectWebUrl(project) : store.baseUrl}/merge_requests/${mr.iid}`;
}

/** Who was asked to review: those set with `reviewer_ids`, else those who approved and the assignee of an open one. */
export function reviewersOf(mr: MergeRequest): number[] {
  return mr.reviewerIds ?? [...new Set([...mr.approvedBy, ...(mr.state === 'opened' && mr.assigneeId != null ? [mr.assigneeId] : [])])];
}

/**
 * `MergeRequest#diff_head_pipeline_considered_in_progress?` (app/models/merge_request.rb): the head
 * pipeline an auto-merge waits for even when nothing else is pending — one not complete where the
 * project requires a pipeline to succeed, else one active or just created. With nothing pending
 * and no such pipeline, auto-merge is not available (`MergeWhenChecksPassService#availability_details`).
 */
export function headPipelineInProgress(store: Store, mr: MergeRequest): boolean {
  const status = headPipelineOf(store, mr)?.status;
  if (status === undefined) return false;
  if (store.projects.get(mr.projectId)?.features.only_allow_merge_if_pipeline_succeeds) return !COMPLETED_STATUSES.includes(status);
  return ALIVE_STATUSES.includes(status);
}

/**
 * GitLab's mergeability verdict (MergeRequests::Mergeability::DetailedMergeStatusService): the first
 * check that fails, in GitLab's order — `MergeRequest.mergeable_state_checks` (open, draft,
 * discussions; EE's approvals), then `mergeable_git_state_checks` (conflict, rebase) — with the
 * CI checks last: the service runs the others with `skip_ci_check` and reports the pipeline only
 * when everything else passes. Else `mergeable`.
 */
export function detailedMergeStatus(store: Store, mr: MergeRequest, flavor: View['flavor']): string {
  if (mr.state !== 'opened' && mr.state !== 'reopened') return 'not_open';
  if (mr.mergeStatus === 'unchecked') return 'unchecked';
  return failedCheck(store, mr, flavor) ?? ciCheck(store, mr) ?? 'mergeable';
}

/** The checks but CI's, in GitLab's order. */
function failedCheck(store: Store, mr: MergeRequest, flavor: View['flavor']): string | undefined {
  if (isDraft(mr.title, flavor)) return 'draft_status';
  const project = store.projects.get(mr.projectId);
  if (project?.features.only_allow_merge_if_all_discussions_are_resolved && unresolvedThreads(store, mr) > 0)
    return 'discussions_not_resolved';
  if (missingApprovals(mr) > 0) return 'not_approved';
  if (mr.mergeStatus === 'cannot_be_merged') return 'conflict';
  if (project && project.mergeMethod !== 'merge' && mr.divergedCommits > 0) return 'need_rebase';
  return undefined;
}

/** The pipeline a project requires, checked last (`CheckCiStatusService`). */
function ciCheck(store: Store, mr: MergeRequest): string | undefined {
  if (!store.projects.get(mr.projectId)?.features.only_allow_merge_if_pipeline_succeeds) return undefined;
  const status = headPipelineOf(store, mr)?.status;
  if (status === 'success') return undefined;
  return status !== undefined && ALIVE_STATUSES.includes(status) ? 'ci_still_running' : 'ci_must_pass';
}

const open = (mr: MergeRequest): boolean => mr.state === 'opened' || mr.state === 'reopened';
const forked = (mr: MergeRequest): boolean => mr.sourceProjectId !== mr.projectId;
const jobTimes = (store: Store, mr: MergeRequest, key: 'startedAt' | 'finishedAt'): string | null => {
  const pipeline = headPipelineOf(store, mr);
  if (!pipeline) return null;
  const times = store
    .projectJobs(pipeline.projectId)
    .filter((j) => j.pipelineId === pipeline.id && j[key] !== null)
    .map((j) => j[key] as number);
  const pick = key === 'startedAt' ? Math.min : Math.max;
  return times.length === 0 ? null : iso(times.reduce((a, b) => pick(a, b)));
};

/**
 * `MergeRequestBasic` (lib/api/entities/issuable_entity.rb, merge_request_basic.rb; EE adds
 * `approvals_before_merge`): merge request lists, an issue's `closed_by`.
 */
export const MERGE_REQUEST_BASIC = extend<MergeRequest, MergeRequest>(
  ISSUABLE,
  'MergeRequestBasic: lib/api/entities/merge_request_basic.rb',
  {
    merged_by: gitlab((mr, v) => userBasic(v, mr.mergedById)),
    // Who merged it, else who set it to merge when the pipeline succeeds (`metrics.merged_by || merge_user`).
    merge_user: gitlab((mr, v) => userBasic(v, mr.mergedById ?? (mr.mergeWhenPipelineSucceeds ? mr.autoMergeById : null) ?? null)),
    merged_at: gitlab((mr) => isoOrNull(mr.mergedAt)),
    closed_by: gitlab((mr, v) => userBasic(v, mr.closedById)),
    closed_at: gitlab((mr) => isoOrNull(mr.closedAt)),
    target_branch: both((mr) => mr.targetBranch),
    source_branch: both((mr) => mr.sourceBranch),
    user_notes_count: both((mr, v) => v.store.userNotesCount('MergeRequest', mr.id)),
    upvotes: both((mr) => votes(mr.awards, 'thumbsup')),
    downvotes: both((mr) => votes(mr.awards, 'thumbsdown')),
    author: both((mr, v) => userBasic(v, mr.authorId)),
    assignee: both((mr, v) => userBasic(v, mr.assigneeId)),
    assignees: both((mr, v) => usersBasic(v, mr.assigneeId == null ? [] : [mr.assigneeId])),
    reviewers: both((mr, v) => usersBasic(v, reviewersOf(mr))),
    source_project_id: both((mr) => mr.sourceProjectId),
    target_project_id: both((mr) => mr.projectId),
    labels: both((mr) => [...mr.labels]),
    draft: both((mr, v) => isDraft(mr.title, v.flavor)),
    imported: gitlab(() => false),
    imported_from: gitlab(() => 'none'),
    work_in_progress: both((mr, v) => isDraft(mr.title, v.flavor)),
    milestone: both((mr, v) => milestoneOf(v, mr.milestoneId)),
    merge_when_pipeline_succeeds: both((mr) => mr.mergeWhenPipelineSucceeds),
    merge_status: both((mr) => mr.mergeStatus),
    detailed_merge_status: both((mr, v) => detailedMergeStatus(v.store, mr, v.flavor)),
    merge_after: gitlab(() => null),
    sha: both((mr) => mr.sha),
    merge_commit_sha: both((mr) => mr.mergeCommitSha),
    squash_commit_sha: gitlab((mr) => mr.squashCommitSha ?? null),
    discussion_locked: both((mr) => mr.discussionLocked),
    should_remove_source_branch: both((mr) => mr.shouldRemoveSourceBranch),
    force_remove_source_branch: both((mr) => mr.forceRemoveSourceBranch),
    prepared_at: gitlab((mr) => iso(mr.createdAt)),
    allow_collaboration: gitlab(() => false, forked),
    allow_maintainer_to_push: gitlab(() => false, forked),
    reference: gitlab((mr) => `!${mr.iid}`),
    references: both((mr, v) => references(v.store, mr.projectId, `!${mr.iid}`)),
    web_url: both((mr, v) => mergeRequestWebUrl(v.store, mr)),
    time_stats: both((mr, v) => render(TIME_STATS, mr, v)),
    squash: both((mr) => mr.squash),
    squash_on_merge: gitlab((mr) => mr.squash),
    task_completion_status: gitlab((mr) => taskCompletion(mr.description)),
    has_conflicts: both((mr) => mr.mergeStatus === 'cannot_be_merged'),
    blocking_discussions_resolved: gitlab((mr, v) => {
      const required = v.store.projects.get(mr.projectId)?.features.only_allow_merge_if_all_discussions_are_resolved;
      return !required || unresolvedThreads(v.store, mr) === 0;
    }),
    approvals_before_merge: both((mr) => mr.approvalsBeforeMerge),
  },
  { optional: { title_html: 'only with render_html=true', description_html: 'only with render_html=true' } },
);

/** `MergeRequest` (lib/api/entities/merge_request.rb): one merge request, and the answer of every write to one. */
export const MERGE_REQUEST = extend<MergeRequest, MergeRequest>(
  MERGE_REQUEST_BASIC,
  'MergeRequest: lib/api/entities/merge_request.rb',
  {
    subscribed: both((mr, v) => (v.viewer ? mr.subscribers.has(v.viewer.id) : false)),
    changes_count: gitlab((mr) => String(mr.changes.length)),
    latest_build_started_at: gitlab((mr, v) => jobTimes(v.store, mr, 'startedAt')),
    latest_build_finished_at: gitlab((mr, v) => jobTimes(v.store, mr, 'finishedAt')),
    first_deployed_to_production_at: gitlab(() => null),
    pipeline: gitlab((mr, v) => {
      const pipeline = headPipelineOf(v.store, mr);
      return pipeline ? render(PIPELINE_BASIC, pipeline, v) : null;
    }),
    head_pipeline: both((mr, v) => {
      const pipeline = headPipelineOf(v.store, mr);
      return pipeline ? render(PIPELINE, pipeline, v) : null;
    }),
    diff_refs: gitlab((mr) => {
      const version = mr.versions[mr.versions.length - 1];
      return version ? { base_sha: version.base_commit_sha, head_sha: version.head_commit_sha, start_sha: version.start_commit_sha } : null;
    }),
    merge_error: gitlab((mr) => mr.mergeError),
    rebase_in_progress: gitlab(
      (mr) => mr.rebasing === true,
      (_mr, v) => v.rebaseInProgress === true,
    ),
    first_contribution: gitlab(() => false),
    user: gitlab((mr, v) => ({ can_merge: canMerge(v, mr) })),
  },
  {
    optional: {
      diverged_commits_count: 'only with include_diverged_commits_count=true',
    },
  },
);

function canMerge(view: View, mr: MergeRequest): boolean {
  const user = view.viewer;
  if (!user || !open(mr)) return false;
  const project = view.store.projects.get(mr.projectId);
  return project !== undefined && (user.admin || projectAccess(view.store, user, project) >= DEVELOPER);
}

/** `MergeRequestChanges` (lib/api/entities/merge_request_changes.rb): the merge request with its diffs. */
export const MERGE_REQUEST_CHANGES = extend<MergeRequest, MergeRequest>(
  MERGE_REQUEST,
  'MergeRequestChanges: lib/api/entities/merge_request_changes.rb',
  {
    changes: both((mr, v) => mr.changes.map((c) => render(DIFF, c, v))),
    overflow: gitlab(() => false),
  },
);

/** `view=simple` (MergeRequestSimple, lib/api/entities/merge_request_simple.rb): iid, URL, title, description and basic state. */
export const MERGE_REQUEST_SIMPLE = extend<MergeRequest, MergeRequest>(
  ISSUABLE,
  'MergeRequestSimple: lib/api/entities/merge_request_simple.rb',
  {
    web_url: both((mr, v) => mergeRequestWebUrl(v.store, mr)),
  },
);

type Version = { mr: MergeRequest; version: MrVersion };

/** `MergeRequestDiff` (lib/api/entities/merge_request_diff.rb): a version of a merge request's diff. */
export const MR_VERSION = entity<Version>('MergeRequestDiff: lib/api/entities/merge_request_diff.rb', {
  id: both(({ version }) => version.id),
  head_commit_sha: both(({ version }) => version.head_commit_sha),
  base_commit_sha: both(({ version }) => version.base_commit_sha),
  start_commit_sha: both(({ version }) => version.start_commit_sha),
  created_at: both(({ version }) => iso(version.created_at)),
  merge_request_id: both(({ mr }) => mr.id),
  state: both(({ version }) => version.state),
  real_size: both(({ version }) => version.real_size),
  patch_id_sha: gitlab(({ version }) => version.head_commit_sha),
});

/** `MergeRequestDiffFull` (lib/api/entities/merge_request_diff_full.rb): one version, with its commits and diffs. */
export const MR_VERSION_FULL = extend<Version, Version>(MR_VERSION, 'MergeRequestDiffFull: lib/api/entities/merge_request_diff_full.rb', {
  commits: both(({ mr }, v) => mr.commits.map((_, i) => render(COMMIT, commitOf(v.store, mr, i), v))),
  diffs: both(({ mr }, v) => mr.changes.map((c) => render(DIFF, c, v))),
});

type Approvals = { mr: MergeRequest; afterApprove: boolean };

/**
 * The approval state (EE's ApprovalState, ee/lib/ee/api/entities/approval_state.rb; CE's
 * MergeRequestApprovals, lib/api/entities/merge_request_approvals.rb). The spec names what is
 * missing `approvals_missing`, and `approvals_left` in the answer of an approval.
 */
export const APPROVALS = extend<Approvals, Approvals>(
  without(
    lift(MERGE_REQUEST_SIMPLE, (a: Approvals) => a.mr),
    ['web_url'],
  ),
  'ApprovalState: ee/lib/ee/api/entities/approval_state.rb',
  {
    merge_status: both(({ mr }) => mr.mergeStatus),
    approved: gitlab(({ mr }) => missingApprovals(mr) === 0),
    approvals_required: both(({ mr }) => mr.approvalsBeforeMerge ?? 0),
    approvals_missing: both(
      ({ mr }) => missingApprovals(mr),
      ({ afterApprove }, v) => v.flavor === 'gitlab' || !afterApprove,
    ),
    approvals_left: spec(
      ({ mr }) => missingApprovals(mr),
      ({ afterApprove }) => afterApprove,
    ),
    require_password_to_approve: gitlab(() => false),
    approved_by: both(({ mr }, v) => usersBasic(v, mr.approvedBy).map((user) => ({ user }))),
    suggested_approvers: gitlab(() => []),
    approvers: gitlab(() => []),
    approver_groups: gitlab(() => []),
    user_has_approved: gitlab(({ mr }, v) => (v.viewer ? mr.approvedBy.includes(v.viewer.id) : false)),
    user_can_approve: gitlab(({ mr }, v) => canApprove(v, mr)),
    approval_rules_left: gitlab(({ mr }) =>
      rulesOf(mr)
        .filter((rule) => !ruleApproved(mr, rule))
        .map((rule) => ({ id: rule.id, name: rule.name, rule_type: rule.ruleType })),
    ),
    has_approval_rules: gitlab(({ mr }) => (mr.approvalsBeforeMerge ?? 0) > 0),
    merge_request_approvers_available: gitlab(() => true),
    multiple_approval_rules_available: gitlab(() => true),
    invalid_approvers_rules: gitlab(() => []),
  },
);

/** `ApprovalState#approvals_left`: what each rule still lacks, summed. */
export const missingApprovals = (mr: MergeRequest): number =>
  rulesOf(mr).reduce((left, rule) => left + Math.max(0, rule.approvalsRequired - approvedFor(mr, rule).length), 0);

function canApprove(view: View, mr: MergeRequest): boolean {
  return canMerge(view, mr) && !mr.approvedBy.includes((view.viewer as User).id);
}
