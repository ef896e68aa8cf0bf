import { afterAll, beforeAll } from 'vitest';
import { type SandboxHandle, type SandboxOptions, startSandbox } from '../../src/sandbox/index.js';

export const ADMIN = 'sandbox-admin-token';
export const ALICE = 'sandbox-user-token';
export const BOB = 'sandbox-bob-token';
export const OAUTH = 'sandbox-oauth-token';
export const JOB = 'sandbox-job-token';
export const API_PROJECT = 'acme%2Fplatform%2Fapi';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  text: string;
  body: T;
}

export interface CallOptions {
  token?: string | null;
  method?: string;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

/** Calls `/api/v4<path>` (or an absolute URL) with a private token (admin by default). */
export async function call<T = any>(sb: SandboxHandle, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? ADMIN : options.token;
  if (token !== null) headers['PRIVATE-TOKEN'] = token;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form !== undefined) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const url = path.startsWith('http') ? path : `${sb.url}/api/v4${path}`;
  const res = await fetch(url, { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, text, body: parsed as T };
}

/** Starts one sandbox for the file's tests and closes it afterwards. */
export function useSandbox(options: SandboxOptions = {}): () => SandboxHandle {
  let sandbox: SandboxHandle | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, ...options });
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  return () => {
    if (!sandbox) throw new Error('sandbox not started');
    return sandbox;
  };
}
