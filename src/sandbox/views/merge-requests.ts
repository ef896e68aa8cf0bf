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

/** A merge request as part 2 §2.3 lists it; `single` adds `subscribed`. */
export function mergeRequestView(store: Store, mr: MergeRequest, viewer: User | null, single = false): Record<string, unknown> {
  const author = store.users.get(mr.authorId);
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
  };
  if (single) view.subscribed = viewer ? mr.subscribers.has(viewer.id) : false;
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
  return view;
}
