import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOB_TOKEN, type SandboxFixture, USER_TOKEN } from '../helpers/e2e.js';
import { startSandboxInProcess } from '../helpers/in-process.js';

// runInProcess strips the final newline of stdout and stderr, as execa does.

/** Users, keys, tokens and settings against the sandbox, through collab's entry run in-process. */
describe('users and settings against the sandbox', () => {
  let sb: SandboxFixture;
  const asAlice = { COLLAB_TOKEN: USER_TOKEN };

  beforeAll(async () => {
    sb = await startSandboxInProcess();
  });
  afterAll(async () => {
    await sb?.close();
  });

  const json = async (args: string[], env: Record<string, string> = {}) => {
    const r = await sb.run([...args, '-o', 'json'], env);
    // Nothing on stderr but, for a write, the one line that says what it did.
    expect(r.stderr, args.join(' ')).toMatch(/^([A-Z][^\n]*)?$/);
    expect(r.stderr, args.join(' ')).not.toMatch(/collab:|warning|error/i);
    expect(r.exitCode, args.join(' ')).toBe(0);
    return JSON.parse(r.stdout);
  };
  const userId = async (username: string): Promise<number> => (await json(['user', 'view', username])).id;

  it('administrators and others: the admin-only endpoints answer 403 (exit 1)', async () => {
    const users = await json(['user', 'list', '--search', 'alice'], asAlice);
    expect(users.map((u: { username: string }) => u.username)).toEqual(['alice']);
    for (const args of [
      ['settings', 'view'],
      ['user', 'token', 'list', '--user', 'alice'],
      ['user', 'key', 'list', '--user', 'bob'],
    ]) {
      const r = await sb.run(args, asAlice);
      expect(r.exitCode, args.join(' ')).toBe(1);
      expect(r.stderr, args.join(' ')).toMatch(/^collab: 403 Forbidden/);
    }
  });

  it('lists by repeated custom attributes; creates a user with a password from stdin, deletes them', async () => {
    const byAttributes = await json(['user', 'list', '--custom-attribute', 'team=platform', '--custom-attribute', 'location=eu']);
    expect(byAttributes.map((u: { username: string }) => u.username)).toEqual(['alice']);

    const created = await sb.run(
      [
        'user',
        'create',
        '--email',
        'frank@example.com',
        '--username',
        'frank',
        '--name',
        'Frank',
        '--password-stdin',
        '--skip-confirmation',
        '-o',
        'json',
      ],
      {},
      { stdin: 'pipe', input: 'correct horse battery\n' },
    );
    expect(created.exitCode).toBe(0);
    const frank = JSON.parse(created.stdout);
    expect(frank).toMatchObject({ username: 'frank', email: 'frank@example.com' });
    const refused = await sb.run(['user', 'delete', String(frank.id)]);
    expect(refused.exitCode).toBe(2);
    expect((await sb.run(['user', 'delete', String(frank.id), '--hard', '--yes'])).exitCode).toBe(0);
    expect((await sb.run(['user', 'view', 'frank'])).stderr).toContain('404 no user with username "frank"');
  });

  it('sudo: an administrator acts as alice; a normal token is refused', async () => {
    expect((await json(['--sudo', 'alice', 'user', 'me'])).username).toBe('alice');
    expect((await json(['user', 'me'])).username).toBe('root');
    const r = await sb.run(['--sudo', 'alice', 'user', 'me'], { COLLAB_TOKEN: BOB_TOKEN });
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('collab: 403 Forbidden - Must be admin to use sudo\nhint: --sudo needs an administrator token');
  });

  it('blocks and unblocks; the LDAP-blocked erin gets the directory explanation', async () => {
    const carol = await userId('carol');
    const blocked = await sb.run(['user', 'block', String(carol)]);
    expect([blocked.exitCode, blocked.stderr]).toEqual([0, `Blocked user ${carol}`]);
    expect((await json(['user', 'view', 'carol'])).state).toBe('blocked');
    expect((await sb.run(['user', 'unblock', String(carol)])).exitCode).toBe(0);
    expect((await json(['user', 'view', 'carol'])).state).toBe('active');

    const erin = await userId('erin');
    const r = await sb.run(['user', 'unblock', String(erin)]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe(
      'collab: 403 Forbidden - LDAP blocked users cannot be unblocked by the API\nhint: ' +
        'the user is blocked by directory (LDAP) synchronization: only the directory can ' +
        'change that',
    );
  });

  it('a taken SSH key is shown as field: reason', async () => {
    const [aliceKey] = await json(['user', 'key', 'list', '--user', 'alice']);
    const r = await sb.run(['user', 'key', 'add', '--title', 'copy', '--key', aliceKey.key]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe('collab: 400 fingerprint: has already been taken');
    const bad = await sb.run(['user', 'email', 'add', '--email', 'not-an-email'], asAlice);
    expect([bad.exitCode, bad.stderr]).toEqual([1, 'collab: 400 email: is invalid']);
  });

  it('creates an impersonation token (secret on stdout only), uses it, revokes it', async () => {
    const created = await sb.run([
      'user',
      'token',
      'create',
      '--user',
      'carol',
      '--name',
      'e2e',
      '--scopes',
      'api,read_user',
      '--expires-at',
      '2031-01-31',
      '-o',
      'json',
      '--debug',
    ]);
    expect(created.exitCode).toBe(0);
    const token = JSON.parse(created.stdout);
    expect(token).toMatchObject({ name: 'e2e', active: true, revoked: false, scopes: ['api', 'read_user'], expires_at: '2031-01-31' });
    expect(typeof token.token).toBe('string');
    expect(created.stderr).toContain('[debug] > POST');
    expect(created.stderr).not.toContain(token.token);

    expect((await json(['user', 'me'], { COLLAB_TOKEN: token.token })).username).toBe('carol');
    const revoked = await sb.run(['user', 'token', 'revoke', String(token.id), '--user', 'carol', '--yes']);
    expect(revoked.exitCode).toBe(0);
    expect((await json(['user', 'token', 'view', String(token.id), '--user', 'carol'])).revoked).toBe(true);
    const rejected = await sb.run(['user', 'me'], { COLLAB_TOKEN: token.token });
    expect(rejected.exitCode).toBe(4);
  });

  it('settings round trip; a missing conditional requirement is refused before sending', async () => {
    const updated = await json([
      'settings',
      'update',
      '--no-signup-enabled',
      '--default-project-visibility',
      'internal',
      '--domain-whitelist',
      'example.com,acme.example',
    ]);
    expect(updated).toMatchObject({
      signup_enabled: false,
      default_project_visibility: 'internal',
      domain_whitelist: ['example.com', 'acme.example'],
    });
    expect(await json(['settings', 'view'])).toMatchObject({ signup_enabled: false, default_project_visibility: 'internal' });

    const before = sb.requests().length;
    const refused = await sb.run(['settings', 'update', '--webide-enabled']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('--webide-enabled needs --webide-url');
    expect(sb.requests().length).toBe(before);

    const enabled = await json(['settings', 'update', '--webide-enabled', '--webide-url', 'https://ide.example.com']);
    expect(enabled).toMatchObject({ webide_enabled: true, webide_url: 'https://ide.example.com' });
  });
});
