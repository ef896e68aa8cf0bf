import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, mockServer, runCli, scriptedPrompter, TEST_HOST } from '../helpers/harness.js';
import { tempDir } from '../helpers/temp.js';

const tmp = () => tempDir('collab-cfg-');
const readConfig = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8'));

describe('auth and config', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('auth login --token-stdin checks the token with GET /user and stores it 0600 per host', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/user', method: 'GET', headers: { 'private-token': 'tok-abcdefghijklmnop' } })
      .reply(200, ...jsonReply({ username: 'alice', name: 'Alice' }));
    const dir = tmp();
    const r = await runCli(['auth', 'login', '--host', 'https://gitlab.test', '--token-stdin'], {
      transport: api.transport,
      stdin: 'tok-abcdefghijklmnop\n',
      env: { COLLAB_CONFIG_DIR: dir, COLLAB_TOKEN: undefined, COLLAB_HOST: undefined },
    });
    expect(r.stderr).toContain('Logged in to https://gitlab.test as alice');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(fs.statSync(path.join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(readConfig(dir)).toEqual({
      host: TEST_HOST,
      hosts: { [TEST_HOST]: { token: 'tok-abcdefghijklmnop', token_type: 'private', user: 'alice' } },
    });

    api.pool
      .intercept({ path: '/api/v4/user', method: 'GET', headers: { 'private-token': 'tok-abcdefghijklmnop' } })
      .reply(200, ...jsonReply({ username: 'alice', name: 'Alice', is_admin: false }));
    const s = await runCli(['auth', 'status', '-o', 'json'], {
      transport: api.transport,
      env: { COLLAB_CONFIG_DIR: dir, COLLAB_TOKEN: undefined, COLLAB_HOST: undefined },
    });
    expect(JSON.parse(s.stdout)).toMatchObject({ host: TEST_HOST, user: 'alice', token_source: 'config', token: '****mnop' });
    expect(s.stdout).not.toContain('tok-abcdefghijklmnop');

    const t = await runCli(['auth', 'token'], { env: { COLLAB_CONFIG_DIR: dir, COLLAB_TOKEN: undefined, COLLAB_HOST: undefined } });
    expect(t.stdout).toBe('tok-abcdefghijklmnop\n');
    const o = await runCli(['auth', 'logout'], { env: { COLLAB_CONFIG_DIR: dir, COLLAB_TOKEN: undefined, COLLAB_HOST: undefined } });
    expect(o.code).toBe(0);
    expect(readConfig(dir).hosts[TEST_HOST].token).toBeUndefined();
    const after = await runCli(['auth', 'status'], { env: { COLLAB_CONFIG_DIR: dir, COLLAB_TOKEN: undefined, COLLAB_HOST: undefined } });
    expect(after.code).toBe(4);
  });

  it('auth login says when the environment wins over what it saved: COLLAB_TOKEN, COLLAB_HOST naming another host', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/user', method: 'GET' })
      .reply(200, ...jsonReply({ username: 'alice', name: 'Alice' }))
      .times(3);
    const login = async (env: Record<string, string | undefined>) => {
      const dir = tmp();
      const r = await runCli(['auth', 'login', '--host', TEST_HOST, '--token-stdin'], {
        transport: api.transport,
        stdin: 'tok-abcdefghijklmnop\n',
        env: { COLLAB_CONFIG_DIR: dir, ...env },
      });
      expect(r.code, r.stderr).toBe(0);
      return r.stderr.replace(`${path.join(dir, 'config.json')}`, '<file>');
    };
    const saved = `Logged in to ${TEST_HOST} as alice (Alice); token saved in <file>\n`;
    expect(await login({ COLLAB_TOKEN: undefined, COLLAB_HOST: undefined })).toBe(saved);
    expect(await login({ COLLAB_TOKEN: 'glpat-from-the-environment', COLLAB_HOST: undefined })).toBe(
      `${saved}collab: warning: COLLAB_TOKEN is set: commands use its token, not the one saved for ${TEST_HOST}, until it is unset\n`,
    );
    expect(
      await login({ COLLAB_TOKEN: undefined, COLLAB_OAUTH_TOKEN: 'oauth-from-the-environment', COLLAB_HOST: 'https://other.example/' }),
    ).toBe(
      `${saved}collab: warning: COLLAB_OAUTH_TOKEN is set: commands use its token, not the ` +
        `one saved for ${TEST_HOST}, until it is unset\n` +
        `collab: warning: COLLAB_HOST is set to https://other.example: commands go there, not to ${TEST_HOST}, until it is unset\n`,
    );
  });

  it('auth status lists every host collab knows: under hosts in JSON, a table below the status on a terminal', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/user', method: 'GET' })
      .reply(200, ...jsonReply({ username: 'alice', name: 'Alice', is_admin: false }))
      .times(2);
    const dir = tmp();
    fs.writeFileSync(
      path.join(dir, 'config.json'),
      JSON.stringify({
        host: TEST_HOST,
        hosts: {
          'https://other.example': { token: 'glpat-other-0123456789', token_type: 'oauth', user: 'bob' },
          [TEST_HOST]: { token: 'tok-abcdefghijklmnop', token_type: 'private', user: 'alice' },
          'https://settings.example': { flavor: 'gitlab' },
        },
      }),
      { mode: 0o600 },
    );
    const env = { COLLAB_CONFIG_DIR: dir, COLLAB_TOKEN: undefined, COLLAB_HOST: undefined };
    const j = await runCli(['auth', 'status', '-o', 'json'], { transport: api.transport, env });
    expect(j.code, j.stderr).toBe(0);
    const status = JSON.parse(j.stdout);
    expect(status).toMatchObject({ host: TEST_HOST, user: 'alice', token_source: 'config', token: '****mnop' });
    expect(status.hosts).toEqual([
      { host: TEST_HOST, active: true, user: 'alice', token_source: 'config', token_type: 'private', token: '****mnop' },
      { host: 'https://other.example', active: false, user: 'bob', token_source: 'config', token_type: 'oauth', token: '****6789' },
      { host: 'https://settings.example', active: false, user: null, token_source: 'none', token_type: null, token: null },
    ]);
    expect(j.stdout).not.toContain('glpat-other');
    const t = await runCli(['auth', 'status'], { transport: api.transport, env, tty: true, columns: 100 });
    expect(t.code, t.stderr).toBe(0);
    expect(t.stdout).toContain('token_source  config\n');
    expect(t.stdout).toMatch(
      /\nHosts \(\* the one in use\):\nHOST +USER +TOKEN FROM +TYPE +TOKEN\n\* https:\/\/gitlab\.test +alice +config +private +\*\*\*\*mnop\n {2}https:\/\/other\.example +bob +config +oauth +\*\*\*\*6789\n {2}https:\/\/settings\.example +- +none +- +-\n/,
    );
  });

  it('a rejected token is not saved and exits 4', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/user', method: 'GET' }).reply(401, ...jsonReply({ message: '401 Unauthorized' }));
    const dir = tmp();
    const r = await runCli(['auth', 'login', '--host', TEST_HOST, '--token-stdin'], {
      transport: api.transport,
      stdin: 'bad-token',
      env: { COLLAB_CONFIG_DIR: dir },
    });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('nothing was saved');
    expect(fs.existsSync(path.join(dir, 'config.json'))).toBe(false);
  });

  it('prompts for host and token on a terminal', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/user', method: 'GET', headers: { authorization: 'Bearer oauth-xyz' } })
      .reply(200, ...jsonReply({ username: 'bob' }));
    const dir = tmp();
    const prompter = scriptedPrompter(['https://gitlab.test', 'oauth-xyz']);
    const r = await runCli(['auth', 'login', '--oauth'], {
      transport: api.transport,
      tty: true,
      prompter,
      env: { COLLAB_CONFIG_DIR: dir, COLLAB_HOST: undefined, COLLAB_TOKEN: undefined },
    });
    expect(r.code).toBe(0);
    expect(prompter.asked).toHaveLength(2);
    expect(readConfig(dir).hosts[TEST_HOST].token_type).toBe('oauth');
  });

  it('without a terminal, login needs --token-stdin (exit 2, nothing sent)', async () => {
    api = mockApi();
    const r = await runCli(['auth', 'login', '--host', TEST_HOST], { transport: api.transport, env: { COLLAB_CONFIG_DIR: tmp() } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--token-stdin');
  });

  it('login on a terminal says where to make a token and its scope before asking (issue 38 item 15)', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/user', method: 'GET' }).reply(200, ...jsonReply({ username: 'alice' }));
    const dir = tmp();
    const asked = scriptedPrompter(['glpat-abcdefghijklmnop']);
    const ok = await runCli(['auth', 'login', '--host', TEST_HOST], {
      transport: api.transport,
      tty: true,
      prompter: asked,
      env: { COLLAB_CONFIG_DIR: dir, COLLAB_HOST: undefined, COLLAB_TOKEN: undefined },
    });
    expect(ok.code, ok.stderr).toBe(0);
    expect(asked.asked).toEqual(['Personal access token:']);
    expect(ok.stderr).toContain(
      `A personal access token is needed: create one at ${TEST_HOST}/-/user_settings/personal_access_tokens?scopes=api (scope api; read_api for reading only)\n`,
    );
  });

  it('login without a token to read names the page in its hint; a rejected token too', async () => {
    api = mockApi();
    const page = 'https://gitlab.test/gitlab/-/user_settings/personal_access_tokens?scopes=api';
    const none = await runCli(['auth', 'login', '--host', 'https://gitlab.test/gitlab/'], {
      transport: api.transport,
      env: { COLLAB_CONFIG_DIR: tmp() },
    });
    expect([none.code, none.stderr]).toEqual([
      2,
      `collab: no token: pipe it with --token-stdin (tokens are never taken from arguments)\nhint: create one at ${page} (scope api; read_api for reading only)\n`,
    ]);
    api.pool.intercept({ path: '/api/v4/user', method: 'GET' }).reply(401, ...jsonReply({ message: '401 Unauthorized' }));
    const rejected = await runCli(['auth', 'login', '--host', TEST_HOST, '--token-stdin'], {
      transport: api.transport,
      stdin: 'bad-token',
      env: { COLLAB_CONFIG_DIR: tmp() },
    });
    expect(rejected.code).toBe(4);
    expect(rejected.stderr).toContain(`${TEST_HOST}/-/user_settings/personal_access_tokens?scopes=api`);
  });

  it("status shows a personal token's scopes and expiry as GitLab's GET /personal_access_tokens/self says them", async () => {
    // lib/api/personal_access_tokens/self_information.rb: `present access_token, with: Entities::PersonalAccessToken`.
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/user', method: 'GET' })
      .reply(200, ...jsonReply({ username: 'alice', name: 'Alice', is_admin: false }))
      .times(2);
    api.pool
      .intercept({ path: '/api/v4/personal_access_tokens/self', method: 'GET' })
      .reply(
        200,
        ...jsonReply({
          id: 4,
          name: 'laptop',
          revoked: false,
          created_at: '2026-01-02T09:00:00.000Z',
          scopes: ['api', 'read_user'],
          user_id: 2,
          last_used_at: null,
          active: true,
          expires_at: '2026-12-05',
        }),
      )
      .times(2);
    const json = await runCli(['auth', 'status', '-o', 'json'], { transport: api.transport });
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ user: 'alice', scopes: ['api', 'read_user'], expires_at: '2026-12-05' });
    const tty = await runCli(['auth', 'status'], { transport: api.transport, tty: true });
    expect(tty.stdout).toContain('scopes        api,read_user\n');
    expect(tty.stdout).toContain('expires_at    2026-12-05\n');
  });

  it('a server that does not say (404: the spec, an older GitLab) leaves them null and the status whole', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/user', method: 'GET' }).reply(200, ...jsonReply({ username: 'alice' }));
    api.pool.intercept({ path: '/api/v4/personal_access_tokens/self', method: 'GET' }).reply(404, ...jsonReply({ error: '404 Not Found' }));
    const spec = await runCli(['auth', 'status', '-o', 'json'], { transport: api.transport });
    expect(spec.code, spec.stderr).toBe(0);
    expect(JSON.parse(spec.stdout)).toMatchObject({ user: 'alice', scopes: null, expires_at: null });
  });

  it('an OAuth token is no personal access token: its details are not asked for', async () => {
    const server = mockServer((url) => ({ body: url.pathname === '/api/v4/user' ? { username: 'alice' } : { scopes: ['api'] } }));
    const oauth = await runCli(['auth', 'status', '-o', 'json'], {
      transport: server.transport,
      env: { COLLAB_TOKEN: undefined, COLLAB_OAUTH_TOKEN: 'oauth-abcdefghijklmnop' },
    });
    expect(oauth.code, oauth.stderr).toBe(0);
    expect(JSON.parse(oauth.stdout)).toMatchObject({ token_type: 'oauth', scopes: null, expires_at: null });
    expect(server.seen).toEqual(['/api/v4/user']);
  });

  it('config set/get/unset/list with validation and per-host entries', async () => {
    const dir = tmp();
    const env = { COLLAB_CONFIG_DIR: dir };
    expect((await runCli(['config', 'set', 'output', 'json'], { env })).code).toBe(0);
    expect((await runCli(['config', 'set', 'per_page', '50', '--host', 'https://gitlab.test'], { env })).code).toBe(0);
    expect((await runCli(['config', 'get', 'output'], { env })).stdout).toBe('json\n');
    expect((await runCli(['config', 'get', 'per_page', '--host', 'https://gitlab.test'], { env })).stdout).toBe('50\n');
    expect((await runCli(['config', 'get', 'per-page', '--host', 'https://gitlab.test'], { env })).stdout).toBe('50\n');
    const bad = await runCli(['config', 'set', 'output', 'xml'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('table, tsv, json, ndjson');
    expect((await runCli(['config', 'set', 'colour', 'x'], { env })).code).toBe(2);
    expect((await runCli(['config', 'unset', 'output'], { env })).code).toBe(0);
    expect((await runCli(['config', 'get', 'output'], { env })).stdout).toBe('');
    const list = await runCli(['config', 'list', '--header'], { env });
    expect(list.stdout).toBe(`host\tkey\tvalue\n${TEST_HOST}\tper_page\t50\n`);
  });

  it('config output default is used, flags win over environment over config', async () => {
    api = mockApi();
    const dir = tmp();
    await runCli(['config', 'set', 'output', 'json'], { env: { COLLAB_CONFIG_DIR: dir } });
    api.pool
      .intercept({ path: '/api/v4/projects/1/issues/1', method: 'GET' })
      .reply(200, ...jsonReply({ iid: 1, title: 'x' }))
      .times(3);
    const viaConfig = await runCli(['issue', 'view', '1', '-p', '1'], { transport: api.transport, env: { COLLAB_CONFIG_DIR: dir } });
    expect(viaConfig.stdout).toBe('{"iid":1,"title":"x"}\n');
    const viaEnv = await runCli(['issue', 'view', '1', '-p', '1'], {
      transport: api.transport,
      env: { COLLAB_CONFIG_DIR: dir, COLLAB_OUTPUT: 'tsv' },
    });
    expect(viaEnv.stdout).toBe('iid\t1\ntitle\tx\n');
    const viaFlag = await runCli(['issue', 'view', '1', '-p', '1', '-o', 'ndjson'], {
      transport: api.transport,
      env: { COLLAB_CONFIG_DIR: dir, COLLAB_OUTPUT: 'tsv' },
    });
    expect(viaFlag.stdout).toBe('{"iid":1,"title":"x"}\n');
  });

  it('a corrupt config file is reported and never overwritten', async () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'config.json'), '{ not json', { mode: 0o600 });
    const r = await runCli(['config', 'set', 'output', 'json'], { env: { COLLAB_CONFIG_DIR: dir } });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('not valid JSON');
    expect(fs.readFileSync(path.join(dir, 'config.json'), 'utf8')).toBe('{ not json');
  });

  it('loose permissions on an existing file are tightened with a warning', async () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'config.json'), '{"output":"tsv"}');
    fs.chmodSync(path.join(dir, 'config.json'), 0o644);
    const r = await runCli(['config', 'get', 'output'], { env: { COLLAB_CONFIG_DIR: dir } });
    expect(r.stdout).toBe('tsv\n');
    expect(r.stderr).toContain('changed to 600');
    expect(fs.statSync(path.join(dir, 'config.json')).mode & 0o777).toBe(0o600);
  });
});
