/**
 * Jobs and artifacts: collab run in-process as the binary runs it against the sandbox (downloads
 * by id and by ref, one file, stdout, extraction, redirects to object storage, the CI job token,
 * failures that must leave no file), plus a zip-slip archive served by a tiny local server.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { ADMIN_TOKEN, type SandboxFixture, tempDir } from '../helpers/e2e.js';
import { runBytesInProcess, startSandboxInProcess } from '../helpers/in-process.js';
import { json } from '../helpers/json-answer.js';

const PROJECT = 'acme/platform/api';
const API = '/api/v4/projects/acme%2Fplatform%2Fapi';

interface JobRow {
  id: number;
  name: string;
  ref: string;
  status: string;
  artifacts_file: { size: number } | null;
}

describe('jobs and artifacts against the sandbox', () => {
  let sb: SandboxFixture;
  let jobs: JobRow[];
  let projectId: number;
  const find = (name: string, ref: string, status = 'success') => {
    const j = jobs.find((x) => x.name === name && x.ref === ref && x.status === status);
    if (!j) throw new Error(`the demo seed has no ${status} ${name} job on ${ref}`);
    return j;
  };
  const direct = async (p: string) => {
    const res = await fetch(`${sb.url}${p}`, { headers: { 'PRIVATE-TOKEN': ADMIN_TOKEN } });
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };

  beforeAll(async () => {
    sb = await startSandboxInProcess({ seed: 'demo' });
    const res = await fetch(`${sb.url}${API}/jobs?per_page=100`, { headers: { 'PRIVATE-TOKEN': ADMIN_TOKEN } });
    jobs = (await res.json()) as JobRow[];
    const project = await fetch(`${sb.url}${API}`, { headers: { 'PRIVATE-TOKEN': ADMIN_TOKEN } });
    projectId = ((await project.json()) as { id: number }).id;
  });
  afterAll(() => sb?.close());

  it('lists jobs with scope[] filters and views one', async () => {
    const r = await sb.run(['job', 'list', '-p', PROJECT, '--scope', 'failed,manual', '--fields', 'status', '--all']);
    expect(r.exitCode, r.stderr).toBe(0);
    const statuses = r.stdout.trim().split('\n');
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['failed', 'manual']));
    const pkg = find('package', 'main');
    const v = await sb.run(['job', 'view', String(pkg.id), '-p', PROJECT, '-o', 'json']);
    expect(JSON.parse(v.stdout)).toMatchObject({ id: pkg.id, name: 'package', ref: 'main' });
  });

  it('downloads by job id: the exact archive, atomically renamed into ./artifacts.zip', async () => {
    const dir = tempDir('collab-dl-');
    const pkg = find('package', 'main');
    const r = await sb.run(['job', 'artifacts', String(pkg.id), '-p', PROJECT], {}, { cwd: dir });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(fs.readdirSync(dir)).toEqual(['artifacts.zip']);
    expect(fs.readFileSync(path.join(dir, 'artifacts.zip')).equals(await direct(`${API}/jobs/${pkg.id}/artifacts`))).toBe(true);
  });

  it('downloads by ref and job name, with feature/x sent as one encoded segment', async () => {
    const dir = tempDir('collab-dl-');
    const r = await sb.run(
      ['job', 'artifacts', '--ref', 'feature/x', '--job', 'package', '-p', PROJECT, '--dest', 'fx.zip'],
      {},
      { cwd: dir },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const expected = await direct(`${API}/jobs/${find('package', 'feature/x').id}/artifacts`);
    expect(fs.readFileSync(path.join(dir, 'fx.zip')).equals(expected)).toBe(true);
    expect(sb.requests().some((q) => q.path === `${API}/jobs/artifacts/feature%2Fx/download?job=package`)).toBe(true);
  });

  it('writes the archive to stdout with --dest -', async () => {
    const pkg = find('package', 'main');
    const r = await runBytesInProcess(
      { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN },
      ['job', 'artifacts', String(pkg.id), '-p', PROJECT, '--dest', '-'],
      tempDir(),
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.equals(await direct(`${API}/jobs/${pkg.id}/artifacts`))).toBe(true);
  });

  it('prints one file with a non-ASCII name', async () => {
    const pkg = find('package', 'feature/x');
    const r = await sb.run(['job', 'artifact', String(pkg.id), 'reports/résumé final.txt', '-p', PROJECT]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Résumé final — job package #${pkg.id} on feature/x`));
    expect(sb.requests().some((q) => q.path === `${API}/jobs/${pkg.id}/artifacts/reports/r%C3%A9sum%C3%A9%20final.txt`)).toBe(true);
  });

  it('extracts the archive into a directory', async () => {
    const dir = tempDir('collab-dl-');
    const r = await sb.run(['job', 'artifacts', '--ref', 'main', '--job', 'build', '-p', PROJECT, '--extract', 'out'], {}, { cwd: dir });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^(✓ )?Extracted 5 files .* into out$/);
    expect(fs.readdirSync(dir)).toEqual(['out']);
    expect(fs.readFileSync(path.join(dir, 'out/reports/junit.xml'), 'utf8')).toContain('<testsuite name="build"');
    expect(fs.existsSync(path.join(dir, 'out/reports/résumé final.txt'))).toBe(true);
  });

  it('follows the 302 to object storage on another origin without sending the token there', async () => {
    const dir = tempDir('collab-dl-');
    const pages = find('pages', 'main');
    await fetch(`${sb.url}/__sandbox/requests`, { method: 'DELETE' });
    const r = await sb.run(['job', 'artifacts', String(pages.id), '-p', PROJECT], {}, { cwd: dir });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'artifacts.zip')).subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    const storage = sb.requests().filter((q) => q.path.includes('/__sandbox/object-storage/'));
    expect(storage).toHaveLength(1);
    expect(storage[0]!.headers['private-token']).toBeUndefined();
  });

  it('inside CI downloads with JOB-TOKEN only: no flags but --ref and --job', async () => {
    const dir = tempDir('collab-ci-');
    await fetch(`${sb.url}/__sandbox/requests`, { method: 'DELETE' });
    const env = {
      COLLAB_HOST: undefined,
      COLLAB_TOKEN: undefined,
      CI: 'true',
      CI_JOB_TOKEN: 'sandbox-job-token',
      CI_SERVER_URL: sb.url,
      CI_PROJECT_ID: String(projectId),
    };
    const r = await sb.run(['job', 'artifacts', '--ref', 'feature/x', '--job', 'package'], env, { cwd: dir });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(fs.readdirSync(dir)).toEqual(['artifacts.zip']);
    const sent = sb.requests().filter((q) => q.path.includes('/jobs/artifacts/'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe(`/api/v4/projects/${projectId}/jobs/artifacts/feature%2Fx/download?job=package`);
    expect(sent[0]!.headers['job-token']).toBe('sandbox-job-token');
    expect(sent[0]!.headers['private-token']).toBeUndefined();
  });

  it('says which thing is missing on a 404', async () => {
    const noArtifacts = find('test', 'main', 'failed');
    const a = await sb.run(['job', 'artifacts', String(noArtifacts.id), '-p', PROJECT], {}, { cwd: tempDir() });
    // Exit 3: the artifacts are not there (not a failure to reach them).
    expect(a.exitCode).toBe(3);
    expect(a.stderr).toContain(`hint: job ${noArtifacts.id} has no artifacts`);
    const b = await sb.run(['job', 'artifacts', '--ref', 'feature/x', '--job', 'nope', '-p', PROJECT], {}, { cwd: tempDir() });
    expect(b.exitCode).toBe(3);
    expect(b.stderr).toContain('hint: no successful job named "nope" with artifacts on ref "feature/x"');
    const c = await sb.run(['job', 'artifact', String(find('package', 'main').id), 'missing.txt', '-p', PROJECT]);
    expect(c.exitCode).toBe(3);
    expect(c.stderr).toMatch(/^collab: 404 .*\nhint: the artifacts of job \d+ have no file "missing.txt"$/);
    const d = await sb.run(['job', 'artifact', String(find('package', 'main').id), 'a/./b', '-p', PROJECT]);
    expect(d.exitCode).toBe(1);
    expect(d.stderr).toMatch(/^collab: 400 /);
  });

  it('a reset mid-body is continued with Range; the existing destination is replaced only by the complete archive', async () => {
    const dir = tempDir('collab-dl-');
    fs.writeFileSync(path.join(dir, 'artifacts.zip'), 'previous');
    await sb.clearRequests();
    await sb.fault({ kind: 'reset-mid-body', path: '/jobs/artifacts/main/download', count: 1 });
    const r = await sb.run(['job', 'artifacts', '--ref', 'main', '--job', 'package', '-p', PROJECT], {}, { cwd: dir });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(fs.readdirSync(dir)).toEqual(['artifacts.zip']);
    expect(
      fs.readFileSync(path.join(dir, 'artifacts.zip')).equals(await direct(`${API}/jobs/${find('package', 'main').id}/artifacts`)),
    ).toBe(true);
    const sent = sb.requests().filter((q) => q.path.startsWith(`${API}/jobs/artifacts/main/download`));
    expect(sent.map((q) => q.headers.range === undefined)).toEqual([true, false]);
  });

  it('prints the trace byte for byte (ANSI included) and --exit-status fails for a failed job', async () => {
    const failed = find('test', 'main', 'failed');
    const r = await runBytesInProcess(
      { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN },
      ['job', 'trace', String(failed.id), '-p', PROJECT, '--exit-status'],
      tempDir(),
    );
    expect(r.stdout.equals(await direct(`${API}/jobs/${failed.id}/trace`))).toBe(true);
    expect(r.stdout.includes('\u001b[')).toBe(true);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe(`collab: job ${failed.id} (test) failed\n`);
  });

  it('plays, cancels, retries, keeps and erases (with --yes), printing the new status', async () => {
    const manual = find('deploy', 'main', 'manual');
    const play = await sb.run(['job', 'play', String(manual.id), '-p', PROJECT, '--fields', 'status']);
    expect(play.stdout).toBe('started');
    const running = find('test', 'feature/x', 'running');
    expect((await sb.run(['job', 'cancel', String(running.id), '-p', PROJECT, '--fields', 'status'])).stdout).toBe('canceled');
    const retry = await sb.run(['job', 'retry', String(running.id), '-p', PROJECT, '-o', 'json']);
    expect(JSON.parse(retry.stdout)).toMatchObject({ status: 'pending', name: 'test' });
    const build = find('build', 'main');
    const keep = await sb.run(['job', 'keep', String(build.id), '-p', PROJECT]);
    expect(keep.exitCode, keep.stderr).toBe(0);
    const refused = await sb.run(['job', 'erase', String(build.id), '-p', PROJECT]);
    expect(refused.exitCode).toBe(2);
    const erase = await sb.run(['job', 'erase', String(build.id), '-p', PROJECT, '--yes']);
    expect(erase.exitCode, erase.stderr).toBe(0);
    const gone = await sb.run(['job', 'artifacts', String(build.id), '-p', PROJECT], {}, { cwd: tempDir() });
    expect(gone.exitCode).toBe(3);
  });
});

describe('a zip-slip archive from a server', () => {
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from('fine'), 'ok.txt');
    // yazl refuses `..`: a same-length placeholder is patched afterwards.
    zip.addBuffer(Buffer.from('pwned'), 'XX/XX/escaped.txt');
    zip.end();
    const chunks: Buffer[] = [];
    for await (const c of zip.outputStream) chunks.push(c as Buffer);
    let archive = Buffer.concat(chunks);
    const from = Buffer.from('XX/XX/escaped.txt');
    const to = Buffer.from('../../escaped.txt');
    for (let at = archive.indexOf(from); at >= 0; at = archive.indexOf(from, at + 1)) to.copy(archive, at);
    archive = Buffer.from(archive);
    server = http.createServer((req, res) => {
      if (req.url === '/api/v4/projects/1/jobs/5/artifacts') {
        res.writeHead(200, { 'content-type': 'application/zip', 'content-length': archive.length });
        res.end(archive);
      } else {
        json(res, 404, { message: '404 Not Found' });
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is refused and nothing is written, inside or outside the directory', async () => {
    const root = tempDir('collab-slip-');
    const cwd = path.join(root, 'a', 'b');
    fs.mkdirSync(cwd, { recursive: true });
    const r = await runBytesInProcess(
      { COLLAB_HOST: url, COLLAB_TOKEN: 'any' },
      ['job', 'artifacts', '5', '-p', '1', '--extract', 'out'],
      cwd,
    );
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe(
      'collab: refusing to extract the archive: "../../escaped.txt" (path escapes the directory); nothing was extracted\n',
    );
    expect(fs.readdirSync(cwd)).toEqual([]);
    expect(fs.existsSync(path.join(root, 'escaped.txt'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'a', 'escaped.txt'))).toBe(false);
  });
});
