import { type Columns, columnSet, type Fields } from '../output/columns.js';
import { ISSUE_FIELDS } from './issue.js';

/** An issue board with its lists. */
export const BOARD_FIELDS: Fields = {
  spec: ['id', 'project', 'milestone', 'lists'],
  gitlab: ['name', 'hide_backlog_list', 'hide_closed_list', 'group', 'assignee', 'labels', 'weight', 'iteration'],
};

/** A list of an issue board. */
export const BOARD_LIST_FIELDS: Fields = {
  spec: ['id', 'label', 'position'],
  gitlab: ['max_issue_count', 'max_issue_weight', 'limit_metric', 'assignee', 'milestone', 'iteration'],
};

interface BoardListLike {
  label?: { name?: string } | null;
  position?: number;
}

/** A board's lists as `label, label` in position order (the API sends them ordered already). */
function listLabels(board: { lists?: BoardListLike[] }): string {
  return (board.lists ?? [])
    .slice()
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map((l) => l.label?.name ?? '?')
    .join(', ');
}

export const boardColumns: Columns = columnSet(
  [
    { key: 'id', kind: 'number' },
    { key: 'project.path_with_namespace', header: 'project' },
    { key: 'milestone.title', header: 'milestone' },
    { key: 'lists', get: listLabels },
  ],
  BOARD_FIELDS,
);

export const boardListColumns: Columns = columnSet(
  [
    { key: 'id', kind: 'number' },
    { key: 'position', kind: 'number' },
    { key: 'label.name', header: 'label' },
    { key: 'label.color', header: 'color' },
    { key: 'label.description', header: 'description' },
  ],
  BOARD_LIST_FIELDS,
);

/** `board view` piped: an issue a line, after the column it is in. */
export const boardIssueColumns: Columns = columnSet(
  [{ key: 'list' }, { key: 'iid', header: 'IID', kind: 'number' }, { key: 'title', kind: 'title' }, { key: 'assignees', kind: 'users' }],
  // An issue as lists send it: without a single issue's `subscribed`; GitLab's lists send `_links` too.
  {
    spec: ['list', 'list_id', ...ISSUE_FIELDS.spec.filter((f) => f !== 'subscribed' && f !== '_links')],
    gitlab: [...(ISSUE_FIELDS.gitlab ?? []), '_links'],
  },
);
