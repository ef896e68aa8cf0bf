import { type Card, type CardLayout, comments, span, text, whoWhen } from '../output/card.js';
import { type Columns, columnSet, type Fields, withCard } from '../output/columns.js';
import { common, due, ended, ISSUABLE_HEAD, type Issuable, reference, state, tasks } from './issuable-common.js';

/** An issue (part 1 §2.5): lists, views and every write that answers with the issue; `subscribed` and `_links` in single answers. */
export const ISSUE_FIELDS: Fields = {
  spec: [
    ...ISSUABLE_HEAD,
    'closed_at',
    'labels',
    'milestone',
    'assignees',
    'assignee',
    'author',
    'user_notes_count',
    'due_date',
    'web_url',
    'confidential',
    'weight',
    'discussion_locked',
    'time_stats',
    'references',
    'type',
    'issue_type',
    'task_completion_status',
    'subscribed',
    '_links',
  ],
  gitlab: [
    'closed_by',
    'merge_requests_count',
    'upvotes',
    'downvotes',
    'has_tasks',
    'task_status',
    'moved_to_id',
    'service_desk_reply_to',
    'blocking_issues_count',
    'severity',
    'health_status',
    'epic',
    'epic_iid',
    'iteration',
    'imported',
    'imported_from',
  ],
};

/** Time tracking (part 1 §2.5): estimate and time spent. */
export const TIME_STATS_FIELDS: Fields = {
  spec: ['time_estimate', 'total_time_spent', 'human_time_estimate', 'human_total_time_spent'],
};

/** What a spam check saw of an issue's author (part 1 §2.7). */
export const USER_AGENT_DETAIL_FIELDS: Fields = {
  spec: ['user_agent', 'ip_address', 'spamfilter_submitted'],
};

interface Issue extends Issuable {
  due_date?: string | null;
}

export const issueCard: CardLayout<Issue> = {
  card: (issue, _extra, now): Card => ({
    title: String(issue.title ?? ''),
    reference: reference(issue, '#'),
    status: [
      state(issue.state),
      issue.confidential ? span('Confidential', 'failed') : undefined,
      whoWhen(issue.author, 'opened', issue.created_at, now),
      ended(issue, now),
      comments(issue.user_notes_count),
    ],
    fields: [
      ...common(issue),
      { label: 'Milestone', value: text(issue.milestone?.title) },
      { label: 'Due', value: due(issue.due_date, now) },
      { label: 'Tasks', value: tasks(issue) },
    ],
    body: { text: issue.description, what: 'description' },
    url: issue.web_url,
  }),
};

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

/** User agent detail (part 1 §2.7). */
export const userAgentColumns: Columns = columnSet(
  [
    { key: 'user_agent', header: 'user agent' },
    { key: 'ip_address', header: 'ip address' },
    { key: 'spamfilter_submitted', header: 'spam filter', kind: 'bool' },
  ],
  USER_AGENT_DETAIL_FIELDS,
);

/**
 * Issues closed on merge: project issues by iid, as every list shows them (their full reference
 * when they are in another project), or with an external tracker `{id, title}`.
 */
export const closesIssueColumns: Columns = columnSet(
  [
    { key: 'issue', kind: 'ref', get: (i: { iid?: number; id?: unknown }) => i.iid ?? i.id },
    { key: 'state', kind: 'state' },
    { key: 'title', kind: 'title' },
    { key: 'web_url', header: 'url' },
  ],
  ISSUE_FIELDS,
);
