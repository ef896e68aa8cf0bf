import { type Columns, columnSet, type Fields } from '../output/columns.js';

/** A version of a merge request's diff; one version also carries its `commits` and `diffs`. */
export const MR_VERSION_FIELDS: Fields = {
  spec: [
    'id',
    'head_commit_sha',
    'base_commit_sha',
    'start_commit_sha',
    'created_at',
    'merge_request_id',
    'state',
    'real_size',
    'commits',
    'diffs',
  ],
  gitlab: ['patch_id_sha'],
};

export const mrVersionColumns: Columns = columnSet(
  [
    { key: 'id', header: 'ID', kind: 'number' },
    { key: 'state', kind: 'state' },
    { key: 'head_commit_sha', header: 'head' },
    { key: 'base_commit_sha', header: 'base' },
    { key: 'start_commit_sha', header: 'start' },
    { key: 'real_size', header: 'size' },
    { key: 'created_at', header: 'created', kind: 'date' },
  ],
  MR_VERSION_FIELDS,
);
