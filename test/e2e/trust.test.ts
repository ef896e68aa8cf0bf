/**
 * Secrets and trust, end to end: the built binary against the sandbox, checked through what the
 * sandbox saw (its request log records every request with its headers, Host included) and what
 * the binary printed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, runBin, type SandboxFixture, startSandboxFixture, tempDir } from '../helpers/e2e.js';

const PROJECT = 'acme/platform/api';
const OAUTH_TOKEN = 'sandbox-oauth-token';
const JOB_TOKEN = 'sandbox-job-token';
const CREDENTIAL_HEADERS = ['private-token', 'authorization', 'job-token', 'sudo', 'cookie'];

describe('secrets and trust: the built binary against the sandbox', () => {
  let sb: SandboxFixture;
  let host: string;
  beforeAll(async () => {
    sb = await startSandboxFixture({ seed: 'demo' });
    host = new URL(sb.url).host;
  });
  afterAll(() => sb?.close());
  afterEach(() => sb.clearRequests());

  /** Commands across nouns, including a list, a write, an error and a redirected download. */
  const commandSet = (dir: string): string[][] => [
    ['issue', 'list', '-p', PROJECT, '--per-page', '3'],
    ['issue', 'view', '1', '-p', PROJECT, '-o', 'json'],
    ['issue', 'view', '99999', '-p', PROJECT],
    ['issue', 'create', '-p', PROJECT, '--title', 'made while debugging'],
    ['mr', 'list', '-p', PROJECT, '--per-page', '2'],
    ['job', 'list', '-p', PROJECT, '--per-page', '2'],
    ['project', 'view', '-p', PROJECT],
    ['user', 'me'],
    ['auth', 'status'],
    ['api', '/user', '-i'],
    ['api', '/projects?per_page=1', '--paginate'],
    ['job', 'artifacts', '--ref', 'main', '--job', 'pages', '-p', PROJECT, '--dest', path.join(dir, 'pages.zip')],
  ];

  it('a token never appears in stdout or stderr, even with --debug (private, OAuth, rejected)', async () => {
    const cases: { env: Record<string, string | undefined>; token: string }[] = [
      { env: {}, token: ADMIN_TOKEN },
      { env: { COLLAB_TOKEN: undefined, COLLAB_OAUTH_TOKEN: OAUTH_TOKEN }, token: OAUTH_TOKEN },
      // Unknown to the server: every command takes the 401 path (errors, hints).
      { env: { COLLAB_TOKEN: 'glpat-Distinctive-Secret-7f3a9c' }, token: 'glpat-Distinctive-Secret-7f3a9c' },
    ];
    for (const { env, token } of cases) {
      const dir = tempDir('collab-trust-');
      const results = await Promise.all(commandSet(dir).map((args) => sb.run([...args, '--debug'], env).then((r) => ({ args, ...r }))));
      for (const r of results) {
        expect(r.stderr, r.args.join(' ')).toContain('[debug]');
        expect(r.stderr, r.args.join(' ')).not.toContain(token);
        // GET /user answers an administrator with the `private_token` field (spec part 2, users),
        // and `collab api` prints responses as sent: stdout is checked for every other command.
        if (!(r.args[0] === 'api' && r.args[1] === '/user')) expect(r.stdout, r.args.join(' ')).not.toContain(token);
      }
      if (token !== 'glpat-Distinctive-Secret-7f3a9c')
        expect(results.every((r) => r.exitCode === 0 || r.args.includes('99999'))).toBe(true);
      else expect(results.filter((r) => r.args[0] !== 'auth').every((r) => r.exitCode === 4)).toBe(true);
    }
  });

  it('the CI job token is sent only to the artifact download, and never printed', async () => {
    const dir = tempDir('collab-trust-');
    const r = await sb.run(
      ['job', 'artifacts', '--ref', 'main', '--job', 'package', '-p', PROJECT, '--dest', path.join(dir, 'a.zip'), '--debug'],
      {
        COLLAB_TOKEN: undefined,
        CI_JOB_TOKEN: JOB_TOKEN,
        CI_SERVER_URL: sb.url,
      },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(JOB_TOKEN);
    const log = sb.requests();
    expect(log.length).toBeGreaterThan(0);
    expect(log.filter((q) => q.headers['job-token'] === JOB_TOKEN).map((q) => q.path)).toEqual([
      '/api/v4/projects/acme%2Fplatform%2Fapi/jobs/artifacts/main/download?job=package',
    ]);
  });

  it('a cross-origin artifact redirect reaches object storage without any credential (token, OAuth, job token, sudo)', async () => {
    const variants: Record<string, string | undefined>[] = [
      {},
      { COLLAB_TOKEN: undefined, COLLAB_OAUTH_TOKEN: OAUTH_TOKEN },
      { COLLAB_TOKEN: undefined, CI_JOB_TOKEN: JOB_TOKEN, CI_SERVER_URL: sb.url },
    ];
    for (const env of variants) {
      await sb.clearRequests();
      const dir = tempDir('collab-trust-');
      const sudo = env.COLLAB_TOKEN === undefined ? [] : ['--sudo', 'alice'];
      const r = await sb.run(
        [...sudo, 'job', 'artifacts', '--ref', 'main', '--job', 'pages', '-p', PROJECT, '--dest', path.join(dir, 'p.zip')],
        env,
      );
      expect(r.exitCode, r.stderr).toBe(0);
      expect(fs.statSync(path.join(dir, 'p.zip')).size).toBeGreaterThan(0);
      const log = sb.requests();
      const storage = log.filter((q) => q.path.startsWith('/__sandbox/object-storage/'));
      expect(storage).toHaveLength(1);
      expect(storage[0]!.headers.host).not.toBe(host);
      for (const h of CREDENTIAL_HEADERS) expect(storage[0]!.headers[h], `${h} sent to object storage`).toBeUndefined();
      // Our own origin did get the credentials (so the check above can fail).
      const api = log.find((q) => q.path.includes('/jobs/artifacts/main/download'))!;
      expect(api.headers['private-token'] ?? api.headers.authorization ?? api.headers['job-token']).toBeDefined();
      // Nothing else went to the other host.
      expect(log.filter((q) => q.headers.host !== host)).toEqual(storage);
    }
  });

  it('collab api refuses an absolute URL on another host (exit 2, nothing sent)', async () => {
    const other = `http://localhost:${new URL(sb.url).port}`; // the same sandbox under another origin
    for (const url of [`${other}/api/v4/user`, 'https://evil.example/api/v4/user']) {
      await sb.clearRequests();
      const r = await sb.run(['api', url]);
      expect(r.exitCode, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/refusing to send credentials/);
      expect(sb.requests()).toEqual([]);
    }
    // The configured origin as an absolute URL is fine.
    const own = await sb.run(['api', `${sb.url}/api/v4/user`]);
    expect(own.exitCode, own.stderr).toBe(0);
  });

  it('--sudo travels only as the Sudo header, on every page of a list', async () => {
    const me = await sb.run(['--sudo', 'alice', 'user', 'me', '-o', 'json']);
    expect(me.exitCode, me.stderr).toBe(0);
    expect(JSON.parse(me.stdout).username).toBe('alice');
    await sb.clearRequests();
    const list = await sb.run([
      '--sudo',
      'alice',
      'issue',
      'list',
      '-p',
      PROJECT,
      '--state',
      'all',
      '--all',
      '--per-page',
      '100',
      '-o',
      'ndjson',
      '--fields',
      'iid',
    ]);
    expect(list.exitCode, list.stderr).toBe(0);
    const log = sb.requests();
    expect(log.length).toBeGreaterThanOrEqual(3);
    for (const q of log) {
      expect(q.headers.sudo, q.path).toBe('alice');
      expect(q.path).not.toMatch(/[?&]sudo=/i);
    }
  });

  it('terminal control sequences in server text are stripped in table and tsv, kept escaped in JSON', async () => {
    const title =
      'EVIL \u001b[2J\u001b[31mred\u001b[0m ' +
      '\u001b]8;;https://evil.example/\u0007link\u001b]8;;\u0007 carriage\rreturn ' +
      'bell\u0007 \u009b1mC1';
    const created = await sb.run(['issue', 'create', '-p', PROJECT, '--title', title, '-o', 'json']);
    expect(created.exitCode, created.stderr).toBe(0);
    const iid = String(JSON.parse(created.stdout).iid);
    expect(JSON.parse(created.stdout).title).toBe(title);

    const terminalModes: [string, string[], Record<string, string>][] = [
      ['tsv view', ['issue', 'view', iid, '-p', PROJECT, '-o', 'tsv'], {}],
      ['tsv list', ['issue', 'list', '-p', PROJECT, '--search', 'EVIL', '-o', 'tsv', '--header'], {}],
      ['table view', ['issue', 'view', iid, '-p', PROJECT, '-o', 'table'], {}],
      ['table list', ['issue', 'list', '-p', PROJECT, '--search', 'EVIL', '-o', 'table'], {}],
      ['coloured table', ['issue', 'list', '-p', PROJECT, '--search', 'EVIL', '-o', 'table'], { FORCE_COLOR: '1' }],
    ];
    for (const [label, args, env] of terminalModes) {
      const r = await sb.run(args, env);
      expect(r.exitCode, `${label}: ${r.stderr}`).toBe(0);
      expect(r.stdout, label).toContain('red');
      expect(r.stdout, label).toContain('link');
      expect(r.stdout, label).not.toMatch(/[\r\u0007\u009b]/);
      expect(r.stdout, label).not.toContain('\u001b]'); // OSC (hyperlinks, titles)
      expect(r.stdout, label).not.toContain('\u001b[2J');
      if (!env.FORCE_COLOR) expect(r.stdout, label).not.toContain('\u001b');
    }

    for (const [label, args] of [
      ['json view', ['issue', 'view', iid, '-p', PROJECT, '-o', 'json']],
      ['ndjson list', ['issue', 'list', '-p', PROJECT, '--search', 'EVIL', '-o', 'ndjson']],
    ] as const) {
      const r = await sb.run([...args]);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout, label).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/); // JSON escapes C0 controls, ESC included
      expect(r.stdout, label).toContain('\\u001b[31m');
      const obj = JSON.parse(r.stdout.trim().split('\n')[0]!);
      expect(obj.title, label).toBe(title);
    }
  });

  describe('the config file', () => {
    it('is created 0600 in a 0700 directory, with no lock or temporary file left behind', async () => {
      const dir = path.join(tempDir('collab-cfg-'), 'nested', 'collab');
      // HOME elsewhere: only what the config store writes may appear in its directory.
      const r = await runBin(['config', 'set', 'output', 'json'], { COLLAB_CONFIG_DIR: dir, HOME: tempDir('collab-home-') });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(fs.statSync(path.join(dir, 'config.json')).mode & 0o777).toBe(0o600);
      expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
      expect(fs.readdirSync(dir)).toEqual(['config.json']);
    });

    it('an existing file readable by others is tightened to 0600 with a warning', async () => {
      const dir = tempDir('collab-cfg-');
      const file = path.join(dir, 'config.json');
      fs.writeFileSync(file, JSON.stringify({ output: 'json', hosts: { [sb.url]: { token: ADMIN_TOKEN } } }), { mode: 0o644 });
      fs.chmodSync(file, 0o644);
      const r = await runBin(['config', 'get', 'output'], { COLLAB_CONFIG_DIR: dir });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout.trim()).toBe('json');
      expect(r.stderr).toMatch(/warning: .*readable by others.*600/);
      expect(r.stderr).not.toContain(ADMIN_TOKEN);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const quiet = await runBin(['config', 'get', 'output'], { COLLAB_CONFIG_DIR: dir });
      expect(quiet.stderr).toBe('');
    });
  });
});
