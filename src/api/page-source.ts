import { type ApiResponse, header } from './answer.js';
import type { ApiClient } from './client.js';
import { offsetLimitMet } from './keyset.js';
import { asArray, declaredNext, hasNextPage, intHeader, linkPage, pageLink } from './page.js';
import type { Walk } from './page-walk.js';
import type { QueryValue } from './path.js';
import type { ApiRequest } from './request.js';

/** A page as it arrived: the number it was asked for (undefined: a link that names none) and the answer. */
interface Fetched {
  page: number | undefined;
  res: ApiResponse<unknown>;
}

/** Pages fetched at once by number: from `first`, up to `last` when the server states its page count. */
interface Window {
  first: number;
  last?: number;
  /** A URL to set `page` on (the server's own next or last link), else the request with a `page` query. */
  template?: string;
  /** Without `last`: a page shorter than this that names no next page is the last one. */
  perPage?: number;
}

/**
 * The pages of a list in order, each one fetched when the one before was taken: the first page,
 * then the page the server names as next (`X-Next-Page`, else `rel="next"`, always fetched from
 * our own origin) with every guard of the walk. With `concurrency` above 1, the pages a server
 * numbers are fetched ahead in a window instead: up to its `X-Total-Pages`, or without totals
 * until the first empty or short page. A window is left for the page-by-page walk as soon as the
 * list changes under it or a page names another next page than the one fetched ahead.
 *
 * A list GitLab pages by keyset (`keyset`: the query that asks for it so) is walked by keyset from
 * the first page (`first`), or once offset pagination meets GitLab's offset limit: then it is read
 * again from its start by keyset, and the walk leaves out what was already printed.
 */
export class PageSource {
  /** The query of the walk under way: the list by offset, or by keyset. */
  private query: NonNullable<ApiRequest['query']>;
  private readonly firstPage: number;
  private readonly perPage: number | undefined;
  private concurrency: number;

  constructor(
    private readonly client: ApiClient,
    private readonly request: ApiRequest,
    options: { perPage?: number; page?: number; concurrency?: number },
    private readonly walk: Walk<unknown>,
    private readonly keyset?: { query: Record<string, QueryValue>; first: boolean },
  ) {
    this.firstPage = options.page ?? 1;
    this.perPage = options.perPage;
    this.query = { ...request.query };
    if (options.perPage !== undefined) this.query.per_page = options.perPage;
    if (options.page !== undefined) this.query.page = options.page;
    this.concurrency = Math.max(1, options.concurrency ?? 1);
  }

  async *pages(): AsyncGenerator<Fetched, void, undefined> {
    const keyset = this.keyset && { ...this.keyset.query, ...(this.perPage !== undefined ? { per_page: this.perPage } : {}) };
    if (keyset && this.keyset?.first) return yield* this.from(keyset);
    try {
      yield* this.from(this.query);
    } catch (err) {
      if (!keyset || !offsetLimitMet(err)) throw err;
      const limit = /offset of (\d+)/.exec((err as Error).message)?.[1];
      this.client.warn(
        `the server pages this list by offset${limit ? ` up to ${limit} items` : ''} only ` +
          `(405); reading it again by keyset, leaving out what was already printed`,
      );
      this.walk.replay();
      yield* this.from(keyset);
    }
  }

  /** The pages from the first one `query` asks for. */
  private async *from(query: Record<string, QueryValue>): AsyncGenerator<Fetched, void, undefined> {
    this.query = query;
    let current: Fetched = { page: this.firstPage, res: await this.client.request({ ...this.request, method: 'GET', query }) };
    yield current;
    for (;;) {
      const step = this.stepAfter(current);
      if (step === undefined) return;
      if ('request' in step) {
        current = { page: step.page, res: await this.client.request(step.request) };
        yield current;
        continue;
      }
      let last: Fetched | undefined;
      for await (const fetched of this.fetchWindow(step)) {
        yield fetched;
        last = fetched;
        // Pages served out of order from a changing list leave gaps, and a server that names
        // another next page is followed as it says: page by page, every guard on.
        const named = declaredNext(fetched.res);
        if (this.walk.changed || (named !== undefined && named !== fetched.page! + 1)) {
          this.concurrency = 1;
          break;
        }
      }
      if (!last) return;
      current = last;
    }
  }

  /** How the pages after `current` are fetched: a window of them, the next one, or none (the end). */
  private stepAfter(current: Fetched): Window | { request: ApiRequest; page: number | undefined } | undefined {
    const { res } = current;
    const page = intHeader(res, 'x-page') ?? current.page;
    const totalPages = intHeader(res, 'x-total-pages');
    const ahead = this.concurrency > 1 && page !== undefined;
    if (ahead && totalPages !== undefined && totalPages > page)
      return { first: page + 1, last: totalPages, template: pageLink(res, 'next') ?? pageLink(res, 'last') };
    const next = this.nextRequest(res, page);
    // No totals (lists over 10,000 rows): fetched ahead as long as pages come one after another.
    if (ahead && next !== undefined && totalPages === undefined && next.page === page + 1)
      return { first: page + 1, template: pageLink(res, 'next'), perPage: intHeader(res, 'x-per-page') ?? this.perPage };
    return next;
  }

  /**
   * The request for the page after `res`, or undefined at the end. `X-Next-Page` rules when
   * present (empty: the end); otherwise `rel="next"`. Guards: a next page that does not advance, is
   * past `X-Total-Pages`, or was read already ends the walk with a notice.
   */
  private nextRequest(
    res: ApiResponse<unknown>,
    currentPage: number | undefined,
  ): { request: ApiRequest; page: number | undefined } | undefined {
    const warn = (message: string) => this.client.warn(message);
    const totalPages = intHeader(res, 'x-total-pages');
    const nextHeader = header(res.headers, 'x-next-page');
    if (nextHeader !== undefined) {
      const trimmed = nextHeader.trim();
      if (trimmed === '') return undefined;
      const n = Number(trimmed);
      if (!Number.isInteger(n) || n < 1 || (currentPage !== undefined && n <= currentPage) || this.walk.seenPage(n)) {
        warn(`the server's X-Next-Page (${trimmed.slice(0, 20)}) does not advance past page ${currentPage ?? '?'}; stopping`);
        return undefined;
      }
      if (totalPages !== undefined && n > totalPages) {
        warn(`the server offered page ${n}, past its last page (${totalPages}); stopping`);
        return undefined;
      }
      return { request: this.pageRequest(undefined, n), page: n };
    }
    const link = pageLink(res, 'next');
    if (!link) return undefined;
    const page = linkPage(link);
    if ((page !== undefined && this.walk.seenPage(page)) || this.walk.seenLink(link)) {
      warn(`the server's next link points at page ${page ?? 'already read'}${page !== undefined ? ', already read' : ''}; stopping`);
      return undefined;
    }
    if (page !== undefined && totalPages !== undefined && page > totalPages) {
      warn(`the server offered page ${page}, past its last page (${totalPages}); stopping`);
      return undefined;
    }
    return { request: { ...this.request, method: 'GET', path: link, query: undefined }, page };
  }

  /** Page `page` of the list: on the server's link `template`, or by the `page` query. */
  private pageRequest(template: string | undefined, page: number): ApiRequest {
    if (template) {
      const url = new URL(template);
      url.searchParams.set('page', String(page));
      return { ...this.request, method: 'GET', path: url.toString(), query: undefined };
    }
    return { ...this.request, method: 'GET', query: { ...this.query, page } };
  }

  /**
   * The window's pages, `concurrency` requests in flight, yielded in page order. With `last` no
   * request goes past it; without, the window ends at the first empty page, a page shorter than
   * `perPage`, or an empty `X-Next-Page` — at most `concurrency - 1` requests past the end are
   * wasted. Pages fetched ahead and no longer wanted (the walk stopped) are cancelled.
   */
  private async *fetchWindow(window: Window): AsyncGenerator<Fetched, void, undefined> {
    const { last, perPage } = window;
    const inFlight: [number, Promise<ApiResponse<unknown>>][] = [];
    const abandon = new AbortController();
    let nextPage = window.first;
    const launch = () => {
      if (last !== undefined && nextPage > last) return;
      const page = nextPage++;
      const p = this.client.request<unknown>({ ...this.pageRequest(window.template, page), signal: abandon.signal });
      p.catch(() => undefined); // observed when awaited in order
      inFlight.push([page, p]);
    };
    try {
      for (let i = 0; i < this.concurrency; i++) launch();
      while (inFlight.length > 0) {
        const [page, pending] = inFlight.shift()!;
        const res = await pending;
        const items = asArray(res);
        yield { page, res };
        // Without a page count: an empty page, an empty X-Next-Page, or a short page that names no next one, is the last.
        const saidLast = items.length === 0 || header(res.headers, 'x-next-page') !== undefined || items.length < (perPage ?? 0);
        if (last === undefined && !hasNextPage(res) && saidLast) return;
        launch();
      }
    } finally {
      if (inFlight.length > 0) abandon.abort();
    }
  }
}
