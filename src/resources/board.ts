import { type Columns, columnSet } from '../output/columns.js';
import { BOARD_FIELDS, BOARD_LIST_FIELDS } from './issue-fields.js';

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
