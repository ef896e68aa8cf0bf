import type http from 'node:http';
import { type Duplex, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { connectDeadline, TimeoutError, type TlsOptions } from './sockets.js';
import { tunnelAgent } from './tunnel.js';

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

type Agent = http.Agent;
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
      agent = proxy ? await tunnelAgent(secure, proxy, this.options.connectTimeoutMs, tls) : await directAgent(secure, this.options, tls);
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
