/**
 * The built binary's paginator against servers that page oddly on purpose: one that ignores
 * `page`, headers that do not advance, links that point back or are relative, totals that lie,
 * and a list that grows while it is read. Each case counts the requests: nothing may loop.
 */
import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type BinResult, ndjsonIds, runBin, tempDir } from '../helpers/e2e.js';
import { json, type OddServer, oddServer } from '../helpers/odd-server.js';

const TOKEN = 'odd-token-0123456789';
const LIST = '/api/v4/projects/acme%2Fapi/issues';

let servers: OddServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function serve(
  handler: (req: http.IncomingMessage, res: http.ServerResponse, n: number, page: number, url: URL) => void,
): Promise<OddServer> {
  const s = await oddServer((req, res, n) => {
    const url = new URL(req.url!, 'http://x');
    handler(req, res, n, Number(url.searchParams.get('page') ?? 1), url);
  });
  servers.push(s);
  return s;
}

function run(s: OddServer, args: string[]): Promise<BinResult> {
  return runBin(args, { COLLAB_HOST: s.url, COLLAB_TOKEN: TOKEN, COLLAB_CONFIG_DIR: tempDir() });
}

const items = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ id: from + i, iid: from + i, title: `issue ${from + i}` }));
const ids = ndjsonIds;

describe('pagination cannot run away', () => {
  it('a server that ignores page (and says so in X-Page): stops with a notice at any concurrency', async () => {
    // The load balancer drops `page`: every answer is page 1, which claims 50 pages.
    const s = await serve((_req, res) =>
      json(res, 200, items(1, 2), { 'x-page': '1', 'x-next-page': '2', 'x-total-pages': '50', 'x-total': '100' }),
    );
    for (const concurrency of ['1', '8']) {
      s.seen.length = 0;
      const r = await run(s, ['issue', 'list', '-p', 'acme/api', '--all', '-o', 'ndjson', '--concurrency', concurrency]);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(ids(r)).toEqual([1, 2]);
      expect(r.stderr).toMatch(/^collab: warning: the server answered page 1 when asked for page 2 .*; stopping$/m);
      expect(s.seen.length).toBeLessThanOrEqual(Number(concurrency) + 1);
    }
  });

  it('a server that ignores page without X-Page: the repeated page stops it', async () => {
    const s = await serve((_req, res) => json(res, 200, items(1, 2), { 'x-next-page': '2' }));
    for (const concurrency of ['1', '8']) {
      s.seen.length = 0;
      const r = await run(s, ['mr', 'list', '-p', 'acme/api', '--all', '--concurrency', concurrency, '-o', 'ndjson']);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(ids(r)).toEqual([1, 2]);
      expect(r.stderr).toMatch(/the server repeated page 2 .*; stopping/);
      // At most one window of pages fetched ahead.
      expect(s.seen.length).toBeLessThanOrEqual(Number(concurrency) + 1);
    }
  });

  it('the same through rel="next" links only (relative ones, as some proxies rewrite them)', async () => {
    const s = await serve((req, res, _n, page) => {
      const next = `<${req.url!.split('?')[0]}?page=${page + 1}&per_page=2>; rel="next"`;
      json(res, 200, items(1, 2), { link: next });
    });
    const r = await run(s, ['api', '/projects/acme%2Fapi/issues', '--paginate', '-o', 'ndjson']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ids(r)).toEqual([1, 2]);
    expect(r.stderr).toMatch(/the server repeated page 2/);
    expect(s.seen).toHaveLength(2);
  });

  it('an X-Next-Page that does not advance', async () => {
    const s = await serve((_req, res, _n, page) =>
      json(res, 200, items(page * 10, page * 10 + 1), { 'x-page': String(page), 'x-next-page': String(page) }),
    );
    const r = await run(s, ['issue', 'list', '-p', 'acme/api', '--all', '-o', 'ndjson']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ids(r)).toEqual([10, 11]);
    expect(r.stderr).toMatch(/X-Next-Page \(1\) does not advance past page 1; stopping/);
    expect(s.seen).toHaveLength(1);
  });

  it('a Link that points back at a page already read', async () => {
    const s = await serve((_req, res, _n, page) => {
      const next = page === 1 ? 2 : 1;
      json(res, 200, items(page * 10, page * 10 + 1), { link: `<http://127.0.0.1:1${LIST}?page=${next}&per_page=2>; rel="next"` });
    });
    const r = await run(s, ['issue', 'list', '-p', 'acme/api', '--all', '--concurrency', '1', '-o', 'ndjson']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ids(r)).toEqual([10, 11, 20, 21]);
    expect(r.stderr).toMatch(/next link points at page 1, already read; stopping/);
    expect(s.seen).toHaveLength(2);
  });

  it('an X-Next-Page past X-Total-Pages', async () => {
    const s = await serve((_req, res, _n, page) =>
      json(res, 200, items(page * 10, page * 10 + 1), { 'x-page': String(page), 'x-total-pages': '2', 'x-next-page': String(page + 1) }),
    );
    const r = await run(s, ['issue', 'list', '-p', 'acme/api', '--all', '--concurrency', '1', '-o', 'ndjson']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ids(r)).toEqual([10, 11, 20, 21]);
    expect(r.stderr).toMatch(/offered page 3, past its last page \(2\); stopping/);
    expect(s.seen).toHaveLength(2);
  });

  it('relative Link URLs resolve against the request URL, at concurrency 8 too', async () => {
    const all = items(1, 45);
    const s = await serve((_req, res, _n, page) => {
      const body = all.slice((page - 1) * 10, page * 10);
      const links = [`</api/v4/projects/acme%2Fapi/issues?page=${page + 1}&per_page=10>; rel="next"`, `<?page=5&per_page=10>; rel="last"`];
      json(res, 200, body, {
        link: page < 5 ? links.join(', ') : links[1]!,
        'x-page': String(page),
        'x-per-page': '10',
        'x-total': '45',
        'x-total-pages': '5',
      });
    });
    for (const concurrency of ['1', '8']) {
      s.seen.length = 0;
      const r = await run(s, [
        'issue',
        'list',
        '-p',
        'acme/api',
        '--all',
        '--per-page',
        '10',
        '--concurrency',
        concurrency,
        '-o',
        'ndjson',
      ]);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      expect(ids(r)).toEqual(all.map((i) => i.id));
      expect(s.seen).toHaveLength(5);
      expect(s.seen.every((q) => q.url.startsWith(LIST))).toBe(true);
    }
  });
});

describe('a list that changes while it is read', () => {
  /**
   * Offset pagination over a list sorted newest first, where `grow` new items are created before
   * each page after the first is served: items shift towards later pages while the walk reads.
   */
  function growingList(initial: number, grow: number, perPage: number) {
    let next = initial + 1;
    const list = items(1, initial).reverse();
    return (_req: http.IncomingMessage, res: http.ServerResponse, n: number, page: number) => {
      if (n > 1) for (let i = 0; i < grow; i++) list.unshift({ id: next, iid: next, title: `new ${next++}` });
      const body = list.slice((page - 1) * perPage, page * perPage);
      const pages = Math.ceil(list.length / perPage);
      json(res, 200, body, {
        'x-page': String(page),
        'x-per-page': String(perPage),
        'x-total': String(list.length),
        'x-total-pages': String(pages),
        'x-next-page': page < pages ? String(page + 1) : '',
      });
    };
  }

  for (const concurrency of ['1', '8']) {
    it(`no duplicates, nothing of the original list missed, and a notice (concurrency ${concurrency})`, async () => {
      const s = await serve(growingList(1000, 1, 100));
      const r = await run(s, [
        'issue',
        'list',
        '-p',
        'acme/api',
        '--all',
        '--per-page',
        '100',
        '--concurrency',
        concurrency,
        '-o',
        'ndjson',
      ]);
      expect(r.exitCode, r.stderr).toBe(0);
      const got = ids(r);
      expect(new Set(got).size).toBe(got.length);
      // Shifted items show up again (left out) but none is skipped: once the total moves, the
      // rest is read in order (pages served out of order would leave gaps).
      for (let id = 1; id <= 1000; id++) expect(got).toContain(id);
      expect(r.stderr).toMatch(
        /^collab: warning: the list changed while it was read \(X-Total 1000 → 10\d\d\); \d+ duplicates? left out; items added or removed meanwhile may be missing$/m,
      );
    });
  }

  it('a steady list says nothing', async () => {
    const s = await serve(growingList(250, 0, 100));
    const r = await run(s, ['issue', 'list', '-p', 'acme/api', '--all', '-o', 'ndjson']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ids(r)).toHaveLength(250);
    expect(r.stderr).toBe('');
  });
});
