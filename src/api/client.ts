import { Readable } from 'node:stream';
import type { Credentials } from '../credentials.js';
import type { ApiError, AuthError } from '../errors.js';
import { normalizeHost } from '../host-url.js';
import { type ApiResponse, ERROR_BODY_LIMIT, errorAnswer, readBody, type StreamResponse } from './answer.js';
import { readAnswer } from './answer-check.js';
import { Authorizer } from './credentials.js';
import { Exchange, type Wire } from './exchange.js';
import { statusError } from './failures.js';
import { acceptsJobToken } from './job-token-routes.js';
import { MovedProjects } from './moved-projects.js';
import { type ApiRequest, requestTarget } from './request.js';
import { type Delay, Retries, type RetryPolicy } from './retry.js';
import { Throttle } from './throttle.js';
import type { Transport } from './transport.js';

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
  /** The wait between attempts (Retries' delay): a real timer unless given. */
  sleep?: Delay;
  random?: () => number;
  now?: () => number;
  /** Largest body read into memory (non-streamed); default 500 MiB. */
  maxBodyBytes?: number;
}

/** A non-streamed body larger than this is refused (V8 strings end near 512 MiB). */
const MAX_BODY = 500 * 1024 * 1024;

/**
 * The API client: one instance per invocation. It builds each request (request.ts), runs it to
 * its answer (exchange.ts: retries, deadline, redirects), checks what a 2xx says (answer-check.ts)
 * and maps the rest to errors (failures.ts).
 */
export class ApiClient {
  readonly host: string;
  readonly origin: string;
  readonly apiPrefix: string;
  private readonly wire: Wire;
  private readonly maxBody: number;
  private readonly moves: MovedProjects;

  constructor(private readonly options: ClientOptions) {
    this.host = normalizeHost(options.host);
    const url = new URL(this.host);
    this.origin = url.origin;
    this.apiPrefix = `${url.pathname.replace(/\/+$/, '')}/api/v4`;
    this.maxBody = options.maxBodyBytes ?? MAX_BODY;
    const now = options.now ?? Date.now;
    this.moves = new MovedProjects(this.apiPrefix);
    this.wire = {
      transport: options.transport,
      origin: this.origin,
      apiPrefix: this.apiPrefix,
      moves: this.moves,
      userAgent: options.userAgent,
      auth: new Authorizer(options.credentials, options.sudo, (message) => this.warn(message), url.host),
      retries: new Retries({
        policy: options.retry,
        delay: options.sleep,
        random: options.random,
        now,
        debug: options.debug,
        onRetry: options.onRetry,
      }),
      throttle: new Throttle(now),
      timeoutMs: options.timeoutMs,
      signal: options.signal,
      now,
      debug: options.debug,
    };
  }

  get hasToken(): boolean {
    return this.options.credentials.token !== undefined;
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
    try {
      return await this.movedWriteResent(req, await this.exchange(req, async (res) => res, false));
    } finally {
      await this.tellMoves();
    }
  }

  /**
   * A streamed write (`collab api -X POST …`) refused as a moved project's: resolved and re-sent
   * as `request()` does. Any other 405 comes back as it was, its body read and given back.
   */
  private async movedWriteResent(req: ApiRequest, res: StreamResponse): Promise<StreamResponse> {
    const method = req.method.toUpperCase();
    if (res.status !== 405 || method === 'GET' || method === 'HEAD') return res;
    const raw = await readBody(res.body, ERROR_BODY_LIMIT, 'truncate');
    const segment = this.moves.movedWrite(this.statusError(errorAnswer(res, raw)), method, requestTarget(req, this.apiPrefix));
    if (segment !== undefined && (await this.resolveMoved(segment, req.signal))) return this.exchange(req, async (again) => again, false);
    return { ...res, body: Readable.from([raw]) };
  }

  /** Reads a project by its old path (the 301 followed tells its id): whether it is now known to have moved. */
  private async resolveMoved(segment: string, signal: AbortSignal | undefined): Promise<boolean> {
    await this.request({ method: 'GET', path: `/projects/${segment}`, signal }).catch(() => undefined);
    return this.moves.known(segment);
  }

  /**
   * Sends a request and reads the whole body within the deadline. A 2xx must be the JSON the
   * caller expects (or, with `expect: 'any'`, any body but an HTML page); a truncated or
   * undecodable body is retried like a reset on idempotent requests. Non-2xx/304 statuses throw
   * ApiError/AuthError (unless `returnErrors`).
   */
  async request<T = unknown>(req: ApiRequest): Promise<ApiResponse<T>> {
    try {
      return await this.exchange(req, (res) => this.readResponse<T>(req, res), true);
    } catch (err) {
      // A write by a moved project's old path: the project resolved by a read, the write sent to its id.
      const segment = this.moves.movedWrite(err, req.method.toUpperCase(), requestTarget(req, this.apiPrefix));
      if (segment === undefined || !(await this.resolveMoved(segment, req.signal))) throw err;
      return this.exchange(req, (res) => this.readResponse<T>(req, res), true);
    } finally {
      await this.tellMoves();
    }
  }

  /** Says once a run where each moved project is now (`acme/old-web is now acme/web`). */
  private async tellMoves(): Promise<void> {
    for (const { oldPath, id } of this.moves.untold()) {
      let now = `project ${id}`;
      try {
        const res = await this.request<{ path_with_namespace?: unknown }>({ method: 'GET', path: `/projects/${id}` });
        if (typeof res.data?.path_with_namespace === 'string') now = res.data.path_with_namespace;
      } catch {
        // The move is told with the id alone.
      }
      this.warn(`${oldPath} is now ${now}: GitLab redirects the old path (update the git remote or -p)`);
    }
  }

  private exchange<R>(req: ApiRequest, consume: (res: StreamResponse) => Promise<R>, whole: boolean): Promise<R> {
    const target = this.moves.rewrite(requestTarget(req, this.apiPrefix));
    // The CI job token goes where GitLab takes it, unless the caller decided the credentials.
    const below = target.startsWith(`${this.apiPrefix}/`) ? target.slice(this.apiPrefix.length) : target;
    const sent = req.auth === undefined && acceptsJobToken(req.method, below) ? { ...req, auth: 'job' as const } : req;
    return new Exchange(this.wire, sent, target, consume, whole).run();
  }

  private async readResponse<T>(req: ApiRequest, res: StreamResponse): Promise<ApiResponse<T>> {
    if (res.status >= 200 && res.status < 300) return readAnswer<T>(res, this.maxBody, req.expect);
    const answer = errorAnswer(res, await readBody(res.body, ERROR_BODY_LIMIT, 'truncate')) as ApiResponse<T>;
    if (req.returnErrors || res.status === 304) return answer;
    throw this.statusError(answer);
  }

  /** The error for a non-2xx answer (read with `returnErrors`, or a download's). */
  statusError(res: ApiResponse): ApiError | AuthError {
    return statusError(res, this.options.credentials, this.options.sudo);
  }

  /**
   * For a caller that retries on its own (a download continued after its connection was cut):
   * logs, waits the backoff of a request's retry and returns true, or returns false when
   * `attempt` (1 for the first) has used up the retry budget.
   */
  pauseBeforeRetry(attempt: number, reason: string): Promise<boolean> {
    return this.wire.retries.pauseBeforeRetry(attempt, reason, this.options.signal);
  }
}
