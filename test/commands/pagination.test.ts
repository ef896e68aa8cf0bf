/**
 * The paginator against servers that page oddly on purpose: one that ignores `page`, headers
 * that do not advance, links that point back or are relative, totals that lie, and a list that
 * grows while it is read. Each case counts the requests: nothing may loop. In-process (MockAgent);
 * test/commands/odd-pages.test.ts runs the hardest two through real sockets.
 */
import { describe, expect, it } from 'vitest';
import { type Answer, mockServer, runCli } from '../helpers/harness.js';
import { growingList, items, ndjsonIds } from '../helpers/pages.js';

const LIST = '/api/v4/projects/acme%2Fapi/issues';

const ids = ndjsonIds;
const pageOf = (url: URL) => Number(url.searchParams.get('page') ?? 1);

/** A server answering every request by `handler`, given the page asked for. */
function serve(handler: (page: number, n: number, url: URL) => Answer) {
  return mockServer((url, n) => handler(pageOf(url), n, url));
}

describe('pagination cannot run away', () => {
  it('a server that ignores page (and says so in X-Page): stops with a notice at any concurrency', async () => {
    // The load balancer drops `page`: every answer is page 1, which claims 50 pages.
    const s = serve(() => ({
      body: items(1, 2),
      headers: { 'x-page': '1', 'x-next-page': '2', 'x-total-pages': '50', 'x-total': '100' },
    }));
    for (const concurrency of ['1', '8']) {
      s.seen.length = 0;
      const r = await runCli(['issue', 'list', '-p', 'acme/api', '--all', '-o', 'ndjson', '--concurrency', concurrency], {
        transport: s.transport,
      });
      expect(r.code, r.stderr).toBe(0);
      expect(ids(r)).toEqual([1, 2]);
      expect(r.stderr).toMatch(/^collab: warning: the server answered page 1 when asked for page 2 .*; stopping$/m);
      expect(s.seen.length).toBeLessThanOrEqual(Number(concurrency) + 1);
    }
  });

  it('a server that ignores page without X-Page: the repeated page stops it', async () => {
    const s = serve(() => ({ body: items(1, 2), headers: { 'x-next-page': '2' } }));
    for (const concurrency of ['1', '8']) {
      s.seen.length = 0;
      const r = await runCli(['mr', 'list', '-p', 'acme/api', '--all', '--concurrency', concurrency, '-o', 'ndjson'], {
        transport: s.transport,
      });
      expect(r.code, r.stderr).toBe(0);
      expect(ids(r)).toEqual([1, 2]);
      expect(r.stderr).toMatch(/the server repeated page 2 .*; stopping/);
      // At most one window of pages fetched ahead.
      expect(s.seen.length).toBeLessThanOrEqual(Number(concurrency) + 1);
    }
  });

  it('the same through rel="next" links only (relative ones, as some proxies rewrite them)', async () => {
    const s = serve((page, _n, url) => ({
      body: items(1, 2),
      headers: { link: `<${url.pathname}?page=${page + 1}&per_page=2>; rel="next"` },
    }));
    const r = await runCli(['api', '/projects/acme%2Fapi/issues', '--paginate', '-o', 'ndjson'], { transport: s.transport });
    expect(r.code, r.stderr).toBe(0);
    expect(ids(r)).toEqual([1, 2]);
    expect(r.stderr).toMatch(/the server repeated page 2/);
    expect(s.seen).toHaveLength(2);
  });

  it('an X-Next-Page that does not advance', async () => {
    const s = serve((page) => ({
      body: items(page * 10, page * 10 + 1),
      headers: { 'x-page': String(page), 'x-next-page': String(page) },
    }));
    const r = await runCli(['issue', 'list', '-p', 'acme/api', '--all', '-o', 'ndjson'], { transport: s.transport });
    expect(r.code, r.stderr).toBe(0);
    expect(ids(r)).toEqual([10, 11]);
    expect(r.stderr).toMatch(/X-Next-Page \(1\) does not advance past page 1; stopping/);
    expect(s.seen).toHaveLength(1);
  });

  it('a Link that points back at a page already read', async () => {
    const s = serve((page) => ({
      body: items(page * 10, page * 10 + 1),
      headers: { link: `<http://127.0.0.1:1${LIST}?page=${page === 1 ? 2 : 1}&per_page=2>; rel="next"` },
    }));
    const r = await runCli(['issue', 'list', '-p', 'acme/api', '--all', '--concurrency', '1', '-o', 'ndjson'], { transport: s.transport });
    expect(r.code, r.stderr).toBe(0);
    expect(ids(r)).toEqual([10, 11, 20, 21]);
    expect(r.stderr).toMatch(/next link points at page 1, already read; stopping/);
    expect(s.seen).toHaveLength(2);
  });

  it('an X-Next-Page past X-Total-Pages', async () => {
    const s = serve((page) => ({
      body: items(page * 10, page * 10 + 1),
      headers: { 'x-page': String(page), 'x-total-pages': '2', 'x-next-page': String(page + 1) },
    }));
    const r = await runCli(['issue', 'list', '-p', 'acme/api', '--all', '--concurrency', '1', '-o', 'ndjson'], { transport: s.transport });
    expect(r.code, r.stderr).toBe(0);
    expect(ids(r)).toEqual([10, 11, 20, 21]);
    expect(r.stderr).toMatch(/offered page 3, past its last page \(2\); stopping/);
    expect(s.seen).toHaveLength(2);
  });

  it('relative Link URLs resolve against the request URL, at concurrency 8 too', async () => {
    const all = items(1, 45);
    const s = serve((page) => {
      const links = [`</api/v4/projects/acme%2Fapi/issues?page=${page + 1}&per_page=10>; rel="next"`, `<?page=5&per_page=10>; rel="last"`];
      return {
        body: all.slice((page - 1) * 10, page * 10),
        headers: {
          link: page < 5 ? links.join(', ') : links[1]!,
          'x-page': String(page),
          'x-per-page': '10',
          'x-total': '45',
          'x-total-pages': '5',
        },
      };
    });
    for (const concurrency of ['1', '8']) {
      s.seen.length = 0;
      const args = ['issue', 'list', '-p', 'acme/api', '--all', '--per-page', '10', '--concurrency', concurrency, '-o', 'ndjson'];
      const r = await runCli(args, { transport: s.transport });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      expect(ids(r)).toEqual(all.map((i) => i.id));
      expect(s.seen).toHaveLength(5);
      expect(s.seen.every((path) => path.startsWith(LIST))).toBe(true);
    }
  });
});

describe('a list that changes while it is read', () => {
  for (const concurrency of ['1', '8']) {
    it(`no duplicates, nothing of the original list missed, and a notice (concurrency ${concurrency})`, async () => {
      const s = serve(growingList(1000, 1, 100));
      const args = ['issue', 'list', '-p', 'acme/api', '--all', '--per-page', '100', '--concurrency', concurrency, '-o', 'ndjson'];
      const r = await runCli(args, { transport: s.transport });
      expect(r.code, r.stderr).toBe(0);
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
    const s = serve(growingList(250, 0, 100));
    const r = await runCli(['issue', 'list', '-p', 'acme/api', '--all', '-o', 'ndjson'], { transport: s.transport });
    expect(r.code, r.stderr).toBe(0);
    expect(ids(r)).toHaveLength(250);
    expect(r.stderr).toBe('');
  });
});
