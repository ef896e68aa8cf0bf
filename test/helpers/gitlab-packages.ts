import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Call, Route } from './gitlab-server.js';
import { json } from './json-answer.js';
import { tempDir } from './temp.js';

/*
 * GitLab's generic package registry as its source writes it:
 * - lib/api/generic_packages.rb: `PUT :id/packages/generic/:package_name/*package_version/(*path/):file_name`
 *   and `GET` of the same (`job_token_allowed: true`); the name, version and file name checked
 *   against lib/gitlab/regex/packages.rb (Grape's 400 `{"error":"package_name is invalid"}`); the
 *   answer `created!` (201 `{"message":"201 Created"}`), or with `select=package_file` the package
 *   file (lib/api/entities/package_file.rb) with PUT's 200; a download carries `X-Checksum-SHA256`
 *   and `Content-Disposition: attachment`, or a 302 to object storage (direct download); a missing
 *   package or file is ActiveRecord::RecordNotFound, `404 {"message":"404 Not found"}`.
 * - lib/api/project_packages.rb: `GET :id/packages` (package_name, package_type, package_version
 *   filters), `DELETE :id/packages/:package_id` (204), both `job_token_allowed: true`.
 * Files are kept on disk (uploads streamed in, downloads streamed out): a test may move a GiB.
 */

export interface StoredFile {
  id: number;
  fileName: string;
  size: number;
  sha256: string;
  /** On disk. */
  path: string;
}

export interface StoredPackage {
  id: number;
  name: string;
  version: string;
  status: string;
  files: StoredFile[];
}

export interface PackageStore {
  packages: StoredPackage[];
  /** Downloads answer 302 to this origin + the file's path (object storage), without checksum header. */
  redirectTo?: string;
  /** The SHA-256 the next download states, whatever it sends (a lying server). */
  lieChecksum?: string;
  /** Uploads store something else than what was sent (a proxy that alters bodies). */
  alterUploads?: boolean;
  dir: string;
}

export function packageStore(): PackageStore {
  return { packages: [], dir: tempDir('collab-gitlab-packages-') };
}

const NAME = /^[A-Za-z0-9._+-]+$/;
const VERSION = /^(?!.*\.\.)[A-Za-z0-9_+.-]+$/;
const FILE = /^(?!~)[A-Za-z0-9._+~-]+(?<!~)$/;

let nextId = 100;

function packageFileEntity(p: StoredPackage, f: StoredFile) {
  return {
    id: f.id,
    package_id: p.id,
    created_at: '2026-12-01T10:00:00.000Z',
    file_name: f.fileName,
    size: f.size,
    file_md5: null,
    file_sha1: null,
    file_sha256: f.sha256,
  };
}

function packageEntity(p: StoredPackage) {
  return {
    id: p.id,
    name: p.name,
    version: p.version,
    package_type: 'generic',
    status: p.status,
    _links: { web_path: `/acme/app/-/packages/${p.id}` },
    created_at: '2026-12-01T10:00:00.000Z',
    last_downloaded_at: null,
    tags: [],
  };
}

/** The route's name, version and (dir/)file, decoded, or the 400 Grape answers. */
function target(call: Call): { name: string; version: string; file: string } | undefined {
  const [name, version, file] = [call.m[1]!, call.m[2]!, call.m[3]!].map(decodeURIComponent) as [string, string, string];
  const base = file.split('/').pop()!;
  const bad = !NAME.test(name) ? 'package_name' : !VERSION.test(version) ? 'package_version' : !FILE.test(base) ? 'file_name' : undefined;
  if (bad) {
    call.req.resume();
    json(call.res, 400, { error: `${bad} is invalid` });
    return undefined;
  }
  return { name, version, file };
}

async function upload(store: PackageStore, call: Call): Promise<void> {
  const t = target(call);
  if (!t) return;
  const to = path.join(store.dir, `upload-${nextId++}`);
  const hash = createHash('sha256');
  let size = 0;
  const out = fs.createWriteStream(to);
  call.req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    hash.update(chunk);
  });
  await pipeline(call.req, out);
  if (store.alterUploads) fs.appendFileSync(to, 'x');
  let p = store.packages.find((x) => x.name === t.name && x.version === t.version);
  if (!p) {
    p = { id: nextId++, name: t.name, version: t.version, status: call.url.searchParams.get('status') ?? 'default', files: [] };
    store.packages.push(p);
  }
  const sha256 = store.alterUploads ? createHash('sha256').update(fs.readFileSync(to)).digest('hex') : hash.digest('hex');
  const f: StoredFile = { id: nextId++, fileName: t.file, size: store.alterUploads ? size + 1 : size, sha256, path: to };
  p.files.push(f);
  if (call.url.searchParams.get('select') === 'package_file') json(call.res, 200, packageFileEntity(p, f));
  else json(call.res, 201, { message: '201 Created' });
}

function download(store: PackageStore, call: Call): void {
  const t = target(call);
  if (!t) return;
  const p = store.packages.find((x) => x.name === t.name && x.version === t.version);
  const f = p?.files.filter((x) => x.fileName === t.file).pop();
  if (!f) {
    json(call.res, 404, { message: '404 Not found' });
    return;
  }
  if (store.redirectTo) {
    call.res.writeHead(302, { location: `${store.redirectTo}/bucket/${f.id}?X-Amz-Signature=s3cr3t` });
    call.res.end();
    return;
  }
  call.res.writeHead(200, {
    'content-type': 'application/octet-stream',
    'content-length': f.size,
    'content-disposition': `attachment; filename="${path.posix.basename(f.fileName)}"`,
    'x-checksum-sha256': store.lieChecksum ?? f.sha256,
  });
  fs.createReadStream(f.path).pipe(call.res);
}

const GENERIC = /\/packages\/generic\/([^/]+)\/([^/]+)\/(.+)$/;

export function packageRoutes(store: PackageStore): Route[] {
  return [
    { method: 'PUT', path: GENERIC, jobToken: true, streamBody: true, handle: (call) => upload(store, call) },
    { method: 'GET', path: GENERIC, jobToken: true, handle: (call) => download(store, call) },
    {
      method: 'GET',
      path: /\/packages$/,
      jobToken: true,
      handle: ({ res, url }) => {
        const q = url.searchParams;
        const found = store.packages.filter(
          (p) =>
            (!q.get('package_name') || p.name.includes(q.get('package_name')!)) &&
            (!q.get('package_version') || p.version === q.get('package_version')) &&
            (!q.get('package_type') || q.get('package_type') === 'generic'),
        );
        json(res, 200, found.map(packageEntity), { 'x-next-page': '', 'x-page': '1' });
      },
    },
    {
      method: 'GET',
      path: /\/packages\/(\d+)$/,
      jobToken: true,
      handle: ({ res, m }) => {
        const p = store.packages.find((x) => x.id === Number(m[1]));
        return p ? json(res, 200, packageEntity(p)) : json(res, 404, { message: '404 Not found' });
      },
    },
    {
      method: 'DELETE',
      path: /\/packages\/(\d+)$/,
      jobToken: true,
      handle: ({ res, m }) => {
        const at = store.packages.findIndex((x) => x.id === Number(m[1]));
        if (at < 0) return json(res, 404, { message: '404 Not found' });
        store.packages.splice(at, 1);
        res.writeHead(204);
        res.end();
      },
    },
  ];
}

/** A file stored as if uploaded (the download tests' fixture). */
export function storeFile(store: PackageStore, name: string, version: string, fileName: string, data: Buffer): StoredFile {
  const to = path.join(store.dir, `seed-${nextId++}`);
  fs.writeFileSync(to, data);
  let p = store.packages.find((x) => x.name === name && x.version === version);
  if (!p) {
    p = { id: nextId++, name, version, status: 'default', files: [] };
    store.packages.push(p);
  }
  const f = { id: nextId++, fileName, size: data.length, sha256: createHash('sha256').update(data).digest('hex'), path: to };
  p.files.push(f);
  return f;
}
