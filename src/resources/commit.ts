import { type Columns, columnSet, type Fields } from '../output/columns.js';

/** A commit of a merge request. */
export const COMMIT_FIELDS: Fields = {
  spec: ['id', 'short_id', 'title', 'message', 'author_name', 'author_email', 'created_at'],
  gitlab: [
    'parent_ids',
    'authored_date',
    'committer_name',
    'committer_email',
    'committed_date',
    'trailers',
    'extended_trailers',
    'web_url',
  ],
};

export const mrCommitColumns: Columns = columnSet(
  [
    { key: 'short_id', header: 'commit' },
    { key: 'title', kind: 'title' },
    { key: 'author_name', header: 'author' },
    { key: 'created_at', header: 'created', kind: 'date' },
  ],
  COMMIT_FIELDS,
);
