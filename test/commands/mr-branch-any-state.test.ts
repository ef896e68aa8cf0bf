/**
 * The merge request of a branch once it merged or closed (issue 38 item 5): `mr view` of a branch
 * with no open merge request shows its newest in any state (`GET …/merge_requests?source_branch=&
 * state=all&order_by=created_at&sort=desc`, doc/api/merge_requests.md), and says so; a write names
 * that one in its error instead of guessing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, runCli } from '../helpers/harness.js';

const LIST = '/api/v4/projects/acme%2Fapi/merge_requests';
const OPEN = `${LIST}?source_branch=feature%2Fx&state=opened&per_page=100`;
const ALL = `${LIST}?source_branch=feature%2Fx&state=all&order_by=created_at&sort=desc&per_page=20`;
const item = (iid: number, state: string, source = 'feature/x') => ({
  id: 100 + iid,
  iid,
  project_id: 7,
  source_project_id: 7,
  target_project_id: 7,
  source_branch: source,
  state,
  title: `MR ${iid}`,
  author: { username: 'alice' },
});

describe('a branch whose merge request merged', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('mr view <branch> shows the newest of the branch in any state, and says which', async () => {
    api = mockApi();
    api.pool.intercept({ path: OPEN, method: 'GET' }).reply(200, ...jsonReply([]));
    api.pool
      .intercept({ path: ALL, method: 'GET' })
      .reply(200, ...jsonReply([item(9, 'merged'), item(8, 'merged', 'feature/x-other'), item(5, 'closed')]));
    api.pool.intercept({ path: `${LIST}/9`, method: 'GET' }).reply(200, ...jsonReply(item(9, 'merged')));
    const r = await runCli(['mr', 'view', 'feature/x', '-p', 'acme/api', '-o', 'json'], { transport: api.transport });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ iid: 9, state: 'merged' });
    expect(r.stderr).toBe('feature/x has no open merge request: its newest is !9, merged\n');
  });

  it('so does every other command that only reads (a run declared `read`: mr discussions)', async () => {
    api = mockApi();
    api.pool.intercept({ path: OPEN, method: 'GET' }).reply(200, ...jsonReply([]));
    api.pool.intercept({ path: ALL, method: 'GET' }).reply(200, ...jsonReply([item(9, 'merged')]));
    api.pool
      .intercept({ path: (p) => p.startsWith(`${LIST}/9/discussions`), method: 'GET' })
      .reply(200, ...jsonReply([{ id: 'a'.repeat(40), individual_note: false, notes: [] }]));
    const r = await runCli(['mr', 'discussions', 'feature/x', '-p', 'acme/api', '-o', 'json'], {
      transport: api.transport,
      env: { COLLAB_FLAVOR: 'gitlab' },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ id: 'a'.repeat(40), individual_note: false, notes: [] }]);
    expect(r.stderr).toBe('feature/x has no open merge request: its newest is !9, merged\n');
  });

  it('a write names it and how to act on it; nothing is sent to it', async () => {
    api = mockApi();
    api.pool.intercept({ path: OPEN, method: 'GET' }).reply(200, ...jsonReply([]));
    api.pool.intercept({ path: ALL, method: 'GET' }).reply(200, ...jsonReply([item(9, 'closed')]));
    const r = await runCli(['mr', 'reopen', 'feature/x', '-p', 'acme/api'], { transport: api.transport });
    expect([r.code, r.stderr]).toEqual([
      1,
      'collab: no open merge request for feature/x in acme/api; its newest, !9 (MR 9, by alice), is closed\n' +
        'hint: to act on that one: collab mr reopen 9 -p acme/api; or open one with: collab mr create --source feature/x -p acme/api\n',
    ]);
  });

  it('a branch that never had one: exit 1 with the way to open one, as before', async () => {
    api = mockApi();
    api.pool.intercept({ path: OPEN, method: 'GET' }).reply(200, ...jsonReply([]));
    api.pool.intercept({ path: ALL, method: 'GET' }).reply(200, ...jsonReply([]));
    const r = await runCli(['mr', 'view', 'feature/x', '-p', 'acme/api'], { transport: api.transport });
    expect([r.code, r.stderr]).toEqual([
      1,
      'collab: no open merge request for feature/x in acme/api\nhint: open one with: collab mr create --source feature/x -p acme/api\n',
    ]);
  });
});
