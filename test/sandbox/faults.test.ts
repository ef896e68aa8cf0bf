import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { JSON_HEADERS } from '../helpers/json-answer.js';
import { ADMIN, API_PROJECT, call, useSandbox } from './helpers.js';

describe('sandbox fault injection', () => {
  /** The sandbox's waits, recorded instead of timed. */
  const waits: number[] = [];
  const sandbox = useSandbox({ sleep: async (ms) => void waits.push(ms) });

  async function arm(fault: Record<string, unknown>): Promise<void> {
    const res = await fetch(`${sandbox().url}/__sandbox/faults`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify(fault),
    });
    expect(res.status).toBe(201);
  }

  it('answers 429 in plain text with Retry-After, then recovers', async () => {
    const sb = sandbox();
    await arm({ path: '^/api/v4/user$', count: 2, kind: '429', retryAfter: '1', rateLimitReset: 1_900_000_000 });
    for (let i = 0; i < 2; i++) {
      const res = await call(sb, '/user');
      expect(res.status).toBe(429);
      expect(res.text).toBe('Retry later\n');
      expect(res.headers.get('retry-after')).toBe('1');
      expect(res.headers.get('ratelimit-reset')).toBe('1900000000');
    }
    expect((await call(sb, '/user')).status).toBe(200);
  });

  it('serves 5xx JSON, an HTML 502, and matches on method', async () => {
    const sb = sandbox();
    await arm({ method: 'POST', count: 1, kind: '503' });
    expect((await call(sb, '/user')).status).toBe(200);
    expect((await call(sb, '/projects/1/star', { method: 'POST' })).status).toBe(503);
    await arm({ count: 1, kind: 'html502' });
    const html = await call(sb, '/user');
    expect(html.status).toBe(502);
    expect(html.headers.get('content-type')).toBe('text/html');
    expect(html.text).toContain('<h1>502 Bad Gateway</h1>');
  });

  it('resets connections before or in the middle of a body', async () => {
    const sb = sandbox();
    await arm({ count: 1, kind: 'reset' });
    await expect(fetch(`${sb.url}/api/v4/user`, { headers: { 'PRIVATE-TOKEN': ADMIN } })).rejects.toThrow();
    await arm({ path: 'artifacts', count: 1, kind: 'reset-mid-body' });
    const res = await fetch(`${sb.url}/api/v4/projects/${API_PROJECT}/jobs/artifacts/main/download?job=package`, {
      headers: { 'PRIVATE-TOKEN': ADMIN },
    });
    expect(res.status).toBe(200);
    await expect(res.arrayBuffer()).rejects.toThrow();
    const ok = await fetch(`${sb.url}/api/v4/projects/${API_PROJECT}/jobs/artifacts/main/download?job=package`, {
      headers: { 'PRIVATE-TOKEN': ADMIN },
    });
    expect((await ok.arrayBuffer()).byteLength).toBe(Number(ok.headers.get('content-length')));
  });

  it('cuts a body 300 ms after its half was sent, or graceMs later', async () => {
    const sb = sandbox();
    const download = () =>
      fetch(`${sb.url}/api/v4/projects/${API_PROJECT}/jobs/artifacts/main/download?job=package`, { headers: { 'PRIVATE-TOKEN': ADMIN } })
        .then((res) => res.arrayBuffer())
        .catch((err: Error) => err);
    waits.length = 0;
    await arm({ path: 'artifacts', count: 1, kind: 'reset-mid-body' });
    expect(await download()).toBeInstanceOf(Error);
    await arm({ path: 'artifacts', count: 1, kind: 'reset-mid-body', graceMs: 0 });
    expect(await download()).toBeInstanceOf(Error);
    expect(waits).toEqual([300, 0]);
    for (const graceMs of [-1, 'soon'])
      expect(
        (await fetch(`${sb.url}/__sandbox/faults`, { method: 'POST', body: JSON.stringify({ kind: 'reset-mid-body', graceMs }) })).status,
      ).toBe(400);
  });

  it('trickles bodies and hangs until the client gives up', async () => {
    const sb = sandbox();
    await arm({ count: 1, kind: 'trickle', chunkBytes: 4, intervalMs: 50 });
    waits.length = 0;
    const slow = await call(sb, '/nothing/here');
    expect(slow.body).toEqual({ error: '404 Not Found' });
    // One pause after each 4-byte piece of the body.
    expect(waits).toEqual(Array(Math.ceil(Buffer.byteLength(slow.text) / 4)).fill(50));
    await arm({ count: 1, kind: 'hang' });
    await expect(
      fetch(`${sb.url}/api/v4/user`, { headers: { 'PRIVATE-TOKEN': ADMIN }, signal: AbortSignal.timeout(300) }),
    ).rejects.toThrow();
    expect((await call(sb, '/user')).status).toBe(200);
  });

  it('serves a stale empty page that still announces a next one', async () => {
    const sb = sandbox();
    await arm({ path: '/issues', count: 1, kind: 'empty-next' });
    const res = await call(sb, `/projects/${API_PROJECT}/issues?page=7`);
    expect(res.body).toEqual([]);
    expect(res.headers.get('x-next-page')).toBe('8');
    expect(res.headers.get('link')).toContain('rel="next"');
  });

  it('points Link headers at another origin on request, and logs who sent credentials there', async () => {
    const sb = sandbox();
    await arm({ path: '/projects\\?', count: 1, kind: 'link-other-host' });
    const res = await call(sb, '/projects?per_page=1');
    const next = /<([^>]+)>; rel="next"/.exec(res.headers.get('link') ?? '')?.[1] ?? '';
    expect(new URL(next).origin).toBe(`http://localhost:${sb.port}`);
    await fetch(next);
    const logged = sb.requests().at(-1);
    expect(logged?.headers.host).toBe(`localhost:${sb.port}`);
    expect(logged?.headers['private-token']).toBeUndefined();
  });

  it('lists, clears and validates faults; clears the request log', async () => {
    const sb = sandbox();
    await arm({ path: 'never-matches', count: 3, kind: '500' });
    const listed = await fetch(`${sb.url}/__sandbox/faults`).then((r) => r.json());
    expect(listed).toEqual([expect.objectContaining({ kind: '500', remaining: 3 })]);
    expect((await fetch(`${sb.url}/__sandbox/faults`, { method: 'DELETE' })).status).toBe(204);
    expect(await fetch(`${sb.url}/__sandbox/faults`).then((r) => r.json())).toEqual([]);
    const bad = await fetch(`${sb.url}/__sandbox/faults`, { method: 'POST', body: JSON.stringify({ kind: 'explode' }) });
    expect(bad.status).toBe(400);
    expect((await fetch(`${sb.url}/__sandbox/requests`, { method: 'DELETE' })).status).toBe(204);
    expect(sb.requests()).toEqual([]);
  });
});

describe('sandbox options', () => {
  it('adds latency to every response', async () => {
    const waits: number[] = [];
    const sb = await startSandbox({ port: 0, latencyMs: 150, sleep: async (ms) => void waits.push(ms) });
    try {
      expect((await call(sb, '/user')).status).toBe(200);
      expect((await call(sb, '/projects')).status).toBe(200);
      expect(waits).toEqual([150, 150]);
    } finally {
      await sb.close();
    }
  });

  it('seeds only root and alice when empty', async () => {
    const sb = await startSandbox({ port: 0, seed: 'empty' });
    try {
      expect(sb.tokens.map((t) => t.token).sort()).toEqual(['sandbox-admin-token', 'sandbox-oauth-token', 'sandbox-user-token']);
      expect((await call(sb, '/users')).body.map((u: { username: string }) => u.username).sort()).toEqual(['alice', 'root']);
      expect((await call(sb, '/projects')).body).toEqual([]);
      expect((await call(sb, '/user', { token: 'sandbox-bob-token' })).status).toBe(401);
    } finally {
      await sb.close();
    }
  });

  it('parses the raw URL itself: %2F in paths is never decoded before routing', async () => {
    const sb = await startSandbox({ port: 0 });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        http
          .get(
            `${sb.url}/api/v4/projects/acme%2Fplatform%2Fapi/jobs/artifacts/feature%2Fx/download?job=package`,
            { headers: { 'PRIVATE-TOKEN': ADMIN } },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          )
          .on('error', reject);
      });
      expect(status).toBe(200);
      expect((await call(sb, '/projects/acme/platform/api')).status).toBe(404);
    } finally {
      await sb.close();
    }
  });
});
