/**
 * Secrets and trust, in process: the plain-http warning, and redaction on the paths where a token
 * could slip into an error (a network error quoting it, an unexpected crash with --debug).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Transport } from '../../src/api/transport.js';
import type { Prompter } from '../../src/prompt.js';
import { jsonReply, mockApi, runCli, TEST_TOKEN } from '../helpers/harness.js';
import { tempDir } from '../helpers/temp.js';

const ME = { id: 1, username: 'root', name: 'Administrator', state: 'active' };
const HTTP_WARNING = /warning: sending a token over plain http:\/\/ to gitlab\.plain\.test/;

describe('plain http://', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('warns once when a token goes to a non-loopback host over http://', async () => {
    api = mockApi('http://gitlab.plain.test');
    api.pool.intercept({ path: '/api/v4/user', method: 'GET', headers: { 'PRIVATE-TOKEN': TEST_TOKEN } }).reply(200, ...jsonReply(ME));
    const r = await runCli(['user', 'me', '-o', 'json'], { transport: api.transport, env: { COLLAB_HOST: 'http://gitlab.plain.test' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(HTTP_WARNING);
    expect(r.stderr.match(/warning/g)).toHaveLength(1);
    expect(r.stderr).not.toContain(TEST_TOKEN);
    expect(JSON.parse(r.stdout).username).toBe('root');
  });

  it('does not warn for https, for loopback, or without a token', async () => {
    const cases: [string, Record<string, string | undefined>][] = [
      ['https://gitlab.plain.test', {}],
      ['http://127.0.0.1:8080', {}],
      ['http://localhost:8080', {}],
      ['http://[::1]:8080', {}],
      ['http://gitlab.plain.test', { COLLAB_TOKEN: undefined }],
    ];
    for (const [host, env] of cases) {
      api = mockApi(host);
      api.pool.intercept({ path: '/api/v4/user', method: 'GET' }).reply(200, ...jsonReply(ME));
      const r = await runCli(['user', 'me'], { transport: api.transport, env: { COLLAB_HOST: host, ...env } });
      expect(r.code, `${host}: ${r.stderr}`).toBe(0);
      expect(r.stderr, host).not.toMatch(/warning/);
      api.done();
    }
  });
});

describe('tokens in errors and crashes', () => {
  const SECRET = 'glpat-Crash-Secret-42e1b7';

  /** A config dir whose only credential is SECRET, stored for the test host. */
  function configWithToken(): string {
    const dir = tempDir('collab-trust-');
    fs.writeFileSync(
      path.join(dir, 'config.json'),
      JSON.stringify({ host: 'https://gitlab.test', hosts: { 'https://gitlab.test': { token: SECRET } } }),
      {
        mode: 0o600,
      },
    );
    return dir;
  }

  const tokenSources: [string, Record<string, string | undefined>][] = [
    ['COLLAB_TOKEN', { COLLAB_TOKEN: SECRET }],
    ['COLLAB_OAUTH_TOKEN', { COLLAB_TOKEN: undefined, COLLAB_OAUTH_TOKEN: SECRET }],
    ['the config file', { COLLAB_TOKEN: undefined, COLLAB_HOST: undefined }],
  ];

  for (const [source, env] of tokenSources) {
    it(`a network error that quotes the token is redacted (token from ${source})`, async () => {
      const transport: Transport = {
        request: async (req) => {
          const sent = req.headers['PRIVATE-TOKEN'] ?? req.headers.Authorization ?? '';
          expect(sent).toContain(SECRET); // the token really was in play
          throw Object.assign(new Error(`proxy refused request with headers ${JSON.stringify(req.headers)}`), { code: 'EPROTO' });
        },
      };
      const r = await runCli(['issue', 'view', '1', '-p', '7', '--debug'], {
        transport,
        env: { ...env, COLLAB_CONFIG_DIR: configWithToken() },
      });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^collab: network error talking to gitlab\.test: proxy refused/m);
      expect(r.stderr).toContain('[REDACTED]');
      expect(r.stderr + r.stdout).not.toContain(SECRET);
    });

    it(`an unexpected crash with --debug prints a redacted stack (token from ${source})`, async () => {
      // The crash happens after the API was used, when the token is known to be in play.
      let crashMessage = '';
      const prompter: Prompter = {
        input: async () => {
          throw new Error(crashMessage);
        },
        password: async () => '',
        confirm: async () => true,
        select: async () => '',
      };
      const transport: Transport = {
        request: async (req) => {
          crashMessage = `renderer blew up on ${JSON.stringify(req.headers)}`;
          throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
        },
      };
      // `issue create` on a terminal prompts for the missing title: the prompter crashes.
      const first = await runCli(['issue', 'view', '1', '-p', '7'], { transport, env: { ...env, COLLAB_CONFIG_DIR: configWithToken() } });
      expect(first.code).toBe(1);
      expect(crashMessage).toContain(SECRET);
      const r = await runCli(['issue', 'create', '-p', '7', '--debug'], {
        transport,
        prompter,
        tty: true,
        env: { ...env, COLLAB_CONFIG_DIR: configWithToken() },
      });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^collab: unexpected error: renderer blew up/);
      expect(r.stderr).toMatch(/^\s+at /m); // --debug adds the stack
      expect(r.stderr + r.stdout).not.toContain(SECRET);
    });
  }
});
