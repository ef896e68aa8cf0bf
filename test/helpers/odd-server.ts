/**
 * Small servers that misbehave on purpose, one behaviour each: a node:http server on 127.0.0.1
 * whose handler decides the answer, a log of what reached it, and a CONNECT proxy that can be
 * told to drop tunnels. End-to-end tests run the built binary against them.
 */
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach } from 'vitest';
import { type BinResult, ROOT, runBin, tempDir } from './e2e.js';

export const TLS_CERT = path.join(ROOT, 'test/fixtures/tls/cert.pem');
export const TLS_KEY = path.join(ROOT, 'test/fixtures/tls/key.pem');

export interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

export interface OddServer {
  url: string;
  host: string;
  seen: Seen[];
  close(): Promise<void>;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, n: number) => void;

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** Tracks the server's connections, and returns a close() that ends them too (keep-alive ones included). */
function closable(server: net.Server): () => Promise<void> {
  const sockets = new Set<net.Socket>();
  server.on('connection', (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return () =>
    new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
}

/** A server answering with `handler` (called with the 1-based count of requests so far). */
export async function oddServer(handler: Handler, options: { tls?: boolean } = {}): Promise<OddServer> {
  const seen: Seen[] = [];
  const listener = (req: http.IncomingMessage, res: http.ServerResponse) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    // A request body is read before answering, as real servers do.
    req.resume();
    req.on('end', () => handler(req, res, seen.length));
  };
  const server = options.tls
    ? https.createServer({ cert: fs.readFileSync(TLS_CERT), key: fs.readFileSync(TLS_KEY) }, listener)
    : http.createServer(listener);
  const close = closable(server);
  const port = await listen(server);
  const host = `127.0.0.1:${port}`;
  return { url: `${options.tls ? 'https' : 'http'}://${host}`, host, seen, close };
}

/** How a test runs collab: the built binary (runBin), or its entry in-process (runInProcess, the same result). */
export type Runner = (args: string[], env: Record<string, string | undefined>) => Promise<BinResult>;

/**
 * The odd servers of a test file, each closed after its test, and collab run against one with
 * `token` (a config directory of its own each run): the built binary unless `runner` says
 * otherwise. Call at the top of the file.
 */
export function oddServers(
  token: string,
  runner: Runner = runBin,
): {
  serve(handler: Handler): Promise<OddServer>;
  run(s: OddServer, args: string[], env?: Record<string, string | undefined>): Promise<BinResult>;
} {
  let open: OddServer[] = [];
  afterEach(async () => {
    await Promise.all(open.map((s) => s.close()));
    open = [];
  });
  return {
    serve: async (handler) => {
      const s = await oddServer(handler);
      open.push(s);
      return s;
    },
    run: (s, args, env = {}) => runner(args, { COLLAB_HOST: s.url, COLLAB_TOKEN: token, COLLAB_CONFIG_DIR: tempDir(), ...env }),
  };
}

export interface TestProxy {
  url: string;
  host: string;
  /** `CONNECT host:port` lines and absolute-form request URLs, in order. */
  seen: string[];
  close(): Promise<void>;
}

/**
 * A forward proxy: CONNECT tunnels (`drop`: the connection is closed without an answer; `hang`:
 * never answered; `refuse`: 403; `auth`: 407 unless Basic credentials `user:pass` come along) and
 * absolute-form requests.
 */
export async function connectProxy(mode: 'tunnel' | 'drop' | 'hang' | 'refuse' | 'auth' = 'tunnel'): Promise<TestProxy> {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req.url ?? '');
    const upstream = http.request(new URL(req.url ?? ''), { method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    seen.push(`CONNECT ${req.url}`);
    client.on('error', () => undefined);
    if (mode === 'drop') return void client.destroy();
    if (mode === 'hang') return;
    if (mode === 'refuse') return void client.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
    if (mode === 'auth' && req.headers['proxy-authorization'] !== `Basic ${Buffer.from('user:pass').toString('base64')}`)
      return void client.end('HTTP/1.1 407 Proxy Authentication Required\r\ncontent-length: 0\r\n\r\n');
    const [host, port] = (req.url ?? '').split(':');
    tunnel(client, host!, Number(port), head);
  });
  const close = closable(server);
  const port = await listen(server);
  const host = `127.0.0.1:${port}`;
  return { url: `http://${host}`, host, seen, close };
}

/** An honest CONNECT tunnel: `client` joined to `host:port`, once that answers. */
export function tunnel(client: net.Socket, host: string, port: number, head: Buffer): void {
  const upstream = net.connect(port, host, () => {
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  });
  upstream.on('error', () => client.destroy());
  client.on('close', () => upstream.destroy());
}

/** A port nothing listens on (bound, then released). */
export async function deadPort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await new Promise((r) => server.close(r));
  return port;
}
