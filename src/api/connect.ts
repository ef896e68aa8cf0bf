import fs from 'node:fs';
import { BlockList, isIP } from 'node:net';
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
    return proxy && !bypassProxy(origin.hostname, noProxy, origin.port || (origin.protocol === 'https:' ? '443' : '80'))
      ? proxy
      : undefined;
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

/**
 * NO_PROXY matching, as curl and Go read it: `*`; a host or domain (`example.com` and
 * `.example.com` cover its subdomains too; a trailing dot is ignored); an IP address (IPv6 with or
 * without brackets) or a CIDR range (`10.0.0.0/8`, `fd00::/8`) for hosts given as addresses; any
 * of them with `:port` applying to that port only. `port` is the request's (omitted: any).
 */
export function bypassProxy(hostname: string, noProxy: string | undefined, port?: string): boolean {
  if (!noProxy) return false;
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  const hostIp = isIP(host);
  return noProxy
    .split(/[,\s]+/)
    .filter(Boolean)
    .some((entry) => {
      const e = entry.toLowerCase();
      if (e === '*') return true;
      // `host:port`, `[v6]:port`, `v6` (colons but no brackets: no port), `a.b.c.d/n`.
      const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(e);
      const m = bracketed ?? (isIP(e.split('/')[0]!) === 6 ? [e, e, undefined] : /^(.*?)(?::(\d+))?$/.exec(e)!);
      const name = m[1]!.replace(/\.$/, '');
      if (m[2] !== undefined && port !== undefined && m[2] !== port) return false;
      if (name.includes('/')) return hostIp !== 0 && inCidr(host, hostIp, name);
      if (isIP(name) !== 0) return hostIp !== 0 && sameAddress(host, name);
      const bare = name.replace(/^\*?\./, '');
      return bare !== '' && (host === bare || host.endsWith(`.${bare}`));
    });
}

function sameAddress(a: string, b: string): boolean {
  const list = new BlockList();
  list.addAddress(b, isIP(b) === 6 ? 'ipv6' : 'ipv4');
  return list.check(a, isIP(a) === 6 ? 'ipv6' : 'ipv4');
}

function inCidr(host: string, family: number, cidr: string): boolean {
  const [network, bits] = cidr.split('/') as [string, string];
  const type = isIP(network);
  if (type === 0 || !/^\d+$/.test(bits) || Number(bits) > (type === 6 ? 128 : 32)) return false;
  const list = new BlockList();
  list.addSubnet(network, Number(bits), type === 6 ? 'ipv6' : 'ipv4');
  return list.check(host, family === 6 ? 'ipv6' : 'ipv4');
}
