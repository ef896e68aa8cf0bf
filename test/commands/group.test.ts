import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, recordRequests, runCli, scriptedPrompter } from '../helpers/harness.js';

const group = (id: number, fullPath: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: fullPath.split('/').pop(),
  path: fullPath.split('/').pop(),
  full_path: fullPath,
  visibility: 'public',
  description: `The ${fullPath} group`,
  ...extra,
});

const project = (id: number, fullPath: string) => ({
  id,
  name: `Name of ${fullPath}`,
  path_with_namespace: fullPath,
  visibility: 'private',
  topics: ['api', 'go'],
  star_count: 2,
  last_activity_at: '2026-11-24T12:00:00.000Z',
});

describe('group list, view, projects', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('sends every filter, skip_groups as an array', async () => {
    api = mockApi();
    api.pool
      .intercept({
        path: '/api/v4/groups?skip_groups%5B%5D=1&skip_groups%5B%5D=2&all_available=true&search=plat&order_by=path&sort=desc&statistics=true&owned=true',
        method: 'GET',
      })
      .reply(200, ...jsonReply([group(8, 'acme/platform')]));
    const r = await runCli(
      [
        'group',
        'list',
        '--skip-groups',
        '1,2',
        '--all-available',
        '--search',
        'plat',
        '--order-by',
        'path',
        '--sort',
        'desc',
        '--statistics',
        '--owned',
      ],
      { transport: api.transport },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('8\tacme/platform\tpublic\tThe acme/platform group\n');
  });

  it('rejects bad filters with exit 2', async () => {
    api = mockApi();
    for (const args of [
      ['--order-by', 'id'],
      ['--skip-groups', '1,a'],
    ]) {
      const r = await runCli(['group', 'list', ...args], { transport: api.transport });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(args[0]);
    }
  });

  it('views a group: its fields, then its projects and shared projects', async () => {
    api = mockApi();
    const detail = { ...group(7, 'acme'), projects: [project(2, 'acme/website')], shared_projects: [project(5, 'labs/x')] };
    api.pool
      .intercept({ path: '/api/v4/groups/acme', method: 'GET' })
      .reply(200, ...jsonReply(detail))
      .times(4);
    const tables = [
      '',
      'Projects (1)',
      'ID  PATH          VISIBILITY  TOPICS   STARS  LAST ACTIVITY',
      '2   acme/website  private     api, go  2      1 day ago',
      '',
      'Shared projects (1)',
      'ID  PATH    VISIBILITY  TOPICS   STARS  LAST ACTIVITY',
      '5   labs/x  private     api, go  2      1 day ago',
      '',
    ];
    let r = await runCli(['group', 'view', '-g', 'acme'], { transport: api.transport, tty: true });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(['acme acme', 'public', '', 'The acme group', ...tables].join('\n'));
    r = await runCli(['group', 'view', '-g', 'acme', '--raw-fields'], { transport: api.transport, tty: true });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        'id           7',
        'name         acme',
        'path         acme',
        'full_path    acme',
        'visibility   public',
        'description  The acme group',
        ...tables,
      ].join('\n'),
    );
    r = await runCli(['group', 'view', 'acme'], { transport: api.transport });
    expect(r.stdout).toContain('projects\tacme/website\nshared_projects\tlabs/x\n');
    r = await runCli(['group', 'view', 'acme', '-o', 'json'], { transport: api.transport });
    expect(JSON.parse(r.stdout)).toEqual(detail);
  });

  it('needs a group, and refuses two different ones', async () => {
    api = mockApi();
    let r = await runCli(['group', 'view'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('-g');
    r = await runCli(['group', 'view', 'acme', '-g', 'labs'], { transport: api.transport });
    expect(r.code).toBe(2);
  });

  it("lists a group's projects with its filters", async () => {
    api = mockApi();
    api.pool
      .intercept({
        path: '/api/v4/groups/acme%2Fplatform/projects?archived=false&visibility=private&order_by=name&sort=asc&search=api&simple=true&owned=true&starred=true',
        method: 'GET',
      })
      .reply(200, ...jsonReply([project(1, 'acme/platform/api')]));
    const r = await runCli(
      [
        'group',
        'projects',
        'acme/platform',
        '--no-archived',
        '--visibility',
        'private',
        '--order-by',
        'name',
        '--sort',
        'asc',
        '--search',
        'api',
        '--simple',
        '--owned',
        '--starred',
      ],
      { transport: api.transport },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('1\tacme/platform/api\tprivate\tapi,go\t2\t2026-11-24T12:00:00.000Z\n');
    expect((await runCli(['group', 'projects', '-g', 'acme', '--membership'], { transport: api.transport })).code).toBe(2);
  });
});

describe('group create, update, delete, transfer', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('creates with every parameter, the path derived from the name', async () => {
    api = mockApi();
    const seen = recordRequests(api, 'POST', '/api/v4/groups', 201, { ...group(12, 'acme/platform-team'), projects: [] });
    const r = await runCli(
      [
        'group',
        'create',
        '--name',
        'Platform Team',
        '--description',
        'd',
        '--membership-lock',
        '--no-share-with-group-lock',
        '--visibility',
        'internal',
        '--lfs-enabled',
        '--request-access-enabled',
        '--parent-id',
        '7',
        '--shared-runners-minutes-limit',
        '600',
        '--fields',
        'full_path',
      ],
      { transport: api.transport },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(seen[0]!.body)).toStrictEqual({
      name: 'Platform Team',
      path: 'platform-team',
      description: 'd',
      membership_lock: true,
      share_with_group_lock: false,
      visibility: 'internal',
      lfs_enabled: true,
      request_access_enabled: true,
      parent_id: 7,
      shared_runners_minutes_limit: 600,
    });
    expect(r.stdout).toBe('full_path\tacme/platform-team\n');
    expect(r.stderr).toBe('Created group acme/platform-team\n');
  });

  it('asks for name and path on a terminal, and needs --name elsewhere', async () => {
    api = mockApi();
    let r = await runCli(['group', 'create', '--path', 'x'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--name');
    r = await runCli(['group', 'create', '--name', '***'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--path');
    const seen = recordRequests(api, 'POST', '/api/v4/groups', 201, group(13, 'tools'));
    const prompter = scriptedPrompter(['Tools', 'tools-x']);
    r = await runCli(['group', 'create'], { transport: api.transport, tty: true, prompter });
    expect(r.code).toBe(0);
    expect(prompter.asked).toEqual(['Group name:', 'Group path:']);
    expect(JSON.parse(seen[0]!.body)).toStrictEqual({ name: 'Tools', path: 'tools-x' });
  });

  it('updates by numeric id, looking the id up when given a path', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/groups/acme', method: 'GET' }).reply(200, ...jsonReply(group(7, 'acme')));
    const first = recordRequests(api, 'PUT', '/api/v4/groups/7', 200, { ...group(7, 'acme'), projects: [] });
    const second = recordRequests(api, 'PUT', '/api/v4/groups/7', 200, { ...group(7, 'acme'), projects: [] });
    let r = await runCli(['group', 'update', 'acme', '--description', 'New', '--no-lfs-enabled', '-o', 'json'], {
      transport: api.transport,
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(first[0]!.body)).toStrictEqual({ description: 'New', lfs_enabled: false });
    r = await runCli(['group', 'update', '-g', '7', '--name', 'ACME', '--shared-runners-minutes-limit', '0'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(JSON.parse(second[0]!.body)).toStrictEqual({ name: 'ACME', shared_runners_minutes_limit: 0 });
    r = await runCli(['group', 'update', '-g', '7'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('nothing to change');
  });

  it('deletes after confirmation with the 202 message as a notice', async () => {
    api = mockApi();
    let r = await runCli(['group', 'delete', '-g', 'acme/old'], { transport: api.transport });
    expect(r.code).toBe(2);
    recordRequests(api, 'DELETE', '/api/v4/groups/acme%2Fold', 202, { message: '202 Accepted' });
    r = await runCli(['group', 'delete', 'acme/old', '--yes'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('Deletion of group acme/old accepted: 202 Accepted\n');
  });

  it('transfers a project into a group', async () => {
    api = mockApi();
    recordRequests(api, 'POST', '/api/v4/groups/acme%2Fplatform/projects/acme%2Fwebsite', 201, {
      ...group(8, 'acme/platform'),
      projects: [project(2, 'acme/platform/website')],
    });
    const r = await runCli(
      ['group', 'transfer-project', '-g', 'acme/platform', 'https://gitlab.test/acme/website', '--fields', 'full_path', '--yes'],
      { transport: api.transport },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('full_path\tacme/platform\n');
    expect(r.stderr).toBe('Moved project acme/website into group acme/platform\n');
  });
});

describe('group LDAP', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('starts a sync and shows the answer as a notice', async () => {
    api = mockApi();
    recordRequests(api, 'POST', '/api/v4/groups/acme/ldap_sync', 202, { message: '202 Accepted' });
    const r = await runCli(['group', 'ldap-sync', '-g', 'acme'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('LDAP sync of group acme started: 202 Accepted\n');
  });

  it('adds a link with an access level given by name or number', async () => {
    api = mockApi();
    const a = recordRequests(api, 'POST', '/api/v4/groups/acme/ldap_group_links', 201, { cn: 'devs', group_access: 30, provider: 'main' });
    const b = recordRequests(api, 'POST', '/api/v4/groups/acme/ldap_group_links', 201, { cn: 'ops', group_access: 40, provider: 'main' });
    let r = await runCli(['group', 'ldap-link', 'add', '-g', 'acme', '--cn', 'devs', '--group-access', 'developer', '--provider', 'main'], {
      transport: api.transport,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('cn\tdevs\ngroup_access\t30\nprovider\tmain\n');
    expect(JSON.parse(a[0]!.body)).toStrictEqual({ cn: 'devs', group_access: 30, provider: 'main' });
    r = await runCli(['group', 'ldap-link', 'add', '-g', 'acme', '--cn', 'ops', '--group-access', '40', '--provider', 'main'], {
      transport: api.transport,
    });
    expect(JSON.parse(b[0]!.body)).toStrictEqual({ cn: 'ops', group_access: 40, provider: 'main' });
  });

  it('checks the link parameters before sending', async () => {
    api = mockApi();
    let r = await runCli(['group', 'ldap-link', 'add', '-g', 'acme', '--cn', 'devs', '--group-access', 'admin', '--provider', 'main'], {
      transport: api.transport,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--group-access');
    r = await runCli(['group', 'ldap-link', 'add', '-g', 'acme', '--cn', 'devs', '--group-access', '30'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--provider');
  });

  it('deletes a link, for one provider with --provider', async () => {
    api = mockApi();
    recordRequests(api, 'DELETE', '/api/v4/groups/acme/ldap_group_links/cn%3Ddevs%2Cou%3Dx', 204);
    recordRequests(api, 'DELETE', '/api/v4/groups/acme/ldap_group_links/main/devs', 204);
    let r = await runCli(['group', 'ldap-link', 'delete', 'cn=devs,ou=x', '-g', 'acme', '--yes'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('Removed LDAP link cn=devs,ou=x from group acme\n');
    r = await runCli(['group', 'ldap-link', 'delete', 'devs', '-g', 'acme', '--provider', 'main', '--yes'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('Removed LDAP link main/devs from group acme\n');
  });
});
