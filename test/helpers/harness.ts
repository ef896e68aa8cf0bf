import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { MockAgent } from 'undici';
import type { Transport } from '../../src/api/transport.js';
import { run } from '../../src/cli.js';
import type { Prompter } from '../../src/prompt.js';
import { captured } from './capture.js';
import { JSON_HEADERS } from './json-answer.js';
import { recording } from './request-log.js';

let configs = 0;
/**
 * A config folder of this call's own, not made until collab writes to it: nothing one call stores
 * (a host's dialect) reaches another, whatever order the tests run in. A run's folders are
 * removed at its end (test/helpers/run-dirs-setup.ts); outside vitest, under the system's temp.
 */
function freshConfigDir(): string {
  const root = process.env.COLLAB_TEST_CONFIG_ROOT ?? path.join(os.tmpdir(), 'collab-test-config');
  return path.join(root, `${process.pid}-${++configs}`);
}

export const TEST_HOST = 'https://gitlab.test';
export const TEST_TOKEN = 'glpat-TESTSECRET-0123456789';

export interface RunOptions {
  env?: Record<string, string | undefined>;
  transport?: Transport;
  tty?: boolean;
  stdin?: string | Buffer;
  prompter?: Prompter;
  cwd?: string;
  columns?: number;
  /** The clock's start; it moves on by every wait. */
  now?: Date;
  /** Sees every wait (retries, polling); the harness clock moves on by it either way. */
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
  /** The current user's id as the config trust check sees it. */
  uid?: number;
  /** The spinner's delay: `(ms, fn) => cancel`; default a real timer. */
  schedule?: (ms: number, fn: () => void) => () => void;
  rows?: number;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs collab in-process on buffers. Default env: test host + token, config dir in a fresh temp dir. */
export async function runCli(argv: string[], options: RunOptions = {}): Promise<RunResult> {
  const { stream: stdout, bytes: out } = captured();
  const { stream: stderr, bytes: err } = captured();
  const tty = options.tty ?? false;
  // A clock that moves only when collab waits: polling and retries take no time, and tests count them.
  const start = (options.now ?? new Date('2026-11-25T12:00:00Z')).getTime();
  let waited = 0;
  const code = await run(argv, {
    io: {
      stdin: Readable.from(options.stdin !== undefined ? [Buffer.from(options.stdin)] : []),
      stdout,
      stderr,
      stdinIsTTY: tty,
      stdoutIsTTY: tty,
      stderrIsTTY: tty,
      colorLevel: 0,
      columns: options.columns ?? 120,
      rows: options.rows,
    },
    env: {
      COLLAB_HOST: TEST_HOST,
      COLLAB_TOKEN: TEST_TOKEN,
      COLLAB_CONFIG_DIR: freshConfigDir(),
      ...options.env,
    },
    cwd: options.cwd ?? '/',
    uid: options.uid,
    signal: options.signal ?? new AbortController().signal,
    now: () => new Date(start + waited),
    // Every request a command test sends counts towards the endpoint coverage (test/coverage/).
    transport: options.transport && recording(options.transport),
    prompter: options.prompter,
    sleep: async (ms) => {
      waited += ms;
      await options.sleep?.(ms);
    },
    schedule: options.schedule,
  });
  await new Promise((r) => setImmediate(r));
  return { code, stdout: out().toString('utf8'), stderr: err().toString('utf8') };
}

/** An undici MockAgent that refuses the network; call `done()` to assert every stub was used. */
export function mockApi(origin = TEST_HOST) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const pool = agent.get(origin);
  return {
    agent,
    pool,
    transport: agent as unknown as Transport,
    done: () => agent.assertNoPendingInterceptors(),
  };
}

/** What one request sent: its body as text (bytes as latin1) and its headers. */
export interface Sent {
  body: string;
  headers: Record<string, string>;
}

/**
 * Stubs one `method apiPath`, answered with `status` and `data` as JSON (an empty body when
 * undefined), and records what each request sent.
 */
export function recordRequests(api: ReturnType<typeof mockApi>, method: string, apiPath: string, status: number, data?: unknown): Sent[] {
  const seen: Sent[] = [];
  api.pool.intercept({ path: apiPath, method }).reply((opts) => {
    seen.push({
      body: Buffer.isBuffer(opts.body) ? opts.body.toString('latin1') : String(opts.body ?? ''),
      headers: opts.headers as Record<string, string>,
    });
    return { statusCode: status, data: data === undefined ? '' : JSON.stringify(data), responseOptions: { headers: JSON_HEADERS } };
  });
  return seen;
}

/** A header a request sent, whatever the case of its name ('' when it was not sent). */
export function headerOf(sent: Sent, name: string): string {
  return Object.entries(sent.headers).find(([k]) => k.toLowerCase() === name)?.[1] ?? '';
}

/** The content type a request sent. */
export const contentTypeOf = (sent: Sent): string => headerOf(sent, 'content-type');

export interface Answer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * A MockAgent that answers every GET through `handler`, as a hand-written server would: the URL
 * asked for and the 1-based count of requests so far. `seen` lists the paths asked, in order.
 */
export function mockServer(handler: (url: URL, n: number) => Answer) {
  const api = mockApi();
  const seen: string[] = [];
  api.pool
    .intercept({ path: () => true, method: 'GET' })
    .reply((req) => {
      seen.push(req.path);
      const { status = 200, body, headers } = handler(new URL(req.path, TEST_HOST), seen.length);
      return { statusCode: status, data: JSON.stringify(body), responseOptions: { headers: { ...JSON_HEADERS, ...headers } } };
    })
    .persist();
  return { ...api, seen };
}

/** The arguments of `.reply(status, ...jsonReply(data))`: a JSON body with its content type, and any other `headers`. */
export const jsonReply = (data: object | string, headers: Record<string, string> = {}) =>
  [data, { headers: { ...JSON_HEADERS, ...headers } }] as const;

/** A scripted prompter: answers in order; fails on any unexpected question. */
export function scriptedPrompter(answers: (string | boolean)[]): Prompter & { asked: string[]; defaults: (string | undefined)[] } {
  const asked: string[] = [];
  /** The default each input prompt showed; an answer of '' takes it, as Enter does. */
  const defaults: (string | undefined)[] = [];
  const next = (message: string) => {
    asked.push(message);
    if (answers.length === 0) throw new Error(`unexpected prompt: ${message}`);
    return answers.shift()!;
  };
  return {
    asked,
    defaults,
    input: async (m, options) => {
      defaults.push(options?.default);
      const answer = String(next(m));
      return answer === '' && options?.default !== undefined ? options.default : answer;
    },
    password: async (m) => String(next(m)),
    confirm: async (m) => Boolean(next(m)),
    select: async (m) => String(next(m)),
  };
}
