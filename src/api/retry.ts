import { sleep } from '../sleep.js';
import { header, type ResponseHeaders } from './answer.js';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Longest single wait the client accepts (a longer Retry-After fails at once). */
  maxDelayMs: number;
  baseDelayMs: number;
}

/** A wait between attempts; fails (CancelError) as soon as `signal` aborts. */
export type Delay = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RetryOptions {
  policy?: Partial<RetryPolicy>;
  /** How a wait is spent: a real timer unless given (tests count the waits instead of sitting them out). */
  delay?: Delay;
  random?: () => number;
  now?: () => number;
  debug?: (line: string) => void;
  /** Told before each wait for another attempt: `retrying in 3 s (502 Bad Gateway, attempt 2 of 5)`. */
  onRetry?: (message: string) => void;
}

const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, maxDelayMs: 60_000, baseDelayMs: 500 };

/** Methods sent again after a failure that may have reached the server. */
export const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Answers that say the server did not handle the request: 408 (it gave up waiting for it), a gateway's 502/503/504. */
export const RETRY_STATUSES = new Set([408, 502, 503, 504]);
/** Connection failures retried on idempotent requests: resets, and connects that timed out. */
export const RETRY_ERRORS = new Set([
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_SOCKET',
  'ECONNABORTED',
  'UND_ERR_CLOSED',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** The retry budget and backoff of a run, and the one place that waits between attempts. */
export class Retries {
  readonly policy: RetryPolicy;
  private readonly delay: Delay;
  private readonly random: () => number;
  private readonly now: () => number;

  constructor(private readonly options: RetryOptions = {}) {
    this.policy = { ...DEFAULT_RETRY, ...options.policy };
    this.delay = options.delay ?? sleep;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
  }

  /** Exponential, with jitter in its upper half, capped at `maxDelayMs`; `attempt` counts from 1. */
  backoff(attempt: number): number {
    const exp = this.policy.baseDelayMs * 2 ** (attempt - 1);
    return Math.min(this.policy.maxDelayMs, Math.round(exp / 2 + this.random() * (exp / 2)));
  }

  /** The wait a throttled answer asks for: Retry-After (seconds or a date), else RateLimit-Reset. */
  retryAfter(headers: ResponseHeaders): number | undefined {
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

  /**
   * Waits `ms` before attempt `attempt + 1`. Every retry is logged (`--debug`, with `logged`) and
   * told (`onRetry`: a terminal) here, whoever retries.
   */
  async wait(ms: number, attempt: number, reason: string, logged: string, signal?: AbortSignal): Promise<void> {
    const { maxAttempts } = this.policy;
    this.options.debug?.(`! ${logged}; retrying in ${(ms / 1000).toFixed(1)}s (attempt ${attempt + 1}/${maxAttempts})`);
    this.options.onRetry?.(`retrying in ${seconds(ms)} s (${reason}, attempt ${attempt + 1} of ${maxAttempts})`);
    await this.delay(ms, signal);
  }

  /**
   * For a caller that retries on its own (a download continued after its connection was cut):
   * waits the backoff of attempt `attempt` (1 for the first) and returns true, or returns false
   * when it has used up the retry budget.
   */
  async pauseBeforeRetry(attempt: number, reason: string, signal?: AbortSignal): Promise<boolean> {
    if (attempt >= this.policy.maxAttempts) return false;
    await this.wait(this.backoff(attempt), attempt, reason, reason, signal);
    return true;
  }
}

/** A wait for people: `3`, `0.5`, `1.2` (seconds). */
function seconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}
