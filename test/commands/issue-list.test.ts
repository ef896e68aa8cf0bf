import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, runCli, TEST_TOKEN } from '../helpers/harness.js';
import { JSON_HEADERS } from '../helpers/json-answer.js';
import { issue } from './issue-fixtures.js';

describe('issue list', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('sends every filter and prints tsv when piped', async () => {
    api = mockApi();
    api.pool
      .intercept({
        path: '/api/v4/projects/acme%2Fplatform%2Fapi/issues?state=opened&labels=bug%2Cui&scope=all&iids%5B%5D=1&iids%5B%5D=2&order_by=updated_at&sort=asc&search=a+b&created_after=2026-01-01T00%3A00%3A00Z',
        method: 'GET',
        headers: { 'PRIVATE-TOKEN': TEST_TOKEN },
      })
      .reply(
        200,
        ...jsonReply([
          issue(1, { task_completion_status: { count: 3, completed_count: 1 } }),
          issue(2, { title: 'tab\there \u001b[31mred\u001b[0m' }),
        ]),
      );
    const r = await runCli(
      [
        'issue',
        'list',
        '-p',
        'acme/platform/api',
        '--state',
        'opened',
        '--labels',
        'bug,ui',
        '--scope',
        'all',
        '--iids',
        '1,2',
        '--order-by',
        'updated_at',
        '--sort',
        'asc',
        '--search',
        'a b',
        '--created-after',
        '2026-01-01T00:00:00Z',
      ],
      { transport: api.transport },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    // Tasks done of GitLab's task_completion_status; nothing where the server sends none.
    expect(r.stdout).toBe(
      '1\topened\tIssue 1\tbug\talice\t1/3\t2026-11-24T12:00:00.000Z\n2\topened\ttab here red\tbug\talice\t\t2026-11-24T12:00:00.000Z\n',
    );
  });

  it('uses the group and global endpoints', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/groups/acme/issues?state=opened', method: 'GET' }).reply(200, ...jsonReply([issue(1)]));
    api.pool.intercept({ path: '/api/v4/issues?state=opened&labels=No+Label', method: 'GET' }).reply(200, ...jsonReply([]));
    expect((await runCli(['issue', 'list', '-g', 'acme', '-o', 'json'], { transport: api.transport })).stdout).toBe(
      `${JSON.stringify([issue(1)])}\n`,
    );
    const r = await runCli(['issue', 'list', '--no-labels', '-o', 'ndjson'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
  });

  it('rejects bad input with exit 2 before sending anything', async () => {
    api = mockApi();
    for (const args of [
      ['--state', 'open'],
      ['--iids', '1,x'],
      ['--created-after', '2026-13-01'],
      ['--author-id', '0'],
      ['--per-page', '101'],
    ]) {
      const r = await runCli(['issue', 'list', '-p', '7', ...args], { transport: api.transport });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(args[0]);
    }
  });

  it('follows X-Next-Page with --all and stops on an empty one', async () => {
    api = mockApi();
    const page = (n: number, next: string) => ({ headers: { ...JSON_HEADERS, 'x-page': String(n), 'x-next-page': next } });
    api.pool.intercept({ path: '/api/v4/projects/7/issues?state=opened&per_page=100', method: 'GET' }).reply(200, [issue(1)], page(1, '2'));
    api.pool
      .intercept({ path: '/api/v4/projects/7/issues?state=opened&per_page=100&page=2', method: 'GET' })
      .reply(200, [issue(2)], page(2, ''));
    const r = await runCli(['issue', 'list', '-p', '7', '--all', '-o', 'ndjson', '--fields', 'iid'], { transport: api.transport });
    expect(r.stdout).toBe('{"iid":1}\n{"iid":2}\n');
  });
});

describe('fetch progress', () => {
  it("shows a spinner on a terminal's stderr when a list takes a while, and nothing when piped", async () => {
    for (const tty of [true, false]) {
      const api = mockApi();
      api.pool.intercept({ path: '/api/v4/projects/7/issues?state=opened', method: 'GET' }).reply(200, ...jsonReply([issue(1)]));
      // The spinner's delay has passed as soon as it is asked for: no wall clock involved.
      const delays: number[] = [];
      const schedule = (ms: number, fn: () => void) => {
        delays.push(ms);
        fn();
        return () => {};
      };
      const r = await runCli(['issue', 'list', '-p', '7', '-o', 'json'], { transport: api.transport, tty, schedule });
      expect(delays).toEqual(tty ? [300] : []);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)[0].iid).toBe(1);
      if (tty) expect(r.stderr).toContain('fetching');
      else expect(r.stderr).toBe('');
      api.done();
    }
  });
});

describe('what a list hides', () => {
  it('says "more available" on a terminal when the server gives no total, and nothing past the last page', async () => {
    const api = mockApi();
    const untold = { headers: { ...JSON_HEADERS, 'x-page': '1', 'x-next-page': '2', 'x-per-page': '2' } };
    api.pool
      .intercept({ path: '/api/v4/projects/7/issues?state=closed&per_page=2', method: 'GET' })
      .reply(200, [issue(1), issue(2)], untold);
    const r = await runCli(['issue', 'list', '-p', '7', '--state', 'closed', '--per-page', '2'], { transport: api.transport, tty: true });
    expect(r.stderr).toBe('Showing 2 closed issues in 7; more available · --all for every page\n');
    const last = { headers: { ...JSON_HEADERS, 'x-page': '1', 'x-next-page': '', 'x-total': '2' } };
    api.pool.intercept({ path: '/api/v4/projects/7/issues?state=all&per_page=2', method: 'GET' }).reply(200, [issue(1), issue(2)], last);
    const all = await runCli(['issue', 'list', '-p', '7', '--state', 'all', '--per-page', '2'], { transport: api.transport, tty: true });
    expect(all.stderr).toBe('');
    api.pool
      .intercept({ path: '/api/v4/projects/7/issues?state=opened&per_page=20', method: 'GET' })
      .reply(200, ...jsonReply([issue(1), issue(2), issue(3)], { 'x-total': '3' }));
    const cut = await runCli(['issue', 'list', '-p', '7', '--limit', '2'], { transport: api.transport, tty: true });
    expect(cut.stderr).toBe('Showing 2 of 3 open issues in 7 · --all for every page\n');
    api.done();
  });
});
