import path from 'node:path';
import { execa, type Options } from 'execa';
import { inject } from 'vitest';
import { JSON_HEADERS } from './json-answer.js';
import { tempDir } from './temp.js';

export { tempDir };

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const BIN = path.join(ROOT, 'bin/collab.js');

export interface BinResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * stderr in two: the `retrying in …` line each retry prints (in every mode), and the rest, for
 * tests that read the error after a retried failure.
 */
export function retriesIn(stderr: string): { retries: string[]; rest: string } {
  const lines = stderr.split('\n');
  return {
    retries: lines.filter((l) => l.startsWith('retrying in ')),
    rest: lines.filter((l) => !l.startsWith('retrying in ')).join('\n'),
  };
}

/**
 * The binary's waits between retries and polls, as a share of the real ones: the tests do not sit
 * out real backoff, and the binary still tells, logs and decides by the full wait (src/sleep.ts).
 * A test about the real passing of time gives `COLLAB_TEST_WAIT_SCALE: undefined`.
 */
export const WAIT_SCALE = '0.01';

/**
 * A clean environment for the binary: nothing inherited but PATH, `home` as HOME and the config
 * dir, waits shortened (WAIT_SCALE), the run's code cache (vitest.config.ts); `env` goes on top.
 */
export function binEnv(home: string, env: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    PATH: process.env.PATH,
    HOME: home,
    COLLAB_CONFIG_DIR: home,
    COLLAB_TEST_WAIT_SCALE: WAIT_SCALE,
    XDG_CACHE_HOME: inject('codeCache'),
    ...env,
  };
}

/**
 * Runs the built binary as a user would: a clean environment (binEnv), its own config dir, stdin
 * not a terminal unless given.
 */
export async function runBin(args: string[], env: Record<string, string | undefined> = {}, options: Options = {}): Promise<BinResult> {
  const configDir = env.COLLAB_CONFIG_DIR ?? tempDir('collab-cfg-');
  const res = await execa(process.execPath, [BIN, ...args], {
    env: binEnv(configDir, env),
    extendEnv: false,
    reject: false,
    timeout: 60_000,
    ...('input' in options || 'stdin' in options ? {} : { stdin: 'ignore' }),
    ...options,
  } as Options);
  return { exitCode: res.exitCode ?? -1, stdout: String(res.stdout), stderr: String(res.stderr) };
}

/** The binary with stdout as bytes (archives are binary), run in `cwd`. */
export async function runBytes(env: Record<string, string | undefined>, args: string[], cwd: string) {
  const r = await execa(process.execPath, [BIN, ...args], {
    env: binEnv(tempDir('collab-cfg-'), env),
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
    cwd,
    encoding: 'buffer',
    stripFinalNewline: false,
    timeout: 30_000,
  });
  return {
    exitCode: r.exitCode ?? -1,
    stdout: Buffer.from(r.stdout as Uint8Array),
    stderr: Buffer.from(r.stderr as Uint8Array).toString('utf8'),
  };
}

export const ADMIN_TOKEN = 'sandbox-admin-token';
export const USER_TOKEN = 'sandbox-user-token';
export const BOB_TOKEN = 'sandbox-bob-token';

export interface SandboxFixture {
  url: string;
  /** Runs the binary against this sandbox with the given token (admin by default). */
  run(args: string[], env?: Record<string, string | undefined>, options?: Options): Promise<BinResult>;
  requests(): { method: string; path: string; headers: Record<string, string | string[] | undefined> }[];
  /** Arms a sandbox fault (see src/sandbox/faults.ts): the next `count` matching requests get it. */
  fault(spec: { kind: string; path?: string; method?: string; count?: number; retryAfter?: string; [k: string]: unknown }): Promise<void>;
  /** Forgets the request log. */
  clearRequests(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the sandbox in this process (port 0) for end-to-end tests of the built binary. */
export async function startSandboxFixture(opts: Record<string, unknown> = {}): Promise<SandboxFixture> {
  const { startSandbox } = await import('../../src/sandbox/index.js');
  const sb = await startSandbox({ port: 0, ...opts });
  return {
    url: sb.url,
    run: (args, env = {}, options = {}) => runBin(args, { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN, ...env }, options),
    requests: () => sb.requests() as never,
    fault: async (spec) => {
      const res = await fetch(`${sb.url}/__sandbox/faults`, {
        method: 'POST',
        headers: JSON_HEADERS,
        body: JSON.stringify(spec),
      });
      if (!res.ok) throw new Error(`arming fault failed: ${res.status} ${await res.text()}`);
    },
    clearRequests: async () => {
      await fetch(`${sb.url}/__sandbox/requests`, { method: 'DELETE' });
    },
    close: () => sb.close(),
  };
}

/** The JSON a command prints against the sandbox (`-o json`); a failure fails the test with its stderr. */
export async function runJson(sb: SandboxFixture, args: string[], env: Record<string, string | undefined> = {}): Promise<any> {
  const r = await sb.run([...args, '-o', 'json'], env);
  if (r.exitCode !== 0) throw new Error(`collab ${args.join(' ')} exited ${r.exitCode}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** Opens a merge request straight through the sandbox's API (a test's setup, not what it tests): its IID. */
export async function openMergeRequest(
  url: string,
  project: string,
  fields: { source: string; title: string; token?: string; [param: string]: unknown },
): Promise<number> {
  const { source, title, token = ADMIN_TOKEN, ...extra } = fields;
  const res = await fetch(`${url}/api/v4/projects/${encodeURIComponent(project)}/merge_requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'private-token': token },
    body: JSON.stringify({ source_branch: source, target_branch: 'main', title, ...extra }),
  });
  if (res.status !== 201) throw new Error(`creating a merge request: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { iid: number }).iid;
}
