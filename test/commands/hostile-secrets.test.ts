/**
 * No usable credential leaks: signed object-storage URLs under --debug, a login token a server
 * echoes back, tokens over plain http. collab, run in-process as the binary runs it, against small
 * servers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/e2e.js';
import { type HostileServer, startHostileServer, startRedirectingProxy } from '../helpers/hostile.js';
import { runInProcess } from '../helpers/in-process.js';

const TOKEN = 'glpat-secrets-test-0123456789';
const ACCESS_KEY = 'AKIAIOSFODNN7EXAMPLE';
const SIGNATURE = 'f0e1d2c3b4a5968778695a4b3c2d1e0ff0e1d2c3b4a5968778695a4b3c2d1e0f';
const SESSION = 'FwoGZXIvYXdzEJr-session-token';

describe('--debug prints no usable credential', () => {
  let api: HostileServer;
  let storage: HostileServer;
  beforeAll(async () => {
    storage = await startHostileServer({
      'GET /bucket/artifacts.zip': { headers: { 'content-type': 'application/zip' }, body: 'PK-not-really-a-zip' },
    });
    const signed = `${storage.url}/bucket/artifacts.zip?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=${ACCESS_KEY}%2F20261126%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20261126T050000Z&X-Amz-Expires=900&X-Amz-Security-Token=${SESSION}&X-Amz-SignedHeaders=host&X-Amz-Signature=${SIGNATURE}`;
    api = await startHostileServer({
      'GET /api/v4/projects/acme%2Fapi/jobs/7/artifacts': { status: 302, headers: { location: signed } },
      'GET /api/v4/projects/acme%2Fapi/jobs/8/artifacts': {
        status: 302,
        headers: {
          location: `/files/a.zip?sig=AzureSigSecret&X-Goog-Signature=GoogSigSecret&Signature=CloudFrontSecret&private_token=PrivSecret&keep=visible`,
        },
      },
      'GET /files/a.zip': { headers: { 'content-type': 'application/zip' }, body: 'PK-same-origin' },
    });
  });
  afterAll(async () => {
    await api?.close();
    await storage?.close();
  });

  it('a signed object-storage URL on another origin is logged without its query', async () => {
    const dir = tempDir();
    const r = await runInProcess(['job', 'artifacts', '7', '-p', 'acme/api', '--dest', path.join(dir, 'a.zip'), '--debug'], {
      COLLAB_HOST: api.url,
      COLLAB_TOKEN: TOKEN,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'a.zip'), 'utf8')).toBe('PK-not-really-a-zip');
    expect(r.stderr).toContain(`${storage.url}/bucket/artifacts.zip?[REDACTED]`);
    for (const secret of [ACCESS_KEY, SIGNATURE, SESSION, 'X-Amz-Date', TOKEN]) expect(r.stderr, secret).not.toContain(secret);
    expect(storage.requests[0]!.path).toContain(SIGNATURE); // the download itself used the signed URL
  });

  it('on our own origin, signature-like query values are redacted and the rest is kept', async () => {
    const dir = tempDir();
    const r = await runInProcess(['job', 'artifacts', '8', '-p', 'acme/api', '--dest', path.join(dir, 'b.zip'), '--debug'], {
      COLLAB_HOST: api.url,
      COLLAB_TOKEN: TOKEN,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('sig=[REDACTED]&X-Goog-Signature=[REDACTED]&Signature=[REDACTED]&private_token=[REDACTED]&keep=visible');
    for (const secret of ['AzureSigSecret', 'GoogSigSecret', 'CloudFrontSecret', 'PrivSecret', TOKEN])
      expect(r.stderr, secret).not.toContain(secret);
  });
});

describe('auth login never echoes the token it tests', () => {
  let server: HostileServer;
  let status = 401;
  beforeAll(async () => {
    // A server that quotes the credential it got in its error body.
    server = await startHostileServer({
      'GET /api/v4/user': (req) => ({
        status,
        body: {
          message: `${status} Unauthorized: token ${String(req.headers['private-token'] ?? req.headers.authorization)} is not valid`,
          error_description: `bad ${String(req.headers['private-token'] ?? req.headers.authorization)}`,
        },
      }),
    });
  });
  afterAll(() => server?.close());

  for (const [code, expected] of [
    [401, 4],
    [500, 1],
    [403, 1],
  ] as const) {
    for (const oauth of [false, true]) {
      it(
        `a ${code} quoting the ${oauth ? 'OAuth' : 'private'} token: exit ${expected}, the ` + `token is not printed, nothing is saved`,
        async () => {
          status = code;
          const dir = tempDir();
          const candidate = `glpat-Candidate-${code}-${oauth ? 'oauth' : 'priv'}-7f3a9c`;
          const args = ['auth', 'login', '--host', server.url, '--token-stdin', '--debug', ...(oauth ? ['--oauth'] : [])];
          const r = await runInProcess(args, { COLLAB_CONFIG_DIR: dir }, { input: candidate });
          expect(r.exitCode, r.stderr).toBe(expected);
          expect(server.requests.at(-1)!.headers[oauth ? 'authorization' : 'private-token']).toContain(candidate); // it was tested
          expect(r.stderr).toContain('[REDACTED]');
          expect(r.stdout + r.stderr).not.toContain(candidate);
          expect(fs.existsSync(path.join(dir, 'config.json'))).toBe(false);
        },
      );
    }
  }
});

describe('a token over plain http:// to anything but loopback is warned about', () => {
  let server: HostileServer;
  let proxy: Awaited<ReturnType<typeof startRedirectingProxy>>;
  beforeAll(async () => {
    server = await startHostileServer({ 'GET /api/v4/user': { body: { id: 1, username: 'root', name: 'Root' } } });
    // Every host name reaches the server through this proxy, so remote-looking names can be used.
    proxy = await startRedirectingProxy(server);
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  const WARNING = /^collab: warning: sending a token over plain http:\/\/ to [^ ]+; use https:\/\/$/m;

  it('a name that only starts like a loopback address is remote; so is any other host', async () => {
    for (const host of ['http://127.evil.example', 'http://localhost.evil.example', 'http://gitlab.remote.example:8080']) {
      const r = await runInProcess(['user', 'me', '-o', 'json'], { COLLAB_HOST: host, COLLAB_TOKEN: TOKEN, HTTP_PROXY: proxy.url });
      expect(r.exitCode, `${host}: ${r.stderr}`).toBe(0);
      expect(r.stderr, host).toMatch(WARNING);
      expect(r.stderr).toContain(new URL(host).host);
      expect(JSON.parse(r.stdout).username).toBe('root');
    }
  });

  it('auth login --host http://<remote> warns before sending and saving the token', async () => {
    const dir = tempDir();
    const r = await runInProcess(
      ['auth', 'login', '--host', 'http://gitlab.remote.example', '--token-stdin'],
      { COLLAB_CONFIG_DIR: dir, HTTP_PROXY: proxy.url },
      { input: TOKEN },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toMatch(WARNING);
    expect(lines[1]).toMatch(/^Logged in to http:\/\/gitlab\.remote\.example as root/);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8')).hosts['http://gitlab.remote.example'].token).toBe(TOKEN);
  });

  it('loopback literals (127.0.0.0/8, localhost) get no warning, nor does a run without a token', async () => {
    const port = new URL(server.url).port;
    for (const host of [`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://127.1:${port}`]) {
      const r = await runInProcess(['user', 'me'], { COLLAB_HOST: host, COLLAB_TOKEN: TOKEN });
      expect(r.exitCode, `${host}: ${r.stderr}`).toBe(0);
      expect(r.stderr, host).not.toMatch(/warning/);
    }
    const anonymous = await runInProcess(['user', 'me'], { COLLAB_HOST: 'http://gitlab.remote.example', HTTP_PROXY: proxy.url });
    expect(anonymous.stderr).not.toMatch(/warning/);
  });
});
