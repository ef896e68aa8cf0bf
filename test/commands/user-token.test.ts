import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, runCli } from '../helpers/harness.js';

const SECRET = 'imp-SECRET-token-9f8e7d';
const token = {
  id: 3,
  name: 'ci-bot',
  active: true,
  revoked: false,
  scopes: ['api', 'read_user'],
  impersonation: true,
  created_at: '2026-11-20T10:00:00.000Z',
  expires_at: '2027-01-31',
};

describe('user token', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('lists a user’s tokens by state', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/users/2/impersonation_tokens?state=active', method: 'GET' }).reply(200, ...jsonReply([token]));
    const r = await runCli(['user', 'token', 'list', '--user', '2', '--state', 'active'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('3\tci-bot\ttrue\tfalse\tapi,read_user\t2027-01-31\t2026-11-20T10:00:00.000Z\n');
  });

  it('creates a token: the secret goes to stdout once, never to the debug log', async () => {
    api = mockApi();
    api.pool
      .intercept({
        path: '/api/v4/users/2/impersonation_tokens',
        method: 'POST',
        body: JSON.stringify({ name: 'ci-bot', scopes: ['api', 'read_user'], expires_at: '2027-01-31' }),
      })
      .reply(201, ...jsonReply({ ...token, token: SECRET }));
    const r = await runCli(
      [
        'user',
        'token',
        'create',
        '--user',
        '2',
        '--name',
        'ci-bot',
        '--scopes',
        'api,read_user',
        '--expires-at',
        '2027-01-31',
        '--fields',
        'token',
        '--debug',
      ],
      { transport: api.transport },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`token\t${SECRET}\n`);
    expect(r.stderr).toContain('[debug] > POST https://gitlab.test/api/v4/users/2/impersonation_tokens');
    expect(r.stderr).toContain('[debug] < 201');
    expect(r.stderr).not.toContain(SECRET);
  });

  it('checks user, name, scopes and expiry before sending', async () => {
    api = mockApi();
    for (const [args, needle] of [
      [['--name', 'x', '--scopes', 'api'], '--user'],
      [['--user', '2', '--scopes', 'api'], '--name'],
      [['--user', '2', '--name', 'x'], '--scopes'],
      [['--user', '2', '--name', 'x', '--scopes', 'write'], '--scopes'],
      [['--user', '2', '--name', 'x', '--scopes', ','], '--scopes'],
      [['--user', '2', '--name', 'x', '--scopes', 'api', '--expires-at', '2027-02-30'], '--expires-at'],
    ] as const) {
      const r = await runCli(['user', 'token', 'create', ...args], { transport: api.transport });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(needle);
    }
    const state = await runCli(['user', 'token', 'list', '--user', '2', '--state', 'revoked'], { transport: api.transport });
    expect(state.code).toBe(2);
  });

  it('views and revokes', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/users/2/impersonation_tokens/3', method: 'GET' }).reply(200, ...jsonReply(token));
    api.pool.intercept({ path: '/api/v4/users/2/impersonation_tokens/3', method: 'DELETE' }).reply(204, '');
    expect((await runCli(['user', 'token', 'view', '3', '--user', '2', '-o', 'json'], { transport: api.transport })).stdout).toBe(
      `${JSON.stringify(token)}\n`,
    );
    const refused = await runCli(['user', 'token', 'revoke', '3', '--user', '2'], { transport: api.transport });
    expect([refused.code, refused.stdout]).toEqual([2, '']);
    expect(refused.stderr).toContain('refusing to revoke impersonation token 3 of user 2 without --yes');
    const r = await runCli(['user', 'token', 'revoke', '3', '--user', '2', '--yes'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('Revoked impersonation token 3 of user 2\n');
  });

  it('shows a non-administrator’s 403', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/users/2/impersonation_tokens', method: 'GET' })
      .reply(403, ...jsonReply({ message: '403 Forbidden' }));
    const r = await runCli(['user', 'token', 'list', '--user', '2'], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('collab: 403 Forbidden\n');
  });
});
