/**
 * `todo list` and `todo done` (issue 38 item 14): GitLab's to-do API (doc/api/todos.md;
 * lib/api/todos.rb: `GET /todos` with `state`, `action`, `type`, `project_id`, `group_id`,
 * `author_id`; `POST /todos/:id/mark_as_done` answers 201 with the item; `POST /todos/mark_as_done`
 * 204). A server that follows the spec has none.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, recordRequests, runCli } from '../helpers/harness.js';

const GITLAB = { COLLAB_FLAVOR: 'gitlab' };
const todo = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  project: { id: 7, path_with_namespace: 'acme/api' },
  author: { id: 2, username: 'carol' },
  action_name: 'review_requested',
  target_type: 'MergeRequest',
  target: { iid: 3, title: 'Faster search', references: { full: 'acme/api!3' } },
  target_url: 'https://gitlab.test/acme/api/-/merge_requests/3',
  body: 'Faster search',
  state: 'pending',
  created_at: '2026-11-24T12:00:00.000Z',
  ...over,
});

describe('todo list', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('pending ones by default, each as the reference views take, why and who', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/todos?state=pending', method: 'GET' })
      .reply(200, ...jsonReply([todo(9), todo(8, { action_name: 'assigned', target_type: 'Issue', target: { iid: 4, title: 'Crash' } })]));
    const r = await runCli(['todo', 'list'], { transport: api.transport });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(
      '9\tacme/api!3\treview_requested\tFaster search\tcarol\tpending\t2026-11-24T12:00:00.000Z\n' +
        '8\tacme/api#4\tassigned\tCrash\tcarol\tpending\t2026-11-24T12:00:00.000Z\n',
    );
  });

  it('sends the filters GitLab takes, a project and a user by name looked up', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/projects/acme%2Fapi', method: 'GET' }).reply(200, ...jsonReply({ id: 7 }));
    api.pool.intercept({ path: '/api/v4/users?username=carol', method: 'GET' }).reply(200, ...jsonReply([{ id: 2, username: 'carol' }]));
    api.pool
      .intercept({ path: '/api/v4/todos?state=done&action=assigned&type=Issue&project_id=7&author_id=2', method: 'GET' })
      .reply(200, ...jsonReply([]));
    const r = await runCli(
      ['todo', 'list', '--state', 'done', '--action', 'assigned', '--type', 'Issue', '-p', 'acme/api', '--author', 'carol'],
      {
        transport: api.transport,
        tty: true,
      },
    );
    expect([r.code, r.stderr]).toEqual([0, 'No done to-do items match --action assigned --type Issue --project acme/api --author carol\n']);
  });

  it("a server of the spec's dialect has no to-do API: exit 1 saying so", async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/todos?state=pending', method: 'GET' }).reply(404, ...jsonReply({ error: '404 Not Found' }));
    const r = await runCli(['todo', 'list'], { transport: api.transport, env: { COLLAB_FLAVOR: 'spec' } });
    expect([r.code, r.stderr]).toEqual([
      1,
      "collab: 404 Not Found: this server has no to-do API (GitLab has; the spec's servers have none)\n",
    ]);
  });
});

describe('todo done', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('marks each id done, one line each on a terminal', async () => {
    api = mockApi();
    recordRequests(api, 'POST', '/api/v4/todos/9/mark_as_done', 201, todo(9, { state: 'done' }));
    recordRequests(api, 'POST', '/api/v4/todos/8/mark_as_done', 201, todo(8, { state: 'done', target: { iid: 4, title: 'Crash' } }));
    const r = await runCli(['todo', 'done', '9', '8'], { transport: api.transport, tty: true, env: GITLAB });
    expect([r.code, r.stderr]).toEqual([0, '✓ Marked to-do 9 (Faster search) as done\n✓ Marked to-do 8 (Crash) as done\n']);
  });

  it('--all: every pending one (204); with ids, or with neither, exit 2 and nothing sent', async () => {
    api = mockApi();
    recordRequests(api, 'POST', '/api/v4/todos/mark_as_done', 204);
    const all = await runCli(['todo', 'done', '--all'], { transport: api.transport, tty: true, env: GITLAB });
    expect([all.code, all.stderr]).toEqual([0, '✓ Marked every pending to-do item as done\n']);
    const both = await runCli(['todo', 'done', '9', '--all'], { transport: api.transport });
    expect([both.code, both.stderr]).toEqual([2, 'collab: --all marks every pending to-do item: give no ids with it\n']);
    const neither = await runCli(['todo', 'done'], { transport: api.transport });
    expect([neither.code, neither.stderr]).toEqual([2, 'collab: missing argument <id>: give the ids of the to-do items, or --all\n']);
  });

  it("another's or an unknown id: 404, said as such", async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/todos/5/mark_as_done', method: 'POST' }).reply(404, ...jsonReply({ message: '404 Not found' }));
    const r = await runCli(['todo', 'done', '5'], { transport: api.transport, env: GITLAB });
    expect([r.code, r.stderr]).toEqual([1, 'collab: 404 Not found\nhint: no to-do item 5 of yours: see collab todo list\n']);
  });
});
