/**
 * The GitLab flavour's generic packages and a project's packages (lib/api/generic_packages.rb,
 * lib/api/project_packages.rb, lib/api/entities/package.rb; doc/user/packages/generic_packages,
 * doc/api/packages.md): uploads streamed to a file under the sandbox's data directory with
 * GitLab's 201 `{"message":"201 Created"}` or the `select=package_file` record, downloads streamed
 * with Range and `X-Checksum-SHA256`, Grape's answers for names, versions and file names
 * (Gitlab::Regex::Packages), list, files, delete, and the CI job token on every route.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/index.js';
import { tempDir } from '../helpers/temp.js';
import { ADMIN, API_PROJECT, BOB, call, JOB, useSandbox } from './helpers.js';

const P = `/projects/${API_PROJECT}`;
const G = `${P}/packages/generic`;

async function put(
  sb: SandboxHandle,
  url: string,
  body: string | Buffer | ReadableStream,
  headers: Record<string, string> = { 'PRIVATE-TOKEN': ADMIN },
) {
  const res = await fetch(`${sb.url}/api/v4${url}`, { method: 'PUT', headers, body, duplex: 'half' } as RequestInit);
  const text = await res.text();
  return { status: res.status, body: text === '' ? undefined : JSON.parse(text) };
}

/** A PUT whose path goes out exactly as written. */
function rawPut(sb: SandboxHandle, rawPath: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: sb.port, method: 'PUT', path: rawPath, headers: { 'PRIVATE-TOKEN': ADMIN } },
      (res) => {
        let text = '';
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end('x');
  });
}

describe('GitLab flavour: generic packages', () => {
  const gitlab = useSandbox({ flavor: 'gitlab' });
  const spec = useSandbox({ flavor: 'spec' });

  it('answers an upload 201 {"message":"201 Created"}, and with select=package_file the file record', async () => {
    expect(await put(gitlab(), `${G}/tool/1.2.3/tool.txt`, 'hello\n')).toEqual({ status: 201, body: { message: '201 Created' } });
    const data = Buffer.from('second file\n');
    const res = await put(gitlab(), `${G}/tool/1.2.3/notes.md?select=package_file&status=hidden`, data);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      file_name: 'notes.md',
      size: data.length,
      file_sha256: createHash('sha256').update(data).digest('hex'),
      file_md5: createHash('md5').update(data).digest('hex'),
      file_sha1: createHash('sha1').update(data).digest('hex'),
      file_store: 1,
      project_id: 1,
      status: 'default',
    });
    const download = await fetch(`${gitlab().url}/api/v4${G}/tool/1.2.3/tool.txt`, { headers: { 'PRIVATE-TOKEN': ADMIN } });
    expect([download.status, await download.text(), download.headers.get('x-checksum-sha256')]).toEqual([
      200,
      'hello\n',
      createHash('sha256').update('hello\n').digest('hex'),
    ]);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="tool.txt"; filename*=UTF-8''tool.txt`);
    // status=hidden hides the package from the list (Packages::PackagesFinder: displayable), not from downloads.
    const names = ((await call(gitlab(), `${P}/packages?per_page=100`)).body as { name: string; version: string }[]).map(
      (p) => `${p.name}@${p.version}`,
    );
    expect(names).toEqual(['acme-api@0.9.0', 'acme-api@1.0.0']);
    expect((await call(gitlab(), `${P}/packages?status=hidden`)).body.map((p: { version: string }) => p.version)).toEqual([
      '1.1.0-rc.1',
      '1.2.3',
    ]);
  });

  it('refuses names, versions and file names as Grape does, before anything is stored', async () => {
    const cases: [string, string][] = [
      [`${G}/my%20pkg/1.0/a.txt`, 'package_name is invalid'],
      [`${G}/pkg/1..0/a.txt`, 'package_version is invalid'],
      [`${G}/pkg/1.0/a%20b.txt`, 'file_name is invalid'],
      [`${G}/pkg/1.0%2Fx/a.txt`, 'package_version is invalid'],
      [`${G}/p%24kg/v%251/a%3F.txt`, 'package_name is invalid, package_version is invalid, file_name is invalid'],
      [`${G}/pkg/1.0/a.txt?status=gone`, 'status does not have a valid value'],
      [`${G}/pkg/1.0/a.txt?select=package`, 'select does not have a valid value'],
    ];
    for (const [url, error] of cases) expect(await put(gitlab(), url, 'x'), url).toEqual({ status: 400, body: { error } });
    // A `..` file name (fetch would resolve it away, so the request is written by hand): the FilePath validator.
    expect(await rawPut(gitlab(), `/api/v4${G}/pkg/1.0/..`)).toEqual({
      status: 400,
      body: { error: 'file_name should be a valid file path' },
    });
    expect((await call(gitlab(), `${P}/packages?package_name=pkg`)).body).toEqual([]);
  });

  it('streams an upload larger than any request body the sandbox buffers, and serves it back in ranges', async () => {
    const size = 65 * 1024 * 1024 + 3;
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const hash = createHash('sha256');
    const source = Readable.from(
      (function* () {
        for (let left = size; left > 0; left -= chunk.length) {
          const piece = chunk.subarray(0, Math.min(chunk.length, left));
          hash.update(piece);
          yield piece;
        }
      })(),
    );
    const res = await put(gitlab(), `${G}/big/1.0.0/big.bin?select=package_file`, Readable.toWeb(source) as ReadableStream);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ size, file_sha256: hash.digest('hex') });
    const head = await fetch(`${gitlab().url}/api/v4${G}/big/1.0.0/big.bin`, {
      headers: { 'PRIVATE-TOKEN': ADMIN, Range: `bytes=${size - 5}-` },
    });
    expect([head.status, head.headers.get('content-range'), (await head.arrayBuffer()).byteLength]).toEqual([
      206,
      `bytes ${size - 5}-${size - 1}/${size}`,
      5,
    ]);
  }, 60_000);

  it('takes a file under a directory path, stored as encoded_file_name, and ~ inside a file name', async () => {
    // lib/api/generic_packages.rb: `(*path/):file_name`; `path` is only `file_path: true`, and the file is
    // stored as URI.encode_uri_component("path/file") (`encoded_file_name`), found by it on download.
    const made = await put(gitlab(), `${G}/dirs/1.0/linux%20amd64/bin/tool?select=package_file`, 'in a dir\n');
    expect([made.status, made.body.file_name]).toEqual([201, 'linux%20amd64%2Fbin%2Ftool']);
    const back = await call(gitlab(), `${G}/dirs/1.0/linux%20amd64/bin/tool`);
    expect([back.status, back.text]).toEqual([200, 'in a dir\n']);
    // generic_package_file_name_regex: `~` inside a name, not first or last.
    expect((await put(gitlab(), `${G}/dirs/1.0/a~b`, 'x')).status).toBe(201);
    expect((await put(gitlab(), `${G}/dirs/1.0/a~`, 'x')).body).toEqual({ error: 'file_name is invalid' });
    // Gitlab::PathTraversal on the path: `..` (fetch would resolve it away: written by hand), and a path that decodes twice (d%2541 once Rack has read it).
    expect(await rawPut(gitlab(), `/api/v4${G}/dirs/1.0/a/../b/x`)).toEqual({
      status: 400,
      body: { error: 'path should be a valid file path' },
    });
    expect((await put(gitlab(), `${G}/dirs/1.0/d%252541/x`, 'x')).body).toEqual({ error: 'path should be a valid file path' });
    expect((await call(gitlab(), `${G}/dirs/1.0/bin/tool`)).status).toBe(404);
  });

  it('answers 404 for a package or file it does not have (ActiveRecord::RecordNotFound), and 404/403 by access', async () => {
    expect(await call(gitlab(), `${G}/acme-api/9.9.9/acme-api-linux-amd64`)).toMatchObject({
      status: 404,
      body: { message: '404 Not found' },
    });
    expect(await call(gitlab(), `${G}/acme-api/1.0.0/other`)).toMatchObject({ status: 404, body: { message: '404 Not found' } });
    expect((await call(gitlab(), `${G}/acme-api/1.0.0/checksums.txt`, { token: BOB })).status).toBe(404);
    expect((await call(gitlab(), `${G}/acme-api/1.0.0/checksums.txt`, { token: null })).status).toBe(404);
    expect((await put(gitlab(), `${G}/x/1.0/x`, 'x', {})).status).toBe(401);
    expect((await put(gitlab(), '/projects/acme%2Fwebsite/packages/generic/x/1.0/x', 'x', { 'PRIVATE-TOKEN': BOB })).status).toBe(403);
  });

  it("lists packages with GitLab's filters and order, shows one with its versions, its files, and deletes it", async () => {
    const list = (await call(gitlab(), `${P}/packages?package_name=acme&sort=desc&order_by=version`)).body as Record<string, any>[];
    expect(list.map((p) => p.version)).toEqual(['1.0.0', '0.9.0']);
    expect(list[0]).toMatchObject({
      name: 'acme-api',
      package_type: 'generic',
      status: 'default',
      _links: {
        web_path: `/acme/platform/api/-/packages/${list[0].id}`,
        delete_api_path: expect.stringContaining(`/packages/${list[0].id}`),
      },
      tags: [],
    });
    expect(list[0]).not.toHaveProperty('versions');
    const one = (await call(gitlab(), `${P}/packages/${list[0].id}`)).body;
    expect(one.versions.map((v: { version: string }) => v.version)).toEqual(['0.9.0']);
    const files = (await call(gitlab(), `${P}/packages/${list[0].id}/package_files`)).body as Record<string, any>[];
    expect(files.map((f) => f.file_name)).toEqual(['acme-api-linux-amd64', 'checksums.txt']);
    expect((await call(gitlab(), `${P}/packages?package_type=npm`)).body).toEqual([]);
    // Every type of Packages::Package.package_types, cargo too (lib/api/project_packages.rb `values:`).
    expect((await call(gitlab(), `${P}/packages?package_type=cargo`)).body).toEqual([]);
    expect((await call(gitlab(), `${P}/packages?package_type=zip`)).body).toEqual({ error: 'package_type does not have a valid value' });
    expect((await call(gitlab(), `${P}/packages/${list[1].id}`, { method: 'DELETE', token: 'sandbox-impersonation-carol' })).status).toBe(
      204,
    );
    expect((await call(gitlab(), `${G}/acme-api/0.9.0/acme-api-linux-amd64`)).status).toBe(404);
  });

  it('takes the CI job token on uploads, downloads, lists and deletes of its own project', async () => {
    const job = { 'JOB-TOKEN': JOB };
    expect((await put(gitlab(), `${G}/ci/2.0.0/out.txt`, 'from a job', job)).status).toBe(201);
    const download = await fetch(`${gitlab().url}/api/v4${G}/ci/2.0.0/out.txt`, { headers: job });
    expect(await download.text()).toBe('from a job');
    expect((await call(gitlab(), `${P}/packages?package_name=ci`, { token: null, headers: job })).body).toHaveLength(1);
    expect((await put(gitlab(), '/projects/acme%2Fwebsite/packages/generic/ci/1.0/x', 'x', job)).status).toBe(403);
    expect((await call(gitlab(), '/projects/acme%2Fwebsite/packages', { token: null, headers: job })).status).toBe(200);
  });

  it('has no packages API in the spec flavour', async () => {
    expect((await put(spec(), `${G}/a/1.0/a`, 'x')).status).toBe(404);
    expect((await call(spec(), `${P}/packages`)).status).toBe(404);
  });
});

describe('the data directory', () => {
  let sb: SandboxHandle;
  const dir = tempDir('collab-sandbox-data-');
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, flavor: 'gitlab', dataDir: dir });
  });
  afterAll(() => sb.close());

  it('keeps package files under dataDir/packages, one file each, as they were uploaded', async () => {
    const res = await put(sb, `${G}/kept/1.0/kept.txt?select=package_file`, 'kept bytes');
    const stored = fs.readdirSync(path.join(dir, 'packages')).map((f) => fs.readFileSync(path.join(dir, 'packages', f), 'utf8'));
    expect(stored).toContain('kept bytes');
    expect(res.body.size).toBe(10);
  });
});

describe('a sandbox without a data directory', () => {
  it('makes a private one and removes it on close', async () => {
    const sb = await startSandbox({ port: 0, flavor: 'gitlab' });
    await put(sb, `${G}/t/1.0/t.txt`, 't');
    expect(fs.statSync(sb.dataDir).mode & 0o077).toBe(0);
    expect(fs.readdirSync(path.join(sb.dataDir, 'packages')).length).toBeGreaterThan(0);
    await sb.close();
    expect(fs.existsSync(sb.dataDir)).toBe(false);
  });
});
