import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type SandboxFixture, runBin, startSandboxFixture, tempDir } from '../helpers/e2e.js';

const CERT = path.join(ROOT, 'test/fixtures/tls/cert.pem');
const KEY = path.join(ROOT, 'test/fixtures/tls/key.pem');

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(String((server.address() as AddressInfo).port))));
}

describe('private CAs and proxies', () => {
  let tlsServer: https.Server;
  let tlsUrl: string;
  const tlsSeen: Record<string, string | string[] | undefined>[] = [];
  let sb: SandboxFixture;
  let proxy: http.Server;
  let proxyUrl: string;
  const proxied: string[] = [];

  beforeAll(async () => {
    tlsServer = https.createServer({ cert: fs.readFileSync(CERT), key: fs.readFileSync(KEY) }, (req, res) => {
      tlsSeen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 9, username: 'tls-user', path: req.url }));
    });
    tlsUrl = `https://127.0.0.1:${await listen(tlsServer as unknown as http.Server)}`;
    sb = await startSandboxFixture();
    // A forward proxy: CONNECT tunnels (what undici's proxy agent opens) and absolute-form requests.
    proxy = http.createServer((req, res) => {
      proxied.push(req.url ?? '');
      const target = new URL(req.url ?? '');
      const upstream = http.request(target, { method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    proxy.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
      proxied.push(`CONNECT ${req.url}`);
      const [host, port] = (req.url ?? '').split(':');
      const upstream = net.connect(Number(port), host, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
    proxyUrl = `http://127.0.0.1:${await listen(proxy)}`;
  });
  afterAll(async () => {
    tlsServer?.close();
    proxy?.close();
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
    expect(tlsSeen.at(-1)?.['private-token']).toBe('tls-token-0123456789');

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
    const bypass = await sb.run(['issue', 'view', '1', '-p', 'acme/platform/api', '-o', 'json'], { HTTP_PROXY: proxyUrl, NO_PROXY: '127.0.0.1,localhost' });
    expect(bypass.exitCode, bypass.stderr).toBe(0);
    expect(proxied).toHaveLength(0);
  });
});
