import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import * as yauzl from 'yauzl';
import { startSandbox } from '../../src/sandbox/index.js';
import { tempDir } from '../helpers/temp.js';
import { ADMIN, ALICE, API_PROJECT, call, useSandbox } from './helpers.js';
import { unzip } from './zip-helpers.js';

const JOBS = `/projects/${API_PROJECT}/jobs`;

async function download(url: string, headers: Record<string, string> = { 'PRIVATE-TOKEN': ADMIN }) {
  const res = await fetch(url, { headers, redirect: 'manual' });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

describe('sandbox jobs and artifacts', () => {
  const sandbox = useSandbox();

  async function findJob(name: string, ref: string, status = 'success') {
    const { body } = await call(sandbox(), `${JOBS}?per_page=100`);
    return body.filter((j: { name: string; ref: string; status: string }) => j.name === name && j.ref === ref && j.status === status)[0];
  }

  it('lists jobs in every status and filters by scope', async () => {
    const sb = sandbox();
    const all = await call(sb, `${JOBS}?per_page=100`);
    const statuses = new Set(all.body.map((j: { status: string }) => j.status));
    for (const s of ['success', 'failed', 'running', 'pending', 'canceled', 'skipped', 'manual', 'created']) expect(statuses).toContain(s);
    const job = all.body[0];
    expect(Object.keys(job)).toEqual(
      expect.arrayContaining([
        'id',
        'name',
        'stage',
        'ref',
        'tag',
        'status',
        'coverage',
        'created_at',
        'started_at',
        'finished_at',
        'commit',
        'pipeline',
        'artifacts_file',
        'runner',
        'user',
      ]),
    );
    const scoped = await call(sb, `${JOBS}?scope[]=failed&scope[]=manual`);
    expect(new Set(scoped.body.map((j: { status: string }) => j.status))).toEqual(new Set(['failed', 'manual']));
    const single = await call(sb, `${JOBS}?scope=running`);
    expect(single.body.every((j: { status: string }) => j.status === 'running')).toBe(true);
    const pipelineJobs = await call(sb, `/projects/${API_PROJECT}/pipelines/${job.pipeline.id}/jobs`);
    expect(pipelineJobs.body.every((j: { pipeline: { id: number } }) => j.pipeline.id === job.pipeline.id)).toBe(true);
    expect((await call(sb, `${JOBS}/999999`)).body).toEqual({ message: '404 Job Not Found' });
  });

  it('serves artifacts by job id as a real zip', async () => {
    const sb = sandbox();
    const job = await findJob('package', 'feature/x');
    const { res, body } = await download(`${sb.url}/api/v4${JOBS}/${job.id}/artifacts`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="artifacts.zip"');
    expect(res.headers.get('content-length')).toBe(String(body.length));
    expect(job.artifacts_file).toEqual({ filename: 'artifacts.zip', size: body.length });
    const files = await unzip(body);
    expect([...files.keys()]).toEqual(expect.arrayContaining(['dist/app/main.js', 'reports/résumé final.txt', 'README.md']));
    expect(files.get('dist/app/main.js')?.toString()).toContain(`#${job.id}`);
  });

  it('answers Range requests for archives, as Workhorse and object storage do (If-Range, 416)', async () => {
    const sb = sandbox();
    const job = await findJob('package', 'main');
    const url = `${sb.url}/api/v4${JOBS}/${job.id}/artifacts`;
    const whole = await download(url);
    const etag = whole.res.headers.get('etag')!;
    expect(whole.res.headers.get('accept-ranges')).toBe('bytes');
    expect(etag).toMatch(/^"[^"]+"$/);
    const part = await download(url, { 'PRIVATE-TOKEN': ADMIN, Range: 'bytes=100-', 'If-Range': etag });
    expect(part.res.status).toBe(206);
    expect(part.res.headers.get('content-range')).toBe(`bytes 100-${whole.body.length - 1}/${whole.body.length}`);
    expect(part.body.equals(whole.body.subarray(100))).toBe(true);
    const middle = await download(url, { 'PRIVATE-TOKEN': ADMIN, Range: 'bytes=10-19' });
    expect(middle.body.equals(whole.body.subarray(10, 20))).toBe(true);
    const changed = await download(url, { 'PRIVATE-TOKEN': ADMIN, Range: 'bytes=100-', 'If-Range': '"another-version"' });
    expect(changed.res.status).toBe(200);
    expect(changed.body.equals(whole.body)).toBe(true);
    const past = await download(url, { 'PRIVATE-TOKEN': ADMIN, Range: `bytes=${whole.body.length}-` });
    expect(past.res.status).toBe(416);
    expect(past.res.headers.get('content-range')).toBe(`bytes */${whole.body.length}`);
  });

  it('serves the last successful job of a name on a ref, including refs with a slash', async () => {
    const sb = sandbox();
    const expected = await findJob('package', 'feature/x');
    const { res, body } = await download(`${sb.url}/api/v4${JOBS}/artifacts/feature%2Fx/download?job=package`);
    expect(res.status).toBe(200);
    const files = await unzip(body);
    expect(files.get('README.md')?.toString()).toContain(`#${expected.id} on feature/x`);
    const unquoted = await download(`${sb.url}/api/v4${JOBS}/artifacts/main/download?job=build`);
    expect(unquoted.res.headers.get('content-disposition')).toBe('attachment; filename=artifacts.zip');
    const missing = await call(sb, `${JOBS}/artifacts/main/download?job=nope`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: '404 Job Not Found' });
    expect((await call(sb, `${JOBS}/artifacts/main/download`)).body).toEqual({ message: '400 (Bad request) "job" not given' });
  });

  it('serves single files, including non-ASCII names, and distinguishes 404s', async () => {
    const sb = sandbox();
    const job = await findJob('package', 'main');
    const file = await download(`${sb.url}/api/v4${JOBS}/${job.id}/artifacts/reports/r%C3%A9sum%C3%A9%20final.txt`);
    expect(file.res.status).toBe(200);
    expect(file.body.toString()).toContain('Résumé final');
    const nested = await download(`${sb.url}/api/v4${JOBS}/${job.id}/artifacts/dist/app/main.js`);
    expect(nested.body.toString()).toContain("'use strict';");
    expect((await call(sb, `${JOBS}/${job.id}/artifacts/dist/nope.js`)).body).toEqual({ message: '404 File Not Found' });
    expect((await call(sb, `${JOBS}/${job.id}/artifacts/..%2Fsecret`)).status).toBe(400);
    const noArtifacts = await findJob('test', 'main');
    expect((await call(sb, `${JOBS}/${noArtifacts.id}/artifacts`)).body).toEqual({ message: '404 Artifacts Not Found' });
    expect((await call(sb, `${JOBS}/999999/artifacts`)).body).toEqual({ message: '404 Job Not Found' });
  });

  it('redirects one artifact to object storage on another origin that needs no credentials', async () => {
    const sb = sandbox();
    const { res } = await download(`${sb.url}/api/v4${JOBS}/artifacts/main/download?job=pages`);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '');
    expect(location.origin).not.toBe(new URL(sb.url).origin);
    expect(location.hostname).toBe('localhost');
    expect(location.port).toBe(String(sb.port));
    const target = await download(location.toString(), {});
    expect(target.res.status).toBe(200);
    expect((await unzip(target.body)).has('dist/app/main.js')).toBe(true);
    const seen = sb.requests().filter((r) => r.path.startsWith('/__sandbox/object-storage/'));
    expect(seen.at(-1)?.headers['private-token']).toBeUndefined();
    expect(seen.at(-1)?.headers.host).toBe(`localhost:${sb.port}`);
  });

  it('serves traces as text with ANSI escapes and carriage returns', async () => {
    const sb = sandbox();
    const failed = await findJob('test', 'main', 'failed');
    const res = await fetch(`${sb.url}/api/v4${JOBS}/${failed.id}/trace`, { headers: { 'PRIVATE-TOKEN': ADMIN } });
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain('\u001b[');
    expect(text).toContain('\r');
    expect(text).toContain('Job failed');
  });

  it('cancels, retries, plays, erases and keeps', async () => {
    const sb = sandbox();
    const running = await findJob('test', 'feature/x', 'running');
    const canceled = await call(sb, `${JOBS}/${running.id}/cancel`, { method: 'POST' });
    expect(canceled.status).toBe(201);
    expect(canceled.body.status).toBe('canceled');
    const retried = await call(sb, `${JOBS}/${running.id}/retry`, { method: 'POST' });
    expect(retried.status).toBe(201);
    expect(retried.body.status).toBe('pending');
    expect(retried.body.id).not.toBe(running.id);
    expect(retried.body.name).toBe('test');
    const manual = await findJob('deploy', 'main', 'manual');
    const played = await call(sb, `${JOBS}/${manual.id}/play`, { method: 'POST' });
    expect(played.status).toBe(201);
    expect(played.body.status).toBe('started');
    expect((await call(sb, `${JOBS}/${manual.id}/play`, { method: 'POST' })).status).toBe(400);
    const kept = await call(sb, `${JOBS}/${(await findJob('package', 'v1.0')).id}/artifacts/keep`, { method: 'POST' });
    expect(kept.status).toBe(201);
    expect(kept.body.download_url).toBeNull();
    const build = await findJob('build', 'feature/x', 'success');
    const erased = await call(sb, `${JOBS}/${build.id}/erase`, { method: 'POST' });
    expect(erased.status).toBe(201);
    expect(erased.body.artifacts_file).toBeNull();
    expect(erased.body.download_url).toBeNull();
    expect(erased.body.erased_at).not.toBeNull();
    expect((await call(sb, `${JOBS}/${build.id}/trace`)).status).toBe(404);
    expect((await call(sb, `${JOBS}/${build.id}/artifacts`)).body).toEqual({ message: '404 Artifacts Not Found' });
    expect((await call(sb, `${JOBS}/${build.id}/cancel`, { token: 'sandbox-bob-token', method: 'POST' })).status).toBe(404);
    expect((await call(sb, `${JOBS}/${build.id}`, { token: ALICE })).status).toBe(200);
  });
});

describe('sandbox large streamed artifact', () => {
  it('streams a 64 MiB stored zip with a correct CRC and Content-Length', async () => {
    const sb = await startSandbox({ port: 0, artifactMb: 64 });
    const dir = tempDir('sandbox-big-');
    try {
      const res = await fetch(`${sb.url}/api/v4${JOBS}/artifacts/main/download?job=package`, { headers: { 'PRIVATE-TOKEN': ADMIN } });
      expect(res.status).toBe(200);
      const file = path.join(dir, 'big.zip');
      await pipeline(Readable.fromWeb(res.body as never), fs.createWriteStream(file));
      expect(fs.statSync(file).size).toBe(Number(res.headers.get('content-length')));
      const zip = await yauzl.openPromise(file, { lazyEntries: true });
      const sizes: Record<string, number> = {};
      for await (const entry of zip.eachEntry()) {
        let size = 0;
        // yauzl verifies the CRC-32 while the entry is read and fails the stream on a mismatch.
        for await (const chunk of await zip.openReadStreamPromise(entry)) size += (chunk as Buffer).length;
        sizes[entry.fileName] = size;
      }
      zip.close();
      expect(sizes['package/big.bin']).toBe(64 * 1024 * 1024);
      expect(sizes['README.txt']).toBeGreaterThan(0);
      // The rest from the middle, streamed: the same bytes as the file's second half.
      const whole = fs.readFileSync(file);
      const from = Math.floor(whole.length / 2) + 7;
      const rest = await fetch(`${sb.url}/api/v4${JOBS}/artifacts/main/download?job=package`, {
        headers: { 'PRIVATE-TOKEN': ADMIN, Range: `bytes=${from}-` },
      });
      expect(rest.status).toBe(206);
      expect(Buffer.from(await rest.arrayBuffer()).equals(whole.subarray(from))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      await sb.close();
    }
  });
});
