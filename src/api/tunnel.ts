import type http from 'node:http';
import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import { type ConnectCallback, connectDeadline, type TlsOptions } from './sockets.js';

/** A failure talking to the proxy itself (not to the server behind it): messages name the proxy. */
export class ProxyError extends Error {
  constructor(
    message: string,
    readonly code: string,
    /** `host:port` of the proxy. */
    readonly proxy: string,
    /** `host:port` the tunnel was for. */
    readonly target: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** `host:port` with IPv6 brackets, as CONNECT and messages write it. */
function authority(host: string, port: number | string): string {
  const h = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `${h}:${port}`;
}

function defaultPort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/**
 * Who the peer of a tunnelled TLS connection must prove to be: the target, never the proxy. Given
 * a socket and no `host`, tls.connect checks the certificate against the host that socket was
 * opened to — the proxy's — so a proxy holding a certificate for its own name could answer in the
 * server's place. An IP literal is checked against the certificate's IP SAN and sends no SNI (RFC
 * 6066 allows names only); a host name is both the SNI and the name checked.
 */
function peerIdentity(target: string): { host: string; servername?: string } {
  const host = target.replace(/^\[|\]$/g, '');
  return isIP(host) === 0 ? { host, servername: host } : { host };
}

type NodeModules = { http: typeof import('node:http'); https: typeof import('node:https') };

function proxyAuthorization(proxy: URL): string | undefined {
  if (!proxy.username && !proxy.password) return undefined;
  const pair = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  return `Basic ${Buffer.from(pair).toString('base64')}`;
}

function connectFailure(err: NodeJS.ErrnoException, proxy: URL, proxyName: string, target: string): string {
  const code = err.code ?? 'EPROXY';
  if (code === 'ECONNREFUSED') return `could not connect to proxy ${proxyName} (connection refused)`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `could not resolve proxy host ${proxy.hostname}`;
  if (code === 'ECONNRESET') return `proxy ${proxyName} closed the connection without answering CONNECT ${target}`;
  return `proxy ${proxyName}: ${err.message}`;
}

/** Opens one CONNECT tunnel to `host:port` through `proxy`; `cb` gets the raw socket or a ProxyError. */
function openTunnel(
  mods: NodeModules,
  proxy: URL,
  connectTimeoutMs: number | undefined,
  tlsOptions: TlsOptions,
  host: string,
  port: number | string,
  cb: ConnectCallback,
): void {
  const proxyName = authority(proxy.hostname.replace(/^\[|\]$/g, ''), defaultPort(proxy));
  const target = authority(host, port);
  const auth = proxyAuthorization(proxy);
  let done = false;
  const finish = (err: Error | null, socket?: Duplex) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    cb(err, socket);
  };
  const fail = (code: string, message: string, status?: number) => finish(new ProxyError(message, code, proxyName, target, status));
  const connectReq = (proxy.protocol === 'https:' ? mods.https.request : mods.http.request)({
    host: proxy.hostname.replace(/^\[|\]$/g, ''),
    port: defaultPort(proxy),
    method: 'CONNECT',
    path: target,
    headers: { host: target, ...(auth ? { 'proxy-authorization': auth } : {}) },
    agent: false,
    ...(proxy.protocol === 'https:' ? tlsOptions : {}),
  });
  const ms = connectTimeoutMs;
  const timer =
    ms !== undefined
      ? setTimeout(() => {
          connectReq.destroy();
          fail('ETIMEDOUT', `proxy ${proxyName} did not open a tunnel to ${target} within ${Math.round(ms / 1000)}s`);
        }, ms)
      : undefined;
  connectReq.once('connect', (res, socket, head) => {
    if (res.statusCode !== 200) {
      socket.destroy();
      const reason =
        res.statusCode === 407
          ? 'asks for authentication (407)'
          : `refused the tunnel to ${target} (${res.statusCode} ${res.statusMessage ?? ''})`.trimEnd();
      fail('EPROXY', `proxy ${proxyName} ${reason.replace(/ \)$/, ')')}`, res.statusCode);
      return;
    }
    if (head.length > 0) socket.unshift(head);
    finish(null, socket);
  });
  // A proxy that answers a CONNECT with a plain response (no tunnel) is refusing it.
  connectReq.once('response', (res) => {
    res.resume();
    fail('EPROXY', `proxy ${proxyName} refused the tunnel to ${target} (${res.statusCode})`, res.statusCode);
  });
  connectReq.once('error', (err: NodeJS.ErrnoException) => fail(err.code ?? 'EPROXY', connectFailure(err, proxy, proxyName, target)));
  connectReq.end();
}

/** A keep-alive agent whose connections are CONNECT tunnels through `proxy` (TLS inside for https). */
export async function tunnelAgent(
  secure: boolean,
  proxy: URL,
  connectTimeoutMs: number | undefined,
  tlsOptions: TlsOptions,
): Promise<http.Agent> {
  const [http, https, tls] = await Promise.all([import('node:http'), import('node:https'), import('node:tls')]);
  const Base = secure ? https.Agent : http.Agent;
  return new (class extends Base {
    override createConnection(opts: any, cb: ConnectCallback): undefined {
      openTunnel({ http, https }, proxy, connectTimeoutMs, tlsOptions, opts.host, opts.port, (err, socket) => {
        if (err || !socket) return cb(err ?? new Error('no tunnel'));
        if (!secure) return cb(null, socket);
        const tlsSocket = tls.connect({
          socket: socket as import('node:net').Socket,
          ...peerIdentity(opts.host),
          ...tlsOptions,
        });
        connectDeadline(tlsSocket, 'secureConnect', connectTimeoutMs, 'the TLS handshake');
        cb(null, tlsSocket);
      });
      return undefined;
    }
  })({ keepAlive: true, ...tlsOptions });
}
