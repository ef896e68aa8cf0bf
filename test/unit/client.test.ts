import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { paginate } from '../../src/api/paginate.js';
import { ApiError, AuthError } from '../../src/errors.js';
import { JSON_HEADERS, TEST_HOST, TEST_TOKEN, mockApi } from '../helpers/harness.js';

function client(api: ReturnType<typeof mockApi>, extra: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}) {
  const sleeps: number[] = [];
  const log: string[] = [];
  const c = new ApiClient({
    host: TEST_HOST,
    credentials: { token: { value: TEST_TOKEN, kind: 'private' } },
    transport: api.transport,
    userAgent: 'collab/test',
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    now: () => Date.parse('2026-11-25T12:00:00Z'),
    debug: (l) => log.push(l),
    ...extra,
  });
  return { c, sleeps, log };
}

describe('ApiClient', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('sends PRIVATE-TOKEN, Sudo and User-Agent; OAuth as Bearer', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/user', method: 'GET', headers: { 'private-token': TEST_TOKEN, sudo: 'alice', 'user-agent': 'collab/test' } })
      .reply(200, { username: 'alice' }, { headers: JSON_HEADERS });
    api.pool.intercept({ path: '/api/v4/user', method: 'GET', headers: { authorization: 'Bearer oauth-1' } }).reply(200, { username: 'bob' }, { headers: JSON_HEADERS });
    expect((await client(api, { sudo: 'alice' }).c.request({ method: 'GET', path: '/user' })).data).toEqual({ username: 'alice' });
    const oauth = client(api, { credentials: { token: { value: 'oauth-1', kind: 'oauth' } } }).c;
    expect((await oauth.request({ method: 'GET', path: '/user' })).data).toEqual({ username: 'bob' });
  });

  it('waits for Retry-After on 429 (also for POST), then succeeds', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/projects/1/issues', method: 'POST' }).reply(429, 'Retry later', { headers: { 'retry-after': '2', 'content-type': 'text/plain' } });
    api.pool.intercept({ path: '/api/v4/projects/1/issues', method: 'POST' }).reply(429, 'Retry later', { headers: { 'retry-after': 'Wed, 25 Nov 2026 12:00:03 GMT' } });
    api.pool.intercept({ path: '/api/v4/projects/1/issues', method: 'POST' }).reply(429, '', { headers: { 'ratelimit-reset': String(Date.parse('2026-11-25T12:00:05Z') / 1000) } });
    api.pool.intercept({ path: '/api/v4/projects/1/issues', method: 'POST' }).reply(201, { iid: 1 }, { headers: JSON_HEADERS });
    const { c, sleeps, log } = client(api);
    const res = await c.request({ method: 'POST', path: '/projects/1/issues', body: { title: 't' } });
    expect(res.status).toBe(201);
    expect(sleeps).toEqual([2000, 3000, 5000]);
    expect(log.filter((l) => l.includes('retrying'))).toHaveLength(3);
  });

  it('retries 502/503/504 and resets on GET with backoff, but not on POST', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/version', method: 'GET' }).reply(502, '<html><title>502 Bad Gateway</title></html>');
    api.pool.intercept({ path: '/api/v4/version', method: 'GET' }).reply(503, 'down');
    api.pool.intercept({ path: '/api/v4/version', method: 'GET' }).replyWithError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }));
    api.pool.intercept({ path: '/api/v4/version', method: 'GET' }).reply(200, { version: '17' }, { headers: JSON_HEADERS });
    const { c, sleeps } = client(api);
    expect((await c.request({ method: 'GET', path: '/version' })).data).toEqual({ version: '17' });
    expect(sleeps).toEqual([375, 750, 1500]);

    api.pool.intercept({ path: '/api/v4/projects', method: 'POST' }).reply(503, 'down');
    await expect(c.request({ method: 'POST', path: '/projects', body: { name: 'x' } })).rejects.toThrow(/503 down/);
  });

  it('gives up after the bounded number of attempts', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/user', method: 'GET' }).reply(500, { message: 'boom' }, { headers: JSON_HEADERS });
    api.pool.intercept({ path: '/api/v4/user', method: 'GET' }).reply(502, 'x').times(5);
    const { c } = client(api);
    await expect(c.request({ method: 'GET', path: '/user' })).rejects.toThrow('500 boom');
    const err = await c.request({ method: 'GET', path: '/user' }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(502);
  });

  it('maps 401 to AuthError with a hint', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/user', method: 'GET' }).reply(401, { message: '401 Unauthorized' }, { headers: JSON_HEADERS });
    const err = await client(api).c.request({ method: 'GET', path: '/user' }).catch((e) => e);
    expect(err).toBeInstanceOf(AuthError);
    expect(err.exitCode).toBe(4);
    expect(err.message).toBe('401 Unauthorized');
  });

  it('a 401 with only a CI job token says what the job token is for', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/projects/1/jobs', method: 'GET' }).reply(401, { message: '401 Unauthorized' }, { headers: JSON_HEADERS });
    const err = await client(api, { credentials: { jobToken: 'ci-job-token' } })
      .c.request({ method: 'GET', path: '/projects/1/jobs' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(AuthError);
    expect(err.hint).toContain('CI_JOB_TOKEN only authenticates artifact downloads');
  });

  it('follows redirects to another origin without credentials', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/1/jobs/2/artifacts', method: 'GET', headers: { 'private-token': TEST_TOKEN } })
      .reply(302, '', { headers: { location: 'https://storage.test/bucket/a.zip?sig=1' } });
    const storage = api.agent.get('https://storage.test');
    storage
      .intercept({
        path: '/bucket/a.zip?sig=1',
        method: 'GET',
        headers: (h: Record<string, string>) => !Object.keys(h).some((k) => ['private-token', 'sudo', 'authorization', 'job-token'].includes(k.toLowerCase())),
      })
      .reply(200, 'ZIPDATA');
    const res = await client(api, { sudo: 'alice' }).c.send({ method: 'GET', path: '/projects/1/jobs/2/artifacts', followRedirects: true });
    expect(res.status).toBe(200);
    let body = '';
    for await (const chunk of res.body) body += chunk;
    expect(body).toBe('ZIPDATA');
  });

  it('keeps its own origin for Link URLs and never loops', async () => {
    api = mockApi();
    const h = (extra: Record<string, string>) => ({ headers: { ...JSON_HEADERS, ...extra } });
    api.pool
      .intercept({ path: '/api/v4/issues?per_page=2', method: 'GET' })
      .reply(200, [{ id: 1 }, { id: 2 }], h({ link: '<http://internal:8080/api/v4/issues?page=2&per_page=2>; rel="next"' }));
    api.pool
      .intercept({ path: '/api/v4/issues?page=2&per_page=2', method: 'GET', headers: { 'private-token': TEST_TOKEN } })
      .reply(200, [{ id: 3 }], h({ link: '<http://internal:8080/api/v4/issues?page=2&per_page=2>; rel="next"' }));
    const { c } = client(api);
    const items: unknown[] = [];
    for await (const i of paginate(c, { method: 'GET', path: '/issues' }, { perPage: 2, all: true })) items.push(i);
    expect(items).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });

  it('stops on an empty page even when a stale rel="next" is sent', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/issues?per_page=20', method: 'GET' })
      .reply(200, [{ id: 1 }], { headers: { ...JSON_HEADERS, 'x-next-page': '2', 'x-page': '1' } });
    api.pool
      .intercept({ path: '/api/v4/issues?per_page=20&page=2', method: 'GET' })
      .reply(200, [], { headers: { ...JSON_HEADERS, 'x-next-page': '3', 'x-page': '2', link: '<https://gitlab.test/api/v4/issues?page=3>; rel="next"' } });
    const items: unknown[] = [];
    for await (const i of paginate(client(api).c, { method: 'GET', path: '/issues' }, { perPage: 20, all: true })) items.push(i);
    expect(items).toEqual([{ id: 1 }]);
  });

  it('fetches the remaining pages concurrently from the server template, in order, honouring --limit', async () => {
    api = mockApi();
    const total = { 'x-total-pages': '4', 'x-total': '8', 'x-per-page': '2' };
    const link = '<https://gitlab.test/api/v4/projects/1/issues?page=2&per_page=2&state=opened>; rel="next"';
    api.pool
      .intercept({ path: '/api/v4/projects/1/issues?state=opened&per_page=2', method: 'GET' })
      .reply(200, [{ n: 1 }, { n: 2 }], { headers: { ...JSON_HEADERS, ...total, 'x-page': '1', 'x-next-page': '2', link } });
    for (const p of [2, 3, 4]) {
      const scope = api.pool
        .intercept({ path: `/api/v4/projects/1/issues?page=${p}&per_page=2&state=opened`, method: 'GET' })
        .reply(200, [{ n: p * 2 - 1 }, { n: p * 2 }], { headers: { ...JSON_HEADERS, ...total, 'x-page': String(p) } });
      // page 2 answers last: the output must still be in page order
      if (p === 2) scope.delay(30);
    }
    const items: { n: number }[] = [];
    for await (const i of paginate<{ n: number }>(client(api).c, { method: 'GET', path: '/projects/1/issues', query: { state: 'opened' } }, { perPage: 2, all: true, concurrency: 3, limit: 7 }))
      items.push(i);
    expect(items.map((i) => i.n)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('without totals, fetches ahead concurrently and stops at the first short page', async () => {
    api = mockApi();
    const link = (p: number) => `<https://gitlab.test/api/v4/issues?page=${p}&per_page=2>; rel="next"`;
    const h = (p: number, next: string) => ({ headers: { ...JSON_HEADERS, 'x-page': String(p), 'x-per-page': '2', 'x-next-page': next, link: link(p + 1) } });
    api.pool.intercept({ path: '/api/v4/issues?per_page=2', method: 'GET' }).reply(200, [{ n: 1 }, { n: 2 }], h(1, '2'));
    api.pool.intercept({ path: '/api/v4/issues?page=2&per_page=2', method: 'GET' }).reply(200, [{ n: 3 }, { n: 4 }], h(2, '3')).delay(20);
    api.pool.intercept({ path: '/api/v4/issues?page=3&per_page=2', method: 'GET' }).reply(200, [{ n: 5 }], h(3, ''));
    // fetched ahead before page 3 was known to be the last: wasted, but bounded
    api.pool.intercept({ path: '/api/v4/issues?page=4&per_page=2', method: 'GET' }).reply(200, [], h(4, ''));
    const items: { n: number }[] = [];
    for await (const i of paginate<{ n: number }>(client(api).c, { method: 'GET', path: '/issues' }, { perPage: 2, all: true, concurrency: 3 })) items.push(i);
    expect(items.map((i) => i.n)).toEqual([1, 2, 3, 4, 5]);
  });
});

