import type { ApiClient } from './client.js';
import { asArray, hasNextPage, intHeader } from './page.js';
import { PageSource } from './page-source.js';
import { Walk } from './page-walk.js';
import type { QueryValue } from './path.js';
import type { ApiRequest } from './request.js';

export interface PageOptions<T = unknown> {
  perPage?: number;
  page?: number;
  /** Every page. */
  all?: boolean;
  /** Stop after this many items (fetching further pages as needed). */
  limit?: number;
  /** Pages fetched at once when the server gives a page count (with `all`). */
  concurrency?: number;
  /**
   * The items carry unique ids (collab's own resources): an item seen again, shifted by a list that
   * changed while it was read, is left out. Never for lists collab does not know (`collab api`).
   */
  unique?: boolean;
  /**
   * How GitLab pages this list by keyset (see keyset.ts), from the first page (`first`) or once
   * offset pagination meets its limit; then the list is read again, and with `unique` the items
   * already printed are left out.
   */
  keyset?: { query: Record<string, QueryValue>; first: boolean };
  /** Only the items it keeps are yielded and counted towards `limit` (a filter the server was not sent). */
  keep?: (item: T) => boolean;
  /** Filled while the list is read: the server's `X-Total` and `X-Total-Pages`, and whether items were left unread. */
  stats?: { total?: number; pages?: number; more?: boolean };
}

/**
 * The one paginator: yields items page by page as they arrive. Follows `X-Next-Page` (or, without
 * it, the server's `rel="next"` link, relative or on another host, always fetched from our own
 * origin), copes with absent totals, and owns every loop guard and the de-duplication:
 * - it stops on an empty `X-Next-Page`, or a page that names no next one; a short or empty page
 *   that names one is followed (GitLab drops what the reader may not see after paging);
 * - it stops, with a notice, when a page repeats the previous one (same ids) or the server
 *   answers another page than asked (it ignores `page`), when `X-Next-Page` does not advance,
 *   when a link points at a page already read, and past `X-Total-Pages`;
 * - with `unique`, items are de-duplicated by `id` as they stream (a list that shifts while it is
 *   read); a notice says when the list changed (`X-Total`) or duplicates were left out.
 * When the server states `X-Total-Pages`, the remaining pages are fetched with bounded
 * concurrency and emitted in order; without totals, pages are fetched ahead the same way.
 */
export async function* paginate<T = unknown>(
  client: ApiClient,
  request: ApiRequest,
  options: PageOptions<T> = {},
): AsyncGenerator<T, void, undefined> {
  for await (const page of paginatePages<T>(client, request, options)) yield* page;
}

/**
 * The same, a page (array) at a time: printers write a page in one go. One loop takes the pages
 * a PageSource fetches (page by page, or a window at once) through the walk's guards.
 */
export async function* paginatePages<T = unknown>(
  client: ApiClient,
  request: ApiRequest,
  options: PageOptions<T> = {},
): AsyncGenerator<T[], void, undefined> {
  const { limit, stats, keep } = options;
  const walk = new Walk<T>((m) => client.warn(m), options.unique === true);
  let count = 0;
  let first = true;
  try {
    // Read again after offset pagination was refused, a list is printed whole only when its ids tell what was printed.
    const keyset = options.unique || options.keyset?.first ? options.keyset : undefined;
    for await (const { page, res } of new PageSource(client, request, options, walk, keyset).pages()) {
      if (first && stats) {
        stats.total = intHeader(res, 'x-total');
        stats.pages = intHeader(res, 'x-total-pages');
      }
      first = false;
      const accepted = walk.accept(res, page);
      if (accepted === undefined) return;
      const items = keep ? accepted.filter(keep) : accepted;
      // The page cut to the limit.
      const out = limit !== undefined ? items.slice(0, Math.max(0, limit - count)) : items;
      count += out.length;
      if (stats && out.length < items.length) stats.more = true;
      if (out.length > 0) yield out;
      // GitLab pages first and then drops what the reader may not see (lib/api/notes.rb: "the current
      // page can have less elements than :per_page even if there's more than one page"): an empty
      // page ends the list only when it names no next page.
      if (asArray(res).length === 0 && !hasNextPage(res)) return;
      // One page asked for (no --all, no --page): the first one that shows anything, past emptied ones.
      const emptied = count === 0 && options.page === undefined && hasNextPage(res);
      if (limit !== undefined ? count >= limit : options.all !== true && !emptied) {
        // Stopping for the limit (or after one page): items are left when a page follows.
        if (stats && hasNextPage(res)) stats.more = true;
        return;
      }
    }
  } finally {
    walk.finish();
  }
}
