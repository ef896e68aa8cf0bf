import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { MAX_EMPTY_PAGES } from '../../src/api/page-walk.js';
import { paginate } from '../../src/api/paginate.js';
import { ApiError, AuthError } from '../../src/errors.js';
import { jsonReply, mockApi, TEST_HOST, TEST_TOKEN } from '../helpers/harness.js';
import { JSON_HEADERS } from '../helpers/json-answer.js';

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
      .intercept({
        path: '/api/v4/user',
        method: 'GET',
        headers: { 'private-token': TEST_TOKEN, sudo: 'alice', 'user-agent': 'collab/test' },
      })
      .reply(200, ...jsonReply({ username: 'alice' }));
    api.pool
      .intercept({ path: '/api/v4/user', method: 'GET', headers: { authorization: 'Bearer oauth-1' } })
      .reply(200, ...jsonReply({ username: 'bob' }));
    expect((await client(api, { sudo: 'alice' }).c.request({ method: 'GET', path: '/user' })).data).toEqual({ username: 'alice' });
    const oauth = client(api, { credentials: { token: { value: 'oauth-1', kind: 'oauth' } } }).c;
    expect((await oauth.request({ method: 'GET', path: '/user' })).data).toEqual({ username: 'bob' });
  });

  it(
    'a job token as the token (glcbt-…) goes as JOB-TOKEN; a personal token refused ' +
      'where the job token is accepted falls back to it once',
    async () => {
      api = mockApi();
      api.pool
        .intercept({ path: '/api/v4/user', method: 'GET', headers: { 'job-token': 'glcbt-1' } })
        .reply(200, ...jsonReply({ username: 'job' }));
      const job = client(api, { credentials: { token: { value: 'glcbt-1', kind: 'job' } } }).c;
      expect((await job.request({ method: 'GET', path: '/user' })).data).toEqual({ username: 'job' });

      const refused = (header: string) => (headers: Record<string, string>) => headers[header] !== undefined;
      api.pool
        .intercept({ path: '/api/v4/projects/1/pipelines/4/jobs', method: 'GET', headers: refused('private-token') })
        .reply(403, ...jsonReply({ message: '403 Forbidden' }));
      api.pool
        .intercept({ path: '/api/v4/projects/1/pipelines/4/jobs', method: 'GET', headers: { 'job-token': 'ci-job-1' } })
        .reply(200, ...jsonReply([{ id: 9, name: 'build' }]));
      api.pool
        .intercept({ path: '/api/v4/projects/1/jobs/9', method: 'GET', headers: { 'job-token': 'ci-job-1' } })
        .reply(200, ...jsonReply({ id: 9 }));
      api.pool
        .intercept({ path: '/api/v4/projects/1/issues', method: 'GET', headers: refused('private-token') })
        .reply(403, ...jsonReply({ message: '403 Forbidden' }));
      const warned: string[] = [];
      const ci = client(api, {
        credentials: { token: { value: TEST_TOKEN, kind: 'private' }, jobToken: 'ci-job-1' },
        warn: (m) => warned.push(m),
      }).c;
      expect((await ci.request({ method: 'GET', path: '/projects/1/pipelines/4/jobs', auth: 'job' })).data).toEqual([
        { id: 9, name: 'build' },
      ]);
      expect(warned).toEqual([
        'the personal token was refused (403) for GET /projects/1/pipelines/4/jobs; ' +
          'trying again on gitlab.test with the CI job token (CI_JOB_TOKEN)',
      ]);
      // The run's later requests of that kind go with the job token at once; the others never carry it.
      expect((await ci.request({ method: 'GET', path: '/projects/1/jobs/9', auth: 'job' })).data).toEqual({ id: 9 });
      await expect(ci.request({ method: 'GET', path: '/projects/1/issues' })).rejects.toThrow(/403/);
      expect(warned).toHaveLength(1);
    },
  );

  it('waits for Retry-After on 429 (also for POST), then succeeds', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/1/issues', method: 'POST' })
      .reply(429, 'Retry later', { headers: { 'retry-after': '2', 'content-type': 'text/plain' } });
    api.pool
      .intercept({ path: '/api/v4/projects/1/issues', method: 'POST' })
      .reply(429, 'Retry later', { headers: { 'retry-after': 'Wed, 25 Nov 2026 12:00:03 GMT' } });
    api.pool
      .intercept({ path: '/api/v4/projects/1/issues', method: 'POST' })
      .reply(429, '', { headers: { 'ratelimit-reset': String(Date.parse('2026-11-25T12:00:05Z') / 1000) } });
    api.pool.intercept({ path: '/api/v4/projects/1/issues', method: 'POST' }).reply(201, ...jsonReply({ iid: 1 }));
    const told: string[] = [];
    const { c, sleeps, log } = client(api, { onRetry: (m) => told.push(m) });
    const res = await c.request({ method: 'POST', path: '/projects/1/issues', body: { title: 't' } });
    expect(res.status).toBe(201);
    expect(sleeps).toEqual([2000, 3000, 5000]);
    expect(told[0]).toBe('retrying in 2 s (429 Too Many Requests, attempt 2 of 5)');
    expect(told[2]).toBe('retrying in 5 s (429 Too Many Requests, attempt 4 of 5)');
    expect(log.filter((l) => l.includes('retrying'))).toHaveLength(3);
  });

  it("waits a 503's Retry-After before a GET goes again, never less (up to the cap)", async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/projects/1', method: 'GET' }).reply(503, 'down', { headers: { 'retry-after': '7' } });
    api.pool.intercept({ path: '/api/v4/projects/1', method: 'GET' }).reply(503, 'down', { headers: { 'retry-after': '3600' } });
    api.pool.intercept({ path: '/api/v4/projects/1', method: 'GET' }).reply(200, ...jsonReply({ id: 1 }));
    const { c, sleeps } = client(api);
    expect((await c.request({ method: 'GET', path: '/projects/1' })).data).toEqual({ id: 1 });
    expect(sleeps[0]).toBe(7000);
    // An hour is more than collab waits between attempts: the cap, as the backoff's.
    expect(sleeps[1]).toBeGreaterThanOrEqual(7000);
    expect(sleeps[1]).toBeLessThan(3_600_000);
  });

  it('retries 502/503/504 and resets on GET with backoff, but not on POST', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/version', method: 'GET' }).reply(502, '<html><title>502 Bad Gateway</title></html>');
    api.pool.intercept({ path: '/api/v4/version', method: 'GET' }).reply(503, 'down');
    api.pool
      .intercept({ path: '/api/v4/version', method: 'GET' })
      .replyWithError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }));
    api.pool.intercept({ path: '/api/v4/version', method: 'GET' }).reply(200, ...jsonReply({ version: '17' }));
    const told: string[] = [];
    const { c, sleeps } = client(api, { onRetry: (m) => told.push(m) });
    expect((await c.request({ method: 'GET', path: '/version' })).data).toEqual({ version: '17' });
    expect(sleeps).toEqual([375, 750, 1500]);
    // What a person on a terminal is told before each wait.
    expect(told).toEqual([
      'retrying in 0.4 s (502 Bad Gateway, attempt 2 of 5)',
      'retrying in 0.8 s (503 Service Unavailable, attempt 3 of 5)',
      'retrying in 1.5 s (ECONNRESET, attempt 4 of 5)',
    ]);

    api.pool.intercept({ path: '/api/v4/projects', method: 'POST' }).reply(503, 'down');
    await expect(c.request({ method: 'POST', path: '/projects', body: { name: 'x' } })).rejects.toThrow(/503 down/);
  });

  it('gives up after the bounded number of attempts', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/user', method: 'GET' }).reply(500, ...jsonReply({ message: 'boom' }));
    api.pool.intercept({ path: '/api/v4/user', method: 'GET' }).reply(502, 'x').times(5);
    const { c } = client(api);
    await expect(c.request({ method: 'GET', path: '/user' })).rejects.toThrow('500 boom');
    const err = await c.request({ method: 'GET', path: '/user' }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(502);
  });

  it('maps 401 to AuthError with a hint', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/user', method: 'GET' }).reply(401, ...jsonReply({ message: '401 Unauthorized' }));
    const err = await client(api)
      .c.request({ method: 'GET', path: '/user' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(AuthError);
    expect(err.exitCode).toBe(4);
    expect(err.message).toBe('401 Unauthorized');
  });

  it('the CI job token goes where GitLab takes it (its job_token_allowed routes), nowhere else', async () => {
    api = mockApi();
    const onlyJobToken = { credentials: { jobToken: 'ci-job-token' } };
    // lib/api/ci/pipelines.rb: `route_setting :authentication, job_token_allowed: true` on a pipeline's jobs.
    api.pool
      .intercept({ path: '/api/v4/projects/1/pipelines/9/jobs', method: 'GET', headers: { 'job-token': 'ci-job-token' } })
      .reply(200, [], { headers: JSON_HEADERS });
    api.pool
      .intercept({ path: '/api/v4/projects/1/jobs/5', method: 'GET', headers: (h) => !('job-token' in h) && !('private-token' in h) })
      .reply(401, { message: '401 Unauthorized' }, { headers: JSON_HEADERS });
    const { c } = client(api, onlyJobToken);
    expect((await c.request({ method: 'GET', path: '/projects/1/pipelines/9/jobs' })).data).toEqual([]);
    const err = await c.request({ method: 'GET', path: '/projects/1/jobs/5' }).catch((e) => e);
    expect(err).toBeInstanceOf(AuthError);
    expect(err.hint).toMatch(
      /^GitLab does not take the CI job token for this request \(it reaches artifact downloads.*\): set COLLAB_TOKEN$/,
    );
  });

  it('a job token GitLab refuses (an older GitLab, a finished job) is a 401 that says so', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/1/jobs', method: 'GET', headers: { 'job-token': 'ci-job-token' } })
      .reply(401, ...jsonReply({ message: '401 Unauthorized' }));
    const err = await client(api, { credentials: { jobToken: 'ci-job-token' } })
      .c.request({ method: 'GET', path: '/projects/1/jobs' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(AuthError);
    expect(err.hint).toMatch(/^GitLab refused the CI job token here: it reaches .*; set COLLAB_TOKEN for the rest$/);
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
        headers: (h: Record<string, string>) =>
          !Object.keys(h).some((k) => ['private-token', 'sudo', 'authorization', 'job-token'].includes(k.toLowerCase())),
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

  // lib/api/notes.rb (GET …/notes): GitLab pages first, then drops the notes the reader may not
  // see — "the current page can have less elements than :per_page even if there's more than one page".
  it('follows an empty page that names a next page; stops on one that names none', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/issues?per_page=20', method: 'GET' })
      .reply(200, ...jsonReply([{ id: 1 }], { 'x-next-page': '2', 'x-page': '1' }));
    api.pool.intercept({ path: '/api/v4/issues?per_page=20&page=2', method: 'GET' }).reply(200, [], {
      headers: { ...JSON_HEADERS, 'x-next-page': '3', 'x-page': '2', link: '<https://gitlab.test/api/v4/issues?page=3>; rel="next"' },
    });
    api.pool
      .intercept({ path: '/api/v4/issues?per_page=20&page=3', method: 'GET' })
      .reply(200, ...jsonReply([{ id: 7 }], { 'x-next-page': '4', 'x-page': '3' }));
    api.pool.intercept({ path: '/api/v4/issues?per_page=20&page=4', method: 'GET' }).reply(200, [], {
      headers: { ...JSON_HEADERS, 'x-next-page': '', 'x-page': '4', link: '<https://gitlab.test/api/v4/issues?page=5>; rel="next"' },
    });
    const items: unknown[] = [];
    for await (const i of paginate(client(api).c, { method: 'GET', path: '/issues' }, { perPage: 20, all: true })) items.push(i);
    expect(items).toEqual([{ id: 1 }, { id: 7 }]);
    api.done();
  });

  it('empty pages without a page count end after MAX_EMPTY_PAGES in a row, with a notice', async () => {
    const warned: string[] = [];
    let sent = 0;
    const endless = {
      request: async (req: { path: string }) => {
        sent++;
        const page = Number(new URL(req.path, TEST_HOST).searchParams.get('page') ?? 1);
        const headers = { ...JSON_HEADERS, 'x-page': String(page), 'x-next-page': String(page + 1) };
        return { statusCode: 200, headers, body: Readable.from([Buffer.from(page === 1 ? '[{"id":1}]' : '[]')]) };
      },
    };
    const { c } = client({ transport: endless } as unknown as ReturnType<typeof mockApi>, { warn: (m: string) => warned.push(m) });
    const items: unknown[] = [];
    for await (const i of paginate(c, { method: 'GET', path: '/issues' }, { perPage: 1, all: true })) items.push(i);
    expect(items).toEqual([{ id: 1 }]);
    expect(sent).toBe(MAX_EMPTY_PAGES + 2);
    expect(warned.join('\n')).toMatch(/empty pages in a row/);
  });

  it('fetches the remaining pages concurrently from the server template, in order, honouring --limit', async () => {
    api = mockApi();
    const total = { 'x-total-pages': '4', 'x-total': '8', 'x-per-page': '2' };
    const link = '<https://gitlab.test/api/v4/projects/1/issues?page=2&per_page=2&state=opened>; rel="next"';
    api.pool
      .intercept({ path: '/api/v4/projects/1/issues?state=opened&per_page=2', method: 'GET' })
      .reply(200, ...jsonReply([{ n: 1 }, { n: 2 }], { ...total, 'x-page': '1', 'x-next-page': '2', link }));
    for (const p of [2, 3, 4]) {
      const scope = api.pool
        .intercept({ path: `/api/v4/projects/1/issues?page=${p}&per_page=2&state=opened`, method: 'GET' })
        .reply(200, ...jsonReply([{ n: p * 2 - 1 }, { n: p * 2 }], { ...total, 'x-page': String(p) }));
      // page 2 answers last: the output must still be in page order
      if (p === 2) scope.delay(30);
    }
    const items: { n: number }[] = [];
    for await (const i of paginate<{ n: number }>(
      client(api).c,
      { method: 'GET', path: '/projects/1/issues', query: { state: 'opened' } },
      { perPage: 2, all: true, concurrency: 3, limit: 7 },
    ))
      items.push(i);
    expect(items.map((i) => i.n)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('without totals, fetches ahead concurrently and stops at the first short page', async () => {
    api = mockApi();
    const link = (p: number) => `<https://gitlab.test/api/v4/issues?page=${p}&per_page=2>; rel="next"`;
    const h = (p: number, next: string) => ({
      headers: { ...JSON_HEADERS, 'x-page': String(p), 'x-per-page': '2', 'x-next-page': next, link: link(p + 1) },
    });
    api.pool.intercept({ path: '/api/v4/issues?per_page=2', method: 'GET' }).reply(200, [{ n: 1 }, { n: 2 }], h(1, '2'));
    api.pool
      .intercept({ path: '/api/v4/issues?page=2&per_page=2', method: 'GET' })
      .reply(200, [{ n: 3 }, { n: 4 }], h(2, '3'))
      .delay(20);
    api.pool.intercept({ path: '/api/v4/issues?page=3&per_page=2', method: 'GET' }).reply(200, [{ n: 5 }], h(3, ''));
    // fetched ahead before page 3 was known to be the last: wasted, but bounded
    api.pool.intercept({ path: '/api/v4/issues?page=4&per_page=2', method: 'GET' }).reply(200, [], h(4, ''));
    const items: { n: number }[] = [];
    for await (const i of paginate<{ n: number }>(
      client(api).c,
      { method: 'GET', path: '/issues' },
      { perPage: 2, all: true, concurrency: 3 },
    ))
      items.push(i);
    expect(items.map((i) => i.n)).toEqual([1, 2, 3, 4, 5]);
  });

  it('pages fetched ahead give what page by page gives: a page naming another next page is followed as it says', async () => {
    // Five numbered pages, but the server's own walk goes 1, 2, 4, 5; the last says nothing follows.
    const named: Record<number, string> = { 1: '2', 2: '4', 3: '4', 4: '5', 5: '' };
    const sent: number[] = [];
    const transport = {
      request: async (req: { path: string }) => {
        const page = Number(new URL(req.path, TEST_HOST).searchParams.get('page') ?? 1);
        sent.push(page);
        const headers = { ...JSON_HEADERS, 'x-page': String(page), 'x-total-pages': '5', 'x-next-page': named[page]! };
        return { statusCode: 200, headers, body: Readable.from([Buffer.from(JSON.stringify([{ id: page }]))]) };
      },
    };
    const read = async (concurrency: number) => {
      const items: unknown[] = [];
      const { c } = client({ transport } as unknown as ReturnType<typeof mockApi>);
      for await (const i of paginate(c, { method: 'GET', path: '/issues' }, { perPage: 1, all: true, concurrency })) items.push(i);
      return items;
    };
    const pageByPage = await read(1);
    expect(pageByPage).toEqual([{ id: 1 }, { id: 2 }, { id: 4 }, { id: 5 }]);
    for (const concurrency of [2, 4]) {
      sent.length = 0;
      expect(await read(concurrency)).toEqual(pageByPage);
      expect(sent.filter((p) => p === 3).length).toBeLessThanOrEqual(1); // fetched ahead at most, never followed
    }
    // Without totals, an empty page that names a next page is followed to it, fetched ahead or not.
    const noTotals = {
      request: async (req: { path: string }) => {
        const page = Number(new URL(req.path, TEST_HOST).searchParams.get('page') ?? 1);
        const next = page === 2 ? '5' : page === 5 ? '' : String(page + 1);
        const headers = { ...JSON_HEADERS, 'x-page': String(page), 'x-next-page': next };
        return { statusCode: 200, headers, body: Readable.from([Buffer.from(JSON.stringify(page === 2 ? [] : [{ id: page }]))]) };
      },
    };
    for (const concurrency of [1, 3]) {
      const { c } = client({ transport: noTotals } as unknown as ReturnType<typeof mockApi>);
      const items: unknown[] = [];
      for await (const i of paginate(c, { method: 'GET', path: '/issues' }, { perPage: 1, all: true, concurrency })) items.push(i);
      expect(items, `concurrency ${concurrency}`).toEqual([{ id: 1 }, { id: 5 }]);
    }
  });

  it('decodes gzip, deflate (zlib or raw) and br answers on any transport, and asks for them', async () => {
    api = mockApi();
    const body = Buffer.from(JSON.stringify({ id: 1, title: 'é'.repeat(1000) }));
    const codings: [string, Buffer][] = [
      ['gzip', zlib.gzipSync(body)],
      ['deflate', zlib.deflateSync(body)],
      ['deflate', zlib.deflateRawSync(body)],
      ['br', zlib.brotliCompressSync(body)],
      ['gzip, br', zlib.brotliCompressSync(zlib.gzipSync(body))],
    ];
    for (const [coding, data] of codings) {
      api.pool
        .intercept({ path: '/api/v4/x', method: 'GET', headers: { 'accept-encoding': 'gzip, deflate, br' } })
        .reply(200, ...jsonReply(data, { 'content-encoding': coding, 'content-length': String(data.length) }));
    }
    const { c } = client(api);
    for (let i = 0; i < codings.length; i++) {
      const res = await c.request({ method: 'GET', path: '/x' });
      expect(res.data).toEqual(JSON.parse(body.toString()));
      expect(res.headers['content-encoding']).toBeUndefined();
    }
  });

  it('a 200 that is not JSON is an ApiError naming host and type; collab api takes other bodies raw', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/user', method: 'GET' })
      .reply(200, '<html><title>Sign in</title></html>', { headers: { 'content-type': 'text/html' } });
    api.pool.intercept({ path: '/api/v4/raw', method: 'GET' }).reply(200, 'plain text', { headers: { 'content-type': 'text/plain' } });
    api.pool
      .intercept({ path: '/api/v4/raw', method: 'GET' })
      .reply(200, '<!doctype html><p>hi', { headers: { 'content-type': 'text/plain' } });
    const { c } = client(api);
    const err = await c.request({ method: 'GET', path: '/user' }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('200 from gitlab.test was not JSON (text/html: a sign-in page? check --host)');
    const raw = await c.request({ method: 'GET', path: '/raw', expect: 'any' });
    expect(Buffer.isBuffer(raw.data) && raw.data.toString()).toBe('plain text');
    await expect(c.request({ method: 'GET', path: '/raw', expect: 'any' })).rejects.toThrow(/text\/plain: a sign-in page/);
  });

  it('truncated JSON is retried on GET with the usual backoff, never on POST', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/user', method: 'GET' }).reply(200, ...jsonReply('{"id": 1, "user'));
    api.pool.intercept({ path: '/api/v4/user', method: 'GET' }).reply(200, ...jsonReply({ id: 1 }));
    api.pool.intercept({ path: '/api/v4/issues', method: 'POST' }).reply(201, ...jsonReply('{"iid": 4'));
    const { c, sleeps } = client(api);
    expect((await c.request({ method: 'GET', path: '/user' })).data).toEqual({ id: 1 });
    expect(sleeps).toEqual([375]);
    await expect(c.request({ method: 'POST', path: '/issues', body: {} })).rejects.toThrow(
      /201 answer from gitlab\.test was cut short or is not valid JSON/,
    );
  });

  it('one deadline: no retry that would outlast it, and a request that outlasts it times out', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/user', method: 'GET' }).reply(503, 'down');
    const { c, sleeps, log } = client(api, { timeoutMs: 200 });
    await expect(c.request({ method: 'GET', path: '/user' })).rejects.toThrow('503 down');
    // The first backoff (375 ms) does not fit in 200 ms: one request, no sleep.
    expect(sleeps).toEqual([]);
    expect(log.some((l) => l.includes('no time left for another attempt within the 0.2s deadline'))).toBe(true);

    // With a clock that moves by the waits: 375 ms fits in 1 s, the next 750 ms does not.
    api.pool.intercept({ path: '/api/v4/busy', method: 'GET' }).reply(503, 'busy').times(2);
    let t = 0;
    const clocked = new ApiClient({
      host: TEST_HOST,
      credentials: {},
      transport: api.transport,
      userAgent: 'collab/test',
      timeoutMs: 1000,
      random: () => 0.5,
      now: () => t,
      sleep: async (ms) => {
        t += ms;
      },
    });
    await expect(clocked.request({ method: 'GET', path: '/busy' })).rejects.toThrow('503 busy');
    expect(t).toBe(375);

    api.pool
      .intercept({ path: '/api/v4/slow', method: 'GET' })
      .reply(200, ...jsonReply({ late: true }))
      .delay(60_000);
    const err = await client(api, { timeoutMs: 50 })
      .c.request({ method: 'GET', path: '/slow' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('request to gitlab.test timed out after 0.1s');
  });

  it('limits: bodies larger than the cap, JSON nested too deep, a 3xx shows its Location', async () => {
    api = mockApi();
    const big = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i })));
    api.pool.intercept({ path: '/api/v4/big', method: 'GET' }).reply(200, ...jsonReply(big));
    api.pool.intercept({ path: '/api/v4/big', method: 'GET' }).reply(200, ...jsonReply(zlib.gzipSync(big), { 'content-encoding': 'gzip' }));
    api.pool.intercept({ path: '/api/v4/deep', method: 'GET' }).reply(200, ...jsonReply(`${'{"a":'.repeat(600)}1${'}'.repeat(600)}`));
    api.pool
      .intercept({ path: '/api/v4/moved', method: 'GET' })
      .reply(301, '', { headers: { location: 'https://new.example/api/v4/moved' } });
    const { c } = client(api);
    const capped = client(api, { maxBodyBytes: 1000 }).c;
    await expect(capped.request({ method: 'GET', path: '/big' })).rejects.toThrow(
      'the 200 answer from gitlab.test is larger than 1000 bytes, more than collab holds in memory',
    );
    // Counted in decoded bytes: a small compressed body cannot expand past the cap.
    await expect(capped.request({ method: 'GET', path: '/big' })).rejects.toThrow(/larger than 1000 bytes/);
    await expect(c.request({ method: 'GET', path: '/deep' })).rejects.toThrow('JSON nested more than 512 levels deep');
    await expect(c.request({ method: 'GET', path: '/moved' })).rejects.toThrow(
      '301 from gitlab.test: redirected to https://new.example/api/v4/moved',
    );
  });
});

describe('the paginator', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('de-duplicates by id across pages and says the list changed', async () => {
    api = mockApi();
    const h = (page: number, total: number, next: string) => ({
      headers: { ...JSON_HEADERS, 'x-page': String(page), 'x-total': String(total), 'x-next-page': next },
    });
    api.pool.intercept({ path: '/api/v4/issues?per_page=2', method: 'GET' }).reply(200, [{ id: 9 }, { id: 8 }], h(1, 4, '2'));
    // Two issues created meanwhile: page 2 starts with what page 1 already had.
    api.pool.intercept({ path: '/api/v4/issues?per_page=2&page=2', method: 'GET' }).reply(200, [{ id: 9 }, { id: 8 }], h(2, 6, '3'));
    api.pool.intercept({ path: '/api/v4/issues?per_page=2&page=3', method: 'GET' }).reply(200, [{ id: 7 }, { id: 6 }], h(3, 6, ''));
    const warned: string[] = [];
    const { c } = client(api, { warn: (m) => warned.push(m) });
    const items: unknown[] = [];
    for await (const i of paginate(c, { method: 'GET', path: '/issues' }, { perPage: 2, all: true, unique: true })) items.push(i);
    expect(items).toEqual([{ id: 9 }, { id: 8 }, { id: 7 }, { id: 6 }]);
    // Page 2 repeats page 1, but the total grew: a shifted list, not a server ignoring `page`.
    expect(warned).toEqual([
      'the list changed while it was read (X-Total 4 → 6); 2 duplicates left out; items added or removed meanwhile may be missing',
    ]);
  });

  it('stops when the server answers another page than asked, and cancels the pages fetched ahead', async () => {
    api = mockApi();
    const h = { headers: { ...JSON_HEADERS, 'x-page': '1', 'x-total-pages': '9', 'x-next-page': '2' } };
    api.pool
      .intercept({ path: (p: string) => p.startsWith('/api/v4/issues'), method: 'GET' })
      .reply(200, [{ id: 1 }], h)
      .persist();
    const warned: string[] = [];
    const { c } = client(api, { warn: (m) => warned.push(m) });
    const items: unknown[] = [];
    for await (const i of paginate(c, { method: 'GET', path: '/issues' }, { perPage: 1, all: true, concurrency: 4 })) items.push(i);
    expect(items).toEqual([{ id: 1 }]);
    expect(warned).toEqual(['the server answered page 1 when asked for page 2 (does it ignore the page parameter?); stopping']);
  });

  it('a server going round in circles with a total that keeps changing still stops', async () => {
    api = mockApi();
    let n = 0;
    api.pool
      .intercept({ path: (p: string) => p.startsWith('/api/v4/issues'), method: 'GET' })
      .reply(
        200,
        () => {
          n++;
          return [{ id: 1 }, { id: 2 }];
        },
        { headers: { ...JSON_HEADERS } },
      )
      .persist();
    // MockAgent's static headers cannot change per reply: the totals come from a wrapper transport.
    const transport = {
      request: async (req: Parameters<typeof api.transport.request>[0]) => {
        const res = await api.transport.request(req);
        const page = Number(new URL(req.path, 'https://x').searchParams.get('page') ?? 1);
        return { ...res, headers: { ...res.headers, 'x-total': String(100 + page), 'x-next-page': String(page + 1) } };
      },
    };
    for (const unique of [true, false]) {
      n = 0;
      const warned: string[] = [];
      const { c } = client(api, { transport, warn: (m) => warned.push(m) });
      const items: unknown[] = [];
      for await (const i of paginate(c, { method: 'GET', path: '/issues' }, { perPage: 2, all: true, unique })) items.push(i);
      // Ids unknown (collab api): what the server sent is printed, nothing left out, but the walk stops all the same.
      expect(items).toEqual(unique ? [{ id: 1 }, { id: 2 }] : [{ id: 1 }, { id: 2 }, { id: 1 }, { id: 2 }]);
      expect(n).toBe(3);
      expect(warned[0]).toBe('the server sent only items already read, twice in a row (page 3); stopping');
    }
  });

  it(
    'without unique ids nothing is left out: entries sharing an id (a repository ' + 'tree) all come through, and no list "changed"',
    async () => {
      api = mockApi();
      // GitLab's repository tree (lib/api/entities/tree_object.rb): an entry's id is its object's sha,
      // so identical files share one. Three pages of two, each page with the same blob twice.
      const blob = 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391';
      const entry = (n: number) => ({ id: blob, name: `.gitkeep`, type: 'blob', path: `dir${n}/.gitkeep`, mode: '100644' });
      const h = (page: number, next: string) => ({
        headers: { ...JSON_HEADERS, 'x-page': String(page), 'x-per-page': '2', 'x-total': '6', 'x-total-pages': '3', 'x-next-page': next },
      });
      const path = '/projects/1/repository/tree?recursive=true&per_page=2';
      api.pool.intercept({ path: `/api/v4${path}`, method: 'GET' }).reply(200, [entry(1), entry(2)], h(1, '2'));
      api.pool.intercept({ path: `/api/v4${path}&page=2`, method: 'GET' }).reply(200, [entry(3), entry(4)], h(2, '3'));
      api.pool.intercept({ path: `/api/v4${path}&page=3`, method: 'GET' }).reply(200, [entry(5), entry(6)], h(3, ''));
      const warned: string[] = [];
      const { c } = client(api, { warn: (m) => warned.push(m) });
      const items: { path: string }[] = [];
      const req = { method: 'GET', path: '/projects/1/repository/tree', query: { recursive: true } };
      for await (const i of paginate<{ path: string }>(c, req, { perPage: 2, all: true })) items.push(i);
      expect(items.map((i) => i.path)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `dir${n}/.gitkeep`));
      expect(warned).toEqual([]);
    },
  );
});

describe('one rate-limit budget per run', () => {
  /** A transport that logs each request it is sent and answers `answer(path, n)` (n: the how-many-th for that path). */
  type Reply = { status: number; headers?: Record<string, string>; body?: unknown };
  function loggingTransport(answer: (path: string, n: number) => Reply | Promise<Reply>) {
    const sent: string[] = [];
    const transport = {
      async request(req: { path: string; method: string }) {
        const path = req.path.replace('/api/v4', '');
        sent.push(`${req.method} ${path}`);
        const a = await answer(path, sent.filter((s) => s === `${req.method} ${path}`).length);
        return {
          statusCode: a.status,
          headers: { ...JSON_HEADERS, ...a.headers },
          body: Readable.from([Buffer.from(JSON.stringify(a.body ?? {}))]),
        };
      },
    };
    return { sent, transport };
  }
  /** Waits handed out one by one: the test decides when each ends. */
  function heldSleeps() {
    const waits: { ms: number; end: () => void }[] = [];
    const sleep = (ms: number) => new Promise<void>((resolve) => waits.push({ ms, end: resolve }));
    return { waits, sleep };
  }
  const settle = () => new Promise((r) => setImmediate(r));
  const make = (transport: unknown, sleep: (ms: number) => Promise<void>) =>
    new ApiClient({
      host: TEST_HOST,
      credentials: { token: { value: TEST_TOKEN, kind: 'private' } },
      transport: transport as never,
      userAgent: 'collab/test',
      sleep,
      now: () => 0,
    });

  it('a 429 holds back every other request until the throttled one, sent again first, is answered', async () => {
    const { sent, transport } = loggingTransport((path, n) =>
      path === '/projects/1/issues/1' && n === 1
        ? { status: 429, headers: { 'retry-after': '2' } }
        : { status: 200, body: { iid: Number(path.split('/').pop()) } },
    );
    const { waits, sleep } = heldSleeps();
    const c = make(transport, sleep);
    const first = c.request({ method: 'PUT', path: '/projects/1/issues/1', body: {} });
    while (waits.length === 0) await settle();
    expect(waits.map((w) => w.ms)).toEqual([2000]);
    // Started while the first waits out its Retry-After: none of these is sent yet.
    const others = [
      c.request({ method: 'PUT', path: '/projects/1/issues/2', body: {} }),
      c.request({ method: 'GET', path: '/projects/1/issues/3' }),
    ];
    for (let i = 0; i < 5; i++) await settle();
    expect(sent).toEqual(['PUT /projects/1/issues/1']);
    waits[0]!.end();
    expect((await first).data).toEqual({ iid: 1 });
    await Promise.all(others);
    expect(sent).toEqual(['PUT /projects/1/issues/1', 'PUT /projects/1/issues/1', 'PUT /projects/1/issues/2', 'GET /projects/1/issues/3']);
    // Only the throttled request waited on its own.
    expect(waits).toHaveLength(1);
  });

  it('requests in flight when the 429 came, throttled too, go again after the first one; a second pause works the same', async () => {
    const throttled = new Set(['/projects/1/issues/1#1', '/projects/1/issues/2#1', '/projects/1/issues/1#2']);
    const { sent, transport } = loggingTransport((path, n) =>
      throttled.has(`${path}#${n}`) ? { status: 429, headers: { 'retry-after': '1' } } : { status: 200, body: { iid: 1 } },
    );
    const { waits, sleep } = heldSleeps();
    const c = make(transport, sleep);
    const both = Promise.all([
      c.request({ method: 'POST', path: '/projects/1/issues/1', body: {} }),
      c.request({ method: 'POST', path: '/projects/1/issues/2', body: {} }),
    ]);
    while (waits.length === 0) await settle();
    for (let i = 0; i < 5; i++) await settle();
    // Issue 2 was throttled too: it does not wait on its own, it waits for issue 1.
    expect(waits).toHaveLength(1);
    waits[0]!.end();
    // Issue 1 is throttled again: still the only one waiting, and issue 2 is still not sent.
    while (waits.length === 1) await settle();
    expect(sent).toEqual(['POST /projects/1/issues/1', 'POST /projects/1/issues/2', 'POST /projects/1/issues/1']);
    waits[1]!.end();
    await both;
    expect(sent.slice(3)).toEqual(['POST /projects/1/issues/1', 'POST /projects/1/issues/2']);
  });

  it('the pages of a list fetched at once share it', async () => {
    const { waits, sleep } = heldSleeps();
    const { sent, transport } = loggingTransport(async (path, n): Promise<Reply> => {
      const page = Number(/[?&]page=(\d+)/.exec(path)?.[1] ?? 1);
      if (page === 3 && n === 1) return { status: 429, headers: { 'retry-after': '3' } };
      // Page 2 comes back once page 3 waits: the window then asks for page 5.
      if (page === 2) while (waits.length === 0) await settle();
      return {
        status: 200,
        headers: { 'x-total-pages': '8', 'x-total': '8', 'x-page': String(page), 'x-per-page': '1' },
        body: [{ id: page }],
      };
    });
    const c = make(transport, sleep);
    const items: number[] = [];
    const done = (async () => {
      for await (const item of paginate<{ id: number }>(c, { method: 'GET', path: '/projects' }, { perPage: 1, all: true, concurrency: 3 }))
        items.push(item.id);
    })();
    while (waits.length === 0) await settle();
    for (let i = 0; i < 10; i++) await settle();
    // Pages 1-4 were sent; page 5 waits with the others until page 3 has been answered.
    expect(sent.map((s) => /[?&]page=(\d+)/.exec(s)?.[1] ?? '1')).toEqual(['1', '2', '3', '4']);
    waits[0]!.end();
    await done;
    expect(items).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(sent.map((s) => /[?&]page=(\d+)/.exec(s)?.[1] ?? '1').slice(4, 6)).toEqual(['3', '5']);
    expect(waits.map((w) => w.ms)).toEqual([3000]);
  });
});
