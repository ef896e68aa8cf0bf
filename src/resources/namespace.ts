import { type Columns, columnSet, type Fields } from '../output/columns.js';

/** A namespace (user or group). */
export const NAMESPACE_FIELDS: Fields = {
  spec: ['id', 'name', 'path', 'kind', 'full_path', 'parent_id', 'members_count_with_descendants', 'plan'],
  gitlab: [
    'avatar_url',
    'web_url',
    'billable_members_count',
    'end_date',
    'trial_ends_on',
    'trial',
    'root_repository_size',
    'projects_count',
    'max_seats_used',
    'seats_in_use',
  ],
};

export const namespaceColumns: Columns = columnSet(
  [
    { key: 'id', kind: 'number' },
    { key: 'kind' },
    { key: 'full_path', header: 'path' },
    { key: 'name' },
    { key: 'parent_id', header: 'parent' },
  ],
  NAMESPACE_FIELDS,
);
