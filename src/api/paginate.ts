import { ApiError } from '../errors.js';
import { type ApiClient, type ApiRequest, type ApiResponse, header } from './client.js';
import { parseLinkHeader } from './links.js';

export interface PageOptions {
  perPage?: number;
  page?: number;
  /** Every page. */
  all?: boolean;
  /** Stop after this many items (fetching further pages as needed). */
  limit?: number;
  /** Pages fetched at once when the server gives a page count (with `all`). */
  concurrency?: number;
}

/**
 * The one paginator: yields items page by page as they arrive. Follows `X-Next-Page` or the
 * server's `rel="next"` link, stops on an empty `X-Next-Page` or an empty page, never revisits a
 * page, and copes with absent totals. When the server states `X-Total-Pages`, the remaining pages
 * are fetched with bounded concurrency from the server's own link URL, and emitted in order.
 */
export async function* paginate<T = unknown>(
  client: ApiClient,
  request: ApiRequest,
  options: PageOptions = {},
): AsyncGenerator<T, void, undefined> {
  for await (const page of paginatePages<T>(client, request, options)) yield* page;
}

/** The same, a page (array) at a time: printers write a page in one go. */
export async function* paginatePages<T = unknown>(
  client: ApiClient,
  request: ApiRequest,
  options: PageOptions = {},
): AsyncGenerator<T[], void, undefined> {
  const query = { ...request.query };
  if (options.perPage !== undefined) query.per_page = options.perPage;
  if (options.page !== undefined) query.page = options.page;
  const limit = options.limit;
  const wantMore = (count: number) => (limit !== undefined ? count < limit : options.all === true);
  let count = 0;
  /** The page cut to the limit; counts what is emitted. */
  const take = (items: T[]): T[] => {
    const out = limit !== undefined ? items.slice(0, Math.max(0, limit - count)) : items;
    count += out.length;
    return out;
  };

  let res = await client.request<unknown>({ ...request, method: 'GET', query });
  const seen = new Set<string>();
  for (;;) {
    const items = asArray<T>(res);
    const out = take(items);
    if (out.length > 0) yield out;
    if (items.length === 0 || !wantMore(count)) return;

    const currentPage = Number(header(res.headers, 'x-page') ?? NaN);
    const totalPages = Number(header(res.headers, 'x-total-pages') ?? NaN);
    const links = parseLinkHeader(header(res.headers, 'link'));
    const concurrency = Math.max(1, options.concurrency ?? 1);
    if (concurrency > 1 && Number.isInteger(totalPages) && Number.isInteger(currentPage) && totalPages > currentPage) {
      const window = { first: currentPage + 1, last: totalPages, concurrency };
      for await (const page of fetchWindow<T>(client, request, query, links.next ?? links.last, window)) {
        const cut = take(page);
        if (cut.length > 0) yield cut;
        if (!wantMore(count)) return;
      }
      return;
    }

    const next = nextRequest(request, query, res, links, currentPage);
    if (!next) return;
    if (concurrency > 1 && Number.isInteger(currentPage) && !Number.isInteger(totalPages)) {
      // No totals (lists over 10,000 rows): fetch ahead, stopping at the first empty or short page.
      const perPage = Number(header(res.headers, 'x-per-page') ?? options.perPage ?? NaN);
      for await (const page of fetchWindow<T>(client, request, query, links.next, { first: currentPage + 1, concurrency, perPage })) {
        const cut = take(page);
        if (cut.length > 0) yield cut;
        if (!wantMore(count)) return;
      }
      return;
    }
    const key = next.path + JSON.stringify(next.query ?? {});
    if (seen.has(key)) return;
    seen.add(key);
    res = await client.request<unknown>(next);
  }
}

function asArray<T>(res: ApiResponse<unknown>): T[] {
  if (res.data === undefined) return [];
  if (!Array.isArray(res.data)) throw new ApiError(`expected a list from ${res.url}, got ${typeof res.data}`, res.status);
  return res.data as T[];
}

function nextRequest(
  request: ApiRequest,
  query: ApiRequest['query'],
  res: ApiResponse<unknown>,
  links: Record<string, string>,
  currentPage: number,
): ApiRequest | undefined {
  const nextHeader = header(res.headers, 'x-next-page');
  if (nextHeader !== undefined) {
    const trimmed = nextHeader.trim();
    if (trimmed === '') return undefined;
    const n = Number(trimmed);
    if (!Number.isInteger(n) || n < 1 || (Number.isInteger(currentPage) && n <= currentPage)) return undefined;
    if (links.next) return { ...request, method: 'GET', path: links.next, query: undefined };
    return { ...request, method: 'GET', query: { ...query, page: n } };
  }
  if (links.next) return { ...request, method: 'GET', path: links.next, query: undefined };
  return undefined;
}

function pageRequest(request: ApiRequest, query: ApiRequest['query'], template: string | undefined, page: number): ApiRequest {
  if (template) {
    const url = new URL(template);
    url.searchParams.set('page', String(page));
    return { ...request, method: 'GET', path: url.toString(), query: undefined };
  }
  return { ...request, method: 'GET', query: { ...query, page } };
}

/**
 * Pages from `first` on, `concurrency` requests in flight, yielded in page order. With `last`
 * (the server's page count) no request goes past it; without, the window ends at the first empty
 * page, a page shorter than `perPage`, or an empty `X-Next-Page` — at most `concurrency - 1`
 * requests past the end are wasted, and it never loops.
 */
async function* fetchWindow<T>(
  client: ApiClient,
  request: ApiRequest,
  query: ApiRequest['query'],
  template: string | undefined,
  window: { first: number; last?: number; concurrency: number; perPage?: number },
): AsyncGenerator<T[], void, undefined> {
  const { last, concurrency, perPage } = window;
  const inFlight: Promise<ApiResponse<unknown>>[] = [];
  let nextPage = window.first;
  const launch = () => {
    if (last !== undefined && nextPage > last) return;
    const p = client.request<unknown>(pageRequest(request, query, template, nextPage++));
    p.catch(() => undefined); // observed when awaited in order
    inFlight.push(p);
  };
  for (let i = 0; i < concurrency; i++) launch();
  while (inFlight.length > 0) {
    const res = await inFlight.shift()!;
    const items = asArray<T>(res);
    if (items.length === 0) return;
    yield items;
    const nextHeader = header(res.headers, 'x-next-page');
    if (last === undefined && nextHeader !== undefined && nextHeader.trim() === '') return;
    if (last === undefined && perPage !== undefined && Number.isInteger(perPage) && items.length < perPage) return;
    launch();
  }
}
