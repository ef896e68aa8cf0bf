import type { Readable } from 'node:stream';
import { ApiError, AuthError, CancelError, type CollabError, UsageError } from '../errors.js';
import { cellText } from '../output/sanitize.js';
import { sleep } from '../sleep.js';
import { errorMessage, statusLine } from './error-body.js';
import { buildQuery, type QueryValue } from './path.js';
import { redactHeader, redactUrl } from './redact.js';
import { Throttle } from './throttle.js';
import { ProxyError, type Transport, type TransportResponse } from './transport.js';

/** `job`: a CI job token given as the token (`glcbt-…`), sent as JOB-TOKEN. */
export type TokenKind = 'private' | 'oauth' | 'job';

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
  /** Notices for people (stderr): a paginator guard that fired, a list that changed. */
  warn?: (message: string) => void;
  /** Told before each wait for another attempt: `retrying in 3 s (502 Bad Gateway, attempt 2 of 5)`. */
  onRetry?: (message: string) => void;
  signal?: AbortSignal;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
  /** Largest body read into memory (non-streamed); default 500 MiB. */
  maxBodyBytes?: number;
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
  /**
   * What a 2xx body must be (`request()` only): `json` (default), `any` for the raw tool (JSON is
   * still checked; other bodies but HTML pages come back as a Buffer), or the JSON a command
   * expects (an object carrying its id, a list), checked before anything is printed.
   */
  expect?: 'json' | 'any' | AnswerShape;
  /** Abandons this request (a paginator that stopped early cancels the pages it fetched ahead). */
  signal?: AbortSignal;
  /** `request()` returns non-2xx answers instead of throwing (`collab api` prints them first). */
  returnErrors?: boolean;
  /**
   * Ask for the body as stored, uncompressed: downloads, whose Range offsets and sizes count the
   * file's bytes. (A body compressed anyway is still decoded.)
   */
  identity?: boolean;
}

/**
 * The JSON a command expects of a 2xx: an `object` (carrying `key`, the field the command reports:
 * `iid`, `id`; without a key, any but `{}`), a `list` of objects (an empty body is an empty page), or `optional`: nothing, or
 * an object (deletions, answers the spec does not show). `scalars` are accepted too (GitLab's
 * block answers `true`, or `null` — also an empty body — when it already was so).
 */
export interface AnswerShape {
  kind: 'object' | 'list' | 'optional';
  key?: string;
  scalars?: readonly (boolean | null)[];
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
  /** Content codings left for the reader to undo once the body is read whole (outermost last). */
  codings?: string[];
}

const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, maxDelayMs: 60_000, baseDelayMs: 500 };
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);
const RETRY_STATUSES = new Set([502, 503, 504]);
/** Connection failures retried on idempotent requests: resets, and connects that timed out. */
const RETRY_ERRORS = new Set([
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_SOCKET',
  'ECONNABORTED',
  'UND_ERR_CLOSED',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** A non-streamed body larger than this is refused (V8 strings end near 512 MiB). */
const MAX_BODY = 500 * 1024 * 1024;
/** Error bodies are read this far: enough for any message. */
const MAX_ERROR_BODY = 1024 * 1024;
/** JSON nested deeper than this is refused before any recursive code (printing, redaction) sees it. */
const MAX_DEPTH = 512;
const ACCEPT_ENCODING = 'gzip, deflate, br';
/** Content-Encodings decoded (`x-gzip` is gzip's old name); node:zlib is loaded only for such an answer. */
const DECODERS = new Set(['gzip', 'x-gzip', 'deflate', 'br']);

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
  const h = raw.trim();
  // No scheme: guessing https fails against a plain-http server with a TLS error nobody can read.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(h))
    throw new UsageError(
      `invalid host "${raw}": it has no scheme`,
      `give it as https://${h.replace(/^\/+/, '')} (or http://… for a server without TLS)`,
    );
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
  private readonly maxBody: number;
  /** A personal token was refused where the job token is accepted (see fellBackToJobToken). */
  private personalRefused = false;
  /** One 429 pauses every request of this run. */
  private readonly throttle: Throttle;

  constructor(private readonly options: ClientOptions) {
    this.host = normalizeHost(options.host);
    const url = new URL(this.host);
    this.origin = url.origin;
    this.apiPrefix = `${url.pathname.replace(/\/+$/, '')}/api/v4`;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.sleep = options.sleep ?? sleep;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.maxBody = options.maxBodyBytes ?? MAX_BODY;
    this.throttle = new Throttle(this.now);
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
      'Accept-Encoding': req.identity ? 'identity' : ACCEPT_ENCODING,
    };
    const creds = this.options.credentials;
    const auth = req.auth ?? 'default';
    // Header names as the spec writes them (PRIVATE-TOKEN, SUDO); HTTP itself ignores case.
    if (auth === 'job' && creds.jobToken && (!creds.token || this.personalRefused)) h['JOB-TOKEN'] = creds.jobToken;
    else if (auth !== 'none' && creds.token) {
      if (creds.token.kind === 'oauth') h.Authorization = `Bearer ${creds.token.value}`;
      else if (creds.token.kind === 'job') h['JOB-TOKEN'] = creds.token.value;
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
      if (!Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
      return JSON.stringify(req.body);
    }
    return undefined;
  }

  private log(line: string): void {
    this.options.debug?.(line);
  }

  warn(message: string): void {
    this.options.warn?.(message);
  }

  /**
   * Sends a request and returns the open response (after retries and redirects), its body
   * decoded from any Content-Encoding. The deadline (`timeoutMs`) covers everything up to the
   * response headers, retries included; the body is then bounded by the idle timeout only
   * (downloads may take longer than any deadline, but never stall).
   */
  async send(req: ApiRequest): Promise<StreamResponse> {
    return this.exchange(req, async (res) => res, false);
  }

  /**
   * Sends a request and reads the whole body within the deadline. A 2xx must be the JSON the
   * caller expects (or, with `expect: 'any'`, any body but an HTML page); a truncated or
   * undecodable body is retried like a reset on idempotent requests. Non-2xx/304 statuses throw
   * ApiError/AuthError (unless `returnErrors`).
   */
  async request<T = unknown>(req: ApiRequest): Promise<ApiResponse<T>> {
    return this.exchange(req, (res) => this.readResponse<T>(req, res), true);
  }

  private async readResponse<T>(req: ApiRequest, res: StreamResponse): Promise<ApiResponse<T>> {
    const contentType = header(res.headers, 'content-type');
    const ok = res.status >= 200 && res.status < 300;
    if (!ok) {
      const raw = (await readAll(res.body, MAX_ERROR_BODY, 'truncate')).toString('utf8');
      const data = parseBody(raw, contentType);
      const answer = { status: res.status, headers: res.headers, data: data as T, url: res.url };
      if (req.returnErrors || res.status === 304) return answer;
      throw this.statusError(answer);
    }
    const where = hostOf(res.url);
    const length = contentLength(res.headers);
    if (length !== undefined && length > this.maxBody) {
      res.body.destroy();
      throw tooLarge(res.status, where, this.maxBody);
    }
    let raw = await readAll(res.body, this.maxBody, () => tooLarge(res.status, where, this.maxBody));
    if (res.codings) {
      const { decodeWhole } = await import('./decode.js');
      try {
        raw = decodeWhole(raw, res.codings, this.maxBody);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(res.status, where, this.maxBody);
        throw err;
      }
    }
    const data = decodeData(raw, contentType, res.status, where, req.expect);
    if (typeof req.expect === 'object') checkShape(data, req.expect, res.status, where);
    return { status: res.status, headers: res.headers, data: data as T, url: res.url };
  }

  /**
   * The request loop: one deadline over connect, proxy CONNECT, TLS, headers, retries (and, for
   * `bounded` reads, the body), bounded attempts, redirects, and Content-Encoding decoding.
   */
  private async exchange<R>(req: ApiRequest, consume: (res: StreamResponse) => Promise<R>, bounded: boolean): Promise<R> {
    const method = req.method.toUpperCase();
    const headers = this.buildHeaders(req);
    const body = this.encodeBody(req, headers);
    const idempotent = IDEMPOTENT.has(method);
    let origin = this.origin;
    let target = this.resolveTarget(req);
    let redirects = 0;
    let attempt = 0;
    const deadline = new Deadline(this.options.timeoutMs, this.now, this.options.signal, req.signal);
    /** This request, to the rate-limit pause shared by all (see Throttle). */
    const ticket = {};
    /**
     * Another attempt after `delay`, if attempts and the deadline allow it: drains the answer
     * being dropped, logs why, waits. Otherwise false, and the caller reports what it has.
     */
    const mayRetry = async (reason: string, delay: number, drop?: Readable, on?: string): Promise<boolean> => {
      const why = on === undefined ? reason : `${reason} on ${on}`;
      if (attempt >= this.retry.maxAttempts) return false;
      if (!deadline.allows(delay)) {
        this.log(`! ${why}; no time left for another attempt within the ${deadline.seconds}s deadline`);
        return false;
      }
      drop?.resume();
      this.announceRetry(why, reason, delay, attempt);
      await this.sleep(delay, deadline.signal).catch((err) => {
        throw deadline.error(hostOf(`${origin}${target}`)) ?? err;
      });
      return true;
    };
    try {
      for (;;) {
        attempt++;
        const url = `${origin}${target}`;
        await this.throttle.ready(ticket, deadline.signal).catch((err) => {
          throw deadline.error(hostOf(url)) ?? err;
        });
        const started = this.now();
        if (this.options.debug) {
          this.log(`> ${method} ${redactUrl(url, this.origin)}${attempt > 1 ? ` (attempt ${attempt})` : ''}`);
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
            signal: deadline.signal,
            bodyTimeout: this.options.timeoutMs,
          });
        } catch (err) {
          const stop = deadline.error(hostOf(url));
          if (stop) throw stop;
          const e = err as NodeJS.ErrnoException;
          const code = e.code ?? '';
          if (
            RETRY_ERRORS.has(code) &&
            idempotent &&
            (await mayRetry(code, this.backoff(attempt), undefined, `${method} ${redactUrl(url, this.origin)}`))
          )
            continue;
          // Node refused a header before sending anything: bad input, not the network.
          if (code === 'ERR_INVALID_CHAR' || code === 'ERR_INVALID_HTTP_TOKEN')
            throw new UsageError(`a request header cannot be sent: ${cellText(e.message)}`);
          throw networkError(e, url);
        }
        const status = res.statusCode;
        if (this.options.debug) this.log(`< ${status} ${redactUrl(url, this.origin)} (${this.now() - started} ms)`);
        if (origin === this.origin && this.fellBackToJobToken(req, headers, status)) {
          res.body.resume();
          attempt = 0;
          continue;
        }

        if (status !== 429) this.throttle.release(ticket);
        else {
          // A throttled request was not processed: sent again whatever its method.
          const delay = this.retryAfter(res.headers) ?? this.backoff(attempt);
          if (delay > this.retry.maxDelayMs) this.log(`! 429 asks for a wait of ${Math.round(delay / 1000)}s, longer than collab waits`);
          else if (this.throttle.throttled(ticket, delay)) {
            if (await mayRetry('429 Too Many Requests', this.throttle.remaining(), res.body)) continue;
          } else if (attempt < this.retry.maxAttempts) {
            // Sent before another request's 429 paused them all: it goes again after that one.
            res.body.resume();
            this.log(
              `! 429 Too Many Requests; waiting for the pause another request started (attempt ${attempt + 1}/${this.retry.maxAttempts})`,
            );
            continue;
          }
        }
        if (RETRY_STATUSES.has(status) && idempotent && (await mayRetry(statusLine(status, ''), this.backoff(attempt), res.body))) continue;
        if (req.followRedirects && REDIRECTS.has(status) && (method === 'GET' || method === 'HEAD')) {
          const location = header(res.headers, 'location');
          res.body.resume();
          if (!location) throw new ApiError(`${status} redirect without a Location header`, status);
          if (++redirects > 5) throw new ApiError('too many redirects', status);
          let next: URL;
          try {
            next = new URL(location, url);
          } catch {
            throw new ApiError(`${status} redirect to an invalid Location "${cellText(location).slice(0, 200)}"`, status);
          }
          if (next.protocol !== 'http:' && next.protocol !== 'https:')
            throw new ApiError(
              `${status} redirect to a ${cellText(next.protocol)} URL refused (${cellText(redactUrl(location, this.origin)).slice(0, 200)}): only http and https are followed`,
              status,
            );
          if (next.origin !== origin) {
            // Another host (object storage): it gets no credentials of ours.
            for (const k of Object.keys(headers)) if (CREDENTIAL_HEADERS.has(k.toLowerCase())) delete headers[k];
            this.log(`! redirected to another origin ${next.origin}; credentials dropped`);
          }
          origin = next.origin;
          target = `${next.pathname}${next.search}`;
          attempt = 0;
          continue;
        }
        const decoded = await this.decoded({ status, headers: res.headers, body: res.body, url }, method, bounded).catch((err) => {
          throw deadline.error(hostOf(url)) ?? err;
        });
        if (decoded instanceof BodyError) {
          if (idempotent && (await mayRetry(decoded.message, this.backoff(attempt)))) continue;
          throw decoded.final();
        }
        try {
          return await consume(decoded);
        } catch (err) {
          const stop = deadline.error(hostOf(url));
          if (stop) throw stop;
          // Our own verdicts (not JSON, too large) and bugs go up as they are; stream failures are retried.
          if (!(err instanceof BodyError) && typeof (err as NodeJS.ErrnoException)?.code !== 'string') throw err;
          const cut = err instanceof BodyError ? err : bodyError(err as NodeJS.ErrnoException, status, url);
          if (idempotent && (await mayRetry(cut.message, this.backoff(attempt)))) continue;
          throw cut.final();
        }
      }
    } finally {
      this.throttle.release(ticket);
      // A stream handed out keeps Ctrl-C but leaves the deadline (its body has the idle timeout).
      if (bounded) deadline.end();
      else deadline.release();
    }
  }

  /**
   * The response with its body decoded from Content-Encoding (gzip, deflate, br, in any order): as
   * it streams, or, for a 2xx that `whole` says is read into memory anyway, left to the reader to
   * decode at once (`codings`), which costs a fraction of the streaming decoder's set-up.
   */
  private async decoded(res: StreamResponse, method: string, whole: boolean): Promise<StreamResponse | BodyError> {
    const encoding = header(res.headers, 'content-encoding');
    const codings = (encoding ?? '')
      .toLowerCase()
      .split(',')
      .map((c) => c.trim())
      .filter((c) => c !== '' && c !== 'identity');
    if (codings.length === 0 || method === 'HEAD' || res.status === 204 || res.status === 304) return res;
    const unknown = codings.find((c) => !DECODERS.has(c));
    if (unknown) {
      res.body.destroy();
      throw new ApiError(`${res.status} from ${hostOf(res.url)} in an unsupported Content-Encoding "${cellText(encoding!)}"`, res.status);
    }
    const { 'content-encoding': _e, 'content-length': _l, ...rest } = res.headers;
    if (whole && res.status >= 200 && res.status < 300) {
      this.log(`< content-encoding: ${encoding} (decoded)`);
      return { ...res, headers: rest, codings };
    }
    let body: Readable;
    try {
      const { decodeStream } = await import('./decode.js');
      body = await decodeStream(res.body, codings);
    } catch (err) {
      return bodyError(err as NodeJS.ErrnoException, res.status, res.url);
    }
    this.log(`< content-encoding: ${encoding} (decoded)`);
    return { ...res, headers: rest, body };
  }

  /** The error for a non-2xx answer read with `returnErrors`. */
  statusError(res: ApiResponse): ApiError | AuthError {
    if (res.status >= 300 && res.status < 400) return redirectError(res.status, header(res.headers, 'location'), hostOf(res.url));
    return this.toError(res.status, res.data, header(res.headers, 'content-type'));
  }

  /**
   * A request the job token may make (`auth: 'job'`: artifact downloads, a pipeline's jobs) that
   * was refused (401/403) to a personal or OAuth token is sent again with the CI job token, once,
   * with a notice: inside CI the job token may reach what the personal token cannot. The later
   * requests of this kind use the job token from the start.
   */
  private fellBackToJobToken(req: ApiRequest, headers: Record<string, string>, status: number): boolean {
    const { token, jobToken } = this.options.credentials;
    if (req.auth !== 'job' || (status !== 401 && status !== 403) || !jobToken || !token || token.kind === 'job') return false;
    if (Object.keys(headers).some((k) => k.toLowerCase() === 'job-token')) return false;
    for (const k of Object.keys(headers)) if (CREDENTIAL_HEADERS.has(k.toLowerCase())) delete headers[k];
    headers['JOB-TOKEN'] = jobToken;
    // The next requests of this kind go with the job token at once.
    this.personalRefused = true;
    this.warn(
      `the ${token.kind === 'oauth' ? 'OAuth' : 'personal'} token was refused (${status}) for ${req.method} ${req.path.split('?')[0]}; trying again with the CI job token (CI_JOB_TOKEN)`,
    );
    return true;
  }

  /** Maps an error status and body to the error a command throws. */
  toError(status: number, data: unknown, contentType: string | undefined): ApiError | AuthError {
    const line = statusLine(status, errorMessage(data, contentType, status));
    if (status === 401) {
      const hint =
        this.options.credentials.token?.kind === 'job'
          ? "a CI job token (glcbt-…) is accepted only where GitLab allows job tokens (artifact downloads, a pipeline's jobs, …); use a personal access token for the rest"
          : this.hasToken
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

  /**
   * For a caller that retries on its own (a download continued after its connection was cut):
   * logs, waits the backoff of a request's retry and returns true, or returns false when
   * `attempt` (1 for the first) has used up the retry budget.
   */
  async pauseBeforeRetry(attempt: number, reason: string): Promise<boolean> {
    if (attempt >= this.retry.maxAttempts) return false;
    const delay = this.backoff(attempt);
    this.announceRetry(reason, reason, delay, attempt);
    await this.sleep(delay, this.options.signal);
    return true;
  }

  /** Every retry is logged (`--debug`) and told (`onRetry`: a terminal) here, whoever retries. */
  private announceRetry(logged: string, reason: string, delay: number, attempt: number): void {
    this.log(`! ${logged}; retrying in ${(delay / 1000).toFixed(1)}s (attempt ${attempt + 1}/${this.retry.maxAttempts})`);
    this.options.onRetry?.(`retrying in ${seconds(delay)} s (${reason}, attempt ${attempt + 1} of ${this.retry.maxAttempts})`);
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

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function contentLength(headers: ApiResponse['headers']): number | undefined {
  const v = header(headers, 'content-length');
  return v !== undefined && /^\d+$/.test(v.trim()) ? Number(v) : undefined;
}

/**
 * One request's time budget: `timeoutMs` from the first attempt, aborting whatever is under way
 * (connect, CONNECT, TLS, waiting, reading, sleeping between attempts). Ctrl-C aborts it too.
 */
class Deadline {
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private readonly timer?: NodeJS.Timeout;
  private readonly expiresAt?: number;
  private expired = false;

  /** `now` (the client's clock) accounts for the budget; a real timer aborts I/O that outlasts it. */
  constructor(
    private readonly ms: number | undefined,
    private readonly now: () => number,
    private readonly user: AbortSignal | undefined,
    private readonly caller: AbortSignal | undefined,
  ) {
    if (ms !== undefined) {
      this.expiresAt = now() + ms;
      this.timer = setTimeout(() => {
        this.expired = true;
        this.controller.abort(new Error('deadline'));
      }, ms);
    }
    const signals = [user, caller, this.controller.signal].filter((x): x is AbortSignal => x !== undefined);
    this.signal = signals.length > 1 ? AbortSignal.any(signals) : this.controller.signal;
  }

  get seconds(): number {
    return Math.round((this.ms ?? 0) / 100) / 10;
  }

  /** Whether waiting `delay` ms still leaves time for an attempt. */
  allows(delay: number): boolean {
    return this.expiresAt === undefined || this.now() + delay < this.expiresAt;
  }

  /** Why the request must stop now (Ctrl-C or the deadline), if it must. */
  error(host: string): CollabError | undefined {
    if (this.user?.aborted || this.caller?.aborted) return new CancelError();
    if (this.expired)
      return new ApiError(
        `request to ${host} timed out after ${this.seconds}s`,
        undefined,
        undefined,
        'a slow server or network? raise --timeout (seconds; it covers connecting, every retry and the answer)',
      );
    return undefined;
  }

  end(): void {
    clearTimeout(this.timer);
  }

  /** The deadline no longer applies (a streamed body has its idle timeout); Ctrl-C still does. */
  release(): void {
    clearTimeout(this.timer);
  }
}

/** A wait for people: `3`, `0.5`, `1.2` (seconds). */
function seconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}

/** A body that was cut short or could not be decoded: retried like a reset on idempotent requests. */
class BodyError extends Error {
  constructor(
    message: string,
    private readonly hint?: string,
  ) {
    super(message);
  }

  final(): ApiError {
    return new ApiError(this.message, undefined, undefined, this.hint);
  }
}

function bodyError(err: NodeJS.ErrnoException, status: number, url: string): BodyError {
  const code = err.code ?? '';
  const why =
    code.startsWith('Z_') || code.startsWith('ERR__') || /zlib|decompress|header check|end of file/i.test(err.message)
      ? `could not be decoded (${err.message})`
      : code === 'ETIMEDOUT'
        ? `stalled (${err.message})`
        : `was cut short (${code === 'ECONNRESET' || err.message === 'aborted' ? 'connection reset' : err.message})`;
  return new BodyError(`the ${status} answer from ${hostOf(url)} ${why}`);
}

/** Reads a body up to `limit` bytes: beyond it, `truncate` keeps the start, otherwise the error given is thrown. */
async function readAll(body: Readable, limit: number, over: 'truncate' | (() => Error)): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    if (size + b.length > limit) {
      body.destroy();
      if (over === 'truncate') {
        chunks.push(b.subarray(0, limit - size));
        size = limit;
        break;
      }
      throw over();
    }
    chunks.push(b);
    size += b.length;
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}

function tooLarge(status: number, host: string, limit: number): ApiError {
  const size = limit >= 1024 * 1024 ? `${Math.round(limit / (1024 * 1024))} MB` : `${limit} bytes`;
  return new ApiError(
    `the ${status} answer from ${host} is larger than ${size}, more than collab holds in memory`,
    status,
    undefined,
    'narrow the request (--per-page, filters); files are fetched by the download commands, which stream',
  );
}

function isJsonType(contentType: string | undefined): boolean {
  return contentType !== undefined && /[/+]json\b/i.test(contentType);
}

function mediaType(contentType: string | undefined): string {
  return cellText((contentType ?? '').split(';')[0]!.trim().toLowerCase()).slice(0, 100);
}

function notJson(status: number, host: string, contentType: string | undefined, html: boolean): ApiError {
  const type = mediaType(contentType) || 'no content type';
  const what = html ? `${type}: a sign-in page? check --host` : type;
  return new ApiError(`${status} from ${host} was not JSON (${what})`, status);
}

/**
 * A 2xx body as data: JSON (checked, BOM tolerated, depth-limited), undefined when empty, a
 * Buffer for other types when the caller takes `any` — never an HTML page.
 */
function decodeData(raw: Buffer, contentType: string | undefined, status: number, host: string, expect: ApiRequest['expect']): unknown {
  if (raw.length === 0) return undefined;
  const declared = isJsonType(contentType);
  const start = firstNonSpace(raw);
  const looksJson = start === 0x7b || start === 0x5b || start === 0x22; // { [ "
  // An empty Content-Type says as little as none.
  if (!declared && !(!contentType?.trim() && looksJson)) {
    const html = /html/i.test(contentType ?? '') || HTML_START.test(raw.subarray(0, 512).toString('latin1'));
    if (expect === 'any' && !html) return raw;
    throw notJson(status, host, contentType, html);
  }
  // Declared JSON but markup: a proxy's page under the wrong type, not a body cut short.
  if (start === 0x3c) throw notJson(status, host, contentType, true);
  let text = raw.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new BodyError(`the ${status} answer from ${host} was cut short or is not valid JSON (${(err as Error).message})`);
  }
  if (tooDeep(data))
    throw new ApiError(`the ${status} answer from ${host} is JSON nested more than ${MAX_DEPTH} levels deep; collab refuses it`, status);
  return data;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** What `shape` asks for, in words, when `data` is not it. */
function shapeMismatch(data: unknown, shape: AnswerShape): string | undefined {
  if (shape.scalars?.includes((data ?? null) as boolean | null)) return undefined;
  switch (shape.kind) {
    case 'list':
      if (data === undefined || (Array.isArray(data) && data.every(isObject))) return undefined;
      return 'a list of objects';
    case 'optional':
      return data === undefined || data === null || isObject(data) ? undefined : 'nothing or an object';
    default: {
      const key = shape.key;
      if (isObject(data) && (key === undefined ? Object.keys(data).length > 0 : isIdentifier(data[key]))) return undefined;
      return key === undefined ? 'a non-empty object' : `an object with "${key}"`;
    }
  }
}

const isIdentifier = (v: unknown) => (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.trim() !== '');

/** A 2xx whose JSON is not what the command expects (`{}` for an issue, `"ok"`, `[]`): an error, not retried. */
function checkShape(data: unknown, shape: AnswerShape, status: number, host: string): void {
  const wanted = shapeMismatch(data, shape);
  if (wanted === undefined) return;
  let got = data === undefined ? 'an empty body' : JSON.stringify(data);
  if (got.length > 80) got = `${got.slice(0, 80)}…`;
  throw new ApiError(
    `${status} from ${host} was not the answer collab expects (${wanted}): got ${cellText(got)}`,
    status,
    data,
    'another server or a proxy answering for the API? check --host',
  );
}

const HTML_START = /^(\xef\xbb\xbf)?\s*<(!doctype\s+html|html|head|body|title)\b/i;

function firstNonSpace(raw: Buffer): number | undefined {
  for (let i = 0; i < raw.length && i < 1024; i++) {
    const c = raw[i]!;
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0xef && c !== 0xbb && c !== 0xbf) return c;
  }
  return undefined;
}

/** Whether a parsed value nests deeper than MAX_DEPTH (visits objects only; stops at the limit). */
function tooDeep(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (depth >= MAX_DEPTH) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      if (v !== null && typeof v === 'object' && tooDeep(v, depth + 1)) return true;
    }
    return false;
  }
  for (const k in value) {
    const v = (value as Record<string, unknown>)[k];
    if (v !== null && typeof v === 'object' && tooDeep(v, depth + 1)) return true;
  }
  return false;
}

/** A 3xx on an API call: collab does not follow those (credentials would follow), but says where it points. */
function redirectError(status: number, location: string | undefined, host: string): ApiError {
  if (!location) return new ApiError(`${status} from ${host}: a redirect without a Location`, status);
  const where = cellText(redactUrl(location)).slice(0, 300);
  return new ApiError(
    `${status} from ${host}: redirected to ${where}`,
    status,
    undefined,
    /^https:/i.test(location) && !/^https:/i.test(host)
      ? 'the server moved to https: use --host https://…'
      : 'API calls are not followed across redirects: check --host (a sign-in proxy, or the instance moved?)',
  );
}

function networkError(err: NodeJS.ErrnoException, url: string): ApiError {
  if (err instanceof ProxyError)
    return new ApiError(err.message, err.status, undefined, 'check HTTPS_PROXY / HTTP_PROXY, or NO_PROXY for hosts reached directly');
  const where = hostOf(url);
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
  const hint =
    code.startsWith('CERT_') || code.includes('SELF_SIGNED') || code.includes('UNABLE_TO')
      ? 'trust a private CA with NODE_EXTRA_CA_CERTS or `collab config set ca_file <pem> --host <url>`'
      : undefined;
  return new ApiError(reason, undefined, undefined, hint);
}
