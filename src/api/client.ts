import type { Readable } from 'node:stream';
import { text as readText } from 'node:stream/consumers';
import { ApiError, AuthError, CancelError, UsageError } from '../errors.js';
import { errorMessage, statusLine } from './error-body.js';
import { buildQuery, type QueryValue } from './path.js';
import { redactHeader, redactUrl } from './redact.js';
import type { Transport, TransportResponse } from './transport.js';
import { sleep } from '../sleep.js';

export type TokenKind = 'private' | 'oauth';

export interface Credentials {
  token?: { value: string; kind: TokenKind };
  /** CI job token: sent only on requests that ask for it (artifact downloads). */
  jobToken?: string;
}

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Longest single wait the client accepts (a longer Retry-After fails at once). */
  maxDelayMs: number;
  baseDelayMs: number;
}

export interface ClientOptions {
  /** Instance base URL, e.g. https://gitlab.example.com (a trailing /api/v4 is tolerated). */
  host: string;
  credentials: Credentials;
  transport: Transport;
  userAgent: string;
  sudo?: string;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  debug?: (line: string) => void;
  signal?: AbortSignal;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

export interface ApiRequest {
  method: string;
  /** Path below /api/v4 (already encoded), or a URL whose path and query are used on our own origin. */
  path: string;
  query?: Record<string, QueryValue>;
  /** JSON body. */
  body?: unknown;
  /** A pre-encoded body (multipart, --input). */
  rawBody?: { data: Buffer | string; contentType: string };
  headers?: Record<string, string>;
  /** `job`: send the CI job token (artifact downloads); `none`: no credentials. */
  auth?: 'default' | 'job' | 'none';
  /** Follow redirects (GET only); credentials are dropped when the origin changes. */
  followRedirects?: boolean;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  data: T;
  /** The URL that answered. */
  url: string;
}

export interface StreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
  url: string;
}

const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, maxDelayMs: 60_000, baseDelayMs: 500 };
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);
const RETRY_STATUSES = new Set([502, 503, 504]);
const RETRY_ERRORS = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED', 'UND_ERR_CLOSED']);

const CREDENTIAL_HEADERS = new Set(['private-token', 'authorization', 'job-token', 'sudo', 'cookie']);

function setHeader(h: Record<string, string>, name: string, value: string): void {
  for (const k of Object.keys(h)) if (k.toLowerCase() === name.toLowerCase()) delete h[k];
  h[name] = value;
}

export function header(headers: ApiResponse['headers'], name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : v;
}


/** Normalises a host given by a user: scheme defaulted to https, trailing slash and /api/v4 removed. */
export function normalizeHost(raw: string): string {
  let h = raw.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(h)) h = `https://${h}`;
  let url: URL;
  try {
    url = new URL(h);
  } catch {
    throw new UsageError(`invalid host "${raw}": expected a URL such as https://gitlab.example.com`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`invalid host "${raw}": only http and https are supported`);
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v4$/, '');
  return `${url.protocol}//${url.host}${path}`;
}

/** The API client: auth headers, retries, redirects, error mapping. One instance per invocation. */
export class ApiClient {
  readonly host: string;
  readonly origin: string;
  readonly apiPrefix: string;
  private readonly retry: RetryPolicy;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;
  private readonly now: () => number;

  constructor(private readonly options: ClientOptions) {
    this.host = normalizeHost(options.host);
    const url = new URL(this.host);
    this.origin = url.origin;
    this.apiPrefix = `${url.pathname.replace(/\/+$/, '')}/api/v4`;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.sleep = options.sleep ?? sleep;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
  }

  get hasToken(): boolean {
    return this.options.credentials.token !== undefined;
  }

  get hasJobToken(): boolean {
    return this.options.credentials.jobToken !== undefined;
  }

  /** The request target on our own origin: a relative API path, or the path+query of an absolute URL. */
  resolveTarget(req: ApiRequest): string {
    let target: string;
    if (/^https?:\/\//i.test(req.path)) {
      const u = new URL(req.path);
      target = `${u.pathname}${u.search}`;
    } else {
      const p = req.path.startsWith('/') ? req.path : `/${req.path}`;
      target = p.startsWith(`${this.apiPrefix}/`) ? p : `${this.apiPrefix}${p}`;
    }
    const qs = req.query ? buildQuery(req.query) : '';
    if (qs) target += (target.includes('?') ? '&' : '?') + qs;
    return target;
  }

  private buildHeaders(req: ApiRequest): Record<string, string> {
    const h: Record<string, string> = {
      'User-Agent': this.options.userAgent,
      Accept: 'application/json',
    };
    const creds = this.options.credentials;
    const auth = req.auth ?? 'default';
    // Header names as the spec writes them (PRIVATE-TOKEN, SUDO); HTTP itself ignores case.
    if (auth === 'job' && creds.jobToken && !creds.token) h['JOB-TOKEN'] = creds.jobToken;
    else if (auth !== 'none' && creds.token) {
      if (creds.token.kind === 'oauth') h.Authorization = `Bearer ${creds.token.value}`;
      else h['PRIVATE-TOKEN'] = creds.token.value;
    }
    if (this.options.sudo && auth !== 'none') h.SUDO = this.options.sudo;
    for (const [k, v] of Object.entries(req.headers ?? {})) setHeader(h, k, v);
    return h;
  }

  private encodeBody(req: ApiRequest, headers: Record<string, string>): Buffer | string | undefined {
    if (req.rawBody) {
      setHeader(headers, 'Content-Type', req.rawBody.contentType);
      return req.rawBody.data;
    }
    if (req.body !== undefined) {
      if (!Object.keys(headers).some((k) => k.toLowerCase() === 'content-type'))
        headers['Content-Type'] = 'application/json';
      return JSON.stringify(req.body);
    }
    return undefined;
  }

  private log(line: string): void {
    this.options.debug?.(line);
  }

  /** Sends a request and returns the raw response stream (after retries and redirects). */
  async send(req: ApiRequest): Promise<StreamResponse> {
    const method = req.method.toUpperCase();
    const headers = this.buildHeaders(req);
    const body = this.encodeBody(req, headers);
    let origin = this.origin;
    let target = this.resolveTarget(req);
    let redirects = 0;
    let attempt = 0;
    for (;;) {
      attempt++;
      const url = `${origin}${target}`;
      const started = this.now();
      if (this.options.debug) {
        this.log(`> ${method} ${redactUrl(url)}${attempt > 1 ? ` (attempt ${attempt})` : ''}`);
        for (const [k, v] of Object.entries(headers)) this.log(`> ${k}: ${redactHeader(k, v)}`);
      }
      let res: TransportResponse;
      try {
        res = await this.options.transport.request({
          origin,
          path: target,
          method,
          headers,
          body,
          signal: this.options.signal,
          headersTimeout: this.options.timeoutMs,
          bodyTimeout: this.options.timeoutMs,
        });
      } catch (err) {
        if (this.options.signal?.aborted) throw new CancelError();
        const e = err as NodeJS.ErrnoException;
        const code = e.code ?? '';
        if (RETRY_ERRORS.has(code) && IDEMPOTENT.has(method) && attempt < this.retry.maxAttempts) {
          const delay = this.backoff(attempt);
          this.log(`! ${code} on ${method} ${redactUrl(url)}; retrying in ${(delay / 1000).toFixed(1)}s`);
          await this.sleep(delay, this.options.signal);
          continue;
        }
        throw networkError(e, url);
      }
      const status = res.statusCode;
      if (this.options.debug) this.log(`< ${status} ${redactUrl(url)} (${this.now() - started} ms)`);

      if (status === 429 && attempt < this.retry.maxAttempts) {
        const delay = this.retryAfter(res.headers) ?? this.backoff(attempt);
        if (delay <= this.retry.maxDelayMs) {
          res.body.resume();
          this.log(`! 429 Too Many Requests; retrying in ${(delay / 1000).toFixed(1)}s (attempt ${attempt + 1}/${this.retry.maxAttempts})`);
          await this.sleep(delay, this.options.signal);
          continue;
        }
        this.log(`! 429 asks for a wait of ${Math.round(delay / 1000)}s, longer than collab waits`);
      }
      if (RETRY_STATUSES.has(status) && IDEMPOTENT.has(method) && attempt < this.retry.maxAttempts) {
        res.body.resume();
        const delay = this.backoff(attempt);
        this.log(`! ${status}; retrying in ${(delay / 1000).toFixed(1)}s (attempt ${attempt + 1}/${this.retry.maxAttempts})`);
        await this.sleep(delay, this.options.signal);
        continue;
      }
      if (req.followRedirects && [301, 302, 303, 307, 308].includes(status) && (method === 'GET' || method === 'HEAD')) {
        const location = header(res.headers, 'location');
        res.body.resume();
        if (!location) throw new ApiError(`${status} redirect without a Location header`, status);
        if (++redirects > 5) throw new ApiError('too many redirects', status);
        const next = new URL(location, url);
        if (next.origin !== origin) {
          // Another host (object storage): it gets no credentials of ours.
          for (const k of Object.keys(headers))
            if (CREDENTIAL_HEADERS.has(k.toLowerCase())) delete headers[k];
          this.log(`! redirected to another origin ${next.origin}; credentials dropped`);
        }
        origin = next.origin;
        target = `${next.pathname}${next.search}`;
        attempt = 0;
        continue;
      }
      return { status, headers: res.headers, body: res.body, url };
    }
  }

  /** Sends a request and parses the body; non-2xx/304 statuses throw ApiError/AuthError. */
  async request<T = unknown>(req: ApiRequest): Promise<ApiResponse<T>> {
    const res = await this.send(req);
    let raw: string;
    try {
      raw = await readText(res.body);
    } catch (err) {
      if (this.options.signal?.aborted) throw new CancelError();
      throw networkError(err as NodeJS.ErrnoException, res.url);
    }
    const contentType = header(res.headers, 'content-type');
    const data = parseBody(raw, contentType);
    if (res.status >= 400 || (res.status >= 300 && res.status !== 304)) throw this.toError(res.status, data, contentType);
    return { status: res.status, headers: res.headers, data: data as T, url: res.url };
  }

  /** Maps an error status and body to the error a command throws. */
  toError(status: number, data: unknown, contentType: string | undefined): ApiError | AuthError {
    const line = statusLine(status, errorMessage(data, contentType, status));
    if (status === 401) {
      const hint = this.hasToken
        ? 'the token was rejected: check it with `collab auth status`, or log in again with `collab auth login`'
        : this.hasJobToken
          ? 'CI_JOB_TOKEN only authenticates artifact downloads; set COLLAB_TOKEN for other commands'
          : 'no token is set: run `collab auth login` or set COLLAB_TOKEN';
      return new AuthError(line, hint);
    }
    let hint: string | undefined;
    if (status === 403 && /sudo/i.test(line)) hint = '--sudo needs an administrator token';
    if (status === 404 && !this.hasToken) hint = 'private resources need a token: `collab auth login`';
    return new ApiError(line, status, data, hint);
  }

  private backoff(attempt: number): number {
    const exp = this.retry.baseDelayMs * 2 ** (attempt - 1);
    return Math.min(this.retry.maxDelayMs, Math.round(exp / 2 + this.random() * (exp / 2)));
  }

  private retryAfter(headers: ApiResponse['headers']): number | undefined {
    const ra = header(headers, 'retry-after');
    if (ra !== undefined && ra.trim() !== '') {
      if (/^\d+(\.\d+)?$/.test(ra.trim())) return Math.ceil(Number(ra) * 1000);
      const date = Date.parse(ra);
      if (!Number.isNaN(date)) return Math.max(0, date - this.now());
    }
    const reset = header(headers, 'ratelimit-reset');
    if (reset && /^\d+$/.test(reset.trim())) {
      const n = Number(reset);
      // Epoch seconds per the servers' convention; a small number is read as seconds to wait.
      return n > 1e9 ? Math.max(0, n * 1000 - this.now()) : n * 1000;
    }
    return undefined;
  }
}

export function parseBody(raw: string, contentType: string | undefined): unknown {
  if (raw === '') return undefined;
  if (contentType?.includes('json') || /^[[{"]/.test(raw.trimStart())) {
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  }
  return raw;
}

function networkError(err: NodeJS.ErrnoException, url: string): ApiError {
  const where = (() => {
    try {
      return new URL(url).host;
    } catch {
      return url;
    }
  })();
  const code = err.code ?? '';
  const reason =
    code === 'ECONNREFUSED'
      ? `could not connect to ${where} (connection refused)`
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? `could not resolve host ${where}`
        : code === 'ETIMEDOUT' || code.includes('TIMEOUT')
          ? `request to ${where} timed out: ${err.message}`
          : code === 'ECONNRESET' || code === 'UND_ERR_SOCKET'
            ? `connection to ${where} was reset`
            : code.startsWith('CERT_') || code.includes('SELF_SIGNED') || code.includes('UNABLE_TO')
              ? `TLS certificate problem with ${where}: ${err.message}`
              : `network error talking to ${where}: ${err.message}`;
  const hint = code.startsWith('CERT_') || code.includes('SELF_SIGNED') || code.includes('UNABLE_TO')
    ? 'trust a private CA with NODE_EXTRA_CA_CERTS or `collab config set ca_file <pem> --host <url>`'
    : undefined;
  return new ApiError(reason, undefined, undefined, hint);
}
