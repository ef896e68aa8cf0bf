import { type Column, type Columns, columnSet, type Fields } from '../output/columns.js';

/**
 * GitLab's package registry (doc/api/packages.md), outside the spec's API: a package
 * (lib/api/entities/package.rb) and a package file (lib/api/entities/package_file.rb).
 */
export const PACKAGE_FIELDS: Fields = {
  spec: [],
  gitlab: [
    'id',
    'name',
    'conan_package_name',
    'version',
    'package_type',
    'status',
    '_links',
    'created_at',
    'last_downloaded_at',
    'project_id',
    'project_path',
    'tags',
    'pipeline',
    'pipelines',
    'versions',
  ],
};

export const PACKAGE_FILE_FIELDS: Fields = {
  spec: [],
  gitlab: ['id', 'package_id', 'created_at', 'file_name', 'size', 'file_md5', 'file_sha1', 'file_sha256', 'pipelines'],
};

export const packageColumns: Columns = columnSet(
  [
    { key: 'id', header: 'ID', kind: 'number' },
    { key: 'name', kind: 'title' },
    { key: 'version' },
    { key: 'package_type', header: 'type' },
    { key: 'status', kind: 'state' },
    { key: 'created_at', header: 'created', kind: 'date' },
  ],
  PACKAGE_FIELDS,
);

/**
 * What `package upload` prints per file: the file, where it went, and both SHA-256s (the file's, as
 * collab read it, and GitLab's, from its package file), which are checked equal.
 */
export const UPLOAD_RESULT: Column[] = columnSet(
  [{ key: 'file', kind: 'title' }, { key: 'file_name' }, { key: 'size', kind: 'number' }, { key: 'sha256' }],
  // The keys of the record collab builds, of a command GitLab alone serves.
  {
    spec: [],
    gitlab: ['file', 'package', 'version', 'file_name', 'size', 'sha256', 'gitlab_sha256', 'package_id', 'package_file_id', 'url'],
  },
);

/** What `package download` prints with -o: where the file went, its size and SHA-256. */
export const DOWNLOAD_RESULT: Column[] = columnSet([], { spec: [], gitlab: ['path', 'package', 'version', 'file_name', 'size', 'sha256'] });
