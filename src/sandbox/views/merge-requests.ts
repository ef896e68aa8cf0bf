import { inDialect } from '../dialect.js';
import type { MergeRequest, User } from '../model.js';
import type { Store } from '../store.js';
import { iso } from '../time.js';
import { milestoneRef, timeStatsView } from './issues.js';
import { userRef, userRefOrNull } from './users.js';

export const isWorkInProgress = (title: string): boolean => /^\s*(\[wip\]|wip:|wip\b|\[draft\]|draft:|\(draft\))/i.test(title);

export function mergeRequestWebUrl(store: Store, mr: MergeRequest): string {
  const project = store.projects.get(mr.projectId);
  return `${project ? store.projectWebUrl(project) : store.baseUrl}/merge_requests/${mr.iid}`;
}

/** The fields every merge request shape starts with (full, simple, approval status). */
function basics(mr: MergeRequest): Record<string, unknown> {
  return {
    id: mr.id,
    iid: mr.iid,
    project_id: mr.projectId,
    title: mr.title,
    description: mr.description,
    state: mr.state,
    created_at: iso(mr.createdAt),
    updated_at: iso(mr.updatedAt),
  };
}

/** GitLab's mergeability verdict (a subset of its values), from what the sandbox models. */
function detailedMergeStatus(mr: MergeRequest): string {
  if (mr.state !== 'opened' && mr.state !== 'reopened') return 'not_open';
  if (isWorkInProgress(mr.title)) return 'draft_status';
  if (mr.mergeStatus === 'cannot_be_merged') return 'conflict';
  if (mr.mergeStatus === 'unchecked') return 'unchecked';
  if ((mr.approvalsBeforeMerge ?? 0) > mr.approvedBy.length) return 'not_approved';
  return 'mergeable';
}

/** The latest pipeline of the source branch, as GitLab embeds it in a single merge request. */
function headPipeline(store: Store, mr: MergeRequest): Record<string, unknown> | null {
  let latest: { id: number; sha: string; ref: string; status: string } | undefined;
  for (const p of store.pipelines.values())
    if (p.projectId === mr.projectId && p.ref === mr.sourceBranch && (!latest || p.id > latest.id)) latest = p;
  if (!latest) return null;
  const project = store.projects.get(mr.projectId);
  return {
    id: latest.id,
    iid: latest.id,
    project_id: mr.projectId,
    sha: latest.sha,
    ref: latest.ref,
    status: latest.status,
    source: 'push',
    created_at: iso(mr.createdAt),
    updated_at: iso(mr.updatedAt),
    web_url: `${project ? store.projectWebUrl(project) : store.baseUrl}/-/pipelines/${latest.id}`,
    user: userRefOrNull(store, mr.authorId),
  };
}

/** Who was asked to review: those set with `reviewer_ids`, else those who approved and the assignee of an open one. */
export function reviewersOf(mr: MergeRequest): number[] {
  return mr.reviewerIds ?? [...new Set([...mr.approvedBy, ...(mr.state === 'opened' && mr.assigneeId != null ? [mr.assigneeId] : [])])];
}

/** A merge request as part 2 §2.3 lists it, plus the fields GitLab always sends; `single` adds `subscribed` and `head_pipeline`. */
export function mergeRequestView(store: Store, mr: MergeRequest, viewer: User | null, single = false): Record<string, unknown> {
  const author = store.users.get(mr.authorId);
  const project = store.projects.get(mr.projectId);
  const assignee = userRefOrNull(store, mr.assigneeId);
  const reviewerIds = reviewersOf(mr);
  const view: Record<string, unknown> = {
    ...basics(mr),
    target_branch: mr.targetBranch,
    source_branch: mr.sourceBranch,
    upvotes: mr.awards.filter((a) => a.name === 'thumbsup').length,
    downvotes: mr.awards.filter((a) => a.name === 'thumbsdown').length,
    author: author ? userRef(store, author) : null,
    assignee: userRefOrNull(store, mr.assigneeId),
    source_project_id: mr.sourceProjectId,
    target_project_id: mr.projectId,
    labels: [...mr.labels],
    work_in_progress: isWorkInProgress(mr.title),
    milestone: milestoneRef(store, mr.milestoneId),
    merge_when_pipeline_succeeds: mr.mergeWhenPipelineSucceeds,
    merge_status: mr.mergeStatus,
    sha: mr.sha,
    merge_commit_sha: mr.mergeCommitSha,
    user_notes_count: mr.userNotesCount,
    approvals_before_merge: mr.approvalsBeforeMerge,
    should_remove_source_branch: mr.shouldRemoveSourceBranch,
    force_remove_source_branch: mr.forceRemoveSourceBranch,
    squash: mr.squash,
    web_url: mergeRequestWebUrl(store, mr),
    discussion_locked: mr.discussionLocked,
    time_stats: timeStatsView(mr),
    assignees: assignee ? [assignee] : [],
    reviewers: reviewerIds.map((id) => userRefOrNull(store, id)).filter((u) => u !== null),
    draft: isWorkInProgress(mr.title),
    detailed_merge_status: detailedMergeStatus(mr),
    has_conflicts: mr.mergeStatus === 'cannot_be_merged',
    references: { short: `!${mr.iid}`, relative: `!${mr.iid}`, full: `${project ? store.projectFullPath(project) : ''}!${mr.iid}` },
  };
  if (single) {
    view.subscribed = viewer ? mr.subscribers.has(viewer.id) : false;
    view.head_pipeline = headPipeline(store, mr);
  }
  return view;
}

/** `view=simple`: iid, URL, title, description and basic state. */
export function mergeRequestSimpleView(store: Store, mr: MergeRequest): Record<string, unknown> {
  return {
    ...basics(mr),
    web_url: mergeRequestWebUrl(store, mr),
  };
}

export function approvalsView(store: Store, mr: MergeRequest, afterApprove: boolean): Record<string, unknown> {
  const required = mr.approvalsBeforeMerge ?? 0;
  const missing = Math.max(0, required - mr.approvedBy.length);
  const view: Record<string, unknown> = {
    ...basics(mr),
    merge_status: mr.mergeStatus,
    approvals_required: required,
  };
  if (afterApprove) view.approvals_left = missing;
  else view.approvals_missing = missing;
  view.approved_by = mr.approvedBy
    .map((id) => store.users.get(id))
    .filter((u): u is User => u !== undefined)
    .map((u) => ({ user: userRef(store, u) }));
  return inDialect(store.flavor, view);
}
