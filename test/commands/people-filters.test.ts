/**
 * "Mine" and people filters as GitLab reads them (issue 38 items 1 and 3). GitLab's `/issues` and
 * `/merge_requests` answer only what the caller created unless `scope` says otherwise
 * (doc/api/issues.md: "scope … Defaults to created_by_me"; doc/api/merge_requests.md likewise), so
 * a people filter outside a project widens the scope collab sends. `None`/`Any` are GitLab's
 * wildcards for assignees and reviewers; `not[…]` its negation (lib/api/issues.rb and
 * lib/api/merge_requests.rb: `optional :not, type: Hash`).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, mockServer, runCli } from '../helpers/harness.js';

const GITLAB = { COLLAB_FLAVOR: 'gitlab' };
const SPEC = { COLLAB_FLAVOR: 'spec' };

describe('people filters outside a project widen the scope', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('--assignee @me is the scope assigned-to-me: nothing looked up, no assignee sent; the empty line names @me', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/issues?state=opened&scope=assigned-to-me', method: 'GET' }).reply(200, ...jsonReply([]));
    const r = await runCli(['issue', 'list', '--assignee', '@me'], { transport: api.transport, tty: true });
    expect([r.code, r.stderr]).toEqual([0, 'No open issues match --assignee @me\n']);
  });

  it('--author carol is scope all with carol (by username on GitLab; looked up, but named as typed, on the spec)', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/merge_requests?state=opened&scope=all&author_username=carol', method: 'GET' })
      .reply(200, ...jsonReply([]));
    const gitlab = await runCli(['mr', 'list', '--author', 'carol'], { transport: api.transport, tty: true, env: GITLAB });
    expect([gitlab.code, gitlab.stderr]).toEqual([0, 'No open merge requests match --author carol\n']);
    api.pool.intercept({ path: '/api/v4/users?username=carol', method: 'GET' }).reply(200, ...jsonReply([{ id: 7, username: 'carol' }]));
    api.pool.intercept({ path: '/api/v4/merge_requests?state=opened&scope=all&author_id=7', method: 'GET' }).reply(200, ...jsonReply([]));
    const spec = await runCli(['mr', 'list', '--author', 'carol'], { transport: api.transport, tty: true, env: SPEC });
    expect([spec.code, spec.stderr]).toEqual([0, 'No open merge requests match --author carol\n']);
  });

  it('--reviewer @me is scope all with your id, which every GitLab with reviewers takes', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/user', method: 'GET' }).reply(200, ...jsonReply({ id: 5, username: 'alice' }));
    api.pool
      .intercept({ path: '/api/v4/merge_requests?state=opened&scope=all&reviewer_id=5', method: 'GET' })
      .reply(200, ...jsonReply([{ id: 1, iid: 3, title: 'Fix', state: 'opened', references: { full: 'acme/api!3' } }]));
    const r = await runCli(['mr', 'list', '--reviewer', '@me'], { transport: api.transport, env: GITLAB });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^acme\/api!3\t/);
  });

  it('--author @me is said by the default scope; an explicit --scope, a project or a group is left as it is', async () => {
    const server = mockServer(() => ({ body: [] }));
    api = server;
    for (const args of [
      ['issue', 'list', '--author', '@me'],
      ['issue', 'list', '--assignee-id', '4', '--scope', 'created-by-me'],
      ['issue', 'list', '--assignee-id', '4', '-p', 'acme/api'],
      ['issue', 'list', '--assignee-id', '4', '-g', 'acme'],
      ['mr', 'list', '--assignee-id', '4'],
    ])
      expect((await runCli(args, { transport: server.transport })).code).toBe(0);
    expect(server.seen).toEqual([
      '/api/v4/issues?state=opened&scope=created-by-me',
      '/api/v4/issues?state=opened&scope=created-by-me&assignee_id=4',
      '/api/v4/projects/acme%2Fapi/issues?state=opened&assignee_id=4',
      '/api/v4/groups/acme/issues?state=opened&assignee_id=4',
      '/api/v4/merge_requests?state=opened&assignee_id=4&scope=all',
    ]);
  });

  it('on a terminal the line under a widened list names the filter, not your id', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/user', method: 'GET' }).reply(200, ...jsonReply({ id: 5, username: 'alice' }));
    api.pool.intercept({ path: '/api/v4/merge_requests?state=opened&scope=all&reviewer_id=5&per_page=1', method: 'GET' }).reply(
      200,
      ...jsonReply([{ id: 1, iid: 3, title: 'Fix', state: 'opened', references: { full: 'acme/api!3' } }], {
        'x-total': '4',
        'x-next-page': '2',
      }),
    );
    const r = await runCli(['mr', 'list', '--reviewer', '@me', '--per-page', '1'], {
      transport: api.transport,
      tty: true,
      env: GITLAB,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('Showing 1 of 4 open merge requests matching --reviewer @me, all projects · --all for every page\n');
  });
});

describe('none and any, and what a list leaves out', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('--assignee none|any and --reviewer Any go as GitLab’s None and Any: no user is looked up', async () => {
    const server = mockServer(() => ({ body: [] }));
    api = server;
    for (const args of [
      ['issue', 'list', '-p', 'acme/api', '--assignee', 'none'],
      ['issue', 'list', '-p', 'acme/api', '-a', 'ANY'],
      ['mr', 'list', '-p', 'acme/api', '--reviewer', 'Any'],
    ])
      expect((await runCli(args, { transport: server.transport, env: GITLAB })).code).toBe(0);
    expect(server.seen).toEqual([
      '/api/v4/projects/acme%2Fapi/issues?state=opened&assignee_id=None',
      '/api/v4/projects/acme%2Fapi/issues?state=opened&assignee_id=Any',
      '/api/v4/projects/acme%2Fapi/merge_requests?state=opened&reviewer_id=Any',
    ]);
  });

  it('the empty line names none and any as typed, not as GitLab’s None and Any', async () => {
    const server = mockServer(() => ({ body: [] }));
    api = server;
    const none = await runCli(['issue', 'list', '-p', 'acme/api', '--assignee', 'none'], {
      transport: server.transport,
      tty: true,
      env: GITLAB,
    });
    expect([none.code, none.stderr]).toEqual([0, 'No open issues match --assignee none in acme/api\n']);
    const any = await runCli(['mr', 'list', '--reviewer', 'ANY'], { transport: server.transport, tty: true, env: GITLAB });
    expect([any.code, any.stderr]).toEqual([0, 'No open merge requests match --reviewer ANY\n']);
    expect(server.seen).toEqual([
      '/api/v4/projects/acme%2Fapi/issues?state=opened&assignee_id=None',
      '/api/v4/merge_requests?state=opened&reviewer_id=Any&scope=all',
    ]);
  });

  it('--author none is exit 2, nothing sent (an author is never nobody); @none is a user of that name', async () => {
    api = mockApi();
    const r = await runCli(['issue', 'list', '-p', 'acme/api', '--author', 'none'], { transport: api.transport });
    expect([r.code, r.stderr]).toEqual([
      2,
      'collab: invalid value for --author: "none" is no user\nhint: give a username or @me (@none for a user of that name)\n',
    ]);
    api.pool
      .intercept({ path: '/api/v4/projects/acme%2Fapi/issues?state=opened&author_username=none', method: 'GET' })
      .reply(200, ...jsonReply([]));
    expect((await runCli(['issue', 'list', '-p', 'acme/api', '--author', '@none'], { transport: api.transport, env: GITLAB })).code).toBe(
      0,
    );
  });

  it('--not-label, --not-milestone, --not-author, --not-assignee, --not-reviewer are GitLab’s not[…]', async () => {
    api = mockApi();
    const query =
      'state=opened&not%5Blabels%5D=wip%2Cblocked&not%5Bmilestone%5D=v1&not%5Bauthor_username%5D=bob' +
      '&not%5Bassignee_username%5D=carol&not%5Breviewer_username%5D=dave';
    api.pool.intercept({ path: `/api/v4/projects/acme%2Fapi/merge_requests?${query}`, method: 'GET' }).reply(200, ...jsonReply([]));
    const r = await runCli(
      [
        'mr',
        'list',
        '-p',
        'acme/api',
        '--not-label',
        'wip,blocked',
        '--not-milestone',
        'v1',
        '--not-author',
        'bob',
        '--not-assignee',
        'carol',
        '--not-reviewer',
        'dave',
      ],
      { transport: api.transport, env: GITLAB, tty: true },
    );
    expect([r.code, r.stderr]).toEqual([
      0,
      'No open merge requests match --not-label wip,blocked --not-milestone "v1" --not-author bob --not-assignee carol --not-reviewer dave in acme/api\n',
    ]);
  });

  it('a server of the spec’s dialect has no not[…]: exit 2, nothing sent', async () => {
    api = mockApi();
    const r = await runCli(['issue', 'list', '-p', 'acme/api', '--not-label', 'wip'], { transport: api.transport, env: SPEC });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--not-label needs GitLab: this server speaks the spec's API, which has no not[labels]");
  });

  it('none and any are GitLab’s None and Any: a server of the spec’s dialect, whose assignee_id is a user id, gets nothing', async () => {
    api = mockApi();
    for (const [args, said] of [
      [['issue', 'list', '-p', 'acme/api', '--assignee', 'none'], '--assignee none'],
      [['mr', 'list', '-p', 'acme/api', '-a', 'ANY'], '--assignee ANY'],
    ] as const) {
      const r = await runCli([...args], { transport: api.transport, env: SPEC });
      expect([r.code, r.stderr.split('\n')[0]], said).toEqual([
        2,
        `collab: ${said} needs GitLab: this server speaks the spec's API, whose assignee_id is a user id`,
      ]);
    }
  });

  it('--scope reviews-for-me is GitLab’s reviews_for_me (no kebab-case spelling); the spec has none: exit 2', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/merge_requests?state=opened&scope=reviews_for_me', method: 'GET' }).reply(200, ...jsonReply([]));
    const gitlab = await runCli(['mr', 'list', '--scope', 'reviews-for-me'], { transport: api.transport, env: GITLAB, tty: true });
    expect([gitlab.code, gitlab.stderr]).toEqual([0, 'No open merge requests you are asked to review\n']);
    const spec = await runCli(['mr', 'list', '--scope', 'reviews-for-me'], { transport: api.transport, env: SPEC });
    expect([spec.code, spec.stderr.split('\n')[0]]).toEqual([
      2,
      "collab: --scope reviews-for-me needs GitLab: this server speaks the spec's API",
    ]);
  });
});
