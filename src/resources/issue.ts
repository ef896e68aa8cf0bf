import { type Columns, columnSet, withCard } from '../output/columns.js';
import { issueCard } from './issuable-cards.js';
import { ISSUE_FIELDS, MERGE_REQUEST_FIELDS, TIME_STATS_FIELDS, TODO_FIELDS, USER_AGENT_DETAIL_FIELDS } from './issue-fields.js';

export const ISSUE_STATES = ['opened', 'closed', 'all'] as const;
export const ISSUE_SCOPES = ['created-by-me', 'assigned-to-me', 'all'] as const;
export const ORDER_BY_CREATED_UPDATED = ['created_at', 'updated_at'] as const;
/** `state_event` of the edit endpoint (part 1 §4.2.2). */
export const ISSUE_STATE_EVENTS = ['close', 'reopen'] as const;

/** An issue list; a narrow table drops TASKS first, then ASSIGNEES, LABELS, UPDATED and STATE. */
export const issueColumns: Columns = withCard(
  columnSet(
    [
      { key: 'iid', header: 'IID', kind: 'ref', priority: 0 },
      { key: 'state', kind: 'state', priority: 1 },
      { key: 'title', kind: 'title', priority: 0 },
      { key: 'labels', kind: 'labels', priority: 2 },
      { key: 'assignees', kind: 'users', priority: 3 },
      { key: 'tasks', get: tasksDone, priority: 4 },
      { key: 'updated_at', header: 'updated', kind: 'date', priority: 1 },
    ],
    ISSUE_FIELDS,
  ),
  issueCard,
);

/** `2/5` from GitLab's task_completion_status; nothing for an issue without a task list. */
function tasksDone(issue: { task_completion_status?: { count?: unknown; completed_count?: unknown } }): string | undefined {
  const t = issue.task_completion_status;
  return typeof t?.count === 'number' && t.count > 0 ? `${String(t.completed_count ?? 0)}/${t.count}` : undefined;
}

export const timeStatsColumns: Columns = columnSet(
  [
    { key: 'time_estimate', header: 'estimate (s)' },
    { key: 'human_time_estimate', header: 'estimate' },
    { key: 'total_time_spent', header: 'spent (s)' },
    { key: 'human_total_time_spent', header: 'spent' },
  ],
  TIME_STATS_FIELDS,
);

/** A todo (part 1 §2.6): what it points at and its state. */
export const todoColumns: Columns = columnSet(
  [
    { key: 'id', kind: 'number' },
    { key: 'state', kind: 'state' },
    { key: 'action_name', header: 'action' },
    { key: 'target_type', header: 'type' },
    { key: 'body', kind: 'title' },
    { key: 'target_url', header: 'url' },
    { key: 'created_at', header: 'created', kind: 'date' },
  ],
  TODO_FIELDS,
);

/** Merge requests that close an issue (`issue closed-by`). */
export const closingMergeRequestColumns: Columns = columnSet(
  [
    { key: 'iid', header: 'IID', kind: 'ref' },
    { key: 'state', kind: 'state' },
    { key: 'title', kind: 'title' },
    { key: 'source_branch', header: 'source' },
    { key: 'target_branch', header: 'target' },
    { key: 'author', kind: 'users' },
    { key: 'updated_at', header: 'updated', kind: 'date' },
  ],
  MERGE_REQUEST_FIELDS,
);

/** User agent detail (part 1 §2.7). */
export const userAgentColumns: Columns = columnSet(
  [
    { key: 'user_agent', header: 'user agent' },
    { key: 'ip_address', header: 'ip address' },
    { key: 'spamfilter_submitted', header: 'spam filter', kind: 'bool' },
  ],
  USER_AGENT_DETAIL_FIELDS,
);
