import { type Column, type Columns, columnSet } from '../output/format.js';

export const ISSUE_STATES = ['opened', 'closed', 'all'] as const;
export const ISSUE_SCOPES = ['created-by-me', 'assigned-to-me', 'all'] as const;
export const ORDER_BY_CREATED_UPDATED = ['created_at', 'updated_at'] as const;
export const SORT = ['asc', 'desc'] as const;
/** `state_event` of the edit endpoint (part 1 §4.2.2). */
export const ISSUE_STATE_EVENTS = ['close', 'reopen'] as const;

export const issueColumns: Columns = columnSet([
  { key: 'iid', header: 'IID', kind: 'ref' },
  { key: 'state', kind: 'state' },
  { key: 'title', kind: 'title' },
  { key: 'labels', kind: 'labels' },
  { key: 'assignees', kind: 'users', priority: 3 },
  { key: 'tasks', get: tasksDone, priority: 3 },
  { key: 'updated_at', header: 'updated', kind: 'date' },
], ['id', 'iid', 'project_id', 'title', 'description', 'state', 'created_at', 'updated_at', 'closed_at', 'closed_by', 'labels', 'milestone', 'assignees', 'assignee', 'author', 'user_notes_count', 'merge_requests_count', 'upvotes', 'downvotes', 'due_date', 'web_url', 'confidential', 'weight', 'discussion_locked', 'time_stats', 'references', 'type', 'issue_type', 'task_completion_status', 'has_tasks', 'task_status', 'subscribed', '_links', 'moved_to_id', 'service_desk_reply_to', 'blocking_issues_count', 'severity', 'health_status', 'epic', 'epic_iid', 'iteration', 'imported', 'imported_from']);

/** `2/5` from GitLab's task_completion_status; nothing for an issue without a task list. */
function tasksDone(issue: { task_completion_status?: { count?: unknown; completed_count?: unknown } }): string | undefined {
  const t = issue.task_completion_status;
  return typeof t?.count === 'number' && t.count > 0 ? `${String(t.completed_count ?? 0)}/${t.count}` : undefined;
}

export const timeStatsColumns: Column[] = [
  { key: 'time_estimate', header: 'estimate (s)' },
  { key: 'human_time_estimate', header: 'estimate' },
  { key: 'total_time_spent', header: 'spent (s)' },
  { key: 'human_total_time_spent', header: 'spent' },
];

/** A todo (part 1 §2.6): what it points at and its state. */
export const todoColumns: Column[] = [
  { key: 'id', kind: 'number' },
  { key: 'state', kind: 'state' },
  { key: 'action_name', header: 'action' },
  { key: 'target_type', header: 'type' },
  { key: 'body', kind: 'title' },
  { key: 'target_url', header: 'url' },
  { key: 'created_at', header: 'created', kind: 'date' },
];

/** Merge requests that close an issue (`issue closed-by`). */
export const closingMergeRequestColumns: Column[] = [
  { key: 'iid', header: 'IID', kind: 'number' },
  { key: 'state', kind: 'state' },
  { key: 'title', kind: 'title' },
  { key: 'source_branch', header: 'source' },
  { key: 'target_branch', header: 'target' },
  { key: 'author', kind: 'users' },
  { key: 'updated_at', header: 'updated', kind: 'date' },
];

/** User agent detail (part 1 §2.7). */
export const userAgentColumns: Column[] = [
  { key: 'user_agent', header: 'user agent' },
  { key: 'ip_address', header: 'ip address' },
  { key: 'spamfilter_submitted', header: 'spam filter', kind: 'bool' },
];
