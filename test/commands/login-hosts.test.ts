/**
 * Login and hosts as a user meets them: collab run in-process as the binary runs it against the
 * sandbox. A host typed without its scheme is exit 2 with a hint and nothing sent (not a TLS
 * error); a login while COLLAB_TOKEN is set says the environment wins; auth status lists every host
 * logged in to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxFixture, tempDir, USER_TOKEN } from '../helpers/e2e.js';
import { runInProcess, startSandboxInProcess } from '../helpers/in-process.js';

describe('login and hosts', () => {
  let sb: SandboxFixture;
  beforeAll(async () => {
    sb = await startSandboxInProcess({ seed: 'demo' });
  });
  afterAll(() => sb?.close());

  it('a host without a scheme: exit 2, a hint, nothing sent', async () => {
    await sb.clearRequests();
    const bare = sb.url.replace(/^http:\/\//, '');
    const login = await runInProcess(['auth', 'login', '--host', bare, '--token-stdin'], {}, { input: `${USER_TOKEN}\n` });
    expect([login.exitCode, login.stderr]).toEqual([
      2,
      `collab: invalid host "${bare}": it has no scheme\nhint: give it as https://${bare} (or http://… for a server without TLS)`,
    ]);
    const env = await runInProcess(['issue', 'list', '-p', 'acme/platform/api'], { COLLAB_HOST: bare, COLLAB_TOKEN: USER_TOKEN });
    expect(env.exitCode).toBe(2);
    expect(env.stderr.split('\n')).toEqual([
      `collab: invalid value for COLLAB_HOST: invalid host "${bare}": it has no scheme`,
      expect.stringMatching(/^hint: give it as https:/),
    ]);
    expect(sb.requests()).toEqual([]);
  });

  it('login while COLLAB_TOKEN is set warns; status lists both hosts logged in to', async () => {
    const dir = tempDir('collab-login-');
    const other = sb.url.replace('127.0.0.1', 'localhost');
    const first = await runInProcess(
      ['auth', 'login', '--host', sb.url, '--token-stdin'],
      { COLLAB_CONFIG_DIR: dir },
      { input: `${USER_TOKEN}\n` },
    );
    expect([first.exitCode, first.stderr]).toEqual([
      0,
      `Logged in to ${sb.url} as alice (Alice Liddell); token saved in ${dir}/config.json`,
    ]);
    const second = await runInProcess(
      ['auth', 'login', '--host', other, '--token-stdin'],
      { COLLAB_CONFIG_DIR: dir, COLLAB_TOKEN: 'sandbox-admin-token' },
      { input: 'sandbox-bob-token\n' },
    );
    expect(second.exitCode, second.stderr).toBe(0);
    expect(second.stderr.split('\n')[1]).toBe(
      `collab: warning: COLLAB_TOKEN is set: commands use its token, not the one saved for ${other}, until it is unset`,
    );
    const status = await runInProcess(['auth', 'status', '-o', 'json'], { COLLAB_CONFIG_DIR: dir });
    expect(status.exitCode, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout).hosts.map((h: { host: string; user: string; active: boolean }) => [h.host, h.user, h.active])).toEqual(
      [
        [other, 'bob', true],
        [sb.url, 'alice', false],
      ],
    );
  });
});
