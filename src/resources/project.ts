import type { Column } from '../output/format.js';

export const VISIBILITIES = ['private', 'internal', 'public'] as const;
export const PROJECT_ORDER_BY = ['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at'] as const;
export const SORT = ['asc', 'desc'] as const;

/** `import_status` values that end a fork's background copy. */
export const IMPORT_FINISHED = 'finished';
export const IMPORT_FAILED = 'failed';

export const projectColumns: Column[] = [
  { key: 'id', header: 'ID', kind: 'number' },
  { key: 'path_with_namespace', header: 'path' },
  { key: 'visibility', kind: 'state' },
  { key: 'topics', kind: 'labels' },
  { key: 'star_count', header: 'stars', kind: 'number' },
  { key: 'last_activity_at', header: 'last activity', kind: 'date' },
];

/** A user reference (`GET /projects/:id/users`). */
export const projectUserColumns: Column[] = [
  { key: 'id', header: 'ID', kind: 'number' },
  { key: 'username' },
  { key: 'name', kind: 'title' },
  { key: 'state', kind: 'state' },
];

/** `POST /projects/:id/uploads`. */
export const uploadColumns: Column[] = [{ key: 'markdown' }, { key: 'url' }, { key: 'alt' }];
