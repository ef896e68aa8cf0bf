import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusingTransport } from '../helpers/command-tree.js';
import { type PackageStore, packageRoutes, packageStore, storeFile } from '../helpers/gitlab-packages.js';
import { type GitlabServer, JOB, PERSONAL, runnerEnv, startGitlab } from '../helpers/gitlab-server.js';
import { jsonReply, mockApi, runCli } from '../helpers/harness.js';
import { tempDir } from '../helpers/temp.js';

/**
 * `collab package` against a GitLab answering as lib/api/generic_packages.rb and
 * lib/api/project_packages.rb write it (test/helpers/gitlab-packages.ts), in-process over real
 * HTTP: uploads streamed with their Content-Length and checked against GitLab's SHA-256, downloads
 * through the artifact machinery (exit 3 when not there, nothing written).
 */
let store: PackageStore;
let gl: GitlabServer;
let spec: GitlabServer;
beforeAll(async () => {
  store = packageStore();
  gl = await startGitlab(packageRoutes(store));
  spec = await startGitlab(packageRoutes(store), { flavor: 'spec' });
});
afterAll(async () => {
  await gl?.close();
  await spec?.close();
});

const asUser = (server = gl) => ({ COLLAB_HOST: server.url, COLLAB_TOKEN: PERSONAL });
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

function files(contents: Record<string, string | Buffer>): string {
  const dir = tempDir('collab-pkg-');
  for (const [name, data] of Object.entries(contents)) fs.writeFileSync(path.join(dir, name), data);
  return dir;
}

describe('package upload', () => {
  it('PUTs each file with its Content-Length, one line per file, -o json records both SHA-256s', async () => {
    const dir = files({ 'tool-linux': Buffer.from([0, 1, 2, 255]), 'tool-macos': 'mac build\n' });
    const before = gl.seen.length;
    const r = await runCli(['package', 'upload', 'tool', '1.2.3', 'tool-linux', 'tool-macos', '-p', 'acme/app', '-o', 'json'], {
      env: asUser(),
      cwd: dir,
    });
    expect(r.code, r.stderr).toBe(0);
    const records = JSON.parse(r.stdout);
    expect(
      records.map((x: { file_name: string; sha256: string; gitlab_sha256: string }) => [x.file_name, x.sha256, x.gitlab_sha256]),
    ).toEqual([
      ['tool-linux', sha(Buffer.from([0, 1, 2, 255])), sha(Buffer.from([0, 1, 2, 255]))],
      ['tool-macos', sha('mac build\n'), sha('mac build\n')],
    ]);
    expect(records[0].url).toBe(`${gl.url}/api/v4/projects/acme%2Fapp/packages/generic/tool/1.2.3/tool-linux`);
    expect(r.stderr).toContain('Uploaded tool-linux as tool-linux (4 B) to package tool 1.2.3 in acme/app');
    const puts = gl.seen.slice(before).filter((s) => s.method === 'PUT');
    expect(puts.map((s) => [s.url, s.headers['content-length'], s.headers['transfer-encoding']])).toEqual([
      ['/api/v4/projects/acme%2Fapp/packages/generic/tool/1.2.3/tool-linux?select=package_file', '4', undefined],
      ['/api/v4/projects/acme%2Fapp/packages/generic/tool/1.2.3/tool-macos?select=package_file', '10', undefined],
    ]);
  });

  it('--file-name and --status hidden; stdin needs --file-name', async () => {
    const dir = files({ 'a.bin': 'A' });
    const r = await runCli(
      ['package', 'upload', 'tool', '2.0.0', 'a.bin', '--file-name', 'dist/tool.bin', '--status', 'hidden', '-p', '7'],
      {
        env: asUser(),
        cwd: dir,
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(gl.seen.at(-1)!.url).toBe('/api/v4/projects/7/packages/generic/tool/2.0.0/dist/tool.bin?select=package_file&status=hidden');
    const piped = await runCli(['package', 'upload', 'tool', '2.0.0', '-', '-p', '7'], { env: asUser(), stdin: 'x' });
    expect([piped.code, piped.stderr]).toEqual([2, 'collab: standard input (-) has no name: give --file-name\n']);
  });

  it("GitLab's rules for names, versions and file names are checked first: exit 2, nothing sent", async () => {
    const dir = files({ 'ok.bin': 'x', 'bad name.bin': 'x', '~x': 'x' });
    for (const args of [
      ['tool/x', '1.0', 'ok.bin'],
      ['tool', '1..0', 'ok.bin'],
      ['tool', '1.0/2', 'ok.bin'],
      ['..', '1.0', 'ok.bin'],
      ['tool', '1.0', 'bad name.bin'],
      ['tool', '1.0', '~x'],
      ['tool', '1.0', 'ok.bin', '--file-name', '../x'],
      ['tool', '1.0', 'ok.bin', 'ok.bin', '--file-name', 'x'],
      ['tool', '1.0', 'missing.bin'],
    ]) {
      const { transport, calls } = refusingTransport();
      const r = await runCli(['package', 'upload', ...args, '-p', '7'], { transport, cwd: dir });
      expect([r.code, r.stdout, calls], args.join(' ')).toEqual([2, '', []]);
      expect(r.stderr, args.join(' ')).toMatch(/^collab: /);
    }
  });

  it("a directory path takes what GitLab's file_path check takes (Gitlab::PathTraversal), each segment encoded", async () => {
    const dir = files({ 'a.bin': 'A' });
    for (const [name, sent] of [
      ['linux amd64/tool', 'linux%20amd64/tool'],
      ['é/tool', '%C3%A9/tool'],
      ['a+b/c@1/tool', 'a%2Bb/c%401/tool'],
      ['d%41/tool', 'd%2541/tool'],
      ['sub/a~b', 'sub/a~b'],
    ]) {
      const r = await runCli(['package', 'upload', 'paths', '1.0', 'a.bin', '--file-name', name, '-p', '7'], { env: asUser(), cwd: dir });
      expect(r.code, `${name}: ${r.stderr}`).toBe(0);
      expect(gl.seen.at(-1)!.url).toBe(`/api/v4/projects/7/packages/generic/paths/1.0/${sent}?select=package_file`);
    }
    // lib/gitlab/path_traversal.rb: decoded once more it must not change again; no `..` (/ or \\); and
    // no empty or "." segment, which a URL would lose.
    for (const name of ['d%2541/x', 'a%2Bb/x', '%2E%2E/x', 'a\\..\\b/x', 'a/../x', 'd/./x', 'd//x', '/x', 'a\nb/x']) {
      const { transport, calls } = refusingTransport();
      const r = await runCli(['package', 'upload', 'paths', '1.0', 'a.bin', '--file-name', name, '-p', '7'], { transport, cwd: dir });
      expect([r.code, calls], name).toEqual([2, []]);
      expect(r.stderr, name).toMatch(/^collab: invalid value for --file-name: .* (path|directory)/);
    }
  });

  it('a package file GitLab stored with another SHA-256 than the file is exit 1', async () => {
    store.alterUploads = true;
    try {
      const dir = files({ 'tool-linux': 'the real bytes' });
      const r = await runCli(['package', 'upload', 'tool', '3.0.0', 'tool-linux', '-p', '7'], { env: asUser(), cwd: dir });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`but tool-linux has ${sha('the real bytes')}`);
    } finally {
      store.alterUploads = false;
    }
  });

  it('in a CI job with only CI_JOB_TOKEN it uploads with the job token (job_token_allowed)', async () => {
    const dir = files({ 'tool-linux': 'ci build' });
    const before = gl.seen.length;
    const r = await runCli(['package', 'upload', 'tool', '4.0.0', 'tool-linux'], {
      env: { COLLAB_HOST: undefined, COLLAB_TOKEN: undefined, ...runnerEnv(gl) },
      cwd: dir,
    });
    expect(r.code, r.stderr).toBe(0);
    const put = gl.seen.slice(before).find((s) => s.method === 'PUT')!;
    expect([put.url.split('?')[0], put.headers['job-token'], put.headers['private-token']]).toEqual([
      '/api/v4/projects/7/packages/generic/tool/4.0.0/tool-linux',
      JOB,
      undefined,
    ]);
  });
});

describe('package download', () => {
  const data = Buffer.from('#!/bin/sh\necho tool 5\n');
  beforeAll(() => {
    storeFile(store, 'tool', '5.0.0', 'tool-linux', data);
  });

  it('saves the file atomically, checks the X-Checksum-SHA256 GitLab states, -o json says what it saved', async () => {
    const dir = tempDir();
    const r = await runCli(['package', 'download', 'tool', '5.0.0', 'tool-linux', '-p', '7', '-o', 'json'], { env: asUser(), cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      path: path.join(dir, 'tool-linux'),
      package: 'tool',
      version: '5.0.0',
      file_name: 'tool-linux',
      size: data.length,
      sha256: sha(data),
    });
    expect(fs.readFileSync(path.join(dir, 'tool-linux')).equals(data)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual(['tool-linux']);
  });

  it('exit 3 when GitLab has no such package or file, the destination untouched; a missing project is exit 1', async () => {
    const dir = files({ 'tool-linux': 'old' });
    for (const args of [
      ['tool', '9.9.9', 'tool-linux'],
      ['tool', '5.0.0', 'tool-windows'],
    ]) {
      const r = await runCli(['package', 'download', ...args, '-p', '7', '--dest', 'tool-linux'], { env: asUser(), cwd: dir });
      expect([r.code, r.stdout], args.join(' ')).toEqual([3, '']);
      expect(r.stderr).toMatch(/^collab: 404 Not found\nhint: 7 has no package tool /);
      expect(fs.readFileSync(path.join(dir, 'tool-linux'), 'utf8')).toBe('old');
      expect(fs.readdirSync(dir)).toEqual(['tool-linux']);
    }
    const gone = await runCli(['package', 'download', 'tool', '5.0.0', 'tool-linux', '-p', 'acme/gone', '--dest', 'x'], {
      env: asUser(),
      cwd: dir,
    });
    expect([gone.code, gone.stderr]).toEqual([1, 'collab: 404 Project Not Found\n']);
  });

  it('a checksum that differs (stated by GitLab, or --sha256) keeps nothing: exit 1', async () => {
    const dir = tempDir();
    store.lieChecksum = 'f'.repeat(64);
    try {
      const r = await runCli(['package', 'download', 'tool', '5.0.0', 'tool-linux', '-p', '7'], { env: asUser(), cwd: dir });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('the SHA-256 the server states (x-checksum-sha256)');
    } finally {
      store.lieChecksum = undefined;
    }
    const wrong = await runCli(['package', 'download', 'tool', '5.0.0', 'tool-linux', '-p', '7', '--sha256', '0'.repeat(64)], {
      env: asUser(),
      cwd: dir,
    });
    expect(wrong.code).toBe(1);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('every download reads --sha256 alike: 64 hex digits (sha256: in front allowed), else exit 2 and nothing sent', async () => {
    for (const args of [
      ['package', 'download', 'tool', '5.0.0', 'tool-linux'],
      ['release', 'download', 'v1', '--asset', 'tool-linux'],
      ['job', 'artifacts', '12'],
      ['job', 'artifact', '12', 'dist/tool'],
    ]) {
      for (const bad of ['f'.repeat(63), `${'f'.repeat(63)}g`, 'sha1:'.concat('f'.repeat(64))]) {
        const { transport, calls } = refusingTransport();
        const r = await runCli([...args, '-p', '7', '--sha256', bad], { transport, env: { COLLAB_FLAVOR: 'gitlab' }, cwd: tempDir() });
        expect([r.code, calls], `${args.join(' ')} ${bad}`).toEqual([2, []]);
        expect(r.stderr).toBe(`collab: invalid value for --sha256: "${bad}" is not a SHA-256 (64 hexadecimal digits)\n`);
      }
    }
  });

  it('follows the redirect to object storage without the token; --dest - prints it', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const storage = http.createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': data.length });
      res.end(data);
    });
    await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve));
    store.redirectTo = `http://localhost:${(storage.address() as AddressInfo).port}`;
    try {
      const r = await runCli(['package', 'download', 'tool', '5.0.0', 'tool-linux', '-p', '7', '--dest', '-'], { env: asUser() });
      expect([r.code, r.stdout], r.stderr).toEqual([0, data.toString()]);
      expect(seen).toHaveLength(1);
      expect(seen[0]!['private-token']).toBeUndefined();
    } finally {
      store.redirectTo = undefined;
      storage.close();
    }
  });

  it('a server that follows the spec has no package registry: said once, exit 1', async () => {
    const r = await runCli(['package', 'download', 'tool', '5.0.0', 'tool-linux', '-p', '7'], { env: asUser(spec), cwd: tempDir() });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^collab: this server has no package registry API/);
  });
});

describe('package list and delete', () => {
  it('lists with GitLab filters; deletes with --yes, exit 2 without it off a terminal', async () => {
    const api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/7/packages?package_name=tool&package_type=generic', method: 'GET' })
      .reply(200, ...jsonReply([{ id: 12, name: 'tool', version: '1.2.3', package_type: 'generic', status: 'default' }]));
    const r = await runCli(['package', 'list', '-p', '7', '--name', 'tool', '--type', 'generic'], { transport: api.transport });
    expect([r.code, r.stdout]).toEqual([0, '12\ttool\t1.2.3\tgeneric\tdefault\t\n']);
    const refused = await runCli(['package', 'delete', '12', '-p', '7'], { transport: api.transport });
    expect(refused.code).toBe(2);
    api.pool.intercept({ path: '/api/v4/projects/7/packages/12', method: 'DELETE' }).reply(204, '');
    const gone = await runCli(['package', 'delete', '12', '-p', '7', '--yes'], { transport: api.transport });
    expect([gone.code, gone.stderr]).toEqual([0, 'Deleted package 12 from 7\n']);
    api.done();
  });

  it("takes every status GitLab's list filters by (Packages::Package.statuses: deprecated too)", async () => {
    // lib/api/project_packages.rb: `optional :status, values: Packages::Package.statuses.keys`.
    const api = mockApi();
    api.pool.intercept({ path: '/api/v4/projects/7/packages?status=deprecated', method: 'GET' }).reply(200, ...jsonReply([]));
    const r = await runCli(['package', 'list', '-p', '7', '--status', 'deprecated'], { transport: api.transport });
    expect([r.code, r.stderr]).toEqual([0, '']);
    api.done();
  });
});
