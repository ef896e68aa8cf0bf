import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { retriesIn, runBin, type SandboxFixture, startSandboxFixture, tempDir } from '../helpers/e2e.js';
import { JSON_HEADERS, json } from '../helpers/json-answer.js';
import { TLS_CERT as CERT, connectProxy, deadPort, type OddServer, oddServer, type TestProxy } from '../helpers/odd-server.js';

describe('private CAs and proxies', () => {
  let tls: OddServer;
  let tlsUrl: string;
  let sb: SandboxFixture;
  let proxy: TestProxy;
  let proxyUrl: string;
  let proxied: string[];

  beforeAll(async () => {
    tls = await oddServer((req, res) => json(res, 200, { id: 9, username: 'tls-user', path: req.url }), { tls: true });
    tlsUrl = tls.url;
    sb = await startSandboxFixture();
    proxy = await connectProxy();
    proxyUrl = proxy.url;
    proxied = proxy.seen;
  });
  afterAll(async () => {
    await tls?.close();
    await proxy?.close();
    await sb?.close();
  });

  it('an untrusted certificate fails with a hint; ca_file per host or NODE_EXTRA_CA_CERTS trusts it', async () => {
    const dir = tempDir();
    const env = { COLLAB_CONFIG_DIR: dir, COLLAB_HOST: tlsUrl, COLLAB_TOKEN: 'tls-token-0123456789' };
    const untrusted = await runBin(['api', '/user'], env);
    expect(untrusted.exitCode).toBe(1);
    expect(untrusted.stderr).toMatch(/certificate/i);
    expect(untrusted.stderr).toContain('ca_file');
    expect(untrusted.stderr).not.toContain('tls-token-0123456789');

    const set = await runBin(['config', 'set', 'ca_file', CERT, '--host', tlsUrl], env);
    expect(set.exitCode, set.stderr).toBe(0);
    const trusted = await runBin(['api', '/user'], env);
    expect(trusted.exitCode, trusted.stderr).toBe(0);
    expect(JSON.parse(trusted.stdout)).toMatchObject({ username: 'tls-user', path: '/api/v4/user' });
    expect(tls.seen.at(-1)?.headers['private-token']).toBe('tls-token-0123456789');

    const viaEnv = await runBin(['api', '/user'], { ...env, COLLAB_CONFIG_DIR: tempDir(), NODE_EXTRA_CA_CERTS: CERT });
    expect(viaEnv.exitCode, viaEnv.stderr).toBe(0);
  });

  it('HTTP_PROXY carries the requests; NO_PROXY bypasses it', async () => {
    proxied.length = 0;
    const through = await sb.run(['issue', 'view', '1', '-p', 'acme/platform/api', '-o', 'json'], { HTTP_PROXY: proxyUrl });
    expect(through.exitCode, through.stderr).toBe(0);
    expect(JSON.parse(through.stdout).iid).toBe(1);
    expect(proxied).toEqual([`CONNECT ${new URL(sb.url).host}`]);

    proxied.length = 0;
    const bypass = await sb.run(['issue', 'view', '1', '-p', 'acme/platform/api', '-o', 'json'], {
      HTTP_PROXY: proxyUrl,
      NO_PROXY: '127.0.0.1,localhost',
    });
    expect(bypass.exitCode, bypass.stderr).toBe(0);
    expect(proxied).toHaveLength(0);
  });

  describe('one transport policy: proxies, private CAs, one deadline', () => {
    const TOKEN = 'net-token-0123456789';
    const cleanup: { close(): Promise<void> }[] = [];
    afterEach(async () => {
      await Promise.all(cleanup.splice(0).map((c) => c.close()));
    });
    const track = <T extends { close(): Promise<void> }>(x: T): T => {
      cleanup.push(x);
      return x;
    };
    const tlsUser = () =>
      oddServer((req, res) => json(res, 200, { id: 9, username: 'tls-user', path: req.url, encoding: req.headers['accept-encoding'] }), {
        tls: true,
      });

    it('HTTPS with a private CA behind a CONNECT proxy: ca_file (per host) and NODE_EXTRA_CA_CERTS apply through the tunnel', async () => {
      const server = track(await tlsUser());
      const proxy = track(await connectProxy());
      const dir = tempDir();
      const env = { COLLAB_CONFIG_DIR: dir, COLLAB_HOST: server.url, COLLAB_TOKEN: TOKEN, HTTPS_PROXY: proxy.url };

      const untrusted = await runBin(['user', 'me', '-o', 'json'], env);
      expect(untrusted.exitCode).toBe(1);
      expect(untrusted.stderr).toMatch(/^collab: TLS certificate problem with 127\.0\.0\.1:\d+/);
      expect(untrusted.stderr).toContain('hint: ');
      expect(proxy.seen).toEqual([`CONNECT ${server.host}`]);
      expect(server.seen).toHaveLength(0);

      expect((await runBin(['config', 'set', 'ca_file', CERT, '--host', server.url], env)).exitCode).toBe(0);
      const trusted = await runBin(['user', 'me', '-o', 'json'], env);
      expect(trusted.exitCode, trusted.stderr).toBe(0);
      expect(JSON.parse(trusted.stdout)).toMatchObject({ username: 'tls-user', path: '/api/v4/user', encoding: 'gzip, deflate, br' });
      expect(proxy.seen).toEqual([`CONNECT ${server.host}`, `CONNECT ${server.host}`]);
      // The token went to the server inside the tunnel, never to the proxy in the clear.
      expect(server.seen.at(-1)!.headers['private-token']).toBe(TOKEN);

      const viaEnv = await runBin(['user', 'me', '-o', 'json'], { ...env, COLLAB_CONFIG_DIR: tempDir(), NODE_EXTRA_CA_CERTS: CERT });
      expect(viaEnv.exitCode, viaEnv.stderr).toBe(0);
      expect(proxy.seen).toHaveLength(3);
    });

    it('a compressed list through the proxy is decoded like a direct one', async () => {
      const { gzipSync } = await import('node:zlib');
      const items = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, title: `t${i}` }));
      const server = track(
        await oddServer(
          (req, res) => {
            const data = gzipSync(JSON.stringify(items));
            res.writeHead(200, {
              ...JSON_HEADERS,
              'content-encoding': 'gzip',
              'x-next-page': '',
              'x-sent-for': String(req.headers['accept-encoding']),
            });
            res.end(data);
          },
          { tls: true },
        ),
      );
      const proxy = track(await connectProxy());
      const r = await runBin(['issue', 'list', '-p', 'a/b', '--all', '-o', 'json'], {
        COLLAB_HOST: server.url,
        COLLAB_TOKEN: TOKEN,
        HTTPS_PROXY: proxy.url,
        NODE_EXTRA_CA_CERTS: CERT,
      });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual(items);
      expect(server.seen[0]!.headers['accept-encoding']).toBe('gzip, deflate, br');
      expect(proxy.seen).toEqual([`CONNECT ${server.host}`]);
    });

    it(
      'proxy or direct is decided per origin: a download redirected to object storage ' +
        'goes through the proxy NO_PROXY does not exclude',
      async () => {
        const proxy = track(await connectProxy());
        const res = await fetch(`${sb.url}/api/v4/projects/acme%2Fplatform%2Fapi/jobs?per_page=100`, {
          headers: { 'PRIVATE-TOKEN': 'sandbox-admin-token' },
        });
        const jobs = (await res.json()) as { id: number; name: string; ref: string }[];
        const pages = jobs.find((j) => j.name === 'pages' && j.ref === 'main')!;
        const dir = tempDir();
        const r = await sb.run(['job', 'artifacts', String(pages.id), '-p', 'acme/platform/api', '--dest', `${dir}/a.zip`], {
          HTTP_PROXY: proxy.url,
          NO_PROXY: '127.0.0.1',
        });
        expect(r.exitCode, r.stderr).toBe(0);
        // The API host was reached directly; only the object storage (localhost) went through the proxy.
        expect(proxy.seen).toEqual([`CONNECT localhost:${new URL(sb.url).port}`]);
        expect(fs.readFileSync(`${dir}/a.zip`).subarray(0, 2).toString()).toBe('PK');
      },
    );

    it('a proxy that closes CONNECT without answering: bounded attempts, the proxy named, exit 1', async () => {
      const proxy = track(await connectProxy('drop'));
      const r = await runBin(['user', 'me'], { COLLAB_HOST: 'https://gitlab.example.com', COLLAB_TOKEN: TOKEN, HTTPS_PROXY: proxy.url });
      expect(r.exitCode).toBe(1);
      expect(retriesIn(r.stderr).retries).toHaveLength(4);
      expect(retriesIn(r.stderr).rest.split('\n')[0]).toBe(
        `collab: proxy ${proxy.host} closed the connection without answering CONNECT gitlab.example.com:443`,
      );
      expect(r.stderr).toMatch(/^hint: .*HTTPS_PROXY/m);
      // Retried like a reset (GET), within the attempt budget: not undici's endless reconnects.
      expect(proxy.seen).toHaveLength(5);
      expect(new Set(proxy.seen)).toEqual(new Set(['CONNECT gitlab.example.com:443']));
    });

    it('a proxy that refuses the tunnel is named with its status, and not retried', async () => {
      const proxy = track(await connectProxy('refuse'));
      const r = await runBin(['api', '/user'], { COLLAB_HOST: 'https://gitlab.example.com', COLLAB_TOKEN: TOKEN, HTTPS_PROXY: proxy.url });
      expect(r.exitCode).toBe(1);
      expect(r.stderr.split('\n')[0]).toBe(`collab: proxy ${proxy.host} refused the tunnel to gitlab.example.com:443 (403 Forbidden)`);
      expect(proxy.seen).toHaveLength(1);
    });

    it('proxy credentials in the URL are sent as Basic auth; without them the 407 is named', async () => {
      const server = track(await tlsUser());
      const proxy = track(await connectProxy('auth'));
      const env = { COLLAB_HOST: server.url, COLLAB_TOKEN: TOKEN, NODE_EXTRA_CA_CERTS: CERT };
      const ok = await runBin(['user', 'me', '-o', 'json'], { ...env, HTTPS_PROXY: `http://user:pass@${proxy.host}` });
      expect(ok.exitCode, ok.stderr).toBe(0);
      expect(JSON.parse(ok.stdout).username).toBe('tls-user');
      const denied = await runBin(['user', 'me'], { ...env, HTTPS_PROXY: proxy.url });
      expect(denied.exitCode).toBe(1);
      expect(denied.stderr.split('\n')[0]).toBe(`collab: proxy ${proxy.host} asks for authentication (407)`);
      expect(server.seen).toHaveLength(1);
    });

    it('an unreachable proxy is named as the proxy, not the server', async () => {
      const port = await deadPort();
      const r = await runBin(['issue', 'list', '-p', 'a/b'], {
        COLLAB_HOST: 'https://gitlab.example.com',
        COLLAB_TOKEN: TOKEN,
        HTTPS_PROXY: `http://127.0.0.1:${port}`,
      });
      expect(r.exitCode).toBe(1);
      expect(r.stderr.split('\n')[0]).toBe(`collab: could not connect to proxy 127.0.0.1:${port} (connection refused)`);
      expect(r.stderr).not.toContain('gitlab.example.com');
    });

    it('an unusable proxy setting is a usage error before anything is sent', async () => {
      const r = await runBin(['user', 'me'], {
        COLLAB_HOST: 'https://gitlab.example.com',
        COLLAB_TOKEN: TOKEN,
        HTTPS_PROXY: 'socks5://127.0.0.1:1080',
      });
      expect(r.exitCode).toBe(2);
      expect(r.stderr.trim()).toBe(
        'collab: invalid HTTPS_PROXY "socks5://127.0.0.1:1080": only http:// and https:// proxies are supported',
      );
    });

    it('--timeout bounds a proxy that never answers CONNECT', async () => {
      const proxy = track(await connectProxy('hang'));
      const r = await runBin(['--timeout', '1', 'user', 'me'], {
        COLLAB_HOST: 'https://gitlab.example.com',
        COLLAB_TOKEN: TOKEN,
        HTTPS_PROXY: proxy.url,
      });
      expect(r.exitCode).toBe(1);
      expect(r.stderr.split('\n')[0]).toBe('collab: request to gitlab.example.com timed out after 1s');
      expect(proxy.seen).toEqual(['CONNECT gitlab.example.com:443']);
    });

    it('--timeout bounds a body that trickles forever, and the retries of a failing server', async () => {
      const trickle = track(
        await oddServer((_req, res) => {
          res.writeHead(200, JSON_HEADERS);
          res.write('[');
          const timer = setInterval(() => res.write(' '), 50);
          res.on('close', () => clearInterval(timer));
        }),
      );
      const r = await runBin(['--timeout', '1', 'issue', 'list', '-p', 'a/b'], { COLLAB_HOST: trickle.url, COLLAB_TOKEN: TOKEN });
      expect(r.exitCode).toBe(1);
      expect(r.stderr.split('\n')[0]).toBe(`collab: request to ${trickle.host} timed out after 1s`);
      expect(trickle.seen).toHaveLength(1);

      // 503s with backoff (0.5 s, 1 s, 2 s …): the deadline ends the retries, not the attempt count.
      const down = track(
        await oddServer((_req, res) => {
          res.writeHead(503, { 'content-type': 'text/plain' });
          res.end('down for maintenance');
        }),
      );
      const d = await runBin(['--timeout', '1', 'user', 'me', '--debug'], { COLLAB_HOST: down.url, COLLAB_TOKEN: TOKEN });
      expect(d.exitCode).toBe(1);
      expect(d.stderr).toMatch(/^collab: 503 down for maintenance$/m);
      expect(d.stderr).toMatch(/no time left for another attempt within the 1s deadline/);
      expect(down.seen.length).toBeLessThan(5);
    });
  });
});
