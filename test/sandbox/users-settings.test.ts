import { describe, expect, it } from 'vitest';
import { demoSshKey } from '../../src/sandbox/seed/users.js';
import { ALICE, BOB, call, useSandbox } from './helpers.js';

describe('sandbox users', () => {
  const sandbox = useSandbox();

  it('shows the admin view to admins and the reference to others', async () => {
    const sb = sandbox();
    const admin = await call(sb, '/users?username=alice');
    expect(admin.body).toHaveLength(1);
    expect(admin.body[0]).toMatchObject({ username: 'alice', email: 'alice@example.com', is_admin: false, identities: [] });
    expect(admin.body[0].shared_runners_minutes_limit).toBeUndefined();
    expect((await call(sb, '/users/2')).body).toHaveProperty('shared_runners_minutes_limit');
    const normal = await call(sb, '/users?username=alice', { token: BOB });
    expect(Object.keys(normal.body[0]).sort()).toEqual(['avatar_url', 'id', 'name', 'state', 'username', 'web_url']);
    const single = await call(sb, '/users/2', { token: BOB });
    expect(single.body).toMatchObject({ bio: 'Platform team lead', organization: 'Acme' });
    expect(single.body.email).toBeUndefined();
    expect((await call(sb, '/users/9999')).body).toEqual({ message: '404 User Not Found' });
  });

  it('filters users', async () => {
    const sb = sandbox();
    const usernames = async (query: string) => (await call(sb, `/users?${query}`)).body.map((u: { username: string }) => u.username).sort();
    expect(await usernames('blocked=true')).toEqual(['dave', 'erin']);
    expect(await usernames('active=true')).not.toContain('dave');
    expect(await usernames('external=true')).toEqual(['dave']);
    expect(await usernames('search=car')).toEqual(['carol']);
    expect(await usernames('search=alice@example.com')).toEqual(['alice']);
    expect(await usernames('extern_uid=uid%3Derin%2Cou%3Dpeople%2Cdc%3Dacme%2Cdc%3Dexample&provider=ldapmain')).toEqual(['erin']);
    expect(await usernames('custom_attributes[team]=platform')).toEqual(['alice', 'carol']);
    expect(await usernames('created_before=2025-02-01T00:00:00Z')).toEqual(['alice', 'root']);
    expect(await usernames('created_after=2025-03-10T00:00:00Z')).toEqual(expect.arrayContaining(['dave', 'erin']));
    expect((await call(sb, '/users?blocked=true')).body.find((u: { username: string }) => u.username === 'erin').state).toBe('blocked');
  });

  it('creates, updates and deletes users (admin only)', async () => {
    const sb = sandbox();
    const form = { email: 'frank@example.com', username: 'frank', name: 'Frank', password: 'secret-password' };
    expect((await call(sb, '/users', { token: ALICE, form })).status).toBe(403);
    const created = await call(sb, '/users', { form });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ username: 'frank', state: 'active', is_admin: false });
    expect((await call(sb, '/users', { form })).status).toBe(409);
    expect((await call(sb, '/users', { form: { ...form, username: 'frank2', email: 'bad' } })).body).toEqual({
      message: { email: ['is invalid'] },
    });
    expect((await call(sb, '/users', { json: { email: 'x@example.com', name: 'X', password: 'longenough' } })).body).toEqual({
      message: '400 (Bad request) "username" not given',
    });
    const updated = await call(sb, `/users/${created.body.id}`, { method: 'PUT', json: { bio: 'New here', can_create_group: false } });
    expect(updated.body).toMatchObject({ bio: 'New here', can_create_group: false });
    expect((await call(sb, `/users/${created.body.id}`, { method: 'PUT', json: { email: 'alice@example.com' } })).status).toBe(404);
    expect((await call(sb, `/users/${created.body.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(sb, `/users/${created.body.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('blocks and unblocks, refusing directory-blocked users', async () => {
    const sb = sandbox();
    const blocked = await call(sb, '/users/4/block', { method: 'POST' });
    expect(blocked.status).toBe(201);
    expect(blocked.body).toBe(true);
    expect((await call(sb, '/users/4')).body.state).toBe('blocked');
    expect((await call(sb, '/users/4/unblock', { method: 'POST' })).status).toBe(201);
    expect((await call(sb, '/users/4')).body.state).toBe('active');
    const ldap = await call(sb, '/users/6/unblock', { method: 'POST' });
    expect(ldap.status).toBe(403);
    expect(ldap.body).toEqual({ message: '403 Forbidden - LDAP blocked users cannot be unblocked by the API' });
    expect((await call(sb, '/users/6/block', { method: 'POST' })).status).toBe(403);
    expect((await call(sb, '/users/999/block', { method: 'POST' })).status).toBe(404);
    expect((await call(sb, '/users/4/block', { token: ALICE, method: 'POST' })).status).toBe(403);
  });

  it('manages SSH keys, GPG keys and emails for self and others', async () => {
    const sb = sandbox();
    const keys = await call(sb, '/user/keys', { token: ALICE });
    expect(keys.body.length).toBe(2);
    const key = demoSshKey('fresh key', 'alice@new');
    const added = await call(sb, '/user/keys', { token: ALICE, json: { title: 'new', key } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ title: 'new', key });
    const taken = await call(sb, '/users/3/keys', { json: { title: 'dup', key } });
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({ message: { fingerprint: ['has already been taken'] } });
    expect((await call(sb, '/user/keys', { token: ALICE, json: { title: 'bad', key: 'not a key' } })).status).toBe(400);
    expect((await call(sb, `/user/keys/${added.body.id}`, { token: ALICE })).body.id).toBe(added.body.id);
    expect((await call(sb, `/user/keys/${added.body.id}`, { token: BOB })).status).toBe(404);
    expect((await call(sb, `/user/keys/${added.body.id}`, { token: ALICE, method: 'DELETE' })).status).toBe(204);
    expect((await call(sb, `/user/keys/${added.body.id}`, { token: ALICE, method: 'DELETE' })).status).toBe(404);
    expect((await call(sb, '/users/2/keys')).body.length).toBe(2);

    const gpg = await call(sb, '/user/gpg_keys', { token: ALICE });
    expect(gpg.body[0].key).toContain('BEGIN PGP PUBLIC KEY BLOCK');
    const newGpg = await call(sb, '/users/3/gpg_keys', {
      json: { key: '-----BEGIN PGP PUBLIC KEY BLOCK-----\nabc\n-----END PGP PUBLIC KEY BLOCK-----' },
    });
    expect(newGpg.status).toBe(201);
    expect((await call(sb, `/users/3/gpg_keys/${newGpg.body.id}`)).body.id).toBe(newGpg.body.id);
    expect((await call(sb, '/users/3/gpg_keys')).body).toHaveLength(1);
    expect((await call(sb, `/users/3/gpg_keys/${newGpg.body.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(sb, `/user/gpg_keys/${gpg.body[0].id}`, { token: ALICE, method: 'DELETE' })).status).toBe(204);

    const email = await call(sb, '/user/emails', { token: BOB, form: { email: 'bob@second.example' } });
    expect(email.status).toBe(201);
    expect((await call(sb, '/user/emails', { token: BOB, form: { email: 'alice@example.com' } })).body).toEqual({
      message: { email: ['has already been taken'] },
    });
    expect((await call(sb, '/user/emails', { token: BOB, form: { email: 'nope' } })).body).toEqual({ message: { email: ['is invalid'] } });
    expect((await call(sb, `/user/emails/${email.body.id}`, { token: BOB })).body.email).toBe('bob@second.example');
    expect((await call(sb, '/users/3/emails')).body.map((e: { email: string }) => e.email)).toContain('bob@second.example');
    const forCarol = await call(sb, '/users/4/emails', { json: { email: 'carol@second.example' } });
    expect((await call(sb, `/users/4/emails/${forCarol.body.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(sb, `/user/emails/${email.body.id}`, { token: BOB, method: 'DELETE' })).status).toBe(204);
  });

  it('creates, lists and revokes impersonation tokens that authenticate', async () => {
    const sb = sandbox();
    const created = await call(sb, '/users/3/impersonation_tokens', { json: { name: 'bot', scopes: ['api'], expires_at: '2031-01-01' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'bot',
      active: true,
      revoked: false,
      impersonation: true,
      scopes: ['api'],
      expires_at: '2031-01-01',
    });
    expect((await call(sb, '/user', { token: created.body.token })).body.username).toBe('bob');
    const listed = await call(sb, '/users/3/impersonation_tokens');
    expect(listed.body[0].token).toBeUndefined();
    expect((await call(sb, '/users/3/impersonation_tokens', { json: { name: 'x' } })).body).toEqual({
      message: '400 (Bad request) "scopes" not given',
    });
    expect((await call(sb, `/users/3/impersonation_tokens/${created.body.id}`, { method: 'DELETE' })).status).toBe(204);
    const revoked = await call(sb, `/users/3/impersonation_tokens/${created.body.id}`);
    expect(revoked.body).toMatchObject({ revoked: true, active: false });
    expect((await call(sb, '/user', { token: created.body.token })).status).toBe(401);
    expect((await call(sb, '/users/2/impersonation_tokens?state=inactive')).body.map((t: { name: string }) => t.name)).toEqual([
      'old-laptop',
    ]);
    expect((await call(sb, '/users/2/impersonation_tokens?state=active')).body.map((t: { name: string }) => t.name)).toEqual(['ci-bot']);
  });

  it('reports user activities to admins', async () => {
    const sb = sandbox();
    const res = await call(sb, '/user/activities');
    expect(res.status).toBe(200);
    const names = res.body.map((a: { username: string }) => a.username);
    expect(names).toEqual(expect.arrayContaining(['root', 'alice', 'carol', 'bob']));
    expect(names).not.toContain('dave');
    expect(res.body[0].last_activity_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const days = res.body.map((a: { last_activity_on: string }) => a.last_activity_on);
    expect(days).toEqual([...days].sort());
    expect((await call(sb, '/user/activities?from=2000-01-01')).body.map((a: { username: string }) => a.username)).toContain('dave');
  });
});

describe('sandbox application settings', () => {
  const sandbox = useSandbox();

  it('reads and updates settings, enforcing conditional requirements', async () => {
    const sb = sandbox();
    const current = await call(sb, '/application/settings');
    expect(current.body).toMatchObject({ id: 1, default_projects_limit: 100000, signup_enabled: true, default_branch_protection: 2 });
    const missing = await call(sb, '/application/settings', { method: 'PUT', json: { webide_enabled: true } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: { webide_url: ["can't be blank"] } });
    const throttled = await call(sb, '/application/settings', {
      method: 'PUT',
      json: { jobqueue_throttling_enabled: true, jobqueue_throttling_factor: 1.5, jobqueue_throttling_queues: ['default'] },
    });
    expect(throttled.body.message.jobqueue_throttling_factor).toEqual(['must be less than 1']);
    const ok = await call(
      sb,
      '/application/settings?webide_enabled=true&webide_url=https%3A%2F%2Fide.example&signup_enabled=false&default_projects_limit=5&domain_whitelist[]=acme.example',
      { method: 'PUT' },
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      webide_enabled: true,
      webide_url: 'https://ide.example',
      signup_enabled: false,
      default_projects_limit: 5,
      domain_whitelist: ['acme.example'],
    });
    expect((await call(sb, '/application/settings')).body.signup_enabled).toBe(false);
    expect((await call(sb, '/application/settings', { method: 'PUT', json: { default_project_visibility: 'secret' } })).status).toBe(400);
  });
});
