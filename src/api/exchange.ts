import type { Readable } from 'node:stream';
import { header, hostOf, type StreamResponse } from './answer.js';
import { decodedBody } from './content-encoding.js';
import { type Authorizer, dropCredentials } from './credentials.js';
import { Deadline } from './deadline.js';
import { statusLine } from './error-body.js';
import { BodyError, bodyError, sendError } from './failures.js';
import { type FileBody, type FileBodyStream, isFileBody, openFileBody } from './file-body.js';
import type { MovedProjects } from './moved-projects.js';
import { redactHeader, redactUrl } from './redact.js';
import { apiRedirect, followed, MAX_REDIRECTS, redirectTarget } from './redirect.js';
import { type ApiRequest, encodeRequest } from './request.js';
import { IDEMPOTENT, RETRY_ERRORS, RETRY_STATUSES, type Retries } from './retry.js';
import type { Throttle } from './throttle.js';
import type { Transport, TransportResponse } from './transport.js';

/** What every request of a client shares: the connection, its credentials, the retry budget, the rate-limit pause. */
export interface Wire {
  transport: Transport;
  /** The API host's origin: credentials and the job-token fallback apply there only. */
  origin: string;
  /** `/api/v4` below the host's path: a 301 that stays under it is followed (a moved project). */
  apiPrefix: string;
  moves: MovedProjects;
  userAgent: string;
  auth: Authorizer;
  retries: Retries;
  throttle: Throttle;
  timeoutMs?: number;
  /** Ctrl-C. */
  signal?: AbortSignal;
  now: () => number;
  debug?: (line: string) => void;
}

/** The attempt is over; another one follows. */
const AGAIN = Symbol('again');
type Again = typeof AGAIN;

/**
 * One request to its answer: one deadline over connect, proxy CONNECT, TLS, headers, retries
 * (and, for `whole` reads, the body), bounded attempts, redirects, and Content-Encoding decoding.
 * `consume` takes the answer; a body that fails while it reads it is retried like a reset.
 */
export class Exchange<R> {
  private readonly method: string;
  private readonly headers: Record<string, string>;
  private readonly body: Buffer | string | FileBody | undefined;
  private readonly idempotent: boolean;
  private readonly deadline: Deadline;
  /** This request, to the rate-limit pause shared by all (see Throttle). */
  private readonly ticket = {};
  private origin: string;
  private attempt = 0;
  private redirects = 0;

  constructor(
    private readonly wire: Wire,
    private readonly req: ApiRequest,
    private target: string,
    private readonly consume: (res: StreamResponse) => Promise<R>,
    private readonly whole: boolean,
  ) {
    this.method = req.method.toUpperCase();
    ({ headers: this.headers, body: this.body } = encodeRequest(req, wire.userAgent, wire.auth.headers(req.auth)));
    this.idempotent = IDEMPOTENT.has(this.method);
    this.origin = wire.origin;
    this.deadline = new Deadline(wire.timeoutMs, wire.now, wire.signal, req.signal);
  }

  private get url(): string {
    return `${this.origin}${this.target}`;
  }

  async run(): Promise<R> {
    try {
      for (;;) {
        this.attempt++;
        const res = await this.send();
        if (res === AGAIN || (await this.afterStatus(res)) === AGAIN || (await this.redirect(res)) === AGAIN) continue;
        const out = await this.read(res);
        if (out !== AGAIN) return out.value;
      }
    } finally {
      this.wire.throttle.release(this.ticket);
      this.deadline.end();
    }
  }

  /** One attempt on the wire, to the answer's head; AGAIN when its failure is retried. */
  private async send(): Promise<TransportResponse | Again> {
    const { transport, debug, now } = this.wire;
    const url = this.url;
    await this.bounded(this.wire.throttle.ready(this.ticket, this.deadline.signal));
    const started = now();
    if (debug) {
      debug(`> ${this.method} ${redactUrl(url, this.wire.origin)}${this.attempt > 1 ? ` (attempt ${this.attempt})` : ''}`);
      for (const [k, v] of Object.entries(this.headers)) debug(`> ${k}: ${redactHeader(k, v)}`);
    }
    let res: TransportResponse;
    const body = isFileBody(this.body) ? openFileBody(this.body) : this.body;
    try {
      res = await transport.request({
        origin: this.origin,
        path: this.target,
        method: this.method,
        headers: this.headers,
        body,
        signal: this.deadline.signal,
        bodyTimeout: this.wire.timeoutMs,
      });
    } catch (err) {
      // A file that changed while it was sent: its own error, not the broken connection it causes.
      const changed = isFileBody(this.body) ? (body as FileBodyStream).changed : undefined;
      if (changed) throw sendError(changed, url);
      this.stopIfDue();
      const code = (err as NodeJS.ErrnoException).code ?? '';
      const on = `${this.method} ${redactUrl(url, this.wire.origin)}`;
      if (RETRY_ERRORS.has(code) && this.idempotent && (await this.mayRetry(code, this.backoff(), undefined, on))) return AGAIN;
      throw sendError(err as NodeJS.ErrnoException, url);
    }
    debug?.(`< ${res.statusCode} ${redactUrl(url, this.wire.origin)} (${now() - started} ms)`);
    return res;
  }

  /** What the status alone decides: the job token instead, a 429 or 5xx waited out. */
  private async afterStatus(res: TransportResponse): Promise<Again | undefined> {
    const status = res.statusCode;
    if (this.origin === this.wire.origin && this.wire.auth.fellBackToJobToken(this.req, this.headers, status)) {
      res.body.resume();
      this.attempt = 0;
      return AGAIN;
    }
    if (status !== 429) this.wire.throttle.release(this.ticket);
    else if (await this.throttled(res)) return AGAIN;
    if (
      RETRY_STATUSES.has(status) &&
      this.idempotent &&
      (await this.mayRetry(statusLine(status, ''), this.unavailableDelay(res), res.body))
    )
      return AGAIN;
    return undefined;
  }

  /**
   * A 429: the request was not processed, so it goes again whatever its method, after the wait
   * it asks for (which pauses every request of the run), or after the pause another request's
   * 429 started. False when that wait is longer than collab waits, or the attempts are used up.
   */
  private async throttled(res: TransportResponse): Promise<boolean> {
    const { retries, throttle, debug } = this.wire;
    const delay = retries.retryAfter(res.headers) ?? this.backoff();
    if (delay > retries.policy.maxDelayMs) {
      debug?.(`! 429 asks for a wait of ${Math.round(delay / 1000)}s, longer than collab waits`);
      return false;
    }
    if (throttle.throttled(this.ticket, delay)) return this.mayRetry('429 Too Many Requests', throttle.remaining(), res.body);
    if (this.attempt >= retries.policy.maxAttempts) return false;
    // Sent before another request's 429 paused them all: it goes again after that one.
    res.body.resume();
    debug?.(
      `! 429 Too Many Requests; waiting for the pause another request started (attempt ${this.attempt + 1}/${retries.policy.maxAttempts})`,
    );
    return true;
  }

  /** A redirect the request follows: the next URL, without our credentials on another origin. */
  private async redirect(res: TransportResponse): Promise<Again | undefined> {
    if (this.origin === this.wire.origin && (await this.movedProject(res)) === AGAIN) return AGAIN;
    if (!followed(this.req.followRedirects, this.method, res.statusCode)) return undefined;
    const location = header(res.headers, 'location');
    res.body.resume();
    const next = redirectTarget(res.statusCode, location, this.url, ++this.redirects, this.wire.origin);
    if (next.origin !== this.origin) {
      dropCredentials(this.headers);
      this.wire.debug?.(`! redirected to another origin ${next.origin}; credentials dropped`);
    }
    const target = `${next.pathname}${next.search}`;
    // A download by a moved project's old path: told once, as the API's reads are.
    if (res.statusCode === 301 && this.origin === this.wire.origin && next.origin === this.origin)
      this.wire.moves.redirected(this.target, target);
    this.origin = next.origin;
    this.target = target;
    this.attempt = 0;
    return AGAIN;
  }

  /** A moved project's 301 on our own API: the same request to the route it names, credentials kept. */
  private async movedProject(res: TransportResponse): Promise<Again | undefined> {
    if (this.req.followRedirects) return undefined;
    const { origin, apiPrefix, moves } = this.wire;
    const next = apiRedirect(res.statusCode, this.method, header(res.headers, 'location'), origin, apiPrefix);
    if (next === undefined || ++this.redirects > MAX_REDIRECTS) return undefined;
    res.body.resume();
    this.wire.debug?.(`! 301 to ${next}: following it on ${origin}`);
    moves.redirected(this.target, next);
    this.target = next;
    this.attempt = 0;
    return AGAIN;
  }

  /** The body, decoded and consumed; AGAIN when it was cut short or undecodable and is retried. */
  private async read(res: TransportResponse): Promise<{ value: R } | Again> {
    const url = this.url;
    const status = res.statusCode;
    const sentJobToken = Object.keys(this.headers).some((k) => k.toLowerCase() === 'job-token');
    const head = { status, headers: res.headers, body: res.body, url, sentJobToken };
    const decoded = await this.bounded(decodedBody(head, this.method, this.whole, this.wire.debug));
    if (decoded instanceof BodyError) return this.retryBody(decoded);
    try {
      return { value: await this.consume(decoded) };
    } catch (err) {
      this.stopIfDue();
      // Our own verdicts (not JSON, too large) and bugs go up as they are; stream failures are retried.
      if (!(err instanceof BodyError) && typeof (err as NodeJS.ErrnoException)?.code !== 'string') throw err;
      return this.retryBody(err instanceof BodyError ? err : bodyError(err as NodeJS.ErrnoException, status, url));
    }
  }

  private async retryBody(cut: BodyError): Promise<Again> {
    if (this.idempotent && (await this.mayRetry(cut.message, this.backoff()))) return AGAIN;
    throw cut.final();
  }

  private backoff(): number {
    return this.wire.retries.backoff(this.attempt);
  }

  /** The wait before a 502/503/504 goes again: the backoff, never less than the answer's Retry-After (RFC 9110 §10.2.3), up to the cap. */
  private unavailableDelay(res: TransportResponse): number {
    const { retries } = this.wire;
    return Math.max(this.backoff(), Math.min(retries.retryAfter(res.headers) ?? 0, retries.policy.maxDelayMs));
  }

  /**
   * Another attempt after `delay`, if attempts and the deadline allow it: drains the answer
   * being dropped, logs why, waits. Otherwise false, and the caller reports what it has.
   */
  private async mayRetry(reason: string, delay: number, drop?: Readable, on?: string): Promise<boolean> {
    const { retries, debug } = this.wire;
    const why = on === undefined ? reason : `${reason} on ${on}`;
    if (this.attempt >= retries.policy.maxAttempts) return false;
    if (!this.deadline.allows(delay)) {
      debug?.(`! ${why}; no time left for another attempt within the ${this.deadline.seconds}s deadline`);
      return false;
    }
    drop?.resume();
    await this.bounded(retries.wait(delay, this.attempt, reason, why, this.deadline.signal));
    return true;
  }

  /** `step`, failing with the deadline's or Ctrl-C's error when that is why it failed. */
  private bounded<T>(step: Promise<T>): Promise<T> {
    return step.catch((err) => {
      throw this.deadline.error(hostOf(this.url)) ?? err;
    });
  }

  private stopIfDue(): void {
    const stop = this.deadline.error(hostOf(this.url));
    if (stop) throw stop;
  }
}
