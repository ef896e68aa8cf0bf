import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, runCli, TEST_TOKEN } from '../helpers/harness.js';

const project = (id: number, path: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: path.split('/').pop(),
  path: path.split('/').pop(),
  path_with_namespace: path,
  visibility: 'private',
  topics: ['web'],
  star_count: 3,
  last_activity_at: '2026-11-22T12:00:00.000Z',
  import_status: 'none',
  ...extra,
});

describe('project list', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('sends every shared filter in declaration order and prints tsv rows', async () => {
    api = mockApi();
    api.pool
      .intercept({
        path: '/api/v4/projects?archived=true&visibility=private&order_by=last_activity_at&sort=asc&search=a+b&simple=true&owned=true&membership=true&starred=true&statistics=true&with_issues_enabled=true&with_merge_requests_enabled=true',
        method: 'GET',
        headers: { 'PRIVATE-TOKEN': TEST_TOKEN },
      })
      .reply(200, ...jsonReply([project(1, 'acme/api'), project(2, 'acme/web', { visibility: 'public', star_count: 0 })]));
    const r = await runCli(
      [
        'project',
        'list',
        '--archived',
        '--visibility',
        'private',
        '--order-by',
        'last_activity_at',
        '--sort',
        'asc',
        '--search',
        'a b',
        '--simple',
        '--owned',
        '--membership',
        '--starred',
        '--statistics',
        '--with-issues-enabled',
        '--with-merge-requests-enabled',
      ],
      { transport: api.transport },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      '1\tacme/api\tprivate\tweb\t3\t2026-11-22T12:00:00.000Z\n2\tacme/web\tpublic\tweb\t0\t2026-11-22T12:00:00.000Z\n',
    );
  });

  it("sends archived=false for --no-archived and lists a user's projects with --user", async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/projects?archived=false&membership=true', method: 'GET' }).reply(200, ...jsonReply([]));
    api.pool
      .intercept({ path: '/api/v4/users/alice/projects?starred=true', method: 'GET' })
      .reply(200, ...jsonReply([project(4, 'alice/dots')]));
    expect((await runCli(['project', 'list', '--no-archived'], { transport: api.transport })).code).toBe(0);
    const r = await runCli(['project', 'list', '--user', 'alice', '--starred', '-o', 'json'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([project(4, 'alice/dots')]);
  });

  it('shows path, visibility, stars and relative last activity in a table', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects?membership=true', method: 'GET' })
      .reply(200, ...jsonReply([project(1, 'acme/platform/api')]));
    const r = await runCli(['project', 'list'], { transport: api.transport, tty: true });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      'ID  PATH               VISIBILITY  TOPICS  STARS  LAST ACTIVITY\n1   acme/platform/api  private     web     3      3 days ago\n',
    );
  });

  it('rejects bad filter values with exit 2 before sending anything', async () => {
    api = mockApi();
    for (const args of [
      ['--visibility', 'secret'],
      ['--order-by', 'stars'],
      ['--sort', 'up'],
      ['--per-page', '0'],
    ]) {
      const r = await runCli(['project', 'list', ...args], { transport: api.transport });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(args[0]);
    }
  });
});

describe('project forks, view, users', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('lists forks with filters, the project given by -p or positionally', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/acme%2Fwebsite/forks?owned=true', method: 'GET' })
      .reply(200, ...jsonReply([project(9, 'bob/website')]));
    api.pool.intercept({ path: '/api/v4/projects/acme%2Fwebsite/forks', method: 'GET' }).reply(200, ...jsonReply([]));
    const r = await runCli(['project', 'forks', '-p', 'acme/website', '--owned'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('9\tbob/website\tprivate\tweb\t3\t2026-11-22T12:00:00.000Z\n');
    expect((await runCli(['project', 'forks', 'acme/website'], { transport: api.transport })).code).toBe(0);
  });

  it('views a project by positional path, web URL or -p, with --statistics', async () => {
    api = mockApi();
    const body = project(2, 'acme/website', { printing_merge_requests_link_enabled: true });
    api.pool.intercept({ path: '/api/v4/projects/acme%2Fwebsite?statistics=true', method: 'GET' }).reply(200, ...jsonReply(body));
    api.pool
      .intercept({ path: '/api/v4/projects/acme%2Fwebsite', method: 'GET' })
      .reply(200, ...jsonReply(body))
      .times(2);
    let r = await runCli(['project', 'view', 'acme/website', '--statistics', '-o', 'json'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(body);
    r = await runCli(
      ['project', 'view', 'https://gitlab.test/acme/website', '--fields', 'path_with_namespace,printing_merge_requests_link_enabled'],
      { transport: api.transport },
    );
    expect(r.stdout).toBe('path_with_namespace\tacme/website\nprinting_merge_requests_link_enabled\ttrue\n');
    r = await runCli(['project', 'view', 'acme/website', '-p', 'acme/website', '--fields', 'id'], { transport: api.transport });
    expect(r.stdout).toBe('id\t2\n');
  });

  it('refuses a positional project that differs from -p, and a missing project, with exit 2', async () => {
    api = mockApi();
    let r = await runCli(['project', 'view', 'acme/website', '-p', 'acme/api'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('-p/--project');
    r = await runCli(['project', 'view'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no project given');
  });

  it('takes the project from COLLAB_PROJECT when none is given', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/acme%2Fwebsite/users?search=ali', method: 'GET' })
      .reply(200, ...jsonReply([{ id: 2, username: 'alice', name: 'Alice', state: 'active' }]));
    const r = await runCli(['project', 'users', '--search', 'ali'], { transport: api.transport, env: { COLLAB_PROJECT: 'acme/website' } });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('2\talice\tAlice\tactive\n');
  });
});
