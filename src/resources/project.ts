import { type Columns, columnSet } from '../output/columns.js';
import { PROJECT_FIELDS, UPLOAD_FIELDS, USER_REF_FIELDS } from './project-fields.js';

export const VISIBILITIES = ['private', 'internal', 'public'] as const;
export const PROJECT_ORDER_BY = ['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at'] as const;

/** `import_status` values that end a fork's background copy. */
export const IMPORT_FINISHED = 'finished';
export const IMPORT_FAILED = 'failed';

export const projectColumns: Columns = columnSet(
  [
    { key: 'id', header: 'ID', kind: 'number' },
    { key: 'path_with_namespace', header: 'path' },
    { key: 'visibility', kind: 'state' },
    { key: 'topics', kind: 'labels' },
    { key: 'star_count', header: 'stars', kind: 'number' },
    { key: 'last_activity_at', header: 'last activity', kind: 'date' },
  ],
  PROJECT_FIELDS,
);

/** A user reference (`GET /projects/:id/users`). */
export const projectUserColumns: Columns = columnSet(
  [{ key: 'id', header: 'ID', kind: 'number' }, { key: 'username' }, { key: 'name', kind: 'title' }, { key: 'state', kind: 'state' }],
  USER_REF_FIELDS,
);

/** `POST /projects/:id/uploads`. */
export const uploadColumns: Columns = columnSet([{ key: 'markdown' }, { key: 'url' }, { key: 'alt' }], UPLOAD_FIELDS);
