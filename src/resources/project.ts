import { type Columns, columnSet, withCard } from '../output/columns.js';
import { projectCard } from './cards.js';
import { PROJECT_FIELDS, UPLOAD_FIELDS, USER_REF_FIELDS } from './project-fields.js';

export const VISIBILITIES = ['private', 'internal', 'public'] as const;
export const PROJECT_ORDER_BY = ['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at'] as const;

/** `import_status` values that end a fork's background copy. */
export const IMPORT_FINISHED = 'finished';
export const IMPORT_FAILED = 'failed';

/** A project list; a narrow table drops STARS first, then TOPICS, LAST ACTIVITY and VISIBILITY. */
export const projectColumns: Columns = withCard(
  columnSet(
    [
      { key: 'id', header: 'ID', kind: 'number', priority: 0 },
      { key: 'path_with_namespace', header: 'path', priority: 0 },
      { key: 'visibility', kind: 'state', priority: 1 },
      { key: 'topics', kind: 'labels', priority: 2 },
      { key: 'star_count', header: 'stars', kind: 'number', priority: 3 },
      { key: 'last_activity_at', header: 'last activity', kind: 'date', priority: 1 },
    ],
    PROJECT_FIELDS,
  ),
  projectCard,
);

/** A user reference (`GET /projects/:id/users`). */
export const projectUserColumns: Columns = columnSet(
  [{ key: 'id', header: 'ID', kind: 'number' }, { key: 'username' }, { key: 'name', kind: 'title' }, { key: 'state', kind: 'state' }],
  USER_REF_FIELDS,
);

/** `POST /projects/:id/uploads`. */
export const uploadColumns: Columns = columnSet([{ key: 'markdown' }, { key: 'url' }, { key: 'alt' }], UPLOAD_FIELDS);
