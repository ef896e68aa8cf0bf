import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, BOB_TOKEN, runBin, type SandboxFixture, startSandboxFixture, tempDir, USER_TOKEN } from '../helpers/e2e.js';
import { gitRepo } from '../helpers/git.js';

describe('the built binary against the sandbox', () => {
  let sb: SandboxFixture;
  beforeAll(async () => {
    sb = await startSandboxFixture({ seed: 250 });
  });
  afterAll(() => sb?.close());

  it('prints the version and help with exit 0', async () => {
    const v = await runBin(['--version']);
    expect(v.exitCode).toBe(0);
    expect(v.stdout).toMatch(/^\d+\.\d+\.\d+\n?$/);
    const h = await runBin(['--help']);
    expect(h.exitCode).toBe(0);
    expect(h.stdout).toContain('issue');
    expect(h.stdout).toContain('help exit-codes');
  });

  it('exit codes: 0 success, 1 API error, 2 usage, 4 auth', async () => {
    expect((await sb.run(['issue', 'view', '1', '-p', 'acme/platform/api'])).exitCode).toBe(0);
    const missing = await sb.run(['issue', 'view', '99999', '-p', 'acme/platform/api']);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toMatch(/^collab: 404 /);
    expect(missing.stdout).toBe('');
    const usage = await sb.run(['issue', 'list', '-p', 'acme/platform/api', '--state', 'sideways']);
    expect(usage.exitCode).toBe(2);
    expect(usage.stderr).toContain('--state');
    const unknown = await sb.run(['issue', 'frobnicate']);
    expect(unknown.exitCode).toBe(2);
    const bad = await sb.run(['issue', 'list', '-p', 'acme/platform/api'], { COLLAB_TOKEN: 'wrong-token-123456' });
    expect(bad.exitCode).toBe(4);
    expect(bad.stderr).toContain('401');
    expect(bad.stderr).toContain('hint:');
    const hidden = await sb.run(['issue', 'list', '-p', 'acme/platform/api'], { COLLAB_TOKEN: BOB_TOKEN });
    expect(hidden.exitCode).toBe(1);
    expect(hidden.stderr).toContain('404');
  });

  it('piped output is tsv without colour; json and ndjson are the server objects', async () => {
    const tsv = await sb.run(['issue', 'list', '-p', 'acme/platform/api', '--per-page', '5'], { COLLAB_TOKEN: USER_TOKEN });
    expect(tsv.exitCode, tsv.stderr).toBe(0);
    const lines = tsv.stdout.trim().split('\n');
    expect(lines).toHaveLength(5);
    for (const l of lines) expect(l.split('\t')).toHaveLength(7);
    expect(tsv.stdout).not.toContain('\u001b[');
    const json = await sb.run(['issue', 'list', '-p', 'acme/platform/api', '--per-page', '3', '-o', 'json']);
    const arr = JSON.parse(json.stdout);
    expect(arr).toHaveLength(3);
    expect(arr[0]).toHaveProperty('time_stats');
    expect(arr[0]).not.toHaveProperty('subscribed');
    const nd = await sb.run(['issue', 'list', '-p', 'acme/platform/api', '--per-page', '3', '-o', 'ndjson', '--fields', 'iid,title']);
    const objs = nd.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(objs.map((o) => Object.keys(o))).toEqual([
      ['iid', 'title'],
      ['iid', 'title'],
      ['iid', 'title'],
    ]);
  });

  it('colour only when asked for, and never with NO_COLOR or --no-color', async () => {
    const args = ['issue', 'list', '-p', 'acme/platform/api', '--per-page', '2', '-o', 'table'];
    expect((await sb.run(args, { FORCE_COLOR: '1' })).stdout).toContain('\u001b[');
    expect((await sb.run(args, { FORCE_COLOR: '1', NO_COLOR: '1' })).stdout).not.toContain('\u001b[');
    expect((await sb.run([...args, '--no-color'], { FORCE_COLOR: '1' })).stdout).not.toContain('\u001b[');
    expect((await sb.run(args)).stdout).not.toContain('\u001b[');
  });

  it('--all returns exactly 250 issues over 13 pages of 20, in order', async () => {
    await sb.clearRequests();
    const r = await sb.run([
      'issue',
      'list',
      '-p',
      'acme/platform/api',
      '--state',
      'all',
      '--all',
      '--per-page',
      '20',
      '-o',
      'ndjson',
      '--fields',
      'iid',
      '--concurrency',
      '1',
    ]);
    expect(r.exitCode).toBe(0);
    const iids = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).iid as number);
    expect(iids).toHaveLength(250);
    expect(new Set(iids).size).toBe(250);
    expect([...iids].sort((a, b) => b - a)).toEqual(iids);
    expect(sb.requests().filter((q) => q.path.includes('/issues'))).toHaveLength(13);
    const concurrent = await sb.run([
      'issue',
      'list',
      '-p',
      'acme/platform/api',
      '--state',
      'all',
      '--all',
      '--per-page',
      '20',
      '-o',
      'ndjson',
      '--fields',
      'iid',
    ]);
    expect(concurrent.stdout).toBe(r.stdout);
  });

  it('waits out a 429 with Retry-After: 1, then succeeds', async () => {
    await sb.fault({ kind: '429', path: '/api/v4/user', count: 1, retryAfter: '1' });
    const r = await sb.run(['api', '/user', '--debug']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).username).toBe('root');
    expect(r.stderr).toContain('! 429 Too Many Requests; retrying in 1.0s');
  });

  it('retries a 502/503 burst on GET; a 500 is reported once with its status', async () => {
    await sb.fault({ kind: '502', path: '/api/v4/user$', count: 1 });
    await sb.fault({ kind: '503', path: '/api/v4/user$', count: 1 });
    const ok = await sb.run(['api', '/user']);
    expect(ok.exitCode).toBe(0);
    await sb.fault({ kind: '500', path: '/api/v4/user$', count: 3 });
    const fail = await sb.run(['api', '/user']);
    expect(fail.exitCode).toBe(1);
    expect(fail.stderr).toMatch(/^collab: 500 /);
    await fetch(`${sb.url}/__sandbox/faults`, { method: 'DELETE' });
  });

  it('never shows the token in --debug output, errors or stdout', async () => {
    const r = await sb.run(['issue', 'list', '-p', 'acme/platform/api', '--per-page', '2', '--debug']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('> GET');
    expect(r.stderr).toContain('[REDACTED]');
    expect(r.stderr + r.stdout, r.stderr).not.toContain(ADMIN_TOKEN);
    const withQuery = await sb.run(['api', `/projects?per_page=1&private_token=${ADMIN_TOKEN}`, '--debug']);
    expect(withQuery.stderr + withQuery.stdout).not.toContain(ADMIN_TOKEN);
  });

  it('auth login --token-stdin writes a 0600 file under COLLAB_CONFIG_DIR', async () => {
    const dir = tempDir();
    const r = await runBin(['auth', 'login', '--host', sb.url, '--token-stdin'], { COLLAB_CONFIG_DIR: dir }, {
      input: `${USER_TOKEN}\n`,
    } as never);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('as alice');
    const file = path.join(dir, 'config.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const status = await runBin(['auth', 'status', '-o', 'json'], { COLLAB_CONFIG_DIR: dir });
    expect(JSON.parse(status.stdout)).toMatchObject({ user: 'alice', token_source: 'config' });
    expect(status.stdout).not.toContain(USER_TOKEN);
  });

  it('20 concurrent config set invocations leave a valid file with every key', async () => {
    const dir = tempDir();
    const hosts = Array.from({ length: 20 }, (_, i) => `https://h${i}.example.com`);
    const results = await Promise.all(
      hosts.map((h, i) => runBin(['config', 'set', 'per_page', String(i + 1), '--host', h], { COLLAB_CONFIG_DIR: dir })),
    );
    for (const r of results) expect(r.exitCode, r.stderr).toBe(0);
    const data = JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8'));
    expect(Object.keys(data.hosts).sort()).toEqual([...hosts].sort());
    for (const [i, h] of hosts.entries()) expect(data.hosts[h].per_page).toBe(i + 1);
  });

  it('takes the project from the git remote whose host matches', async () => {
    const host = new URL(sb.url).hostname;
    const dir = gitRepo(tempDir('collab-repo-'), { origin: `git@${host}:acme/platform/api.git` });
    const r = await sb.run(['issue', 'view', '1', '-o', 'json', '--fields', 'iid,project_id'], {}, { cwd: dir });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).iid).toBe(1);
    const none = await sb.run(['issue', 'view', '1'], {}, { cwd: tempDir() });
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain('-p');
  });
});
