import { formatDuration } from '../durations.js';
import type { Issue, Milestone, TimeTracked, Todo, User } from '../model.js';
import type { Store } from '../store.js';
import { iso, isoOrNull } from '../time.js';
import { mergeRequestView } from './merge-requests.js';
import { projectSummary } from './projects.js';
import { userRef, userRefOrNull } from './users.js';

export function timeStatsView(item: TimeTracked): Record<string, unknown> {
  return {
    time_estimate: item.timeEstimate,
    total_time_spent: item.totalTimeSpent,
    human_time_estimate: formatDuration(item.timeEstimate),
    human_total_time_spent: formatDuration(item.totalTimeSpent),
  };
}

export function milestoneView(milestone: Milestone, withClosedAt: boolean): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: milestone.id,
    iid: milestone.iid,
    project_id: milestone.projectId,
    title: milestone.title,
    description: milestone.description,
    state: milestone.state,
    created_at: iso(milestone.createdAt),
    updated_at: iso(milestone.updatedAt),
    due_date: milestone.dueDate,
  };
  if (withClosedAt) view.closed_at = isoOrNull(milestone.closedAt);
  return view;
}

export function milestoneRef(store: Store, id: number | null, withClosedAt = false): Record<string, unknown> | null {
  const milestone = id == null ? undefined : store.milestones.get(id);
  return milestone ? milestoneView(milestone, withClosedAt) : null;
}

function fullPath(store: Store, projectId: number): string {
  const project = store.projects.get(projectId);
  return project ? store.projectFullPath(project) : '';
}

export function issueWebUrl(store: Store, issue: Issue): string {
  const project = store.projects.get(issue.projectId);
  return `${project ? store.projectWebUrl(project) : store.baseUrl}/issues/${issue.iid}`;
}

/** Checkboxes of a Markdown task list, as GitLab counts them. */
function taskCompletion(description: string): { count: number; completed_count: number } {
  const tasks = description.match(/^\s*[-*+] \[[ xX]\]/gm) ?? [];
  return { count: tasks.length, completed_count: tasks.filter((t) => /\[[xX]\]/.test(t)).length };
}

/**
 * An issue as part 1 §2.5 lists it, plus the fields GitLab always sends. `single` adds `subscribed` (relative to the viewer) and `_links`,
 * which list responses do not carry.
 */
export function issueView(store: Store, issue: Issue, viewer: User | null, single = false): Record<string, unknown> {
  const assignees = issue.assigneeIds
    .map((id) => store.users.get(id))
    .filter((u): u is User => u !== undefined)
    .map((u) => userRef(store, u));
  const view: Record<string, unknown> = {
    id: issue.id,
    iid: issue.iid,
    project_id: issue.projectId,
    title: issue.title,
    description: issue.description,
    state: issue.state,
    created_at: iso(issue.createdAt),
    updated_at: iso(issue.updatedAt),
    closed_at: isoOrNull(issue.closedAt),
    labels: [...issue.labels],
    milestone: milestoneRef(store, issue.milestoneId, single),
    assignees,
    assignee: assignees[0] ?? null,
    author: userRefOrNull(store, issue.authorId),
    user_notes_count: issue.userNotesCount,
    due_date: issue.dueDate,
    web_url: issueWebUrl(store, issue),
    confidential: issue.confidential,
    weight: issue.weight,
    discussion_locked: issue.discussionLocked,
    time_stats: timeStatsView(issue),
    references: { short: `#${issue.iid}`, relative: `#${issue.iid}`, full: `${fullPath(store, issue.projectId)}#${issue.iid}` },
    type: 'ISSUE',
    issue_type: 'issue',
    task_completion_status: taskCompletion(issue.description ?? ''),
  };
  if (single) {
    view.subscribed = viewer ? issue.subscribers.has(viewer.id) : false;
    const api = `${store.baseUrl}/api/v4/projects/${issue.projectId}`;
    view._links = {
      self: `${api}/issues/${issue.iid}`,
      notes: `${api}/issues/${issue.iid}/notes`,
      award_emoji: `${api}/issues/${issue.iid}/award_emoji`,
      project: api,
    };
  }
  return view;
}

export function todoView(store: Store, todo: Todo, viewer: User): Record<string, unknown> {
  const project = store.projects.get(todo.projectId);
  let target: Record<string, unknown> = {};
  let targetUrl = '';
  let body = '';
  if (todo.targetType === 'Issue') {
    const issue = store.issues.get(todo.targetId);
    if (issue) {
      target = {
        ...issueView(store, issue, viewer),
        upvotes: issue.awards.filter((a) => a.name === 'thumbsup').length,
        downvotes: issue.awards.filter((a) => a.name === 'thumbsdown').length,
      };
      targetUrl = issueWebUrl(store, issue);
      body = issue.title;
    }
  } else {
    const mr = store.mergeRequests.get(todo.targetId);
    if (mr) {
      target = mergeRequestView(store, mr, viewer);
      targetUrl = String(target.web_url);
      body = mr.title;
    }
  }
  return {
    id: todo.id,
    project: project ? projectSummary(store, project) : null,
    author: userRefOrNull(store, todo.authorId),
    action_name: 'marked',
    target_type: todo.targetType,
    target,
    target_url: targetUrl,
    body,
    state: todo.state,
    created_at: iso(todo.createdAt),
  };
}
