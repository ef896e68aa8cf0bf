import type http from 'node:http';
import type https from 'node:https';
import type { Readable } from 'node:stream';

/**
 * The subset of undici's `Dispatcher.request()` contract that collab uses. undici's MockAgent and
 * EnvHttpProxyAgent satisfy it as they are; NodeHttpTransport satisfies it over node:http(s).
 */
export interface TransportRequest {
  origin: string;
  path: string;
  method: string;
  headers: Record<string, string>;
  body?: Buffer | string;
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
  /** Extra trusted CA certificates (PEM), added to Node's defaults. */
  ca?: string[];
  connectTimeoutMs?: number;
}

export class TimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
}

/**
 * Direct connections over node:http(s) with keep-alive pools. undici's own module takes ~85 ms to
 * import here (more than starting Node), so it is loaded only for proxies and in tests.
 */
export class NodeHttpTransport implements Transport {
  private httpAgent?: http.Agent;
  private httpsAgent?: https.Agent;

  constructor(private readonly options: NodeHttpOptions = {}) {}

  /** node:http(s) loaded on the first request: commands that send nothing never pay for TLS. */
  private async client(secure: boolean): Promise<{ request: typeof http.request; agent: http.Agent }> {
    if (secure) {
      const https = await import('node:https');
      this.httpsAgent ??= new https.Agent({ keepAlive: true, ...(this.options.ca ? { ca: this.options.ca } : {}) });
      return { request: https.request as unknown as typeof http.request, agent: this.httpsAgent };
    }
    const http = await import('node:http');
    this.httpAgent ??= new http.Agent({ keepAlive: true });
    return { request: http.request, agent: this.httpAgent };
  }

  async request(req: TransportRequest): Promise<TransportResponse> {
    const url = new URL(req.origin);
    const secure = url.protocol === 'https:';
    const { request, agent } = await this.client(secure);
    const idle = req.bodyTimeout ?? req.headersTimeout;
    return new Promise((resolve, reject) => {
      const outgoing = request({
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || (secure ? 443 : 80),
        path: req.path,
        method: req.method,
        headers: req.headers,
        agent,
        signal: req.signal,
        timeout: this.options.connectTimeoutMs,
      });
      let settled = false;
      const headersTimer =
        req.headersTimeout !== undefined
          ? setTimeout(() => {
              outgoing.destroy(new TimeoutError(`no response within ${Math.round(req.headersTimeout! / 1000)}s`));
            }, req.headersTimeout)
          : undefined;
      outgoing.on('timeout', () => {
        if (!settled) outgoing.destroy(new TimeoutError('connection timed out'));
      });
      outgoing.on('response', (res) => {
        settled = true;
        if (headersTimer) clearTimeout(headersTimer);
        if (idle !== undefined) {
          res.setTimeout(idle, () => {
            res.destroy(new TimeoutError(`no data for ${Math.round(idle / 1000)}s`));
          });
        }
        resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: res });
      });
      outgoing.on('error', (err) => {
        if (headersTimer) clearTimeout(headersTimer);
        if (!settled) reject(err);
      });
      outgoing.end(req.body);
    });
  }

  async close(): Promise<void> {
    this.httpAgent?.destroy();
    this.httpsAgent?.destroy();
  }
}
