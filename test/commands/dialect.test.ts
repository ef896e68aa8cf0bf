import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renamedSettingArgs, SETTING_PAIRS, USER_PAIRS } from '../helpers/gitlab-names.js';
import { jsonReply, mockApi, runCli, TEST_HOST } from '../helpers/harness.js';
import { JSON_HEADERS } from '../helpers/json-answer.js';
import { tempDir } from '../helpers/temp.js';

const tmp = () => tempDir('collab-cfg-');
const readConfig = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8'));
const SETTINGS = '/api/v4/application/settings';
const CANCEL = '/api/v4/projects/acme%2Fapi/merge_requests/3/cancel_merge_when_pipeline_succeeds';

/** Each test's mock server; every stub it set up must have been used. */
let api: ReturnType<typeof mockApi>;
afterEach(() => api?.done());

describe('dialects', () => {
  it('detects the flavour once with GET /version, stores it with the host, and sends GitLab names', async () => {
    api = mockApi();
    const dir = tmp();
    const env = { COLLAB_CONFIG_DIR: dir };
    api.pool.intercept({ path: '/api/v4/version', method: 'GET' }).reply(200, ...jsonReply({ version: '17.6.1-ee', revision: 'abc' }));
    const body = JSON.stringify({ akismet_api_key: 'k', akismet_enabled: true, default_projects_limit: 5 });
    api.pool
      .intercept({ path: SETTINGS, method: 'PUT', body })
      .reply(200, ...jsonReply({ id: 1, akismet_enabled: true, akismet_api_key: 'k', default_projects_limit: 5 }));
    const r = await runCli(
      ['settings', 'update', '--spamfilter-enabled', '--spamfilter-api-key', 'k', '--default-projects-limit', '5', '-o', 'json'],
      { transport: api.transport, env },
    );
    expect([r.code, r.stderr]).toEqual([0, 'Updated 3 application settings\n']);
    expect(JSON.parse(r.stdout)).toEqual({ id: 1, akismet_enabled: true, akismet_api_key: 'k', default_projects_limit: 5 });
    expect(readConfig(dir)).toEqual({ hosts: { [TEST_HOST]: { flavor: 'gitlab' } } });

    // Second contact: no GET /version (an unstubbed request would fail the mock agent).
    api.pool
      .intercept({ path: SETTINGS, method: 'PUT', body: JSON.stringify({ recaptcha_enabled: false }) })
      .reply(200, ...jsonReply({ id: 1, recaptcha_enabled: false }));
    const again = await runCli(['settings', 'update', '--no-captcha-enabled'], { transport: api.transport, env });
    expect(again.code).toBe(0);
  });

  it('reads a 404 on GET /version as a server that follows the spec only', async () => {
    api = mockApi();
    const dir = tmp();
    api.pool.intercept({ path: '/api/v4/version', method: 'GET' }).reply(404, ...jsonReply({ message: '404 Not Found' }));
    api.pool
      .intercept({ path: SETTINGS, method: 'PUT', body: JSON.stringify({ spamfilter_enabled: false }) })
      .reply(200, ...jsonReply({ id: 1, spamfilter_enabled: false }));
    const r = await runCli(['settings', 'update', '--no-akismet-enabled'], { transport: api.transport, env: { COLLAB_CONFIG_DIR: dir } });
    expect(r.code).toBe(0);
    expect(readConfig(dir).hosts[TEST_HOST].flavor).toBe('spec');
  });

  it('asks nothing of the host when no name or method differs', async () => {
    api = mockApi();
    const dir = tmp();
    api.pool
      .intercept({ path: SETTINGS, method: 'PUT', body: JSON.stringify({ signup_enabled: false }) })
      .reply(200, ...jsonReply({ id: 1, signup_enabled: false }));
    const r = await runCli(['settings', 'update', '--no-signup-enabled'], { transport: api.transport, env: { COLLAB_CONFIG_DIR: dir } });
    expect(r.code).toBe(0);
    expect(fs.existsSync(path.join(dir, 'config.json'))).toBe(false);
  });

  it('COLLAB_FLAVOR overrides the store and detection; a bad value is exit 2 with nothing sent', async () => {
    api = mockApi();
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ hosts: { [TEST_HOST]: { flavor: 'gitlab' } } }), { mode: 0o600 });
    api.pool
      .intercept({ path: SETTINGS, method: 'PUT', body: JSON.stringify({ spamfilter_api_key: 'k', spamfilter_enabled: true }) })
      .reply(200, ...jsonReply({ id: 1, spamfilter_enabled: true, spamfilter_api_key: 'k' }));
    const r = await runCli(['settings', 'update', '--akismet-enabled', '--akismet-api-key', 'k'], {
      transport: api.transport,
      env: { COLLAB_CONFIG_DIR: dir, COLLAB_FLAVOR: 'spec' },
    });
    expect(r.code).toBe(0);
    const bad = await runCli(['settings', 'update', '--akismet-enabled', '--akismet-api-key', 'k'], {
      transport: api.transport,
      env: { COLLAB_CONFIG_DIR: dir, COLLAB_FLAVOR: 'gitea' },
    });
    expect([bad.code, bad.stderr]).toEqual([2, 'collab: invalid value for COLLAB_FLAVOR: "gitea" is not one of spec, gitlab\n']);
  });

  it('warns about settings the server ignored (absent from the answer under either name)', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: SETTINGS, method: 'PUT' })
      .reply(200, ...jsonReply({ id: 1, sidekiq_throttling_enabled: false, signup_enabled: true }));
    const r = await runCli(['settings', 'update', '--no-jobqueue-throttling-enabled', '--no-webide-enabled', '--signup-enabled'], {
      transport: api.transport,
      env: { COLLAB_FLAVOR: 'gitlab' },
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('collab: warning: the server ignored --webide-enabled: it has no such setting\n');
  });

  it('user create and update send the server names of the profile fields', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/users/42', method: 'PUT', body: JSON.stringify({ skype: 'a.l', linkedin: 'alice-l', twitter: '@al' }) })
      .reply(200, ...jsonReply({ id: 42, username: 'alice', skype: 'a.l', linkedin: 'alice-l', twitter: '@al' }));
    const r = await runCli(
      [
        'user',
        'update',
        '42',
        '--messenger',
        'a.l',
        '--professional-profile',
        'alice-l',
        '--twitter',
        '@al',
        '-o',
        'json',
        '--fields',
        'microblog',
      ],
      {
        transport: api.transport,
        env: { COLLAB_FLAVOR: 'gitlab' },
      },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ microblog: '@al' });
  });

  it('user block/unblock: a null or false answer is a notice and exit 0', async () => {
    api = mockApi();
    // Bodies as GitLab writes them: the JSON texts `null` and `false`.
    api.pool.intercept({ path: '/api/v4/users/5/block', method: 'POST' }).reply(201, ...jsonReply('null'));
    const a = await runCli(['user', 'block', '5'], { transport: api.transport });
    expect([a.code, a.stdout, a.stderr]).toEqual([0, '', 'User 5 was already blocked: nothing changed\n']);
    api.pool.intercept({ path: '/api/v4/users/5/unblock', method: 'POST' }).reply(201, ...jsonReply('false'));
    const b = await runCli(['user', 'unblock', '5'], { transport: api.transport });
    expect([b.code, b.stderr]).toEqual([0, 'User 5 was not blocked: nothing changed\n']);
    api.pool.intercept({ path: '/api/v4/users/5/block', method: 'POST' }).reply(201, ...jsonReply('true'));
    const c = await runCli(['user', 'block', '5'], { transport: api.transport });
    expect([c.code, c.stderr]).toEqual([0, 'Blocked user 5\n']);
  });

  it('mr cancel-auto-merge is a POST on GitLab, a PUT on the spec', async () => {
    api = mockApi();
    api.pool.intercept({ path: CANCEL, method: 'POST' }).reply(201, ...jsonReply({ status: 'success' }));
    const g = await runCli(['mr', 'cancel-auto-merge', '3', '-p', 'acme/api', '-o', 'json'], {
      transport: api.transport,
      env: { COLLAB_FLAVOR: 'gitlab' },
    });
    expect([g.code, g.stdout, g.stderr]).toEqual([0, '{"status":"success"}\n', 'Cancelled the automatic merge of !3\n']);
    api.pool.intercept({ path: CANCEL, method: 'PUT' }).reply(200, ...jsonReply({ iid: 3, merge_when_pipeline_succeeds: false }));
    const s = await runCli(['mr', 'cancel-auto-merge', '3', '-p', 'acme/api'], {
      transport: api.transport,
      env: { COLLAB_FLAVOR: 'spec' },
    });
    expect(s.code).toBe(0);
  });

  it('mr approve reads approvals_left or approvals_missing', async () => {
    api = mockApi();
    const approve = '/api/v4/projects/acme%2Fapi/merge_requests/3/approve';
    api.pool.intercept({ path: approve, method: 'POST' }).reply(201, ...jsonReply({ iid: 3, approvals_missing: 2, approved_by: [] }));
    const r = await runCli(['mr', 'approve', '3', '-p', 'acme/api', '-o', 'json'], { transport: api.transport });
    expect(r.stderr).toBe('Approved !3; 2 approvals left\n');
  });

  it('config set flavor is per host and checked', async () => {
    const dir = tmp();
    const env = { COLLAB_CONFIG_DIR: dir };
    expect((await runCli(['config', 'set', 'flavor', 'GitLab', '--host', 'https://gitlab.example.com'], { env })).code).toBe(0);
    expect(readConfig(dir)).toEqual({ hosts: { 'https://gitlab.example.com': { flavor: 'gitlab' } } });
    const global = await runCli(['config', 'set', 'flavor', 'gitlab'], { env });
    expect([global.code, global.stderr]).toEqual([2, 'collab: "flavor" is a per-host setting: add --host <url>\n']);
    const bad = await runCli(['config', 'set', 'flavor', 'forgejo', '--host', 'https://gitlab.example.com'], { env });
    expect([bad.code, bad.stderr]).toEqual([2, 'collab: invalid value for flavor: "forgejo" is not one of spec, gitlab\n']);
    const got = await runCli(['config', 'get', 'flavor', '--host', 'https://gitlab.example.com'], { env });
    expect(got.stdout).toBe('gitlab\n');
  });
});

/** A settings endpoint that keeps what it is sent and answers it back; `body` is what came. */
function echoSettings(): { body: Record<string, unknown> } {
  api = mockApi();
  const sent = { body: {} as Record<string, unknown> };
  const answer = (opts: { body?: unknown }) => {
    sent.body = JSON.parse(String(opts.body));
    return JSON.stringify({ id: 1, ...sent.body });
  };
  api.pool.intercept({ path: SETTINGS, method: 'PUT' }).reply(200, ...jsonReply(answer));
  return sent;
}

describe('every renamed field, in either spelling, goes out under the server name', () => {
  it.each([
    ['gitlab', 'spec'],
    ['spec', 'gitlab'],
  ] as const)('settings update with the %s spellings to a %s server', async (spelling, flavor) => {
    const sent = echoSettings();
    const { argv, values } = renamedSettingArgs(spelling, true);
    const r = await runCli(['settings', 'update', ...argv, '-o', 'json', '--fields', SETTING_PAIRS.map(([spec]) => spec).join(',')], {
      transport: api.transport,
      env: { COLLAB_FLAVOR: flavor },
    });
    expect([r.code, r.stderr]).toEqual([0, `Updated ${SETTING_PAIRS.length} application settings\n`]);
    const expected = Object.fromEntries(SETTING_PAIRS.map(([spec, gitlab]) => [flavor === 'gitlab' ? gitlab : spec, values[spec]]));
    expect(sent.body).toEqual(expected);
    // Read back under the spec's names, whichever the server used.
    expect(JSON.parse(r.stdout)).toEqual(values);
  });

  it('settings update: --no- of either spelling, mixed with settings named alike on both', async () => {
    const sent = echoSettings();
    const r = await runCli(
      [
        'settings',
        'update',
        '--no-akismet-enabled',
        '--no-gravatar-enabled',
        '--no-captcha-enabled',
        '--signup-enabled',
        '--default-projects-limit',
        '7',
        '--help-text',
        'ask #help',
      ],
      {
        transport: api.transport,
        env: { COLLAB_FLAVOR: 'gitlab' },
      },
    );
    expect([r.code, r.stderr]).toEqual([0, 'Updated 6 application settings\n']);
    expect(sent.body).toEqual({
      akismet_enabled: false,
      gravatar_enabled: false,
      recaptcha_enabled: false,
      signup_enabled: true,
      default_projects_limit: 7,
      help_text: 'ask #help',
    });
  });

  it.each(['spec', 'gitlab'] as const)('user create and update with either spelling to a %s server', async (flavor) => {
    api = mockApi();
    const bodies: Record<string, unknown>[] = [];
    const answer = (opts: { body?: unknown }) => {
      bodies.push(JSON.parse(String(opts.body)));
      return JSON.stringify({ id: 42, username: 'alice', ...bodies.at(-1) });
    };
    api.pool.intercept({ path: '/api/v4/users', method: 'POST' }).reply(201, ...jsonReply(answer));
    api.pool.intercept({ path: '/api/v4/users/42', method: 'PUT' }).reply(200, ...jsonReply(answer));
    const profile = (spelling: 'spec' | 'gitlab') =>
      USER_PAIRS.flatMap(([spec, gitlab]) => [`--${(spelling === 'spec' ? spec : gitlab).replace(/_/g, '-')}`, `h-${spec}`]);
    const env = { COLLAB_FLAVOR: flavor };
    const c = await runCli(
      ['user', 'create', '--email', 'a@example.com', '--username', 'alice', '--name', 'Alice', '--reset-password', ...profile('gitlab')],
      { transport: api.transport, env },
    );
    expect(c.code, c.stderr).toBe(0);
    const u = await runCli(
      ['user', 'update', '42', ...profile('spec'), '-o', 'json', '--fields', 'messenger,professional_profile,microblog'],
      { transport: api.transport, env },
    );
    expect(u.code, u.stderr).toBe(0);
    const names = Object.fromEntries(USER_PAIRS.map(([spec, gitlab]) => [flavor === 'gitlab' ? gitlab : spec, `h-${spec}`]));
    expect(bodies[0]).toMatchObject(names);
    expect(bodies[1]).toEqual(names);
    expect(JSON.parse(u.stdout)).toEqual({
      messenger: 'h-messenger',
      professional_profile: 'h-professional_profile',
      microblog: 'h-microblog',
    });
  });

  it('both spellings of one field with different values: exit 2, nothing sent; the same value is fine', async () => {
    api = mockApi();
    const r = await runCli(['user', 'update', '42', '--messenger', 'a', '--skype', 'b'], {
      transport: api.transport,
      env: { COLLAB_FLAVOR: 'gitlab' },
    });
    expect([r.code, r.stderr]).toEqual([
      2,
      "collab: --messenger and --skype set the same messenger (the spec's and GitLab's spelling): give one\n",
    ]);
    const s = await runCli(['settings', 'update', '--spamfilter-enabled', '--no-akismet-enabled'], {
      transport: api.transport,
      env: { COLLAB_FLAVOR: 'gitlab' },
    });
    expect([s.code, s.stderr]).toEqual([
      2,
      'collab: --spamfilter-enabled and --no-akismet-enabled set the same ' +
        "spamfilter_enabled (the spec's and GitLab's spelling): give one\n",
    ]);
    api.pool
      .intercept({ path: '/api/v4/users/42', method: 'PUT', body: JSON.stringify({ twitter: '@x' }) })
      .reply(200, ...jsonReply({ id: 42, twitter: '@x' }));
    const same = await runCli(['user', 'update', '42', '--microblog', '@x', '--twitter', '@x'], {
      transport: api.transport,
      env: { COLLAB_FLAVOR: 'gitlab' },
    });
    expect(same.code, same.stderr).toBe(0);
  });

  it("--fields takes either name of a field: a project read with GitLab's spelling from a spec answer, and back", async () => {
    api = mockApi();
    const project = '/api/v4/projects/acme%2Fapi';
    api.pool
      .intercept({ path: project, method: 'GET' })
      .reply(200, ...jsonReply({ id: 1, path_with_namespace: 'acme/api', printing_merge_requests_link_enabled: true }));
    const a = await runCli(['project', 'view', '-p', 'acme/api', '--fields', 'printing_merge_request_link_enabled'], {
      transport: api.transport,
    });
    expect([a.code, a.stdout]).toEqual([0, 'printing_merge_request_link_enabled\ttrue\n']);
    api.pool
      .intercept({ path: project, method: 'GET' })
      .reply(200, ...jsonReply({ id: 1, path_with_namespace: 'acme/api', printing_merge_request_link_enabled: false }));
    const b = await runCli(['project', 'view', '-p', 'acme/api', '--fields', 'printing_merge_requests_link_enabled'], {
      transport: api.transport,
    });
    expect([b.code, b.stdout]).toEqual([0, 'printing_merge_requests_link_enabled\tfalse\n']);
  });
});

describe("GitLab's answers", () => {
  it('cancel-auto-merge: 201 {"status":"error"} is the failure it carries (exit 1), not a success', async () => {
    api = mockApi();
    const refusal = { message: "Can't cancel the automatic merge", status: 'error', http_status: 406 };
    api.pool.intercept({ path: CANCEL, method: 'POST' }).reply(201, ...jsonReply(refusal));
    const r = await runCli(['mr', 'cancel-auto-merge', '3', '-p', 'acme/api'], {
      transport: api.transport,
      env: { COLLAB_FLAVOR: 'gitlab' },
    });
    expect([r.code, r.stdout, r.stderr]).toEqual([
      1,
      '',
      "collab: 406 Can't cancel the automatic merge — !3 is not set to merge when the pipeline succeeds: nothing to cancel\n",
    ]);
  });

  it('cancel-auto-merge: what a 405 means depends on the method sent', async () => {
    api = mockApi();
    // The spec's own 405 (PUT): merged or closed.
    api.pool.intercept({ path: CANCEL, method: 'PUT' }).reply(405, ...jsonReply({ message: '405 Method Not Allowed' }));
    const spec = await runCli(['mr', 'cancel-auto-merge', '3', '-p', 'acme/api'], {
      transport: api.transport,
      env: { COLLAB_FLAVOR: 'spec' },
    });
    expect([spec.code, spec.stderr]).toEqual([
      1,
      'collab: 405 Method Not Allowed — !3 is already merged or closed: there is no pending merge to cancel\n',
    ]);
    // A router refusing PUT (GitLab routes POST): the host's flavour is wrong.
    api.pool.intercept({ path: CANCEL, method: 'PUT' }).reply(405, ...jsonReply({ error: '405 Not Allowed' }));
    const routed = await runCli(['mr', 'cancel-auto-merge', '3', '-p', 'acme/api'], {
      transport: api.transport,
      env: { COLLAB_FLAVOR: 'spec' },
    });
    expect(routed.code).toBe(1);
    expect(routed.stderr).toContain('the server does not take PUT here (the spec does), so it may be GitLab (POST)');
    expect(routed.stderr).toContain('hint: collab config set flavor gitlab --host <url>');
    // GitLab never answers its POST with 405: a server that wants PUT.
    api.pool.intercept({ path: CANCEL, method: 'POST' }).reply(405, ...jsonReply({ error: '405 Not Allowed' }));
    const post = await runCli(['mr', 'cancel-auto-merge', '3', '-p', 'acme/api'], {
      transport: api.transport,
      env: { COLLAB_FLAVOR: 'gitlab' },
    });
    expect(post.code).toBe(1);
    expect(post.stderr).toContain('the server does not take POST here (GitLab does), so it may follow the spec (PUT)');
    expect(post.stderr).toContain('hint: collab config set flavor spec --host <url>');
  });

  it('block: GitLab\'s old false (the state machine refused) is also "already blocked"', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/users/5/block', method: 'POST' }).reply(201, ...jsonReply('false'));
    const r = await runCli(['user', 'block', '5'], { transport: api.transport });
    expect([r.code, r.stdout, r.stderr]).toEqual([0, '', 'User 5 was already blocked: nothing changed\n']);
  });

  it('mr merge refused: the explanation reads approvals_left as well as approvals_missing', async () => {
    api = mockApi();
    const mr = '/api/v4/projects/acme%2Fapi/merge_requests/3';
    api.pool.intercept({ path: `${mr}/merge`, method: 'PUT' }).reply(405, ...jsonReply({ message: '405 Method Not Allowed' }));
    api.pool
      .intercept({ path: mr, method: 'GET' })
      .reply(200, ...jsonReply({ iid: 3, state: 'opened', merge_status: 'can_be_merged', sha: 'a'.repeat(40) }));
    api.pool
      .intercept({ path: `${mr}/approvals`, method: 'GET' })
      .reply(200, ...jsonReply({ iid: 3, approvals_required: 2, approvals_left: 1, approved_by: [] }));
    // A GitLab host: approvals missing stop GitLab's merge (a spec server merges anyway).
    const env = { COLLAB_FLAVOR: 'gitlab' };
    const r = await runCli(['mr', 'merge', '3', '-p', 'acme/api', '--no-sha-from-view', '--yes'], { transport: api.transport, env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('it needs 1 more approval');
  });

  it(
    'settings: no warning for one GitLab takes but never shows; a warning naming the ' + 'dialect when the names were the wrong ones',
    async () => {
      api = mockApi();
      api.pool
        .intercept({
          path: SETTINGS,
          method: 'PUT',
          body: JSON.stringify({ abuse_notification_email: 'a@example.com', performance_bar_enabled: true }),
        })
        .reply(200, ...jsonReply({ id: 1, abuse_notification_email: 'a@example.com', performance_bar_allowed_group_id: null }));
      const g = await runCli(['settings', 'update', '--performance-bar-enabled', '--admin-notification-email', 'a@example.com'], {
        transport: api.transport,
        env: { COLLAB_FLAVOR: 'gitlab' },
      });
      expect([g.code, g.stderr]).toEqual([0, 'Updated 2 application settings\n']);
      // A GitLab taken for a spec server: it drops the spec's names, and its answer shows its own.
      api.pool
        .intercept({ path: SETTINGS, method: 'PUT', body: JSON.stringify({ spamfilter_enabled: false, signup_enabled: true }) })
        .reply(200, ...jsonReply({ id: 1, akismet_enabled: true, signup_enabled: true }));
      const s = await runCli(['settings', 'update', '--no-spamfilter-enabled', '--signup-enabled'], {
        transport: api.transport,
        env: { COLLAB_FLAVOR: 'spec' },
      });
      expect(s.code).toBe(0);
      expect(s.stderr).toBe(
        "collab: warning: the server ignored --spamfilter-enabled: it speaks GitLab's " +
          "names (akismet_enabled) and collab sent the spec's; set the host's flavour: " +
          'collab config set flavor gitlab --host <url>\n',
      );
    },
  );
});

describe('detection with GET /version, as real servers answer it', () => {
  it('a 16.x answer with kas and enterprise: GitLab, stored', async () => {
    api = mockApi();
    const dir = tmp();
    api.pool.intercept({ path: '/api/v4/version', method: 'GET' }).reply(
      200,
      ...jsonReply({
        version: '16.11.2',
        revision: '3c4a6b1f0f2',
        kas: { enabled: true, externalUrl: 'wss://kas.example.com', version: '16.11.2' },
        enterprise: true,
      }),
    );
    api.pool
      .intercept({ path: SETTINGS, method: 'PUT', body: JSON.stringify({ gravatar_enabled: false }) })
      .reply(200, ...jsonReply({ id: 1, gravatar_enabled: false }));
    const r = await runCli(['settings', 'update', '--no-avatarservice-enabled'], {
      transport: api.transport,
      env: { COLLAB_CONFIG_DIR: dir },
    });
    expect([r.code, r.stderr]).toEqual([0, 'Updated 1 application setting\n']);
    expect(readConfig(dir)).toEqual({ hosts: { [TEST_HOST]: { flavor: 'gitlab' } } });
  });

  it('403 (a token without the scope, a proxy hiding the version): GitLab for this run, not stored', async () => {
    api = mockApi();
    const dir = tmp();
    for (let i = 0; i < 2; i++) {
      api.pool.intercept({ path: '/api/v4/version', method: 'GET' }).reply(
        403,
        ...jsonReply({
          error: 'insufficient_scope',
          error_description: 'The request requires higher privileges than provided by the access token.',
        }),
      );
      api.pool
        .intercept({ path: SETTINGS, method: 'PUT', body: JSON.stringify({ gravatar_enabled: true }) })
        .reply(200, ...jsonReply({ id: 1, gravatar_enabled: true }));
      const r = await runCli(['settings', 'update', '--avatarservice-enabled'], {
        transport: api.transport,
        env: { COLLAB_CONFIG_DIR: dir },
      });
      expect([r.code, r.stderr]).toEqual([0, 'Updated 1 application setting\n']);
    }
    expect(fs.existsSync(path.join(dir, 'config.json'))).toBe(false);
  });

  it.each([
    [
      'a redirect to the sign-in page',
      302,
      '<html><body>You are being <a href="/users/sign_in">redirected</a>.</body></html>',
      { 'content-type': 'text/html', location: '/users/sign_in' },
    ],
    ['a sign-in page', 200, '<!DOCTYPE html><html><head><title>Sign in · GitLab</title></head></html>', { 'content-type': 'text/html' }],
    ['a broken server', 500, '{"message":"500 Internal Server Error"}', JSON_HEADERS],
  ] as const)('%s: nothing stored, nothing sent, exit 1 with how to name the flavour', async (_what, status, body, headers) => {
    api = mockApi();
    const dir = tmp();
    api.pool.intercept({ path: '/api/v4/version', method: 'GET' }).reply(status, body, { headers }).persist();
    const r = await runCli(['settings', 'update', '--avatarservice-enabled'], {
      transport: api.transport,
      env: { COLLAB_CONFIG_DIR: dir },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /\nhint: .*collab asked GET \/version to learn which API dialect the server speaks; name it instead: collab config set flavor gitlab\|spec --host <url>, or COLLAB_FLAVOR\n$/,
    );
    expect(fs.existsSync(path.join(dir, 'config.json'))).toBe(false);
  });

  it("401 is GitLab's answer to a caller without a token: GitLab for this run, nothing stored", async () => {
    api = mockApi();
    const dir = tmp();
    api.pool.intercept({ path: '/api/v4/version', method: 'GET' }).reply(401, ...jsonReply({ message: '401 Unauthorized' }));
    // Sent as GitLab routes it (POST, not the spec's PUT), where the same missing token is refused.
    api.pool
      .intercept({ path: '/api/v4/projects/acme%2Fapi/merge_requests/3/cancel_merge_when_pipeline_succeeds', method: 'POST' })
      .reply(401, ...jsonReply({ message: '401 Unauthorized' }));
    const r = await runCli(['mr', 'cancel-auto-merge', '3', '-p', 'acme/api'], {
      transport: api.transport,
      env: { COLLAB_CONFIG_DIR: dir },
    });
    expect([r.code, r.stderr]).toEqual([1, expect.stringContaining('collab: 401 Unauthorized: you are not allowed to cancel')]);
    expect(fs.existsSync(path.join(dir, 'config.json'))).toBe(false);
  });

  it('gitlab.com (and its subdomains) is GitLab without asking: no GET /version, nothing stored', async () => {
    for (const host of ['https://gitlab.com', 'https://staging.gitlab.com']) {
      api = mockApi(host);
      const dir = tmp();
      // GitLab's own name for the reviewer filter: sent only when the dialect is known to be GitLab.
      api.pool
        .intercept({ path: '/api/v4/projects/acme%2Fapi/merge_requests?reviewer_username=alice&state=opened', method: 'GET' })
        .reply(200, ...jsonReply([]));
      const r = await runCli(['mr', 'list', '-p', 'acme/api', '--reviewer', 'alice', '-o', 'json'], {
        transport: api.transport,
        env: { COLLAB_HOST: host, COLLAB_CONFIG_DIR: dir },
      });
      expect([r.code, r.stderr], host).toEqual([0, '']);
      expect(fs.existsSync(path.join(dir, 'config.json'))).toBe(false);
      api.done();
    }
  });

  it('a bad COLLAB_FLAVOR is exit 2 even for a command that needs no flavour', async () => {
    api = mockApi();
    const r = await runCli(['issue', 'list', '-p', 'acme/api'], { transport: api.transport, env: { COLLAB_FLAVOR: 'gitea' } });
    expect([r.code, r.stderr]).toEqual([2, 'collab: invalid value for COLLAB_FLAVOR: "gitea" is not one of spec, gitlab\n']);
  });
});

describe('widths in terminal cells', () => {
  it('fits a Chinese or emoji title by its cells, not its code units', async () => {
    api = mockApi();
    const title = '我的笔记本电脑的钥匙😀和更多的中文字符一直写到很长很长很长很长很长很长的标题';
    api.pool
      .intercept({ path: '/api/v4/user/keys', method: 'GET', query: { per_page: '20' } })
      .reply(200, ...jsonReply([{ id: 1, title, usage_type: 'auth_and_signing', created_at: '2026-11-25T11:00:00Z' }]));
    const r = await runCli(['user', 'key', 'list', '--per-page', '20', '-o', 'table'], { transport: api.transport, columns: 60 });
    const { default: stringWidth } = await import('string-width');
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.every((l) => stringWidth(l) <= 60)).toBe(true);
    expect(lines[1]).toContain('我的笔记本');
    expect(lines[1]).toContain('…');
    // The columns after the title stay aligned in cells.
    expect(stringWidth(lines[1]!.slice(0, lines[1]!.indexOf('auth_and_signing')))).toBe(lines[0]!.indexOf('USAGE'));
  });

  it('keeps a wide title whole when it fits', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/user/keys', method: 'GET', query: { per_page: '20' } })
      .reply(200, ...jsonReply([{ id: 1, title: '中文标题', created_at: '2026-11-25T11:00:00Z' }]));
    const r = await runCli(['user', 'key', 'list', '--per-page', '20', '-o', 'table'], { transport: api.transport, columns: 60 });
    expect(r.stdout).toContain('中文标题  ');
    expect(r.stdout).not.toContain('…');
  });
});
