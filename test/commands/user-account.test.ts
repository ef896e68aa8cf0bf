import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentTypeOf, jsonReply, mockApi, recordRequests, runCli, scriptedPrompter, TEST_TOKEN } from '../helpers/harness.js';
import { tempDir } from '../helpers/temp.js';

const alice = {
  id: 2,
  username: 'alice',
  name: 'Alice',
  state: 'active',
  email: 'alice@example.com',
  web_url: 'https://gitlab.test/alice',
};

describe('user list', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('sends every filter, repeated custom attributes included, and prints tsv', async () => {
    api = mockApi();
    api.pool
      .intercept({
        path: '/api/v4/users?active=true&search=ali&extern_uid=uid%3Dalice%2Cou%3Dpeople&provider=ldapmain&external=true&created_before=2026-02-01T00%3A00%3A00Z&created_after=2026-01-01&custom_attributes%5Bteam%5D=platform&custom_attributes%5Bsite%5D=a%3Db%2Cc',
        method: 'GET',
        headers: { 'PRIVATE-TOKEN': TEST_TOKEN },
      })
      .reply(200, ...jsonReply([alice]));
    const r = await runCli(
      [
        'user',
        'list',
        '--active',
        '--search',
        'ali',
        '--extern-uid',
        'uid=alice,ou=people',
        '--provider',
        'ldapmain',
        '--external',
        '--created-before',
        '2026-02-01T00:00:00Z',
        '--created-after',
        '2026-01-01',
        '--custom-attribute',
        'team=platform',
        '--custom-attribute',
        'site=a=b,c',
      ],
      { transport: api.transport },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('2\talice\tAlice\tactive\talice@example.com\thttps://gitlab.test/alice\n');
  });

  it('refuses bad filters before sending', async () => {
    api = mockApi();
    for (const [args, needle] of [
      [['--created-after', 'yesterday'], '--created-after'],
      [['--custom-attribute', 'novalue'], '--custom-attribute'],
      [['--extern-uid', 'x'], '--provider'],
      [['--active', '--blocked'], 'cannot be used together'],
    ] as const) {
      const r = await runCli(['user', 'list', ...args], { transport: api.transport });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(needle);
    }
  });
});

describe('user view / me', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('views by id, and resolves a username first', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/users/2', method: 'GET' }).reply(200, ...jsonReply(alice));
    api.pool.intercept({ path: '/api/v4/users?username=alice', method: 'GET' }).reply(200, ...jsonReply([alice]));
    api.pool.intercept({ path: '/api/v4/users/2', method: 'GET' }).reply(200, ...jsonReply(alice));
    expect((await runCli(['user', 'view', '2', '-o', 'json'], { transport: api.transport })).stdout).toBe(`${JSON.stringify(alice)}\n`);
    const r = await runCli(['user', 'view', 'alice', '--fields', 'id,username'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('id\t2\nusername\talice\n');
  });

  it('reports an unknown username as not found', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/users?username=nobody', method: 'GET' }).reply(200, ...jsonReply([]));
    const r = await runCli(['user', 'view', 'nobody'], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('collab: 404 no user with username "nobody"');
  });

  it('shows the current user, honouring --sudo', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/user', method: 'GET', headers: { SUDO: 'alice' } }).reply(200, ...jsonReply(alice));
    const r = await runCli(['--sudo', 'alice', 'user', 'me', '-o', 'json'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).username).toBe('alice');
  });

  it('leaves out the private_token administrators receive', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/user', method: 'GET' })
      .reply(200, ...jsonReply({ id: 1, username: 'root', private_token: 'root-secret-123' }))
      .times(2);
    expect((await runCli(['user', 'me', '-o', 'json'], { transport: api.transport })).stdout).toBe('{"id":1,"username":"root"}\n');
    expect((await runCli(['user', 'me'], { transport: api.transport })).stdout).toBe('id\t1\nusername\troot\n');
  });

  it('explains a sudo refusal', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/user', method: 'GET' })
      .reply(403, ...jsonReply({ message: '403 Forbidden - Must be admin to use sudo' }));
    const r = await runCli(['user', 'me', '--sudo', 'alice'], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('collab: 403 Forbidden - Must be admin to use sudo');
    expect(r.stderr).toContain('hint: --sudo needs an administrator token');
  });
});

describe('user create / update', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('creates with a password from stdin and every typed parameter', async () => {
    api = mockApi();
    const body = {
      email: 'eve@example.com',
      username: 'eve',
      name: 'Eve',
      projects_limit: 5,
      admin: false,
      can_create_group: true,
      skip_confirmation: true,
      shared_runners_minutes_limit: 100,
      password: 's3cret pass',
    };
    api.pool
      .intercept({ path: '/api/v4/users', method: 'POST', body: JSON.stringify(body) })
      .reply(201, ...jsonReply({ id: 9, username: 'eve' }));
    const r = await runCli(
      [
        'user',
        'create',
        '--email',
        'eve@example.com',
        '--username',
        'eve',
        '--name',
        'Eve',
        '--password-stdin',
        '--projects-limit',
        '5',
        '--no-admin',
        '--can-create-group',
        '--skip-confirmation',
        '--shared-runners-minutes-limit',
        '100',
        '--debug',
      ],
      { transport: api.transport, stdin: 's3cret pass\n' },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('id\t9\nusername\teve\n');
    expect(r.stderr).not.toContain('s3cret');
  });

  it('creates with --reset-password', async () => {
    api = mockApi();
    const body = { email: 'c@example.com', username: 'c', name: 'C', reset_password: true };
    api.pool.intercept({ path: '/api/v4/users', method: 'POST', body: JSON.stringify(body) }).reply(201, ...jsonReply({ id: 10 }));
    const r = await runCli(['user', 'create', '--email', 'c@example.com', '--username', 'c', '--name', 'C', '--reset-password'], {
      transport: api.transport,
    });
    expect(r.code).toBe(0);
  });

  it('needs a password or --reset-password, and the required fields, before sending', async () => {
    api = mockApi();
    const base = ['user', 'create', '--email', 'c@example.com', '--username', 'c', '--name', 'C'];
    let r = await runCli(base, { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--password-stdin');
    r = await runCli([...base, '--password-stdin', '--reset-password'], { transport: api.transport, stdin: 'x' });
    expect(r.code).toBe(2);
    r = await runCli(['user', 'create', '--username', 'c', '--name', 'C', '--reset-password'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('missing required flag --email');
    r = await runCli([...base, '--projects-limit', 'many', '--reset-password'], { transport: api.transport });
    expect(r.code).toBe(2);
  });

  it('prompts for missing fields and the password on a terminal', async () => {
    api = mockApi();
    const body = { email: 'p@example.com', username: 'p', name: 'P', password: 'hunter22' };
    api.pool.intercept({ path: '/api/v4/users', method: 'POST', body: JSON.stringify(body) }).reply(201, ...jsonReply({ id: 11 }));
    const prompter = scriptedPrompter(['p@example.com', 'p', 'P', 'hunter22']);
    const r = await runCli(['user', 'create'], { transport: api.transport, tty: true, prompter });
    expect(r.code).toBe(0);
    expect(prompter.asked).toEqual(['Email:', 'Username:', 'Name:', 'Password:']);
  });

  it('sends an avatar as multipart form data', async () => {
    api = mockApi();
    const dir = tempDir('collab-avatar-');
    const file = path.join(dir, 'me.png');
    fs.writeFileSync(file, Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const seen = recordRequests(api, 'PUT', '/api/v4/users/2', 200, alice);
    const r = await runCli(['user', 'update', '2', '--bio', 'hi', '--avatar', file], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(contentTypeOf(seen[0]!)).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]!.body).toContain('name="bio"\r\n\r\nhi\r\n');
    expect(seen[0]!.body).toContain('name="avatar"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n');
  });

  it('updates, needs at least one change, and explains the 404 for a taken email', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/users/2', method: 'PUT', body: JSON.stringify({ name: 'Alice A', external: false }) })
      .reply(200, ...jsonReply(alice));
    api.pool
      .intercept({ path: '/api/v4/users/2', method: 'PUT', body: JSON.stringify({ email: 'bob@example.com' }) })
      .reply(404, ...jsonReply({ message: '404 Not Found' }));
    expect((await runCli(['user', 'update', '2', '--name', 'Alice A', '--no-external'], { transport: api.transport })).code).toBe(0);
    const nothing = await runCli(['user', 'update', '2'], { transport: api.transport });
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('nothing to change');
    const taken = await runCli(['user', 'update', '2', '--email', 'bob@example.com'], { transport: api.transport });
    expect(taken.code).toBe(1);
    expect(taken.stderr).toBe('collab: 404 Not Found\nhint: the server also answers 404 when the new email or username is already taken\n');
  });
});

describe('user delete / block / unblock / activities', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('deletes only with --yes off a terminal, hard delete as a parameter', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/users/5?hard_delete=true', method: 'DELETE' }).reply(204, '');
    api.pool.intercept({ path: '/api/v4/users/6', method: 'DELETE' }).reply(204, '');
    const refused = await runCli(['user', 'delete', '5', '--hard'], { transport: api.transport });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    const hard = await runCli(['user', 'delete', '5', '--hard', '--yes'], { transport: api.transport });
    expect(hard.code).toBe(0);
    expect(hard.stderr).toBe('Deleted user 5\n');
    api.pool.intercept({ path: '/api/v4/users/6', method: 'GET' }).reply(200, ...jsonReply({ id: 6, username: 'eve', name: 'Eve' }));
    const prompter = scriptedPrompter([true]);
    expect((await runCli(['user', 'delete', '6'], { transport: api.transport, tty: true, prompter })).code).toBe(0);
    expect(prompter.asked).toEqual(['Delete user 6 (@eve)?']);
  });

  it('blocks and unblocks; a directory-synced user gets an explanation', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/users/3/block', method: 'POST' }).reply(201, ...jsonReply('true'));
    api.pool
      .intercept({ path: '/api/v4/users/4/unblock', method: 'POST' })
      .reply(403, ...jsonReply({ message: '403 Forbidden - LDAP blocked users cannot be unblocked by the API' }));
    const ok = await runCli(['user', 'block', '3'], { transport: api.transport });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe('');
    expect(ok.stderr).toBe('Blocked user 3\n');
    const ldap = await runCli(['user', 'unblock', '4'], { transport: api.transport });
    expect(ldap.code).toBe(1);
    expect(ldap.stderr).toBe(
      'collab: 403 Forbidden - LDAP blocked users cannot be unblocked by the API\nhint: ' +
        'the user is blocked by directory (LDAP) synchronization: only the directory can ' +
        'change that\n',
    );
  });

  it('gives the plain 403 both readings', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/users/4/block', method: 'POST' }).reply(403, ...jsonReply({ message: '403 Forbidden' }));
    const r = await runCli(['user', 'block', '4'], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("or your token is not an administrator's");
  });

  it('lists activities from a date', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/user/activities?from=2026-06-01', method: 'GET' })
      .reply(200, ...jsonReply([{ username: 'alice', last_activity_on: '2026-06-02', last_activity_at: '2026-06-02' }]));
    const r = await runCli(['user', 'activities', '--from', '2026-06-01'], { transport: api.transport });
    expect(r.stdout).toBe('alice\t2026-06-02\n');
    expect((await runCli(['user', 'activities', '--from', '06/01/2026'], { transport: api.transport })).code).toBe(2);
  });
});
