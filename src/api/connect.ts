import fs from 'node:fs';
import { createRequire } from 'node:module';
import { UsageError } from '../errors.js';
import { NodeHttpTransport, type Transport, type TransportRequest } from './transport.js';

export interface ConnectOptions {
  /** Normalised instance URL. */
  host: string;
  env: Record<string, string | undefined>;
  /** A private CA (PEM) trusted for this host, from the config store. */
  caFile?: string;
  timeoutMs?: number;
}

/**
 * The transport for a host: undici's EnvHttpProxyAgent when a proxy applies (it honours
 * NO_PROXY too), otherwise direct node:http(s). A per-host CA file is added to Node's defaults
 * (NODE_EXTRA_CA_CERTS included), never replacing them.
 */
export function createTransport(options: ConnectOptions): Transport {
  const e = options.env;
  const httpsProxy = e.HTTPS_PROXY ?? e.https_proxy;
  const httpProxy = e.HTTP_PROXY ?? e.http_proxy;
  const noProxy = e.NO_PROXY ?? e.no_proxy;
  const url = new URL(options.host);
  const proxy = url.protocol === 'https:' ? httpsProxy : httpProxy;
  const ca = caCertificates(options.caFile, e.NODE_EXTRA_CA_CERTS);
  if (proxy && !bypassProxy(url.hostname, noProxy)) return new LazyProxyTransport({ httpProxy, httpsProxy, noProxy, ca });
  return new NodeHttpTransport({ ca, connectTimeoutMs: options.timeoutMs });
}

function caCertificates(caFile: string | undefined, extraCaFile: string | undefined): string[] | undefined {
  if (!caFile) return undefined;
  let pem: string;
  try {
    pem = fs.readFileSync(caFile, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read ca_file ${caFile}: ${(err as Error).message}`);
  }
  const extra: string[] = [];
  if (extraCaFile) {
    try {
      extra.push(fs.readFileSync(extraCaFile, 'utf8'));
    } catch {
      // Node itself warns about an unreadable NODE_EXTRA_CA_CERTS
    }
  }
  const tls = createRequire(import.meta.url)('node:tls') as typeof import('node:tls');
  return [...tls.rootCertificates, ...extra, pem];
}

/** NO_PROXY matching: exact host, domain suffix (`.example.com` or `example.com`), or `*`. */
export function bypassProxy(hostname: string, noProxy: string | undefined): boolean {
  if (!noProxy) return false;
  const host = hostname.toLowerCase();
  return noProxy
    .split(/[,\s]+/)
    .filter(Boolean)
    .some((entry) => {
      const e = entry.toLowerCase().replace(/:\d+$/, '');
      if (e === '*') return true;
      const bare = e.replace(/^\*?\./, '');
      return host === bare || host.endsWith(`.${bare}`);
    });
}

/** Defers importing undici (~85 ms) until the first proxied request. */
class LazyProxyTransport implements Transport {
  private agent?: Transport & { close(): Promise<void> };
  constructor(private readonly options: { httpProxy?: string; httpsProxy?: string; noProxy?: string; ca?: string[] }) {}

  async request(req: TransportRequest) {
    if (!this.agent) {
      const { EnvHttpProxyAgent } = await import('undici');
      this.agent = new EnvHttpProxyAgent({
        httpProxy: this.options.httpProxy,
        httpsProxy: this.options.httpsProxy,
        noProxy: this.options.noProxy,
        ...(this.options.ca ? { connect: { ca: this.options.ca } } : {}),
      }) as unknown as Transport & { close(): Promise<void> };
    }
    return this.agent.request(req);
  }

  async close() {
    await this.agent?.close();
  }
}
