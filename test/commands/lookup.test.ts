import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, runCli } from '../helpers/harness.js';

/**
 * Names given where the API takes ids (src/executor/lookup.ts). A name that matches nothing is
 * known only after the lookup request: exit 1, like any API answer, and the command's own request
 * is not sent. A value that can be neither id nor name is a usage error: exit 2, nothing sent.
 */
describe('name → id lookups', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('a name that matches nothing is exit 1 for users, projects, groups and labels alike', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/users?username=nobody', method: 'GET' }).reply(200, ...jsonReply([]));
    api.pool
      .intercept({ path: '/api/v4/projects/acme%2Fgone', method: 'GET' })
      .reply(404, ...jsonReply({ message: '404 Project Not Found' }));
    // A group that comes back without an id was a usage error (exit 2) after this request had been sent.
    api.pool.intercept({ path: '/api/v4/groups/acme%2Fodd', method: 'GET' }).reply(200, ...jsonReply({ name: 'odd' }));
    api.pool
      .intercept({ path: '/api/v4/projects/7/labels?per_page=100', method: 'GET' })
      .reply(200, ...jsonReply([{ id: 4, name: 'bug' }]));
    const cases: [string[], string][] = [
      [['user', 'key', 'list', '--user', 'nobody'], 'collab: 404 no user with username "nobody"'],
      [['issue', 'move', '3', '-p', '7', '--to', 'acme/gone'], 'collab: 404 Project Not Found'],
      [['group', 'update', '-g', 'acme/odd', '--name', 'Odd'], 'collab: 200 the group acme/odd came back without an id'],
      [['board', 'list-create', '1', '-p', '7', '--label', 'nope'], 'collab: 404 no label named "nope" in project 7'],
    ];
    for (const [argv, message] of cases) {
      const r = await runCli(argv, { transport: api.transport });
      expect([r.code, r.stdout, r.stderr.split('\n')[0]], argv.join(' ')).toEqual([1, '', message]);
    }
  });

  it('a value that is neither an id nor a name is exit 2 before anything is sent', async () => {
    api = mockApi();
    for (const [argv, message] of [
      [['user', 'view', '@'], 'invalid value for <id>: empty'],
      [['user', 'token', 'list', '--user', '0'], 'invalid value for --user: 0 is below the minimum 1'],
      [
        ['issue', 'move', '3', '-p', '7', '--to', 'acme/../x'],
        'invalid value for --to: "acme/../x" is not a project id or full path (group/project)',
      ],
      [['group', 'update', '-g', ' ', '--name', 'x'], 'invalid value for --group: " " is empty'],
      [['board', 'list-create', '1', '-p', '7', '--label', ' '], 'invalid value for --label: it is empty'],
    ] as const) {
      const r = await runCli([...argv], { transport: api.transport });
      expect([r.code, r.stderr], argv.join(' ')).toEqual([2, `collab: ${message}\n`]);
    }
  });

  it('ids are sent as they are, names as the ids found: in paths, in parameters, and the group', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/users?username=alice', method: 'GET' }).reply(200, ...jsonReply([{ id: 2, username: 'Alice' }]));
    api.pool.intercept({ path: '/api/v4/users/2/keys', method: 'GET' }).reply(200, ...jsonReply([]));
    api.pool.intercept({ path: '/api/v4/users/5/keys', method: 'GET' }).reply(200, ...jsonReply([]));
    api.pool.intercept({ path: '/api/v4/projects/acme%2Fweb', method: 'GET' }).reply(200, ...jsonReply({ id: 17 }));
    api.pool
      .intercept({ path: '/api/v4/projects/7/issues/3/move', method: 'POST', body: JSON.stringify({ to_project_id: 17 }) })
      .reply(201, ...jsonReply({ iid: 1, web_url: 'https://gitlab.test/acme/web/-/issues/1' }));
    api.pool.intercept({ path: '/api/v4/groups/acme', method: 'GET' }).reply(200, ...jsonReply({ id: 4 }));
    api.pool
      .intercept({ path: '/api/v4/groups/4', method: 'PUT', body: JSON.stringify({ name: 'ACME' }) })
      .reply(200, ...jsonReply({ id: 4, name: 'ACME' }));
    expect((await runCli(['user', 'key', 'list', '--user', '@alice'], { transport: api.transport })).code).toBe(0);
    expect((await runCli(['user', 'key', 'list', '--user', '5'], { transport: api.transport })).code).toBe(0);
    const moved = await runCli(['issue', 'move', '3', '-p', '7', '--to', 'https://gitlab.test/acme/web'], { transport: api.transport });
    expect([moved.code, moved.stderr]).toEqual([0, 'Moved issue #3 to https://gitlab.test/acme/web/-/issues/1\n']);
    expect((await runCli(['group', 'update', 'acme', '--name', 'ACME', '-o', 'json'], { transport: api.transport })).code).toBe(0);
  });
});
