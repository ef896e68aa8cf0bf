import { type Column, type Columns, columnSet, type Fields } from '../output/columns.js';

/**
 * GitLab's releases (doc/api/releases/_index.md), outside the spec's API: a release
 * (lib/api/entities/release.rb) and its asset links (lib/api/entities/releases/link.rb).
 */
export const RELEASE_FIELDS: Fields = {
  spec: [],
  gitlab: [
    'name',
    'tag_name',
    'description',
    'description_html',
    'created_at',
    'released_at',
    'upcoming_release',
    'author',
    'commit',
    'milestones',
    'commit_path',
    'tag_path',
    'assets',
    'evidences',
    '_links',
  ],
};

export const RELEASE_LINK_FIELDS: Fields = {
  spec: [],
  gitlab: ['id', 'name', 'url', 'direct_asset_url', 'link_type', 'external', 'filepath'],
};

/** The number of asset links a release carries (its archives left out). */
const linkCount = (r: { assets?: { links?: unknown } }) => (Array.isArray(r.assets?.links) ? r.assets.links.length : undefined);

export const releaseColumns: Columns = columnSet(
  [
    { key: 'tag_name', header: 'tag', priority: 0 },
    { key: 'name', kind: 'title' },
    { key: 'released_at', header: 'released', kind: 'date' },
    { key: 'links', get: linkCount, kind: 'number', priority: 3 },
    { key: 'author', kind: 'users', priority: 2 },
  ],
  RELEASE_FIELDS,
);

export const releaseLinkColumns: Columns = columnSet(
  [{ key: 'id', header: 'ID', kind: 'number' }, { key: 'name', kind: 'title' }, { key: 'link_type', header: 'type' }, { key: 'url' }],
  RELEASE_LINK_FIELDS,
);

/** What `release upload` prints per file: the file, its package and link, the SHA-256 and the URL. */
export const RELEASE_UPLOAD_RESULT: Column[] = columnSet(
  [{ key: 'file', kind: 'title' }, { key: 'size', kind: 'number' }, { key: 'sha256' }, { key: 'url' }],
  { spec: [], gitlab: ['file', 'name', 'size', 'sha256', 'gitlab_sha256', 'url', 'direct_asset_url', 'link_id', 'package', 'version'] },
);

/** What `release download` prints per asset with -o. */
export const RELEASE_DOWNLOAD_RESULT: Column[] = columnSet([], { spec: [], gitlab: ['path', 'tag', 'asset', 'url', 'size', 'sha256'] });
