import { type Columns, columnSet } from '../output/columns.js';
import { NAMESPACE_FIELDS } from './project-fields.js';

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
