import type { Column } from '../output/format.js';

export const namespaceColumns: Column[] = [
  { key: 'id', kind: 'number' },
  { key: 'kind' },
  { key: 'full_path', header: 'path' },
  { key: 'name' },
  { key: 'parent_id', header: 'parent' },
];
