import { ApiError } from '../errors.js';
import { type ApiResponse, header } from './answer.js';
import type { ApiClient } from './client.js';
import { parseLinkHeader } from './links.js';
import type { ApiRequest } from './request.js';

export interface PageOptions {
  perPage?: number;
  page?: number;
  /** Every page. */
  all?: boolean;
  /** Stop after this many items (fetching further pages as needed). */
  limit?: number;
  /** Pages fetched at once when the server gives a page count (with `all`). */
  concurrency?: number;
  /** Filled while the list is read: the server's `X-Total`, and whether items were left unread. */
  stats?: { total?: number; more?: boolean };
}

/**
 * The one paginator: yields items page by page as they arrive. Follows `X-Next-Page` (or, without
 * it, the server's `rel="next"` link, relative or on another host, always fetched from our own
 * origin), copes with absent totals, and owns every loop guard and the de-duplication:
 * - it stops on an empty `X-Next-Page` or an empty page;
 * - it stops, with a notice, when a page repeats the previous one (same ids) or the server
 *   answers another page than asked (it ignores `page`), when `X-Next-Page` does not advance,
 *   when a link points at a page already read, and past `X-Total-Pages`;
 * - items are de-duplicated by `id` as they stream (a list that shifts while it is read), and a
 *   notice says when the list changed (`X-Total`) or duplicates were left out.
 * When the server states `X-Total-Pages`, the remaining pages are fetched with bounded
 * concurrency and emitted in order; without totals, pages are fetched ahead the same way.
 */
export async function* paginate<T = unknown>(
  client: ApiClient,
  request: ApiRequest,
  options: PageOptions = {},
): AsyncGenerator<T, void, undefined> {
  for await (const page of paginatePages<T>(client, request, options)) yield* page;
}

type Key = number | string;

/** The walk's memory: what was read, what repeated, what changed. */
class Walk<T> {
  private readonly ids = new Set<Key>();
  private readonly pages = new Set<number>();
  private readonly links = new Set<string>();
  private previous: string | undefined;
  private previousItems: unknown[] | undefined;
  private firstTotal: number | undefined;
  private lastTotal: number | undefined;
  private stale = 0;
  duplicates = 0;

  constructor(private readonly warn: (message: string) => void) {}

  /**
   * The new items of a page answered for `asked`, or undefined when the walk must stop here (the
   * server repeated itself); notices say why.
   */
  accept(res: ApiResponse<unknown>, asked: number | undefined): T[] | undefined {
    const items = asArray<T>(res);
    const answered = intHeader(res, 'x-page');
    if (asked !== undefined && answered !== undefined && answered !== asked && items.length > 0) {
      this.warn(`the server answered page ${answered} when asked for page ${asked} (does it ignore the page parameter?); stopping`);
      return undefined;
    }
    const page = answered ?? asked;
    const total = intHeader(res, 'x-total');
    // A list that grew by exactly a page between two reads repeats a page too; its total says so.
    const grew = total !== undefined && this.lastTotal !== undefined && total !== this.lastTotal;
    const fingerprint = items.length > 0 ? pageFingerprint(items) : undefined;
    if (fingerprint !== undefined && fingerprint === this.previous && !grew) {
      this.warn(`the server repeated page ${page ?? this.pages.size + 1} (the same items as the page before); stopping`);
      return undefined;
    }
    // The same items under new ids: a server that ignores `page` and numbers what it sends.
    if (fingerprint !== this.previous && this.previousItems !== undefined && sameContent(this.previousItems, items)) {
      this.warn(`the server repeated page ${page ?? this.pages.size + 1} (the same items as the page before, under other ids); stopping`);
      return undefined;
    }
    this.previous = fingerprint;
    this.previousItems = items;
    if (page !== undefined) this.pages.add(page);
    this.links.add(linkKey(res.url));
    if (total !== undefined) {
      this.firstTotal ??= total;
      this.lastTotal = total;
    }
    let fresh = items;
    for (let i = 0; i < items.length; i++) {
      const id = idOf(items[i]);
      if (id === undefined) continue;
      if (this.ids.has(id)) {
        if (fresh === items) fresh = items.slice(0, i);
        this.duplicates++;
        continue;
      }
      this.ids.add(id);
      if (fresh !== items) fresh.push(items[i]!);
    }
    // Whatever the headers claim, two pages in a row of nothing new is a server going round in circles.
    if (items.length > 0 && fresh.length === 0) {
      if (++this.stale >= 2) {
        this.warn(`the server sent only items already read, twice in a row (page ${page ?? '?'}); stopping`);
        return undefined;
      }
    } else this.stale = 0;
    return fresh;
  }

  /** Whether X-Total moved since the first page. */
  get changed(): boolean {
    return this.firstTotal !== undefined && this.lastTotal !== this.firstTotal;
  }

  seenPage(page: number): boolean {
    return this.pages.has(page);
  }

  seenLink(url: string): boolean {
    return this.links.has(linkKey(url));
  }

  /** A notice when the list changed under the walk. */
  finish(): void {
    if (!this.changed && this.duplicates === 0) return;
    const how = this.changed ? ` (X-Total ${this.firstTotal} → ${this.lastTotal})` : '';
    const dups = this.duplicates > 0 ? `; ${this.duplicates} duplicate${this.duplicates === 1 ? '' : 's'} left out` : '';
    this.warn(`the list changed while it was read${how}${dups}; items added or removed meanwhile may be missing`);
  }
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
  let concurrency = Math.max(1, options.concurrency ?? 1);
  const walk = new Walk<T>((m) => client.warn(m));
  let count = 0;
  /** The page cut to the limit; counts what is emitted. */
  const take = (items: T[]): T[] => {
    const out = limit !== undefined ? items.slice(0, Math.max(0, limit - count)) : items;
    count += out.length;
    if (options.stats && out.length < items.length) options.stats.more = true;
    return out;
  };
  /** Stopping for the limit (or one page) after `res`: items are left when a page follows. */
  const stopAfter = (res: ApiResponse<unknown>) => {
    if (options.stats && hasNextPage(res)) options.stats.more = true;
  };

  try {
    let asked: number | undefined = options.page ?? 1;
    let res = await client.request<unknown>({ ...request, method: 'GET', query });
    if (options.stats) options.stats.total = intHeader(res, 'x-total');
    for (;;) {
      const raw = asArray<T>(res);
      const items = walk.accept(res, asked);
      if (items === undefined) return;
      const out = take(items);
      if (out.length > 0) yield out;
      if (raw.length === 0) return;
      if (!wantMore(count)) return stopAfter(res);

      const currentPage = intHeader(res, 'x-page') ?? asked;
      const totalPages = intHeader(res, 'x-total-pages');
      const links = parseLinkHeader(header(res.headers, 'link'));
      if (concurrency > 1 && currentPage !== undefined && totalPages !== undefined && totalPages > currentPage) {
        const template = absoluteLink(links.next ?? links.last, res.url);
        let last: ApiResponse<unknown> | undefined;
        for await (const [page, pageRes] of fetchWindow(client, request, query, template, {
          first: currentPage + 1,
          last: totalPages,
          concurrency,
        })) {
          const fresh = walk.accept(pageRes, page);
          if (fresh === undefined) return;
          const cut = take(fresh);
          if (cut.length > 0) yield cut;
          if (asArray(pageRes).length === 0) return;
          if (!wantMore(count)) return stopAfter(pageRes);
          last = pageRes;
          asked = page;
          // Pages served out of order from a changing list leave gaps; read in order, a list
          // that grows only repeats items (left out). The pages fetched ahead are dropped.
          if (walk.changed) {
            concurrency = 1;
            break;
          }
        }
        // The stated pages are read (or the list changed): go on from the last one, in order.
        if (!last) return;
        res = last;
        const next = nextRequest(request, query, res, asked, walk, (m) => client.warn(m));
        if (!next) return;
        asked = next.page;
        res = await client.request<unknown>(next.request);
        continue;
      }

      const next = nextRequest(request, query, res, currentPage, walk, (m) => client.warn(m));
      if (!next) return;
      if (concurrency > 1 && currentPage !== undefined && totalPages === undefined && next.page === currentPage + 1) {
        // No totals (lists over 10,000 rows): fetch ahead, stopping at the first empty page, or a
        // short one that names no next page.
        const perPage = intHeader(res, 'x-per-page') ?? options.perPage;
        let diverged: [number, ApiResponse<unknown>] | undefined;
        for await (const [page, pageRes] of fetchWindow(client, request, query, absoluteLink(links.next, res.url), {
          first: currentPage + 1,
          concurrency,
          perPage,
        })) {
          const fresh = walk.accept(pageRes, page);
          if (fresh === undefined) return;
          const cut = take(fresh);
          if (cut.length > 0) yield cut;
          if (!wantMore(count)) return stopAfter(pageRes);
          // The server's own next page is not the one fetched ahead: it is followed, page by
          // page, with every guard.
          const said = declaredNext(pageRes);
          if (said !== undefined && said !== page + 1) {
            diverged = [page, pageRes];
            break;
          }
        }
        if (!diverged) return;
        concurrency = 1;
        [asked, res] = diverged;
        const after = nextRequest(request, query, res, asked, walk, (m) => client.warn(m));
        if (!after) return;
        asked = after.page;
        res = await client.request<unknown>(after.request);
        continue;
      }
      asked = next.page;
      res = await client.request<unknown>(next.request);
    }
  } finally {
    walk.finish();
  }
}

/** The page number the server names as next (`X-Next-Page`, else the `rel="next"` link's `page`), if it names one. */
function declaredNext(res: ApiResponse<unknown>): number | undefined {
  const next = header(res.headers, 'x-next-page')?.trim();
  if (next !== undefined && next !== '') return /^\d+$/.test(next) ? Number(next) : -1;
  if (next === '') return undefined;
  const link = absoluteLink(parseLinkHeader(header(res.headers, 'link')).next, res.url);
  if (!link) return undefined;
  const raw = new URL(link).searchParams.get('page');
  return raw !== null && /^\d+$/.test(raw) ? Number(raw) : -1;
}

/** Whether the server says a page follows this one. */
function hasNextPage(res: ApiResponse<unknown>): boolean {
  const next = header(res.headers, 'x-next-page');
  if (next !== undefined) return next.trim() !== '';
  return parseLinkHeader(header(res.headers, 'link')).next !== undefined;
}

function asArray<T>(res: ApiResponse<unknown>): T[] {
  if (res.data === undefined) return [];
  if (!Array.isArray(res.data)) {
    const got = res.data === null ? 'null' : typeof res.data === 'object' ? 'an object' : `a ${typeof res.data}`;
    throw new ApiError(`${res.status} from ${new URL(res.url).host} was not a list (got ${got})`, res.status);
  }
  return res.data as T[];
}

function intHeader(res: ApiResponse<unknown>, name: string): number | undefined {
  const v = header(res.headers, name)?.trim();
  if (v === undefined || !/^\d+$/.test(v)) return undefined;
  return Number(v);
}

function idOf(item: unknown): Key | undefined {
  if (item === null || typeof item !== 'object') return undefined;
  const id = (item as { id?: unknown }).id;
  return typeof id === 'number' || typeof id === 'string' ? id : undefined;
}

/** What makes a page the same page: its ids in order (its JSON when items have no ids). */
function pageFingerprint(items: unknown[]): string {
  const ids: Key[] = [];
  for (const item of items) {
    const id = idOf(item);
    if (id === undefined) return JSON.stringify(items);
    ids.push(id);
  }
  return JSON.stringify(ids);
}

/** Whether two non-empty pages hold the same objects but for their ids (`id`, `iid`); the first item decides most pages. */
function sameContent(a: unknown[], b: unknown[]): boolean {
  if (a.length === 0 || a.length !== b.length) return false;
  // An item with nothing but ids says nothing about its content.
  const withoutIds = (i: unknown) => {
    if (i === null || typeof i !== 'object' || Array.isArray(i)) return undefined;
    const { id: _id, iid: _iid, ...rest } = i as Record<string, unknown>;
    return Object.keys(rest).length > 0 ? JSON.stringify(rest) : undefined;
  };
  for (let k = 0; k < a.length; k++) {
    const x = withoutIds(a[k]);
    if (x === undefined || x !== withoutIds(b[k])) return false;
  }
  return true;
}

/** A link as a comparable key: path and sorted query, whatever host or port it names. */
function linkKey(url: string): string {
  try {
    const u = new URL(url);
    u.searchParams.sort();
    return `${u.pathname}?${u.searchParams}`;
  } catch {
    return url;
  }
}

/** A `Link` target resolved against the URL that answered (servers send relative ones too). */
function absoluteLink(link: string | undefined, base: string): string | undefined {
  if (!link) return undefined;
  try {
    return new URL(link, base).toString();
  } catch {
    return undefined;
  }
}

/**
 * The request for the page after `res`, or undefined at the end. `X-Next-Page` rules when
 * present (empty: the end); otherwise `rel="next"`. Guards: a next page that does not advance, is
 * past `X-Total-Pages`, or was read already ends the walk with a notice.
 */
function nextRequest(
  request: ApiRequest,
  query: ApiRequest['query'],
  res: ApiResponse<unknown>,
  currentPage: number | undefined,
  walk: Walk<unknown>,
  warn: (message: string) => void,
): { request: ApiRequest; page: number | undefined } | undefined {
  const totalPages = intHeader(res, 'x-total-pages');
  const nextHeader = header(res.headers, 'x-next-page');
  if (nextHeader !== undefined) {
    const trimmed = nextHeader.trim();
    if (trimmed === '') return undefined;
    const n = Number(trimmed);
    if (!Number.isInteger(n) || n < 1 || (currentPage !== undefined && n <= currentPage) || walk.seenPage(n)) {
      warn(`the server's X-Next-Page (${trimmed.slice(0, 20)}) does not advance past page ${currentPage ?? '?'}; stopping`);
      return undefined;
    }
    if (totalPages !== undefined && n > totalPages) {
      warn(`the server offered page ${n}, past its last page (${totalPages}); stopping`);
      return undefined;
    }
    return { request: { ...request, method: 'GET', query: { ...query, page: n } }, page: n };
  }
  const link = absoluteLink(parseLinkHeader(header(res.headers, 'link')).next, res.url);
  if (!link) return undefined;
  const raw = new URL(link).searchParams.get('page');
  const page = raw !== null && /^\d+$/.test(raw) ? Number(raw) : undefined;
  if ((page !== undefined && walk.seenPage(page)) || walk.seenLink(link)) {
    warn(`the server's next link points at page ${page ?? 'already read'}${page !== undefined ? ', already read' : ''}; stopping`);
    return undefined;
  }
  if (page !== undefined && totalPages !== undefined && page > totalPages) {
    warn(`the server offered page ${page}, past its last page (${totalPages}); stopping`);
    return undefined;
  }
  return { request: { ...request, method: 'GET', path: link, query: undefined }, page };
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
 * Pages from `first` on, `concurrency` requests in flight, yielded in page order with their page
 * number. With `last` (the server's page count) no request goes past it; without, the window ends
 * at the first empty page, a page shorter than `perPage`, or an empty `X-Next-Page` — at most
 * `concurrency - 1` requests past the end are wasted. The walk's guards stop a server that
 * ignores `page`.
 */
async function* fetchWindow(
  client: ApiClient,
  request: ApiRequest,
  query: ApiRequest['query'],
  template: string | undefined,
  window: { first: number; last?: number; concurrency: number; perPage?: number },
): AsyncGenerator<[number, ApiResponse<unknown>], void, undefined> {
  const { last, concurrency, perPage } = window;
  const inFlight: [number, Promise<ApiResponse<unknown>>][] = [];
  // Pages fetched ahead and no longer wanted (the walk stopped) are cancelled, not left running.
  const abandon = new AbortController();
  let nextPage = window.first;
  const launch = () => {
    if (last !== undefined && nextPage > last) return;
    const page = nextPage++;
    const p = client.request<unknown>({ ...pageRequest(request, query, template, page), signal: abandon.signal });
    p.catch(() => undefined); // observed when awaited in order
    inFlight.push([page, p]);
  };
  try {
    for (let i = 0; i < concurrency; i++) launch();
    while (inFlight.length > 0) {
      const [page, pending] = inFlight.shift()!;
      const res = await pending;
      const items = asArray(res);
      yield [page, res];
      if (items.length === 0) return;
      const nextHeader = header(res.headers, 'x-next-page');
      if (last === undefined && nextHeader !== undefined && nextHeader.trim() === '') return;
      if (last === undefined && perPage !== undefined && items.length < perPage && !hasNextPage(res)) return;
      launch();
    }
  } finally {
    if (inFlight.length > 0) abandon.abort();
  }
}
