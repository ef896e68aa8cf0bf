import { type Columns, columnSet, type Fields } from '../output/columns.js';

/** A to-do item (part 1 §2.6), with the issue or merge request as `target`. */
export const TODO_FIELDS: Fields = {
  spec: ['id', 'project', 'author', 'action_name', 'target_type', 'target', 'target_url', 'body', 'state', 'created_at'],
  gitlab: ['group', 'updated_at'],
};

/** A todo (part 1 §2.6): what it points at and its state. */
export const issueTodoColumns: Columns = columnSet(
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

export const mergeRequestTodoColumns: Columns = columnSet(
  [
    { key: 'project', get: (t: { project?: { path_with_namespace?: string } }) => t.project?.path_with_namespace },
    { key: 'target', get: (t: { target?: { iid?: number } }) => (t.target?.iid !== undefined ? `!${t.target.iid}` : undefined) },
  ],
  TODO_FIELDS,
);

interface TodoLike {
  project?: { path_with_namespace?: string } | null;
  target_type?: string;
  target?: { iid?: number; title?: string; references?: { full?: string } } | null;
  body?: string;
}

/** What a to-do is about, as `collab issue view` and `collab mr view` take it: `acme/api#3`, `acme/api!7`. */
function targetRef(t: TodoLike): string | undefined {
  const full = t.target?.references?.full;
  if (typeof full === 'string') return full;
  const sigil = t.target_type === 'MergeRequest' ? '!' : t.target_type === 'Issue' ? '#' : undefined;
  const iid = t.target?.iid;
  return sigil && iid !== undefined ? `${t.project?.path_with_namespace ?? ''}${sigil}${iid}` : t.target_type;
}

/** ` (Crash on save)`: the title of what a to-do answered is about, for its one line. */
export function todoTitle(todo: unknown): string {
  const t = todo as TodoLike | undefined;
  const title = t?.target?.title ?? t?.body;
  return typeof title === 'string' && title.trim() !== '' ? ` (${title})` : '';
}

/** `todo list`: which, about what, why, by whom, when. */
export const todoListColumns: Columns = columnSet(
  [
    { key: 'id', header: 'ID', kind: 'number', priority: 0 },
    { key: 'target', header: 'ref', kind: 'ref', get: targetRef, priority: 0 },
    { key: 'action_name', header: 'action', priority: 1 },
    { key: 'title', get: (t: TodoLike) => t.target?.title ?? t.body, kind: 'title', priority: 0 },
    { key: 'author', kind: 'users', priority: 2 },
    { key: 'state', kind: 'state', priority: 3 },
    { key: 'created_at', header: 'created', kind: 'date', priority: 1 },
  ],
  TODO_FIELDS,
);
