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
