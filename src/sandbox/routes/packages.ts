import { PACKAGE_ORDER_BY, PACKAGE_STATUSES, PACKAGE_TYPES } from '../../shared/package-values.js';
import { pathTraversal } from '../../shared/path-traversal.js';
import { canReadProject, requireUser } from '../access.js';
import { ciProject, requireRole, roleOn } from '../ci-access.js';
import type { Package, PackageFile } from '../ci-state.js';
import type { Ctx } from '../context.js';
import { PACKAGE, PACKAGE_FILE, PACKAGE_FILE_RECORD } from '../entities/packages.js';
import { show } from '../entity.js';
import { forbidden, HttpError, notFound } from '../errors.js';
import { enumParam, sortItems } from '../filters.js';
import { DEVELOPER, MAINTAINER, type Project, REPORTER } from '../model.js';
import { openFile, openFileRange, removeFile, storeStream } from '../package-files.js';
import { paginate } from '../pagination.js';
import { created, json, noContent, type Reply } from '../reply.js';
import type { RouteTable } from '../router.js';

/**
 * GitLab's generic packages (lib/api/generic_packages.rb, doc/user/packages/generic_packages) and
 * a project's packages (lib/api/project_packages.rb, doc/api/packages.md), GitLab flavour only.
 * Uploads stream to a file under the sandbox's data directory (package-files.ts) and downloads
 * stream from it, with Range. GitLab takes the CI job token on all of them (`job_token_allowed:
 * true`; doc/ci/jobs/ci_job_token.md "Packages API", "Package registry").
 */

/** Gitlab::Regex::Packages: `generic_package_name_regex` (= `maven_file_name_regex`), `…_version_regex`, `…_file_name_regex`. */
const NAME_RE = /^[A-Za-z0-9._\-+]+$/;
const VERSION_RE = /^(?!.*\.\.)[\w+.-]+$/;
const FILE_NAME_RE = /^(?!~)[A-Za-z0-9._+~-]+(?<!~)$/;

/** Grape's answer for the path parameters, in their order: `{"error":"package_name is invalid, …"}`. */
function checkPathParams(ctx: Ctx): void {
  const errors: string[] = [];
  const check = (name: string, re: RegExp | undefined, filePath: boolean) => {
    const value = ctx.path[name];
    if (value === undefined) return;
    if (re && !re.test(value)) errors.push(`${name} is invalid`);
    // API::Validations::Validators::FilePath (Gitlab::PathTraversal).
    else if (filePath && pathTraversal(value)) errors.push(`${name} should be a valid file path`);
  };
  check('package_name', NAME_RE, true);
  check('package_version', VERSION_RE, false);
  check('path', undefined, true);
  check('file_name', FILE_NAME_RE, true);
  const status = ctx.params.str('status');
  if (status !== undefined && !['default', 'hidden'].includes(status)) errors.push('status does not have a valid value');
  const select = ctx.params.str('select');
  if (select !== undefined && select !== 'package_file') errors.push('select does not have a valid value');
  if (errors.length > 0) throw new HttpError(400, { error: errors.join(', ') });
}

/**
 * The name a file is stored and found under (generic_packages.rb `encoded_file_name`): with a
 * directory path, `URI.encode_uri_component("path/file")` (all but `*-._` and alphanumerics).
 */
function storedFileName(ctx: Ctx): string {
  const { path, file_name: fileName } = ctx.path;
  if (path === undefined) return fileName;
  return [...Buffer.from(`${path}/${fileName}`)]
    .map((b) =>
      /[A-Za-z0-9*._-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** `read_package`: reporters, or anyone who can see a project that is not private. */
function requirePackageReader(ctx: Ctx): Project {
  const project = ciProject(ctx);
  const open = project.visibility !== 'private' && canReadProject(ctx.store, ctx.user, project);
  if (roleOn(ctx, project) < REPORTER && !open) throw ctx.user ? forbidden() : notFound('Project');
  return project;
}

async function upload(ctx: Ctx): Promise<Reply> {
  requireUser(ctx);
  checkPathParams(ctx);
  const project = ciProject(ctx);
  requireRole(ctx, project, DEVELOPER);
  const { package_name: name, package_version: version } = ctx.path;
  const fileName = storedFileName(ctx);
  const ci = ctx.store.ci;
  const fileId = ci.nextId('file');
  if (!ctx.bodyStream) throw new HttpError(400, { error: 'file is missing' });
  const stored = await storeStream(ci.dataDir, `${fileId}.bin`, ctx.bodyStream);
  const now = ctx.store.now();
  let pkg = ci.findPackage(project.id, name, version);
  if (!pkg) {
    pkg = {
      id: ci.nextId('package'),
      projectId: project.id,
      name,
      version,
      packageType: 'generic',
      status: 'default',
      createdAt: now,
      lastDownloadedAt: null,
      files: [],
    };
    ci.packages.set(pkg.id, pkg);
  }
  const status = ctx.params.str('status');
  if (status === 'default' || status === 'hidden') pkg.status = status;
  const file: PackageFile = { id: fileId, packageId: pkg.id, fileName, createdAt: now, ...stored };
  pkg.files.push(file);
  if (ctx.params.str('select') === 'package_file') return created(show(ctx, PACKAGE_FILE_RECORD, { ...file, projectId: project.id }));
  return created({ message: '201 Created' });
}

/** The newest file of that name (Packages::PackageFileFinder#execute!: `last!`). */
function download(ctx: Ctx): Reply {
  checkPathParams(ctx);
  const project = requirePackageReader(ctx);
  const pkg = ctx.store.ci.findPackage(project.id, ctx.path.package_name, ctx.path.package_version);
  const file = pkg?.files.findLast((f) => f.fileName === storedFileName(ctx));
  // ActiveRecord::RecordNotFound, as lib/api/api.rb answers it.
  if (!pkg || !file) throw notFound();
  pkg.lastDownloadedAt = ctx.store.now();
  const ascii = file.fileName.replace(/["\\]/g, '_');
  return {
    kind: 'stream',
    status: 200,
    open: openFile(file.path),
    openRange: openFileRange(file.path),
    length: file.size,
    contentType: 'application/octet-stream',
    headers: {
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      'X-Checksum-SHA256': file.sha256,
    },
    etag: `"${file.sha256}"`,
  };
}

function listPackages(ctx: Ctx): Reply {
  const project = requirePackageReader(ctx);
  const orderBy = enumParam(ctx, 'order_by', PACKAGE_ORDER_BY) ?? 'created_at';
  const sort = enumParam(ctx, 'sort', ['asc', 'desc']) ?? 'asc';
  const type = enumParam(ctx, 'package_type', PACKAGE_TYPES);
  const status = enumParam(ctx, 'status', PACKAGE_STATUSES);
  const [name, version] = [ctx.params.str('package_name'), ctx.params.str('package_version')];
  const list = [...ctx.store.ci.packages.values()].filter(
    (p) =>
      p.projectId === project.id &&
      (type === undefined || p.packageType === type) &&
      // Packages::PackagesFinder: `package_name` matches a part of the name; hidden ones only when asked for.
      (name === undefined || p.name.toLowerCase().includes(name.toLowerCase())) &&
      (version === undefined || p.version === version) &&
      (status === undefined ? p.status === 'default' : p.status === status),
  );
  const key = (p: Package): string | number => (orderBy === 'created_at' ? p.createdAt : orderBy === 'type' ? p.packageType : p[orderBy]);
  return paginate(ctx, sortItems(list, key, sort), (p) => show(ctx, PACKAGE, p));
}

function requirePackage(ctx: Ctx, project: Project): Package {
  const id = ctx.path.package_id;
  if (!/^\d+$/.test(id)) throw new HttpError(400, { error: 'package_id is invalid' });
  const pkg = ctx.store.ci.packages.get(Number(id));
  if (!pkg || pkg.projectId !== project.id) throw notFound();
  return pkg;
}

function showPackage(ctx: Ctx): Reply {
  const project = requirePackageReader(ctx);
  return json(show(ctx, PACKAGE, requirePackage(ctx, project), { single: true }));
}

function listFiles(ctx: Ctx): Reply {
  const project = requirePackageReader(ctx);
  return paginate(ctx, requirePackage(ctx, project).files, (f) => show(ctx, PACKAGE_FILE, f));
}

async function deletePackage(ctx: Ctx): Promise<Reply> {
  const project = requirePackageReader(ctx);
  requireRole(ctx, project, MAINTAINER);
  const pkg = requirePackage(ctx, project);
  ctx.store.ci.packages.delete(pkg.id);
  for (const file of pkg.files) await removeFile(file.path);
  return noContent();
}

const GENERIC = '/projects/:id/packages/generic/:package_name/:package_version/:file_name';
/** `(*path/):file_name`: a file under a directory path. */
const GENERIC_IN_DIR = '/projects/:id/packages/generic/:package_name/:package_version/*path/:file_name';
const JOB_TOKEN = { jobToken: true } as const;
/** doc/ci/jobs/ci_job_token.md: a public or internal project's package registry is read without its allowlist. */
const READ = { jobToken: 'public', auth: 'optional' } as const;
const G = 'gitlab';

export const packageRoutes: RouteTable = [
  { method: 'PUT', path: GENERIC, handler: upload, options: { jobToken: true, streamBody: true }, flavor: G },
  { method: 'GET', path: GENERIC, handler: download, options: READ, flavor: G },
  { method: 'PUT', path: GENERIC_IN_DIR, handler: upload, options: { jobToken: true, streamBody: true }, flavor: G },
  { method: 'GET', path: GENERIC_IN_DIR, handler: download, options: READ, flavor: G },
  { method: 'GET', path: '/projects/:id/packages', handler: listPackages, options: READ, flavor: G },
  { method: 'GET', path: '/projects/:id/packages/:package_id', handler: showPackage, options: READ, flavor: G },
  { method: 'GET', path: '/projects/:id/packages/:package_id/package_files', handler: listFiles, options: READ, flavor: G },
  { method: 'DELETE', path: '/projects/:id/packages/:package_id', handler: deletePackage, options: JOB_TOKEN, flavor: G },
];
