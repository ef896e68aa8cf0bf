import fs from 'node:fs';
import { BlockList, isIP } from 'node:net';
import { UsageError } from '../errors.js';
import { NodeHttpTransport, type Transport } from './transport.js';

export interface ConnectOptions {
  /** Normalised instance URL. */
  host: string;
  env: Record<string, string | undefined>;
  /** Private CAs (PEM files) trusted for this host: the config's `ca_file`, a CI job's CI_SERVER_TLS_CA_FILE. */
  caFiles?: readonly { path: string; from: string }[];
  timeoutMs?: number;
}

/** Longest wait for a connection (TCP, proxy CONNECT, TLS), direct or proxied; never past --timeout. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The one transport policy. Proxy or direct is decided per request origin (the API host, and any
 * host a download is redirected to), as curl does: HTTPS_PROXY for https, HTTP_PROXY for http,
 * NO_PROXY bypassing both. TLS trusts what curl, git and a runner's own tools trust: the system's
 * CA store beside Node's own (NODE_EXTRA_CA_CERTS included), and the host's private CAs, direct
 * and through the proxy alike; connect timeouts are the same either way.
 */
export function createTransport(options: ConnectOptions): Transport {
  // Read now: an unreadable private CA is bad input, before anything is sent.
  const privateCas = (options.caFiles ?? []).map(({ path, from }) => readPem(path, from));
  const connectTimeoutMs = Math.min(CONNECT_TIMEOUT_MS, options.timeoutMs ?? CONNECT_TIMEOUT_MS);
  return new NodeHttpTransport({
    trust: () => extraCas(options.env, privateCas),
    connectTimeoutMs,
    proxyFor: proxyPolicy(options.env),
  });
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

function readPem(file: string, from: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read ${from} ${file}: ${(err as Error).message}`);
  }
}

/**
 * Where the system keeps its trusted CAs, as OpenSSL, curl and Go find them: SSL_CERT_FILE, else
 * the bundle of the distribution (Go's crypto/x509 root_linux.go list). Node trusts only the CAs
 * built into it, and a single executable cannot be told otherwise (NODE_OPTIONS=--use-openssl-ca):
 * a CA installed with update-ca-certificates would be trusted by every tool in the image but collab.
 */
const SYSTEM_BUNDLES = [
  '/etc/ssl/certs/ca-certificates.crt',
  '/etc/pki/tls/certs/ca-bundle.crt',
  '/etc/ssl/ca-bundle.pem',
  '/etc/pki/tls/cacert.pem',
  '/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem',
  '/etc/ssl/cert.pem',
];

function readQuietly(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function firstBundle(): string | undefined {
  for (const file of SYSTEM_BUNDLES) {
    const pem = readQuietly(file);
    if (pem !== undefined) return pem;
  }
  return undefined;
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const base64Of = (pem: string) => pem.replace(/-----[A-Z ]+-----|\s/g, '');

/**
 * The CAs to trust besides Node's own: the system's that Node does not already have (most of a
 * distribution's bundle is the same Mozilla list), NODE_EXTRA_CA_CERTS (which a context of our own
 * does not get), and the host's private CAs.
 */
function extraCas(env: Record<string, string | undefined>, privateCas: string[]): string[] {
  const bundle = env.SSL_CERT_FILE ? readQuietly(env.SSL_CERT_FILE) : firstBundle();
  // Loaded only here: node:tls costs every start that makes no TLS connection.
  const known = new Set(process.getBuiltinModule('node:tls').rootCertificates.map(base64Of));
  const system = (bundle?.match(PEM_CERTIFICATE) ?? []).filter((pem) => !known.has(base64Of(pem)));
  const extra = env.NODE_EXTRA_CA_CERTS ? readQuietly(env.NODE_EXTRA_CA_CERTS) : undefined;
  return [...system, ...(extra ? [extra] : []), ...privateCas];
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
