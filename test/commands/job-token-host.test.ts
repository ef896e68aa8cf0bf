/**
 * CI_JOB_TOKEN belongs to the instance that issued it, CI_SERVER_URL, compared as a parsed origin
 * (scheme, host, port), and goes nowhere else: not to another --host or COLLAB_HOST, not after a
 * refused personal token, not through a redirect, not to a host a web URL names. collab, run
 * in-process as the binary runs it, against two recording servers on 127.0.0.1 (two ports: two
 * origins).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/e2e.js';
import { type HostileServer, type Recorded, startHostileServer } from '../helpers/hostile.js';
import { runInProcess } from '../helpers/in-process.js';

const JOB_TOKEN = 'glcbt-ci-job-secret-0123456789';
const PERSONAL = 'glpat-personal-0123456789';
const DOWNLOAD = '/api/v4/projects/7/jobs/12/artifacts';

const withJobToken = (req: Recorded) => req.headers['job-token'] !== undefined;

describe('the CI job token stays with CI_SERVER_URL', () => {
  let ci: HostileServer;
  let other: HostileServer;
  const accepts = (req: Recorded) =>
    req.headers['job-token'] === JOB_TOKEN ? { body: 'ZIP' } : { status: 401, body: { message: '401 Unauthorized' } };
  beforeAll(async () => {
    ci = await startHostileServer({
      [`GET ${DOWNLOAD}`]: accepts,
      'GET /api/v4/projects/7/jobs/13/artifacts': () => ({ status: 302, headers: { location: `${other.url}/storage/a.zip` } }),
    });
    other = await startHostileServer({
      [`GET ${DOWNLOAD}`]: { status: 401, body: { message: '401 Unauthorized' } },
      'GET /storage/a.zip': { body: 'ZIP' },
    });
  });
  afterAll(async () => {
    await ci?.close();
    await other?.close();
  });
  afterEach(() => {
    ci.requests.length = 0;
    other.requests.length = 0;
  });
  const download = (env: Record<string, string | undefined>, extra: string[] = [], job = '12') => {
    const dir = tempDir();
    return runInProcess(['job', 'artifacts', job, '-p', '7', '--dest', path.join(dir, 'a.zip'), ...extra], {
      CI: 'true',
      CI_JOB_TOKEN: JOB_TOKEN,
      CI_SERVER_URL: ci.url,
      ...env,
    });
  };

  it('inside CI the download on CI_SERVER_URL carries it (the control), however the origin is spelled', async () => {
    const r = await download({});
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ci.requests.filter(withJobToken).map((q) => q.path)).toEqual([DOWNLOAD]);
    // The same origin written otherwise: upper case, a trailing slash, a relative URL root.
    const spelled = await download({ COLLAB_HOST: ci.url, CI_SERVER_URL: `HTTP://127.0.0.1:${ci.port}/` });
    expect(spelled.exitCode, spelled.stderr).toBe(0);
    const rooted = await download({ COLLAB_HOST: ci.url, CI_SERVER_URL: undefined, CI_API_V4_URL: `${ci.url}/api/v4` });
    expect(rooted.exitCode, rooted.stderr).toBe(0);
    expect(ci.requests.filter(withJobToken)).toHaveLength(3);
  });

  it('COLLAB_HOST or --host on another origin gets no job token, with no other token set: exit 4 naming where it belongs', async () => {
    const viaEnv = await download({ COLLAB_HOST: other.url });
    expect(viaEnv.exitCode).toBe(4);
    expect(viaEnv.stderr).toContain(`CI_JOB_TOKEN was not sent to 127.0.0.1:${other.port}: it belongs to ${ci.url} (CI_SERVER_URL)`);
    const viaFlag = await download({}, ['--host', other.url]);
    expect(viaFlag.exitCode).toBe(4);
    // Another port, another scheme, another spelling of the host: each is another origin.
    for (const [host, issuer] of [
      [other.url, `http://127.0.0.1:${ci.port}`],
      [ci.url, `https://127.0.0.1:${ci.port}`],
      [ci.url, `http://localhost:${ci.port}`],
    ] as const) {
      const r = await download({ COLLAB_HOST: host, CI_SERVER_URL: issuer });
      expect(r.exitCode, `${host} vs ${issuer}`).toBe(4);
    }
    // Without CI_SERVER_URL (or CI_API_V4_URL) nothing says where it belongs: it goes nowhere.
    const unnamed = await download({ COLLAB_HOST: ci.url, CI_SERVER_URL: undefined });
    expect(unnamed.exitCode).toBe(4);
    expect(unnamed.stderr).toContain('CI_SERVER_URL does not name the instance that issued it');
    expect([...ci.requests, ...other.requests].filter(withJobToken)).toEqual([]);
    expect(viaEnv.stdout + viaEnv.stderr).not.toContain(JOB_TOKEN);
  });

  it('a personal token refused on another host is not followed by the job token; the warning names both hosts', async () => {
    const r = await download({ COLLAB_HOST: other.url, COLLAB_TOKEN: PERSONAL });
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toContain(
      `collab: warning: the personal token was refused (401) for GET ` +
        `${DOWNLOAD.replace('/api/v4', '')}; the CI job token (CI_JOB_TOKEN) is not tried on ` +
        `127.0.0.1:${other.port}: it belongs to ${ci.url} (CI_SERVER_URL)`,
    );
    expect(other.requests.map((q) => [q.headers['private-token'], q.headers['job-token']])).toEqual([[PERSONAL, undefined]]);
    // On its own instance the fallback happens, and says where it goes.
    const home = await download({ COLLAB_HOST: ci.url, COLLAB_TOKEN: PERSONAL });
    expect(home.exitCode, home.stderr).toBe(0);
    expect(home.stderr).toContain(`trying again on 127.0.0.1:${ci.port} with the CI job token (CI_JOB_TOKEN)`);
  });

  it('--job-token on another host is exit 2 before anything is sent', async () => {
    const r = await download({ COLLAB_HOST: other.url, COLLAB_TOKEN: PERSONAL }, ['--job-token']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(
      `collab: CI_JOB_TOKEN is not sent to 127.0.0.1:${other.port}: it belongs to ${ci.url} (CI_SERVER_URL)`,
    );
    expect(other.requests).toEqual([]);
    const home = await download({ COLLAB_HOST: ci.url, COLLAB_TOKEN: PERSONAL }, ['--job-token']);
    expect(home.exitCode, home.stderr).toBe(0);
  });

  it('a redirect to another origin carries no job token', async () => {
    const r = await download({}, [], '13');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ci.requests.map((q) => q.headers['job-token'])).toEqual([JOB_TOKEN]);
    expect(other.requests.map((q) => [q.path, withJobToken(q)])).toEqual([['/storage/a.zip', false]]);
  });

  it('a web URL naming another stored host gets that host’s token, never the job token', async () => {
    const dir = tempDir('collab-cfg-');
    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ hosts: { [other.url]: { token: PERSONAL } } }), { mode: 0o600 });
    const dest = path.join(tempDir(), 'a.zip');
    const r = await runInProcess(['job', 'artifacts', `${other.url}/acme/api/-/jobs/12`, '--dest', dest], {
      COLLAB_CONFIG_DIR: dir,
      CI: 'true',
      CI_JOB_TOKEN: JOB_TOKEN,
      CI_SERVER_URL: ci.url,
    });
    // The other host has no such job: a 404 of the job, exit 1 (exit 3 is for missing artifacts only).
    expect(r.exitCode).toBe(1);
    expect(other.requests[0]?.path).toBe('/api/v4/projects/acme%2Fapi/jobs/12/artifacts');
    expect(other.requests.every((q) => q.headers['private-token'] === PERSONAL && !withJobToken(q))).toBe(true);
    expect(ci.requests).toEqual([]);
  });
});
