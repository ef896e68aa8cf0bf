import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JSON_HEADERS, TEST_HOST, jsonReply, mockApi, runCli } from '../helpers/harness.js';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'collab-cfg-'));
const readConfig = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8'));
const SETTINGS = '/api/v4/application/settings';
const CANCEL = '/api/v4/projects/acme%2Fapi/merge_requests/3/cancel_merge_when_pipeline_succeeds';

describe('dialects', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('detects the flavour once with GET /version, stores it with the host, and sends GitLab names', async () => {
    api = mockApi();
    const dir = tmp();
    const env = { COLLAB_CONFIG_DIR: dir };
    api.pool.intercept({ path: '/api/v4/version', method: 'GET' }).reply(200, ...jsonReply({ version: '17.6.1-ee', revision: 'abc' }));
    const body = JSON.stringify({ akismet_api_key: 'k', akismet_enabled: true, default_projects_limit: 5 });
    api.pool.intercept({ path: SETTINGS, method: 'PUT', body }).reply(200, ...jsonReply({ id: 1, akismet_enabled: true, akismet_api_key: 'k', default_projects_limit: 5 }));
    const r = await runCli(['settings', 'update', '--spamfilter-enabled', '--spamfilter-api-key', 'k', '--default-projects-limit', '5', '-o', 'json'], { transport: api.transport, env });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(JSON.parse(r.stdout)).toEqual({ id: 1, akismet_enabled: true, akismet_api_key: 'k', default_projects_limit: 5 });
    expect(readConfig(dir)).toEqual({ hosts: { [TEST_HOST]: { flavor: 'gitlab' } } });

    // Second contact: no GET /version (an unstubbed request would fail the mock agent).
    api.pool.intercept({ path: SETTINGS, method: 'PUT', body: JSON.stringify({ recaptcha_enabled: false }) }).reply(200, ...jsonReply({ id: 1, recaptcha_enabled: false }));
    const again = await runCli(['settings', 'update', '--no-captcha-enabled'], { transport: api.transport, env });
    expect(again.code).toBe(0);
  });

  it('reads a 404 on GET /version as a server that follows the spec only', async () => {
    api = mockApi();
    const dir = tmp();
    api.pool.intercept({ path: '/api/v4/version', method: 'GET' }).reply(404, ...jsonReply({ message: '404 Not Found' }));
    api.pool.intercept({ path: SETTINGS, method: 'PUT', body: JSON.stringify({ spamfilter_enabled: false }) }).reply(200, ...jsonReply({ id: 1, spamfilter_enabled: false }));
    const r = await runCli(['settings', 'update', '--no-akismet-enabled'], { transport: api.transport, env: { COLLAB_CONFIG_DIR: dir } });
    expect(r.code).toBe(0);
    expect(readConfig(dir).hosts[TEST_HOST].flavor).toBe('spec');
  });

  it('asks nothing of the host when no name or method differs', async () => {
    api = mockApi();
    const dir = tmp();
    api.pool.intercept({ path: SETTINGS, method: 'PUT', body: JSON.stringify({ signup_enabled: false }) }).reply(200, ...jsonReply({ id: 1, signup_enabled: false }));
    const r = await runCli(['settings', 'update', '--no-signup-enabled'], { transport: api.transport, env: { COLLAB_CONFIG_DIR: dir } });
    expect(r.code).toBe(0);
    expect(fs.existsSync(path.join(dir, 'config.json'))).toBe(false);
  });

  it('COLLAB_FLAVOR overrides the store and detection; a bad value is exit 2 with nothing sent', async () => {
    api = mockApi();
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ hosts: { [TEST_HOST]: { flavor: 'gitlab' } } }), { mode: 0o600 });
    api.pool.intercept({ path: SETTINGS, method: 'PUT', body: JSON.stringify({ spamfilter_api_key: 'k', spamfilter_enabled: true }) }).reply(200, ...jsonReply({ id: 1, spamfilter_enabled: true, spamfilter_api_key: 'k' }));
    const r = await runCli(['settings', 'update', '--akismet-enabled', '--akismet-api-key', 'k'], { transport: api.transport, env: { COLLAB_CONFIG_DIR: dir, COLLAB_FLAVOR: 'spec' } });
    expect(r.code).toBe(0);
    const bad = await runCli(['settings', 'update', '--akismet-enabled', '--akismet-api-key', 'k'], { transport: api.transport, env: { COLLAB_CONFIG_DIR: dir, COLLAB_FLAVOR: 'gitea' } });
    expect([bad.code, bad.stderr]).toEqual([2, 'collab: invalid value for COLLAB_FLAVOR: "gitea" is not one of spec, gitlab\n']);
  });

  it('warns about settings the server ignored (absent from the answer under either name)', async () => {
    api = mockApi();
    api.pool.intercept({ path: SETTINGS, method: 'PUT' }).reply(200, ...jsonReply({ id: 1, sidekiq_throttling_enabled: false, signup_enabled: true }));
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
    const r = await runCli(['user', 'update', '42', '--messenger', 'a.l', '--professional-profile', 'alice-l', '--twitter', '@al', '-o', 'json', '--fields', 'microblog'], {
      transport: api.transport,
      env: { COLLAB_FLAVOR: 'gitlab' },
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ microblog: '@al' });
  });

  it('user block/unblock: a null or false answer is a notice and exit 0', async () => {
    api = mockApi();
    // Bodies as GitLab writes them: the JSON texts `null` and `false`.
    api.pool.intercept({ path: '/api/v4/users/5/block', method: 'POST' }).reply(201, 'null', { headers: JSON_HEADERS });
    const a = await runCli(['user', 'block', '5'], { transport: api.transport });
    expect([a.code, a.stdout, a.stderr]).toEqual([0, '', 'user 5 was already blocked\n']);
    api.pool.intercept({ path: '/api/v4/users/5/unblock', method: 'POST' }).reply(201, 'false', { headers: JSON_HEADERS });
    const b = await runCli(['user', 'unblock', '5'], { transport: api.transport });
    expect([b.code, b.stderr]).toEqual([0, 'user 5 was not blocked\n']);
    api.pool.intercept({ path: '/api/v4/users/5/block', method: 'POST' }).reply(201, 'true', { headers: JSON_HEADERS });
    const c = await runCli(['user', 'block', '5'], { transport: api.transport });
    expect([c.code, c.stderr]).toEqual([0, 'blocked user 5\n']);
  });

  it('mr cancel-auto-merge is a POST on GitLab, a PUT on the spec', async () => {
    api = mockApi();
    api.pool.intercept({ path: CANCEL, method: 'POST' }).reply(201, ...jsonReply({ status: 'success' }));
    const g = await runCli(['mr', 'cancel-auto-merge', '3', '-p', 'acme/api', '-o', 'json'], { transport: api.transport, env: { COLLAB_FLAVOR: 'gitlab' } });
    expect([g.code, g.stdout, g.stderr]).toEqual([0, '{"status":"success"}\n', 'cancelled the automatic merge of !3\n']);
    api.pool.intercept({ path: CANCEL, method: 'PUT' }).reply(200, ...jsonReply({ iid: 3, merge_when_pipeline_succeeds: false }));
    const s = await runCli(['mr', 'cancel-auto-merge', '3', '-p', 'acme/api'], { transport: api.transport, env: { COLLAB_FLAVOR: 'spec' } });
    expect(s.code).toBe(0);
  });

  it('mr approve reads approvals_left or approvals_missing', async () => {
    api = mockApi();
    const approve = '/api/v4/projects/acme%2Fapi/merge_requests/3/approve';
    api.pool.intercept({ path: approve, method: 'POST' }).reply(201, ...jsonReply({ iid: 3, approvals_missing: 2, approved_by: [] }));
    const r = await runCli(['mr', 'approve', '3', '-p', 'acme/api', '-o', 'json'], { transport: api.transport });
    expect(r.stderr).toBe('approved !3 (2 approvals left)\n');
  });

  it('config set flavor is per host and checked', async () => {
    const dir = tmp();
    const env = { COLLAB_CONFIG_DIR: dir };
    expect((await runCli(['config', 'set', 'flavor', 'GitLab', '--host', 'gitlab.example.com'], { env })).code).toBe(0);
    expect(readConfig(dir)).toEqual({ hosts: { 'https://gitlab.example.com': { flavor: 'gitlab' } } });
    const global = await runCli(['config', 'set', 'flavor', 'gitlab'], { env });
    expect([global.code, global.stderr]).toEqual([2, 'collab: "flavor" is a per-host setting: add --host <url>\n']);
    const bad = await runCli(['config', 'set', 'flavor', 'forgejo', '--host', 'gitlab.example.com'], { env });
    expect([bad.code, bad.stderr]).toEqual([2, 'collab: invalid value for flavor: "forgejo" is not one of spec, gitlab\n']);
    const got = await runCli(['config', 'get', 'flavor', '--host', 'gitlab.example.com'], { env });
    expect(got.stdout).toBe('gitlab\n');
  });
});

describe('widths in terminal cells', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('fits a Chinese or emoji title by its cells, not its code units', async () => {
    api = mockApi();
    const title = '我的笔记本电脑的钥匙😀和更多的中文字符一直写到很长很长很长很长很长很长的标题';
    api.pool.intercept({ path: '/api/v4/user/keys', method: 'GET', query: { per_page: '20' } }).reply(200, ...jsonReply([{ id: 1, title, usage_type: 'auth_and_signing', created_at: '2026-11-25T11:00:00Z' }]));
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
    api.pool.intercept({ path: '/api/v4/user/keys', method: 'GET', query: { per_page: '20' } }).reply(200, ...jsonReply([{ id: 1, title: '中文标题', created_at: '2026-11-25T11:00:00Z' }]));
    const r = await runCli(['user', 'key', 'list', '--per-page', '20', '-o', 'table'], { transport: api.transport, columns: 60 });
    expect(r.stdout).toContain('中文标题  ');
    expect(r.stdout).not.toContain('…');
  });
});
