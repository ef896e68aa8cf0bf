/**
 * Where a token comes from and what it may do (issue 38 item 15), as a user meets it: the built
 * binary against the sandbox in both flavours, and `auth login` in a pseudo-terminal. GitLab's
 * `GET /personal_access_tokens/self` (lib/api/personal_access_tokens/self_information.rb, the
 * `Entities::PersonalAccessToken` of lib/api/entities/personal_access_token.rb) gives the scopes
 * and expiry; the spec's servers have no such endpoint, and the status says nothing of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOB_TOKEN, type SandboxFixture, startSandboxFixture, tempDir, USER_TOKEN } from '../helpers/e2e.js';
import { runInTerminal, visible } from '../helpers/terminal.js';

describe('auth status: the scopes and expiry of the token in use', () => {
  let gitlab: SandboxFixture;
  let spec: SandboxFixture;
  beforeAll(async () => {
    [gitlab, spec] = await Promise.all([startSandboxFixture({ flavor: 'gitlab' }), startSandboxFixture({ flavor: 'spec' })]);
  });
  afterAll(async () => {
    await gitlab?.close();
    await spec?.close();
  });

  it('GitLab says them: JSON has them, the terminal view shows them', async () => {
    const alice = await gitlab.run(['auth', 'status', '-o', 'json'], { COLLAB_TOKEN: USER_TOKEN });
    expect(alice.exitCode, alice.stderr).toBe(0);
    expect(JSON.parse(alice.stdout)).toMatchObject({ user: 'alice', token_type: 'private', scopes: ['api'], expires_at: '2030-06-30' });
    const bob = await runInTerminal(['auth', 'status'], { cols: 80, env: { COLLAB_HOST: gitlab.url, COLLAB_TOKEN: BOB_TOKEN } });
    expect(bob.code, bob.screen).toBe(0);
    expect(visible(bob.screen)).toMatch(/^scopes +api,read_user$/m);
    expect(visible(bob.screen)).toMatch(/^expires_at +2030-01-15$/m);
    expect(gitlab.requests().filter((r) => r.path.endsWith('/personal_access_tokens/self'))).toHaveLength(2);
  });

  it('the spec flavour has no such endpoint (404): the status is whole, the two are null', async () => {
    const r = await spec.run(['auth', 'status', '-o', 'json'], { COLLAB_TOKEN: USER_TOKEN });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toMatchObject({ user: 'alice', scopes: null, expires_at: null });
  });
});

describe('auth login in a terminal says where a token is made', () => {
  let sb: SandboxFixture;
  beforeAll(async () => {
    sb = await startSandboxFixture({ flavor: 'gitlab' });
  });
  afterAll(() => sb?.close());

  it("names the host's token page with the api scope ticked, then asks for the token hidden", async () => {
    const dir = tempDir('collab-login-');
    const r = await runInTerminal(['auth', 'login', '--host', sb.url], {
      cols: 120,
      env: { COLLAB_CONFIG_DIR: dir },
      answers: [['Personal access token:', `${USER_TOKEN}\r`]],
    });
    expect(r.code, r.screen).toBe(0);
    const screen = visible(r.screen);
    const page = `${sb.url}/-/user_settings/personal_access_tokens?scopes=api`;
    expect(screen).toContain(`A personal access token is needed: create one at ${page} (scope api; read_api for reading only)`);
    expect(screen.indexOf(page)).toBeLessThan(screen.indexOf('Personal access token:'));
    expect(screen).toContain(`Logged in to ${sb.url} as alice`);
    // Typed hidden: the token never reaches the screen.
    expect(screen).not.toContain(USER_TOKEN);
  });
});
