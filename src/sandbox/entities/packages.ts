import { projectAccess } from '../access.js';
import type { Package, PackageFile } from '../ci-state.js';
import { entity, gitlab, type View } from '../entity.js';
import { MAINTAINER } from '../model.js';
import { iso, isoOrNull } from '../time.js';

const projectPath = (v: View, projectId: number): string => {
  const project = v.store.projects.get(projectId);
  return project ? v.store.projectFullPath(project) : '';
};

const canDestroy = (p: Package, v: View): boolean => {
  const project = v.store.projects.get(p.projectId);
  return v.viewer !== null && project !== undefined && (v.viewer.admin || projectAccess(v.store, v.viewer, project) >= MAINTAINER);
};

/**
 * `Package` (lib/api/entities/package.rb): a project's packages and one package; `versions` only for
 * one package (`unless: collection`), `_links.delete_api_path` for those who may delete it.
 */
export const PACKAGE = entity<Package>(
  'Package: lib/api/entities/package.rb',
  {
    id: gitlab((p) => p.id),
    name: gitlab((p) => p.name),
    version: gitlab((p) => p.version),
    package_type: gitlab((p) => p.packageType),
    status: gitlab((p) => p.status),
    _links: gitlab((p, v) => ({
      web_path: `/${projectPath(v, p.projectId)}/-/packages/${p.id}`,
      ...(canDestroy(p, v) ? { delete_api_path: `${v.store.baseUrl}/api/v4/projects/${p.projectId}/packages/${p.id}` } : {}),
    })),
    created_at: gitlab((p) => iso(p.createdAt)),
    last_downloaded_at: gitlab((p) => isoOrNull(p.lastDownloadedAt)),
    tags: gitlab(() => []),
    versions: gitlab(
      (p, v) =>
        [...v.store.ci.packages.values()]
          .filter((o) => o.projectId === p.projectId && o.name === p.name && o.id !== p.id && o.status === 'default')
          .map((o) => ({ id: o.id, version: o.version, created_at: iso(o.createdAt), tags: [] })),
      (_, v) => v.single === true,
    ),
  },
  {
    optional: {
      conan_package_name: 'Conan packages only (the sandbox has generic packages)',
      project_id: 'group package lists only (GET /groups/:id/packages, not served)',
      project_path: 'group package lists only',
      pipeline: 'packages published by a CI job with build info (the sandbox records none)',
      pipelines: 'the same',
    },
  },
);

/** `PackageFile` (lib/api/entities/package_file.rb): `GET /projects/:id/packages/:package_id/package_files`. */
export const PACKAGE_FILE = entity<PackageFile>(
  'PackageFile: lib/api/entities/package_file.rb',
  {
    id: gitlab((f) => f.id),
    package_id: gitlab((f) => f.packageId),
    created_at: gitlab((f) => iso(f.createdAt)),
    file_name: gitlab((f) => f.fileName),
    size: gitlab((f) => f.size),
    file_md5: gitlab((f) => f.md5),
    file_sha1: gitlab((f) => f.sha1),
    file_sha256: gitlab((f) => f.sha256),
  },
  { optional: { pipelines: 'files published by a CI job with build info (the sandbox records none)' } },
);

/**
 * The answer of a generic package upload with `select=package_file`: the Packages::PackageFile
 * record as JSON (lib/api/generic_packages.rb `present response[:package_file]`; the keys of
 * doc/user/packages/generic_packages/index.md's example, with the columns GitLab 17 added).
 */
export const PACKAGE_FILE_RECORD = entity<PackageFile & { projectId: number }>(
  'Packages::PackageFile (as_json): doc/user/packages/generic_packages/index.md',
  {
    id: gitlab((f) => f.id),
    package_id: gitlab((f) => f.packageId),
    created_at: gitlab((f) => iso(f.createdAt)),
    updated_at: gitlab((f) => iso(f.createdAt)),
    size: gitlab((f) => f.size),
    file_store: gitlab(() => 1),
    file_md5: gitlab((f) => f.md5),
    file_sha1: gitlab((f) => f.sha1),
    file_name: gitlab((f) => f.fileName),
    file: gitlab((f) => ({
      url: `/${f.sha256.slice(0, 2)}/${f.sha256.slice(2, 4)}/${f.sha256}/packages/${f.packageId}/files/${f.id}/${f.fileName}`,
    })),
    file_sha256: gitlab((f) => f.sha256),
    verification_retry_at: gitlab(() => null),
    verified_at: gitlab(() => null),
    verification_failure: gitlab(() => null),
    verification_retry_count: gitlab(() => null),
    verification_checksum: gitlab(() => null),
    verification_state: gitlab(() => 0),
    verification_started_at: gitlab(() => null),
    status: gitlab(() => 'default'),
    file_final_path: gitlab(() => null),
    project_id: gitlab((f) => f.projectId),
    new_file_path: gitlab(() => null),
  },
);
