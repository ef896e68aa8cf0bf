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

// GitLab's approval state (ee/lib/api/merge_request_approvals.rb `GET …/approval_state`;
// ee/lib/api/entities/merge_request_approval_state.rb, merge_request_approval_state_rule.rb).
describe('mr approvals on a terminal: a card', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());
  const user = (id: number, username: string) => ({ id, username, name: username });
  const rules = {
    approval_rules_overwritten: true,
    rules: [
      {
        id: 1,
        name: 'All Members',
        rule_type: 'any_approver',
        approvals_required: 1,
        eligible_approvers: [],
        approved_by: [user(2, 'alice')],
        approved: true,
      },
      {
        id: 2,
        name: 'Security',
        rule_type: 'regular',
        approvals_required: 2,
        eligible_approvers: [user(5, 'root'), user(6, 'erin'), user(7, 'sec\u001b[2Jbot')],
        approved_by: [user(6, 'erin')],
        approved: false,
      },
    ],
  };

  it('approved or not, who approved, who is still missing, each rule with who may approve and who did', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${MR}/approvals`, method: 'GET' })
      .reply(200, ...jsonReply(status({ approvals_required: 3, approvals_left: 1, approved: false, user_can_approve: true })));
    api.pool.intercept({ path: `${MR}/approval_state`, method: 'GET' }).reply(200, ...jsonReply(rules));
    const r = await runCli(['mr', 'approvals', '3', ...P], { transport: api.transport, tty: true, columns: 100 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(
      [
        'MR 3 !3',
        'Not approved · 2 of 3 approvals · you can approve',
        'Approved by  alice, bob',
        'Missing      1 approval: root or secbot (Security)',
        'All Members  1 of 1: approved by alice',
        'Security     1 of 2: root, secbot may approve',
        '',
      ].join('\n'),
    );
  });

  it("a server without approval rules (the spec's: 404): the card without them", async () => {
    api = mockApi();
    api.pool.intercept({ path: `${MR}/approvals`, method: 'GET' }).reply(200, ...jsonReply(status({ approvals_missing: 0 })));
    api.pool.intercept({ path: `${MR}/approval_state`, method: 'GET' }).reply(404, ...jsonReply({ message: '404 Not Found' }));
    const r = await runCli(['mr', 'approvals', '3', ...P], { transport: api.transport, tty: true });
    expect([r.code, r.stdout]).toEqual([0, 'MR 3 !3\nApproved · 2 of 2 approvals\nApproved by  alice, bob\n']);
  });

  it('--raw-fields: every field, no card, no rules read', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${MR}/approvals`, method: 'GET' }).reply(200, ...jsonReply(status({ approvals_missing: 1 })));
    const r = await runCli(['mr', 'approvals', '3', ...P, '--raw-fields'], { transport: api.transport, tty: true });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/approvals_missing +1\n/);
    expect(r.stdout).not.toContain('Not approved');
  });
});
