import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { ListCache, listKey } from '../../src/sandbox/list-cache.js';
import { API_PROJECT, call, useSandbox } from './helpers.js';

function links(header: string | null): Record<string, string> {
  const result: Record<string, string> = {};
  for (const part of (header ?? '').split(',')) {
    const match = /<([^>]+)>;\s*rel="(\w+)"/.exec(part);
    if (match) result[match[2]] = match[1];
  }
  return result;
}

describe('sandbox pagination', () => {
  const sandbox = useSandbox();

  it('sends GitLab headers and Link URLs that keep other parameters', async () => {
    const sb = sandbox();
    const res = await call(sb, `/projects/${API_PROJECT}/issues?state=opened&per_page=10&page=2`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(10);
    const total = Number(res.headers.get('x-total'));
    expect(total).toBeGreaterThan(100);
    expect(res.headers.get('x-total-pages')).toBe(String(Math.ceil(total / 10)));
    expect(res.headers.get('x-per-page')).toBe('10');
    expect(res.headers.get('x-page')).toBe('2');
    expect(res.headers.get('x-next-page')).toBe('3');
    expect(res.headers.get('x-prev-page')).toBe('1');
    const rel = links(res.headers.get('link'));
    expect(Object.keys(rel).sort()).toEqual(['first', 'last', 'next', 'prev']);
    const next = new URL(rel.next);
    expect(next.origin).toBe(sb.url);
    expect(next.pathname).toBe(`/api/v4/projects/${API_PROJECT}/issues`);
    expect(next.searchParams.get('state')).toBe('opened');
    expect(next.searchParams.get('page')).toBe('3');
    const following = await call(sb, rel.next);
    expect(following.headers.get('x-page')).toBe('3');
  });

  it('sends empty X-Next-Page on the last page and empty X-Prev-Page on the first', async () => {
    const sb = sandbox();
    const first = await call(sb, '/projects?per_page=100');
    expect(first.headers.get('x-prev-page')).toBe('');
    expect(first.headers.get('x-next-page')).toBe('');
    expect(links(first.headers.get('link')).next).toBeUndefined();
    const all = await call(sb, `/projects/${API_PROJECT}/issues?per_page=100&page=3`);
    expect(all.headers.get('x-next-page')).toBe('');
    expect(all.body).toHaveLength(50);
  });

  it('defaults to 20 per page and silently caps per_page at 100', async () => {
    const sb = sandbox();
    expect((await call(sb, `/projects/${API_PROJECT}/issues`)).body).toHaveLength(20);
    const capped = await call(sb, `/projects/${API_PROJECT}/issues?per_page=500`);
    expect(capped.status).toBe(200);
    expect(capped.body).toHaveLength(100);
    expect(capped.headers.get('x-per-page')).toBe('100');
  });

  it('walks every issue exactly once by following next links', async () => {
    const sb = sandbox();
    const seen = new Set<number>();
    let url: string | undefined = `${sb.url}/api/v4/projects/${API_PROJECT}/issues?per_page=100`;
    while (url) {
      const page: { body: { id: number }[]; headers: Headers } = await call(sb, url);
      for (const issue of page.body) seen.add(issue.id);
      url = links(page.headers.get('link')).next;
    }
    expect(seen.size).toBe(250);
  });

  it('omits totals and rel="last" above 10,000 rows', async () => {
    const big = await startSandbox({ port: 0, seed: 10_001 });
    try {
      const first = await call(big, `/projects/${API_PROJECT}/issues?per_page=100`);
      expect(first.body).toHaveLength(100);
      expect(first.headers.has('x-total')).toBe(false);
      expect(first.headers.has('x-total-pages')).toBe(false);
      expect(links(first.headers.get('link')).last).toBeUndefined();
      expect(first.headers.get('x-next-page')).toBe('2');
      const last = await call(big, `/projects/${API_PROJECT}/issues?per_page=100&page=101`);
      expect(last.body).toHaveLength(1);
      expect(last.headers.get('x-next-page')).toBe('');
      const counted = await call(big, `/projects/${API_PROJECT}/issues?state=closed&per_page=100`);
      expect(counted.headers.get('x-total')).toBe('2500');
    } finally {
      await big.close();
    }
  });
});

describe('sandbox list cache', () => {
  const key = (rawQuery: string) => listKey(null, `/api/v4/projects/${API_PROJECT}/issues`, rawQuery);

  it('filters and sorts a list once for all its pages, and again after a write', () => {
    const cache = new ListCache();
    const store = { version: 1 };
    let computed = 0;
    const compute = () => {
      computed++;
      return [1, 2, 3];
    };
    for (let page = 1; page <= 100; page++)
      expect(cache.get(key(`state=opened&per_page=100&page=${page}`), store.version, compute)).toEqual([1, 2, 3]);
    expect(computed).toBe(1);
    cache.get(key('state=closed&page=2'), store.version, compute);
    expect(computed).toBe(2);
    store.version++;
    cache.get(key('page=3&state=opened'), store.version, compute);
    expect(computed).toBe(3);
  });
});
