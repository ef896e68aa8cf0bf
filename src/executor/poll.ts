import { header, type ResponseHeaders } from '../api/answer.js';
import type { ApiClient } from '../api/client.js';
import type { ApiRequest } from '../api/request.js';
import { TimeoutError } from '../errors.js';
import type { StatusLine } from '../output/status-line.js';
import { humanDuration } from '../output/values.js';

/*
 * Waiting: the one loop every command that waits for the server runs (`pipeline wait`, `pipeline
 * view --watch`, `mr checks --watch`, `job trace --follow`, `mr rebase`, `project fork --wait`).
 * One read per poll; the wait between polls grows while nothing changes and starts over when
 * something does; a server's Retry-After (or GitLab's Poll-Interval) is a floor; each change is
 * shown once; `--timeout` ends the wait with exit 124. The clock and the sleep are the Context's, so tests never wait.
 */

/** What a poll read, and the headers of its answer (what they say about the next poll). */
export interface Reading<T> {
  value: T;
  headers?: ResponseHeaders;
}

/** What is waited for. */
export interface Waiting<T> {
  /** One poll: one request where the server allows it. */
  read(): Promise<Reading<T>>;
  /** Whether the value will not change by itself (it ended, or it waits for a person): the wait ends. */
  settled(value: T): boolean;
  /** The state in words (`pipeline 42 on main: running`), shown once per change. */
  describe?(value: T): string;
  /** What counts as a change, when not the words (`job trace`: the log's length and the job's status). */
  changeKey?(value: T): string;
  /** The least wait after this value (a long log read again whole costs more). */
  floorMs?(value: T): number;
}

export interface PollOptions<T = unknown> {
  /** The first wait between polls, and the one after each change. */
  intervalMs: number;
  /** The longest wait while nothing changes; default 8 × intervalMs, at most 30 s (never below intervalMs). */
  maxIntervalMs?: number;
  /** The deadline of the whole wait from its start (`--timeout`): then TimeoutError, exit 124. */
  timeoutMs?: number;
  /** What is waited for, in the timeout's message: `pipeline 42`. */
  what: string;
  /** What the timeout's hint suggests (the command that goes on waiting). */
  timeoutHint?: string;
  /** The error the timeout ends with, where a command's contract says another than exit 124 (`project fork`). */
  timeoutError?(last: T, waitedMs: number): Error;
  /** Where the state is shown; nothing is shown without it. */
  status?: StatusLine;
}

/** The clock a wait runs on: the Context's (injected in tests). */
export interface Clock {
  now(): Date;
  sleep(ms: number): Promise<void>;
}

/** How much longer the wait gets after each poll that changed nothing. */
const GROWTH = 1.5;
const MAX_DEFAULT_MS = 30_000;

/** The wait before the next poll: the backoff, but never less than what the server or the value asks. */
export function nextWait(backoffMs: number, floorMs: number, headers: ResponseHeaders | undefined, nowMs: number): number {
  return Math.max(backoffMs, floorMs, serverAsks(headers, nowMs) ?? 0);
}

/**
 * How long the server asks the client to wait: `Retry-After` (seconds or an HTTP date), or GitLab's
 * `Poll-Interval` (milliseconds; its ETag-caching middleware, lib/gitlab/etag_caching/middleware.rb).
 */
export function serverAsks(headers: ResponseHeaders | undefined, nowMs: number): number | undefined {
  if (!headers) return undefined;
  const after = header(headers, 'retry-after')?.trim();
  if (after) {
    if (/^\d+(\.\d+)?$/.test(after)) return Math.ceil(Number(after) * 1000);
    const date = Date.parse(after);
    if (!Number.isNaN(date)) return Math.max(0, date - nowMs);
  }
  const interval = header(headers, 'poll-interval')?.trim();
  return interval && /^\d+$/.test(interval) ? Number(interval) : undefined;
}

/** Polls until `waiting.settled` says the value will not change by itself; returns it. */
export async function pollUntil<T>(clock: Clock, waiting: Waiting<T>, options: PollOptions<T>): Promise<T> {
  const started = clock.now().getTime();
  // The time the wait has taken: the clock's, or the waits it asked for where a test shortens them
  // (COLLAB_TEST_WAIT_SCALE), so that --timeout counts the waits as they were meant.
  let waited = 0;
  const elapsed = () => Math.max(clock.now().getTime() - started, waited);
  const max = Math.max(options.intervalMs, options.maxIntervalMs ?? Math.min(MAX_DEFAULT_MS, options.intervalMs * 8));
  let backoff = options.intervalMs;
  let lastKey: string | undefined;
  try {
    for (;;) {
      const { value, headers } = await waiting.read();
      const spent = elapsed();
      const words = waiting.describe?.(value);
      if (words !== undefined) options.status?.show(words, ` (${humanDuration(spent / 1000)})`);
      const key = waiting.changeKey?.(value) ?? words ?? '';
      if (waiting.settled(value)) return value;
      // Something changed: the next poll comes soon again; nothing did: it comes later each time.
      backoff = lastKey === undefined || key !== lastKey ? options.intervalMs : Math.min(max, Math.round(backoff * GROWTH));
      lastKey = key;
      let wait = nextWait(backoff, waiting.floorMs?.(value) ?? 0, headers, started + spent);
      if (options.timeoutMs !== undefined) {
        if (spent >= options.timeoutMs) throw options.timeoutError?.(value, spent) ?? timedOut(options, spent);
        // The last poll comes at the deadline, not after it.
        wait = Math.min(wait, options.timeoutMs - spent);
      }
      await clock.sleep(wait);
      waited = spent + wait;
    }
  } finally {
    options.status?.end();
  }
}

function timedOut<T>(options: PollOptions<T>, waitedMs: number): TimeoutError {
  return new TimeoutError(`${options.what} has not ended after ${humanDuration(waitedMs / 1000)} (--timeout)`, options.timeoutHint);
}

/**
 * A read that asks only for what changed: each request carries the ETag of the last answer
 * (`If-None-Match`), and a 304 stands for that answer again (GitLab's Rack::ETag and
 * Rack::ConditionalGet answer every API GET so). Without an ETag it is a plain read.
 */
export function conditionalRead<T>(api: () => ApiClient, req: ApiRequest): () => Promise<Reading<T>> {
  let etag: string | undefined;
  let last: T | undefined;
  return async () => {
    const headers = etag === undefined || last === undefined ? req.headers : { ...req.headers, 'If-None-Match': etag };
    const res = await api().request<T>({ ...req, method: 'GET', headers });
    if (res.status === 304 && last !== undefined) return { value: last, headers: res.headers };
    etag = header(res.headers, 'etag')?.trim() || undefined;
    last = res.data;
    return { value: res.data, headers: res.headers };
  };
}
