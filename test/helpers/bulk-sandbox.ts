import { expect } from 'vitest';
import type { SandboxFixture } from './e2e.js';

/** The demo world's project the bulk tests act on. */
export const API = 'acme/platform/api';

/** Each line of `-o ndjson` output, parsed. */
export const ndjson = (text: string) =>
  text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));

/** The requests the sandbox logged with this method and a path that matches. */
export const sentTo = (sb: SandboxFixture, method: string, pattern: RegExp) =>
  sb.requests().filter((r) => r.method === method && pattern.test(r.path));

/** The iids of the first `n` open issues of API, as `issue list` gives them. */
export async function openIssueIids(sb: SandboxFixture, n: number): Promise<number[]> {
  const r = await sb.run(['issue', 'list', '-p', API, '--state', 'opened', '--per-page', String(n), '-o', 'ndjson', '--fields', 'iid']);
  expect(r.exitCode, r.stderr).toBe(0);
  return ndjson(r.stdout).map((i) => i.iid as number);
}
