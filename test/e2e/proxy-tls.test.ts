/**
 * The peer is verified against the target on every path — direct, through a CONNECT tunnel, after
 * a redirect: the IP address for an IP literal (its IP SAN), the host name otherwise. A proxy that
 * answers in the server's place with a certificate of its own (trusted, but for another name) fails
 * the request with a TLS error and reads nothing, the token least of all.
 */
import fs from 'node:fs';
import https from 'node:https';
import type net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin, tempDir } from '../helpers/e2e.js';
import { json } from '../helpers/json-answer.js';
import { impostorProxy, type KeyPair, makeCa, type TestCa } from '../helpers/pki.js';

const TOKEN = 'glpat-proxy-tls-0123456789';

interface TlsServer {
  url: (host: string) => string;
  seen: { url: string; token: string | undefined }[];
  close(): Promise<void>;
}

/** An API server on 127.0.0.1: /user answers, every artifact download is redirected to `redirect`. */
async function tlsServer(pair: KeyPair, redirect?: string): Promise<TlsServer> {
  const seen: TlsServer['seen'] = [];
  const server = https.createServer(pair, (req, res) => {
    seen.push({ url: req.url ?? '', token: req.headers['private-token'] as string | undefined });
    if (redirect && req.url?.includes('/artifacts')) {
      res.writeHead(302, { location: redirect, 'content-length': '0' });
      res.end();
      return;
    }
    json(res, 200, { id: 9, username: 'real-server' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: (host) => `https://${host}:${port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('TLS is checked against the target, through a proxy or not', () => {
  let ca: TestCa;
  let real: TlsServer;
  const closing: { close(): Promise<void> }[] = [];
  const track = <T extends { close(): Promise<void> }>(x: T): T => {
    closing.push(x);
    return x;
  };
  const run = (args: string[], env: Record<string, string>) =>
    runBin(args, { COLLAB_TOKEN: TOKEN, NODE_EXTRA_CA_CERTS: ca.file, COLLAB_CONFIG_DIR: tempDir(), ...env });
  const refusedForTls = (r: { exitCode: number; stdout: string; stderr: string }, host: string) => {
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stderr.split('\n')[0]).toMatch(new RegExp(`^collab: TLS certificate problem with ${host.replace(/[.[\]]/g, '\\$&')}`));
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
  };

  beforeAll(async () => {
    ca = makeCa();
    real = track(await tlsServer(ca.issue(['IP:127.0.0.1', 'DNS:localhost'])));
  });
  afterAll(async () => {
    await Promise.all(closing.map((c) => c.close()));
  });

  it('an honest tunnel to https://127.0.0.1 works (the control)', async () => {
    const proxy = track(await impostorProxy(ca.issue(['DNS:localhost']), () => false));
    const r = await run(['api', '/user'], { COLLAB_HOST: real.url('127.0.0.1'), HTTPS_PROXY: `http://localhost:${proxy.port}` });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).username).toBe('real-server');
    expect(proxy.tunnels).toEqual([`CONNECT ${new URL(real.url('127.0.0.1')).host}`]);
    expect(real.seen.at(-1)?.token).toBe(TOKEN);
  });

  it('a proxy answering for https://<IP> with its own name’s certificate fails the request and reads nothing', async () => {
    // The proxy is reached by name and holds a valid certificate for that name only.
    const byName = track(await impostorProxy(ca.issue(['DNS:localhost']), () => true));
    const r = await run(['api', '/user'], { COLLAB_HOST: real.url('127.0.0.1'), HTTPS_PROXY: `http://localhost:${byName.port}` });
    refusedForTls(r, new URL(real.url('127.0.0.1')).host);
    expect(byName.tunnels).toHaveLength(1);
    expect(byName.heard).toEqual([]);

    // Reached by address, holding a certificate for its own address: not the target's.
    const byAddress = track(await impostorProxy(ca.issue(['IP:127.0.0.1']), () => true));
    const other = await run(['api', '/user'], { COLLAB_HOST: 'https://127.0.0.2:8443', HTTPS_PROXY: byAddress.url });
    refusedForTls(other, '127.0.0.2:8443');
    expect(byAddress.heard).toEqual([]);
  });

  it('a proxy answering for a host name with a certificate for another name fails the request', async () => {
    const proxy = track(await impostorProxy(ca.issue(['IP:127.0.0.1', 'DNS:proxy.test']), () => true));
    const r = await run(['api', '/user'], { COLLAB_HOST: real.url('localhost'), HTTPS_PROXY: proxy.url });
    refusedForTls(r, new URL(real.url('localhost')).host);
    expect(proxy.heard).toEqual([]);
  });

  it('direct connections check the IP SAN of an IP literal and the name of a host name', async () => {
    const nameOnly = track(await tlsServer(ca.issue(['DNS:localhost'])));
    const byIp = await run(['api', '/user'], { COLLAB_HOST: nameOnly.url('127.0.0.1') });
    refusedForTls(byIp, new URL(nameOnly.url('127.0.0.1')).host);
    const ipOnly = track(await tlsServer(ca.issue(['IP:127.0.0.1'])));
    const byName = await run(['api', '/user'], { COLLAB_HOST: ipOnly.url('localhost') });
    refusedForTls(byName, new URL(ipOnly.url('localhost')).host);
    expect(nameOnly.seen).toEqual([]);
    expect(ipOnly.seen).toEqual([]);
  });

  it('a download redirected to https://<IP> through the proxy is checked against that IP', async () => {
    const storage = 'https://127.0.0.2:9443';
    const api = track(await tlsServer(ca.issue(['IP:127.0.0.1']), `${storage}/bucket/artifacts.zip`));
    const proxy = track(await impostorProxy(ca.issue(['DNS:localhost']), (target) => target === '127.0.0.2:9443'));
    const dir = tempDir();
    const r = await run(['job', 'artifacts', '12', '-p', '7', '--dest', path.join(dir, 'a.zip')], {
      COLLAB_HOST: api.url('127.0.0.1'),
      HTTPS_PROXY: `http://localhost:${proxy.port}`,
    });
    refusedForTls(r, '127.0.0.2:9443');
    expect(proxy.tunnels).toEqual([`CONNECT ${new URL(api.url('127.0.0.1')).host}`, 'CONNECT 127.0.0.2:9443']);
    expect(api.seen.map((s) => s.url)).toEqual(['/api/v4/projects/7/jobs/12/artifacts']);
    expect(proxy.heard).toEqual([]);
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
