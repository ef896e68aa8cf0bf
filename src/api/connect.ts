import fs from 'node:fs';
import { UsageError } from '../errors.js';
import { NodeHttpTransport, type Transport } from './transport.js';

export interface ConnectOptions {
  /** Normalised instance URL. */
  host: string;
  env: Record<string, string | undefined>;
  /** A private CA (PEM) trusted for this host, from the config store. */
  caFile?: string;
  timeoutMs?: number;
}

/** Longest wait for a connection (TCP, proxy CONNECT, TLS), direct or proxied; never past --timeout. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The one transport policy. Proxy or direct is decided per request origin (the API host, and any
 * host a download is redirected to), as curl does: HTTPS_PROXY for https, HTTP_PROXY for http,
 * NO_PROXY bypassing both. A per-host CA file is added to Node's defaults (NODE_EXTRA_CA_CERTS
 * included), never replacing them, and trusted direct and through the proxy alike; connect
 * timeouts are the same either way.
 */
export function createTransport(options: ConnectOptions): Transport {
  const ca = caCertificates(options.caFile, options.env.NODE_EXTRA_CA_CERTS);
  const connectTimeoutMs = Math.min(CONNECT_TIMEOUT_MS, options.timeoutMs ?? CONNECT_TIMEOUT_MS);
  return new NodeHttpTransport({ ca, connectTimeoutMs, proxyFor: proxyPolicy(options.env) });
}

/** Which proxy (if any) carries requests to an origin; undefined when no proxy is configured at all. */
export function proxyPolicy(env: Record<string, string | undefined>): ((origin: URL) => URL | undefined) | undefined {
  const httpsProxy = proxyUrl(env.HTTPS_PROXY ?? env.https_proxy, 'HTTPS_PROXY');
  const httpProxy = proxyUrl(env.HTTP_PROXY ?? env.http_proxy, 'HTTP_PROXY');
  if (!httpsProxy && !httpProxy) return undefined;
  const noProxy = env.NO_PROXY ?? env.no_proxy;
  return (origin) => {
    const proxy = origin.protocol === 'https:' ? httpsProxy : httpProxy;
    return proxy && !bypassProxy(origin.hostname, noProxy) ? proxy : undefined;
  };
}

/** A proxy URL from the environment; a bare `host:port` means http://, as curl reads it. */
function proxyUrl(raw: string | undefined, name: string): URL | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  let url: URL;
  // A proxy's password stays out of messages.
  const shown = value.replace(/\/\/[^/@]*@/, '//…@');
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`);
  } catch {
    throw new UsageError(`invalid ${name} "${shown}": expected a URL such as http://proxy.example.com:3128`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`invalid ${name} "${shown}": only http:// and https:// proxies are supported`);
  return url;
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
  // Loaded only here: node:tls (and node:module for a require) cost every start that needs neither.
  const tls = process.getBuiltinModule('node:tls');
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
