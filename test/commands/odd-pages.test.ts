/**
 * collab's paginator, run in-process as the binary runs it, over real sockets against servers that
 * page oddly on purpose: the hardest two cases, a server that ignores `page` and a list that grows
 * while it is read. Every other odd server is in test/commands/pagination.test.ts (in-process, the
 * same cases and more).
 */
import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type BinResult, tempDir } from '../helpers/e2e.js';
import type { Answer } from '../helpers/harness.js';
import { runInProcess } from '../helpers/in-process.js';
import { json } from '../helpers/json-answer.js';
import { type OddServer, oddServer } from '../helpers/odd-server.js';
import { growingList, items, ndjsonIds } from '../helpers/pages.js';

const TOKEN = 'odd-token-0123456789';

let servers: OddServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

/** A server answering each request by `answer` for the page asked for, the `n`th request. */
async function serve(answer: (page: number, n: number) => Answer): Promise<OddServer> {
  const s = await oddServer((req: http.IncomingMessage, res: http.ServerResponse, n: number) => {
    const a = answer(Number(new URL(req.url!, 'http://x').searchParams.get('page') ?? 1), n);
    json(res, a.status ?? 200, a.body, a.headers);
  });
  servers.push(s);
  return s;
}

function run(s: OddServer, args: string[]): Promise<BinResult> {
  return runInProcess(args, { COLLAB_HOST: s.url, COLLAB_TOKEN: TOKEN, COLLAB_CONFIG_DIR: tempDir() });
}

it('a server that ignores page (and says so in X-Page): stops with a notice at any concurrency', async () => {
  // The load balancer drops `page`: every answer is page 1, which claims 50 pages.
  const s = await serve(() => ({
    body: items(1, 2),
    headers: { 'x-page': '1', 'x-next-page': '2', 'x-total-pages': '50', 'x-total': '100' },
  }));
  for (const concurrency of ['1', '8']) {
    s.seen.length = 0;
    const r = await run(s, ['issue', 'list', '-p', 'acme/api', '--all', '-o', 'ndjson', '--concurrency', concurrency]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ndjsonIds(r)).toEqual([1, 2]);
    expect(r.stderr).toMatch(/^collab: warning: the server answered page 1 when asked for page 2 .*; stopping$/m);
    expect(s.seen.length).toBeLessThanOrEqual(Number(concurrency) + 1);
  }
});

describe('a list that changes while it is read', () => {
  it('no duplicates, nothing of the original list missed, and a notice (concurrency 8)', async () => {
    const s = await serve(growingList(1000, 1, 100));
    const r = await run(s, ['issue', 'list', '-p', 'acme/api', '--all', '--per-page', '100', '--concurrency', '8', '-o', 'ndjson']);
    expect(r.exitCode, r.stderr).toBe(0);
    const got = ndjsonIds(r);
    expect(new Set(got).size).toBe(got.length);
    for (let id = 1; id <= 1000; id++) expect(got).toContain(id);
    expect(r.stderr).toMatch(
      /^collab: warning: the list changed while it was read \(X-Total 1000 → 10\d\d\); \d+ duplicates? left out; items added or removed meanwhile may be missing$/m,
    );
  });
});
