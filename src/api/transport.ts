import type http from 'node:http';
import { isIP } from 'node:net';
import { type Duplex, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * The subset of undici's `Dispatcher.request()` contract that collab uses. undici's MockAgent
 * satisfies it as it is (tests); NodeHttpTransport satisfies it over node:http(s).
 */
export interface TransportRequest {
  origin: string;
  path: string;
  method: string;
  headers: Record<string, string>;
  /** A stream is sent as it is read (a file, with its Content-Length among the headers). */
  body?: Buffer | string | Readable;
  signal?: AbortSignal;
  headersTimeout?: number;
  bodyTimeout?: number;
}

export interface TransportResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}

export interface Transport {
  request(req: TransportRequest): Promise<TransportResponse>;
  close?(): Promise<void>;
}

export interface NodeHttpOptions {
  /**
   * CA certificates (PEM) TLS connections trust besides Node's own (NODE_EXTRA_CA_CERTS included),
   * direct and through a proxy; asked once, on the first TLS connection.
   */
  trust?: () => string[];
  /** TCP connect, proxy CONNECT and TLS handshake together, the same direct and through a proxy. */
  connectTimeoutMs?: number;
  /** The proxy for a request origin, or undefined to connect directly (decided per origin). */
  proxyFor?: (origin: URL) => URL | undefined;
}

export class TimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
}

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

type Agent = http.Agent;
/** What TLS connections are given: one secure context for every connection, so the CAs are parsed once. */
type TlsOptions = { secureContext?: import('node:tls').SecureContext };
type ConnectCallback = (err: Error | null, socket?: Duplex) => void;

/**
 * Every connection collab opens, over node:http(s) with keep-alive pools: direct, or through an
 * HTTP(S) proxy with a CONNECT tunnel (for http and https targets alike, as undici and curl do
 * for https). The tunnel is ours rather than undici's ProxyAgent: undici 7 reconnects forever
 * when a proxy closes the CONNECT without answering (nodejs/undici#3897, fixed only in v8, which
 * needs Node 22), and its module costs ~85 ms to import. Nor https-proxy-agent's: 9.1 checks the
 * certificate of an `https://<IP>` target against the proxy's host (see peerIdentity), and costs
 * 55-90 ms to import. One attempt per connection here; the client's retry budget and deadline
 * bound the rest.
 */
export class NodeHttpTransport implements Transport {
  private readonly agents = new Map<string, Agent>();
  private closed = false;
  private tls?: TlsOptions;

  constructor(private readonly options: NodeHttpOptions = {}) {}

  /** The secure context every TLS connection shares (made on the first that needs it). */
  private async tlsOptions(): Promise<TlsOptions> {
    if (!this.tls) {
      const extra = this.options.trust?.() ?? [];
      this.tls = extra.length > 0 ? { secureContext: withCas(await import('node:tls'), extra) } : {};
    }
    return this.tls;
  }

  /** node:http(s) loaded on the first request: commands that send nothing never pay for TLS. */
  private async agentFor(target: URL, proxy: URL | undefined): Promise<{ request: typeof http.request; agent: Agent }> {
    const secure = target.protocol === 'https:';
    const key = `${secure ? 'https' : 'http'} ${proxy?.href ?? ''}`;
    const mod = secure ? await import('node:https') : await import('node:http');
    let agent = this.agents.get(key);
    if (!agent) {
      const tls = secure || proxy?.protocol === 'https:' ? await this.tlsOptions() : {};
      agent = proxy ? await tunnelAgent(secure, proxy, this.options, tls) : await directAgent(secure, this.options, tls);
      this.agents.set(key, agent);
    }
    return { request: mod.request as unknown as typeof http.request, agent };
  }

  async request(req: TransportRequest): Promise<TransportResponse> {
    if (this.closed) throw Object.assign(new Error('the connection pool is closed'), { code: 'ERR_TRANSPORT_CLOSED' });
    const url = new URL(req.origin);
    const secure = url.protocol === 'https:';
    const proxy = this.options.proxyFor?.(url);
    const { request, agent } = await this.agentFor(url, proxy);
    if (req.signal?.aborted) throw abortError(req.signal);
    return new Promise((resolve, reject) => {
      const outgoing = request({
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || (secure ? 443 : 80),
        path: req.path,
        method: req.method,
        headers: req.headers,
        agent,
      });
      let settled = false;
      const onAbort = () => {
        const err = abortError(req.signal!);
        outgoing.destroy(err);
        current?.destroy(err);
      };
      let current: http.IncomingMessage | undefined;
      req.signal?.addEventListener('abort', onAbort, { once: true });
      const headersTimer =
        req.headersTimeout !== undefined
          ? setTimeout(() => {
              outgoing.destroy(new TimeoutError(`no response within ${Math.round(req.headersTimeout! / 1000)}s`));
            }, req.headersTimeout)
          : undefined;
      outgoing.on('response', (res) => {
        settled = true;
        current = res;
        if (headersTimer) clearTimeout(headersTimer);
        const idle = req.bodyTimeout;
        if (idle !== undefined) {
          res.setTimeout(idle, () => {
            res.destroy(new TimeoutError(`no data for ${Math.round(idle / 1000)}s`));
          });
        }
        res.once('close', () => req.signal?.removeEventListener('abort', onAbort));
        resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: res });
      });
      outgoing.on('error', (err) => {
        if (headersTimer) clearTimeout(headersTimer);
        if (!settled) {
          req.signal?.removeEventListener('abort', onAbort);
          reject(err);
        }
      });
      // A body that fails while the answer is read already (a 413 before the end) changes nothing.
      if (req.body instanceof Readable) pipeline(req.body, outgoing).catch((err) => settled || outgoing.destroy(err));
      else outgoing.end(req.body);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}

/**
 * Node's default CAs and `extra`. The CAs are added to a context that starts from Node's own store
 * (shared, already parsed): naming every CA in `ca` instead costs tens of milliseconds of parsing
 * at each start. `addCACert` is the native call behind `ca`; where it is missing, `ca` it is.
 */
function withCas(tls: typeof import('node:tls'), extra: string[]): import('node:tls').SecureContext {
  const context = tls.createSecureContext();
  const native = (context as { context?: { addCACert?: (pem: string) => void } }).context;
  if (typeof native?.addCACert !== 'function') return tls.createSecureContext({ ca: [...tls.rootCertificates, ...extra] });
  for (const pem of extra) native.addCACert(pem);
  return context;
}

function abortError(signal: AbortSignal): Error {
  const reason = signal.reason;
  if (reason instanceof Error) return reason;
  return Object.assign(new Error('aborted'), { name: 'AbortError', code: 'ABORT_ERR' });
}

/** Fails `socket` with a TimeoutError unless `ready` is emitted within `ms`. */
function connectDeadline(socket: Duplex, ready: string, ms: number | undefined, what: string): void {
  if (ms === undefined) return;
  const timer = setTimeout(() => socket.destroy(new TimeoutError(`${what} took longer than ${Math.round(ms / 1000)}s`)), ms);
  const clear = () => clearTimeout(timer);
  socket.once(ready, clear);
  socket.once('close', clear);
}

async function directAgent(secure: boolean, options: NodeHttpOptions, tls: TlsOptions): Promise<Agent> {
  const Base: typeof http.Agent = secure ? (await import('node:https')).Agent : (await import('node:http')).Agent;
  const timeout = options.connectTimeoutMs;
  return new (class extends Base {
    override createConnection(opts: any, cb?: any): Duplex {
      const socket = (Base.prototype as any).createConnection.call(this, opts, cb) as Duplex;
      connectDeadline(socket, secure ? 'secureConnect' : 'connect', timeout, 'connecting');
      return socket;
    }
  })({ keepAlive: true, ...(secure ? tls : {}) });
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
  options: NodeHttpOptions,
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
  const ms = options.connectTimeoutMs;
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
async function tunnelAgent(secure: boolean, proxy: URL, options: NodeHttpOptions, tlsOptions: TlsOptions): Promise<Agent> {
  const [http, https, tls] = await Promise.all([import('node:http'), import('node:https'), import('node:tls')]);
  const Base = secure ? https.Agent : http.Agent;
  return new (class extends Base {
    override createConnection(opts: any, cb: ConnectCallback): undefined {
      openTunnel({ http, https }, proxy, options, tlsOptions, opts.host, opts.port, (err, socket) => {
        if (err || !socket) return cb(err ?? new Error('no tunnel'));
        if (!secure) return cb(null, socket);
        const tlsSocket = tls.connect({
          socket: socket as import('node:net').Socket,
          ...peerIdentity(opts.host),
          ...tlsOptions,
        });
        connectDeadline(tlsSocket, 'secureConnect', options.connectTimeoutMs, 'the TLS handshake');
        cb(null, tlsSocket);
      });
      return undefined;
    }
  })({ keepAlive: true, ...tlsOptions });
}
