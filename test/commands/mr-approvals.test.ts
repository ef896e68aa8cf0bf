import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, runCli } from '../helpers/harness.js';
import { mr } from './mr-fixtures.js';

const MR = '/api/v4/projects/acme%2Fplatform%2Fapi/merge_requests/3';
const P = ['-p', 'acme/platform/api'];
const HEAD = '1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c';
const status = (extra: Record<string, unknown>) => ({
  id: 503,
  iid: 3,
  project_id: 7,
  title: 'MR 3',
  state: 'opened',
  merge_status: 'can_be_merged',
  approvals_required: 2,
  approved_by: [{ user: { id: 2, username: 'alice', name: 'Alice' } }, { user: { id: 3, username: 'bob', name: 'Bob' } }],
  ...extra,
});

describe('mr approvals, approve, unapprove', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('shows the approval status with approvers by username', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${MR}/approvals`, method: 'GET' }).reply(200, ...jsonReply(status({ approvals_missing: 0 })));
    const r = await runCli(['mr', 'approvals', '3', ...P], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('approvals_missing\t0\n');
    expect(r.stdout).toContain('approved_by\talice,bob\n');
  });

  it('approves, with the sha when given, and says how many approvals are left', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${MR}/approve`, method: 'POST', body: JSON.stringify({ sha: HEAD }) })
      .reply(201, ...jsonReply(status({ approvals_left: 1 })));
    api.pool.intercept({ path: `${MR}/approve`, method: 'POST', body: '{}' }).reply(201, ...jsonReply(status({ approvals_left: 0 })));
    const a = await runCli(['mr', 'approve', '3', ...P, '--sha', HEAD, '-o', 'json'], { transport: api.transport });
    expect([a.code, JSON.parse(a.stdout).approvals_left, a.stderr]).toEqual([0, 1, 'Approved !3 (MR 3); 1 approval left\n']);
    const b = await runCli(['mr', 'approve', '3', ...P, '-o', 'json'], { transport: api.transport });
    expect(b.stderr).toBe('Approved !3 (MR 3); 0 approvals left\n');
  });

  it('409 on approve: not approved, the current head named', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${MR}/approve`, method: 'POST' }).reply(409, ...jsonReply({ message: '409 Conflict' }));
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3, { sha: 'c'.repeat(40) })));
    const r = await runCli(['mr', 'approve', '3', ...P, '--sha', HEAD], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `collab: 409 Conflict — !3 was not approved: the head of its source branch is now ${'c'.repeat(40)}, not ${HEAD}\n` +
        `hint: review the new commits (collab mr diff 3 -p acme/platform/api), then: collab ` +
        `mr approve 3 --sha ${'c'.repeat(40)} -p acme/platform/api\n`,
    );
  });

  it('401 on approve with a working token: not allowed (exit 1)', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${MR}/approve`, method: 'POST' }).reply(401, ...jsonReply({ message: '401 Unauthorized' }));
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3)));
    const r = await runCli(['mr', 'approve', '3', ...P], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'collab: 401 Unauthorized: you are not allowed to approve merge request !3\nhint: you may have approved it already',
    );
  });

  it('unapproves', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${MR}/unapprove`, method: 'POST', body: '{}' })
      .reply(201, ...jsonReply(status({ approvals_missing: 1, approved_by: [] })));
    const r = await runCli(['mr', 'unapprove', '3', ...P], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('Withdrew your approval of !3 (MR 3)\n');
  });
});

describe('mr subscribe, unsubscribe, todo', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('subscribes and unsubscribes', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${MR}/subscribe`, method: 'POST' }).reply(201, ...jsonReply(mr(3, { subscribed: true })));
    api.pool.intercept({ path: `${MR}/unsubscribe`, method: 'POST' }).reply(201, ...jsonReply(mr(3, { subscribed: false })));
    const s = await runCli(['mr', 'subscribe', '3', ...P, '-o', 'json'], { transport: api.transport });
    expect([s.code, JSON.parse(s.stdout).subscribed, s.stderr]).toEqual([0, true, 'Subscribed to merge request !3 (MR 3)\n']);
    const u = await runCli(['mr', 'unsubscribe', '3', ...P, '-o', 'json'], { transport: api.transport });
    expect([u.code, JSON.parse(u.stdout).subscribed, u.stderr]).toEqual([0, false, 'Unsubscribed from merge request !3 (MR 3)\n']);
  });

  it('304 is success: a notice, and the current merge request on stdout', async () => {
    api = mockApi();
    for (const action of ['subscribe', 'unsubscribe', 'todo'])
      api.pool.intercept({ path: `${MR}/${action}`, method: 'POST' }).reply(304, '');
    api.pool
      .intercept({ path: MR, method: 'GET' })
      .reply(200, ...jsonReply(mr(3, { subscribed: true })))
      .times(3);
    const expected: [string, string][] = [
      ['subscribe', 'Already subscribed to merge request !3: nothing changed\n'],
      ['unsubscribe', 'Not subscribed to merge request !3: nothing changed\n'],
      ['todo', 'A todo for merge request !3 exists already: nothing changed\n'],
    ];
    for (const [action, notice] of expected) {
      const r = await runCli(['mr', action, '3', ...P, '-o', 'json'], { transport: api.transport });
      expect([r.code, r.stderr], action).toEqual([0, notice]);
      expect(JSON.parse(r.stdout)).toEqual(mr(3, { subscribed: true }));
    }
  });

  it('todo prints the new todo', async () => {
    api = mockApi();
    const todo = {
      id: 40,
      project: { id: 7, name: 'api', name_with_namespace: 'acme / platform / api', path: 'api', path_with_namespace: 'acme/platform/api' },
      author: { id: 2, username: 'alice', name: 'Alice' },
      action_name: 'marked',
      target_type: 'MergeRequest',
      target: mr(3),
      state: 'pending',
    };
    api.pool.intercept({ path: `${MR}/todo`, method: 'POST' }).reply(201, ...jsonReply(todo));
    const r = await runCli(['mr', 'todo', '3', ...P], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('project\tacme/platform/api\n');
    expect(r.stdout).toContain('target\t!3\n');
    expect(r.stdout).toContain('state\tpending\n');
    expect(r.stderr).toBe('Added merge request !3 (MR 3) to your todos\n');
  });
});
