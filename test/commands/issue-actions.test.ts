import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, runCli, TEST_TOKEN } from '../helpers/harness.js';
import { issue } from './issue-fixtures.js';

const I = '/api/v4/projects/acme%2Fplatform%2Fapi/issues/42';

describe('issue subscribe / unsubscribe', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('subscribes and prints the issue', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${I}/subscribe`, method: 'POST', headers: { 'PRIVATE-TOKEN': TEST_TOKEN } })
      .reply(201, ...jsonReply(issue(42, { subscribed: true })));
    const r = await runCli(['issue', 'subscribe', '42', '-p', 'acme/platform/api', '-o', 'json'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(issue(42, { subscribed: true }));
    expect(r.stderr).toBe('Subscribed to issue #42 (Issue 42)\n');
  });

  it('treats 304 (already subscribed) as success: notice, then the current issue', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${I}/subscribe`, method: 'POST' }).reply(304, '');
    api.pool.intercept({ path: I, method: 'GET' }).reply(200, ...jsonReply(issue(42, { subscribed: true })));
    const r = await runCli(['issue', 'subscribe', '42', '-p', 'acme/platform/api', '--fields', 'iid,subscribed'], {
      transport: api.transport,
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('Already subscribed to issue #42: nothing changed\n');
    expect(r.stdout).toBe('iid\t42\nsubscribed\ttrue\n');
  });

  it('unsubscribes; 304 (not subscribed) is a notice too', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${I}/unsubscribe`, method: 'POST' }).reply(201, ...jsonReply(issue(42, { subscribed: false })));
    api.pool.intercept({ path: `${I}/unsubscribe`, method: 'POST' }).reply(304, '');
    api.pool.intercept({ path: I, method: 'GET' }).reply(200, ...jsonReply(issue(42, { subscribed: false })));
    const first = await runCli(['issue', 'unsubscribe', '42', '-p', 'acme/platform/api', '-o', 'ndjson', '--fields', 'subscribed'], {
      transport: api.transport,
    });
    expect([first.code, first.stdout, first.stderr]).toEqual([0, '{"subscribed":false}\n', 'Unsubscribed from issue #42 (Issue 42)\n']);
    const second = await runCli(['issue', 'unsubscribe', '42', '-p', 'acme/platform/api', '-o', 'ndjson', '--fields', 'subscribed'], {
      transport: api.transport,
    });
    expect([second.code, second.stdout, second.stderr]).toEqual([
      0,
      '{"subscribed":false}\n',
      'Not subscribed to issue #42: nothing changed\n',
    ]);
  });

  it('reports a missing issue with exit 1 and a bad iid with exit 2', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/7/issues/999/subscribe', method: 'POST' })
      .reply(404, ...jsonReply({ message: '404 Not found' }));
    const missing = await runCli(['issue', 'subscribe', '999', '-p', '7'], { transport: api.transport });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('404 Not found');
    const bad = await runCli(['issue', 'subscribe', '-1', '-p', '7'], { transport: api.transport });
    expect(bad.code).toBe(2);
  });
});

describe('issue todo', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  const todo = {
    id: 5,
    state: 'pending',
    action_name: 'marked',
    target_type: 'Issue',
    body: 'Issue 42',
    target_url: 'https://gitlab.test/x/-/issues/42',
    created_at: '2026-11-25T11:00:00Z',
    target: issue(42),
  };

  it('creates a todo and prints it with todo columns', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${I}/todo`, method: 'POST', body: '{}' }).reply(201, ...jsonReply(todo));
    const r = await runCli(['issue', 'todo', '42', '-p', 'acme/platform/api', '--fields', 'id,state,action_name,body'], {
      transport: api.transport,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('id\t5\nstate\tpending\naction_name\tmarked\nbody\tIssue 42\n');
    expect(r.stderr).toBe('Added issue #42 (Issue 42) to your todos\n');
  });

  it('treats 304 (todo exists) as success and prints the issue', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${I}/todo`, method: 'POST' }).reply(304, '');
    api.pool.intercept({ path: I, method: 'GET' }).reply(200, ...jsonReply(issue(42)));
    const r = await runCli(['issue', 'todo', '42', '-p', 'acme/platform/api', '-o', 'json'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(issue(42));
    expect(r.stderr).toBe('A todo for issue #42 exists already: nothing changed\n');
  });
});

describe('issue closed-by and user-agent', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  const mr = (iid: number) => ({
    iid,
    state: 'opened',
    title: `MR ${iid}`,
    source_branch: 'feature/x',
    target_branch: 'main',
    author: { username: 'bob' },
    updated_at: '2026-11-20T12:00:00Z',
  });

  it('lists the closing merge requests, paginated', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${I}/closed_by?per_page=100`, method: 'GET' }).reply(200, ...jsonReply([mr(1)], { 'x-next-page': '2' }));
    api.pool
      .intercept({ path: `${I}/closed_by?per_page=100&page=2`, method: 'GET' })
      .reply(200, ...jsonReply([mr(2)], { 'x-next-page': '' }));
    const r = await runCli(['issue', 'closed-by', '42', '-p', 'acme/platform/api', '--all'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      '1\topened\tMR 1\tfeature/x\tmain\tbob\t2026-11-20T12:00:00Z\n2\topened\tMR 2\tfeature/x\tmain\tbob\t2026-11-20T12:00:00Z\n',
    );
  });

  it('shows a table on a terminal with relative dates', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${I}/closed_by`, method: 'GET' }).reply(200, ...jsonReply([mr(1)]));
    const r = await runCli(['issue', 'closed-by', '42', '-p', 'acme/platform/api'], { transport: api.transport, tty: true });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('IID');
    expect(r.stdout).toContain('MR 1');
    expect(r.stdout).toContain('5 days ago');
  });

  it('shows the user agent detail (admin endpoint)', async () => {
    api = mockApi();
    const detail = { user_agent: 'AppleWebKit/537.36', ip_address: '127.0.0.1', spamfilter_submitted: false };
    api.pool.intercept({ path: `${I}/user_agent_detail`, method: 'GET' }).reply(200, ...jsonReply(detail));
    api.pool.intercept({ path: `${I}/user_agent_detail`, method: 'GET' }).reply(403, ...jsonReply({ message: '403 Forbidden' }));
    const r = await runCli(['issue', 'user-agent', '42', '-p', 'acme/platform/api'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('user_agent\tAppleWebKit/537.36\nip_address\t127.0.0.1\nspamfilter_submitted\tfalse\n');
    const denied = await runCli(['issue', 'user-agent', '42', '-p', 'acme/platform/api'], { transport: api.transport });
    expect(denied.code).toBe(1);
    expect(denied.stderr).toContain('403 Forbidden');
  });
});
