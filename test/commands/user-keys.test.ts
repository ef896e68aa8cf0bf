import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, runCli, scriptedPrompter } from '../helpers/harness.js';
import { tempDir } from '../helpers/temp.js';

const sshKey = {
  id: 7,
  title: 'laptop',
  key: 'ssh-ed25519 AAAAC3Nz alice@laptop',
  created_at: '2026-11-01T10:00:00.000Z',
  usage_type: 'auth_and_signing',
};

describe('user key', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('lists your keys and, with --user, another user’s (a username is resolved)', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/user/keys', method: 'GET' }).reply(200, ...jsonReply([sshKey]));
    api.pool.intercept({ path: '/api/v4/users?username=alice', method: 'GET' }).reply(200, ...jsonReply([{ id: 2, username: 'alice' }]));
    api.pool.intercept({ path: '/api/v4/users/2/keys?per_page=100', method: 'GET' }).reply(200, ...jsonReply([sshKey]));
    const mine = await runCli(['user', 'key', 'list'], { transport: api.transport });
    expect(mine.stdout).toBe('7\tlaptop\tauth_and_signing\t2026-11-01T10:00:00.000Z\n');
    const theirs = await runCli(['user', 'key', 'list', '--user', 'alice', '--all', '-o', 'ndjson'], { transport: api.transport });
    expect(theirs.code).toBe(0);
    expect(theirs.stdout).toBe(`${JSON.stringify(sshKey)}\n`);
  });

  it('views your key; another user’s single key has no endpoint (usage error, nothing sent)', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/user/keys/7', method: 'GET' }).reply(200, ...jsonReply(sshKey));
    expect((await runCli(['user', 'key', 'view', '7', '-o', 'json'], { transport: api.transport })).stdout).toBe(
      `${JSON.stringify(sshKey)}\n`,
    );
    const r = await runCli(['user', 'key', 'view', '7', '--user', '2'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the API has no endpoint to read one SSH key of another user');
    expect(r.stderr).toContain('hint: list theirs instead: collab user key list --user 2');
  });

  it('adds a key from a file, for yourself and for another user', async () => {
    api = mockApi();
    const dir = tempDir('collab-key-');
    const file = path.join(dir, 'id.pub');
    fs.writeFileSync(file, `${sshKey.key}\n`);
    api.pool
      .intercept({ path: '/api/v4/user/keys', method: 'POST', body: JSON.stringify({ title: 'laptop', key: sshKey.key }) })
      .reply(201, ...jsonReply(sshKey));
    api.pool
      .intercept({ path: '/api/v4/users/2/keys', method: 'POST', body: JSON.stringify({ title: 'ci', key: 'ssh-rsa AAAA ci' }) })
      .reply(201, ...jsonReply({ ...sshKey, id: 8 }));
    const r = await runCli(['user', 'key', 'add', '--title', 'laptop', '--key-file', file], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('id\t7\n');
    const other = await runCli(['user', 'key', 'add', '-t', 'ci', '--key', 'ssh-rsa AAAA ci', '--user', '2'], { transport: api.transport });
    expect(other.code).toBe(0);
  });

  it('reads the key from stdin with --key-file -', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/user/keys', method: 'POST', body: JSON.stringify({ title: 't', key: 'ssh-ed25519 AAAA x' }) })
      .reply(201, ...jsonReply(sshKey));
    const r = await runCli(['user', 'key', 'add', '--title', 't', '--key-file', '-'], {
      transport: api.transport,
      stdin: 'ssh-ed25519 AAAA x\n',
    });
    expect(r.code).toBe(0);
  });

  it('shows a taken key as field: reason', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/user/keys', method: 'POST' })
      .reply(400, ...jsonReply({ message: { key: ['has already been taken'], fingerprint: ['has already been taken'] } }));
    const r = await runCli(['user', 'key', 'add', '--title', 'dup', '--key', sshKey.key], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('collab: 400 key: has already been taken; fingerprint: has already been taken\n');
  });

  it('needs a title and one key source before sending', async () => {
    api = mockApi();
    for (const [args, needle] of [
      [['--key', 'k'], '--title'],
      [['--title', 't'], '--key-file'],
      [['--title', 't', '--key', 'k', '--key-file', '-'], 'cannot be used together'],
      [['--title', 't', '--key-file', '/nonexistent/id.pub'], 'cannot read --key-file'],
    ] as const) {
      const r = await runCli(['user', 'key', 'add', ...args], { transport: api.transport });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(needle);
    }
  });

  it('deletes yours or another user’s: --yes off a terminal, a question naming the key on one', async () => {
    api = mockApi();
    const refused = await runCli(['user', 'key', 'delete', '7'], { transport: api.transport });
    expect([refused.code, refused.stderr]).toEqual([
      2,
      'collab: refusing to delete SSH key 7 from your account without --yes: cannot ' +
        'prompt (no terminal or --no-input)\nhint: add --yes to confirm; nothing was sent\n',
    ]);
    api.pool.intercept({ path: '/api/v4/user/keys/7', method: 'DELETE' }).reply(204, '');
    api.pool.intercept({ path: '/api/v4/users/2/keys/8', method: 'DELETE' }).reply(204, '');
    const r = await runCli(['user', 'key', 'delete', '7', '--yes'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('Deleted SSH key 7 from your account\n');
    // Another user's key has no GET of its own: their list names it.
    api.pool.intercept({ path: '/api/v4/users/2/keys?per_page=100', method: 'GET' }).reply(
      200,
      ...jsonReply([
        { id: 9, title: 'old' },
        { id: 8, title: 'laptop' },
      ]),
    );
    const prompter = scriptedPrompter([true]);
    const other = await runCli(['user', 'key', 'delete', '8', '--user', '2'], { transport: api.transport, tty: true, prompter });
    expect(prompter.asked).toEqual(['Delete SSH key 8 (laptop) of user 2?']);
    expect(other.stderr).toBe('✓ Deleted SSH key 8 (laptop) of user 2\n');
  });
});

describe('user gpg-key', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());
  const armored = '-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQENBFqABCDEF\n=abcd\n-----END PGP PUBLIC KEY BLOCK-----';
  const gpg = { id: 3, key: armored, created_at: '2026-11-01T10:00:00.000Z' };

  it('lists, views (also for another user), adds and deletes', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/user/gpg_keys', method: 'GET' }).reply(200, ...jsonReply([gpg]));
    api.pool.intercept({ path: '/api/v4/users/2/gpg_keys/3', method: 'GET' }).reply(200, ...jsonReply(gpg));
    api.pool
      .intercept({ path: '/api/v4/users/2/gpg_keys', method: 'POST', body: JSON.stringify({ key: armored }) })
      .reply(201, ...jsonReply(gpg));
    api.pool.intercept({ path: '/api/v4/user/gpg_keys/3', method: 'DELETE' }).reply(204, '');
    expect((await runCli(['user', 'gpg-key', 'list'], { transport: api.transport })).stdout).toBe(
      '3\t2026-11-01T10:00:00.000Z\tmQENBFqABCDEF\n',
    );
    expect((await runCli(['user', 'gpg-key', 'view', '3', '--user', '2', '-o', 'json'], { transport: api.transport })).stdout).toBe(
      `${JSON.stringify(gpg)}\n`,
    );
    expect(
      (await runCli(['user', 'gpg-key', 'add', '--key-file', '-', '--user', '2'], { transport: api.transport, stdin: `${armored}\n` }))
        .code,
    ).toBe(0);
    expect((await runCli(['user', 'gpg-key', 'delete', '3', '--yes'], { transport: api.transport })).stderr).toBe(
      'Deleted GPG key 3 from your account\n',
    );
  });

  it('the other way round: lists and deletes another user’s, views and adds your own', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/users/2/gpg_keys', method: 'GET' }).reply(200, ...jsonReply([gpg]));
    api.pool.intercept({ path: '/api/v4/users/2/gpg_keys/3', method: 'DELETE' }).reply(204, '');
    api.pool.intercept({ path: '/api/v4/user/gpg_keys/3', method: 'GET' }).reply(200, ...jsonReply(gpg));
    api.pool
      .intercept({ path: '/api/v4/user/gpg_keys', method: 'POST', body: JSON.stringify({ key: armored }) })
      .reply(201, ...jsonReply(gpg));
    expect((await runCli(['user', 'gpg-key', 'list', '--user', '2', '--fields', 'id'], { transport: api.transport })).stdout).toBe('3\n');
    expect((await runCli(['user', 'gpg-key', 'delete', '3', '--user', '2', '--yes'], { transport: api.transport })).stderr).toBe(
      'Deleted GPG key 3 of user 2\n',
    );
    expect((await runCli(['user', 'gpg-key', 'view', '3', '--fields', 'id'], { transport: api.transport })).stdout).toBe('id\t3\n');
    expect((await runCli(['user', 'gpg-key', 'add', '--key', armored, '--fields', 'id'], { transport: api.transport })).stdout).toBe(
      'id\t3\n',
    );
  });
});

describe('user email', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('lists, views, adds and deletes', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/users/2/emails', method: 'GET' }).reply(200, ...jsonReply([{ id: 4, email: 'a@work.example' }]));
    api.pool.intercept({ path: '/api/v4/user/emails/4', method: 'GET' }).reply(200, ...jsonReply({ id: 4, email: 'a@work.example' }));
    api.pool
      .intercept({ path: '/api/v4/user/emails', method: 'POST', body: JSON.stringify({ email: 'a@home.example' }) })
      .reply(201, ...jsonReply({ id: 5, email: 'a@home.example' }));
    api.pool.intercept({ path: '/api/v4/users/2/emails/5', method: 'DELETE' }).reply(204, '');
    expect((await runCli(['user', 'email', 'list', '-u', '2'], { transport: api.transport })).stdout).toBe('4\ta@work.example\n');
    expect((await runCli(['user', 'email', 'view', '4'], { transport: api.transport })).stdout).toBe('id\t4\nemail\ta@work.example\n');
    expect((await runCli(['user', 'email', 'add', '--email', 'a@home.example'], { transport: api.transport })).stdout).toBe(
      'id\t5\nemail\ta@home.example\n',
    );
    expect((await runCli(['user', 'email', 'delete', '5', '--user', '2', '--yes'], { transport: api.transport })).code).toBe(0);
  });

  it('the other way round: lists and deletes your own, adds another user’s', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/user/emails', method: 'GET' }).reply(200, ...jsonReply([{ id: 4, email: 'a@work.example' }]));
    api.pool.intercept({ path: '/api/v4/user/emails/4', method: 'DELETE' }).reply(204, '');
    api.pool
      .intercept({ path: '/api/v4/users/2/emails', method: 'POST', body: JSON.stringify({ email: 'b@work.example' }) })
      .reply(201, ...jsonReply({ id: 6, email: 'b@work.example' }));
    expect((await runCli(['user', 'email', 'list'], { transport: api.transport })).stdout).toBe('4\ta@work.example\n');
    expect((await runCli(['user', 'email', 'delete', '4', '--yes'], { transport: api.transport })).stderr).toBe(
      'Deleted email 4 from your account\n',
    );
    const r = await runCli(['user', 'email', 'add', '-e', 'b@work.example', '--user', '2', '-o', 'json'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ id: 6, email: 'b@work.example' });
  });

  it('refuses viewing another user’s email, and flattens a validation failure', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/user/emails', method: 'POST' }).reply(400, ...jsonReply({ message: { email: ['is invalid'] } }));
    const view = await runCli(['user', 'email', 'view', '4', '--user', '2'], { transport: api.transport });
    expect(view.code).toBe(2);
    expect(view.stderr).toContain('no endpoint to read one email of another user');
    const bad = await runCli(['user', 'email', 'add', '--email', 'not-an-email'], { transport: api.transport });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('collab: 400 email: is invalid\n');
  });

  it('needs --email off a terminal', async () => {
    api = mockApi();
    const r = await runCli(['user', 'email', 'add'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('missing required flag --email');
  });
});
