import type { Ctx } from './context.js';
import { HttpError } from './errors.js';
import { listKey } from './list-cache.js';
import { json, type Reply } from './reply.js';

const DEFAULT_PER_PAGE = 20;
const MAX_PER_PAGE = 100;
/** Above this many rows GitLab stops counting: no X-Total, X-Total-Pages, nor rel="last". */
export const COUNT_LIMIT = 10_000;

export interface PageRequest {
  page: number;
  perPage: number;
}

export function pageRequest(ctx: Ctx): PageRequest {
  const page = Number.parseInt(ctx.params.str('page') ?? '', 10);
  const perPage = Number.parseInt(ctx.params.str('per_page') ?? '', 10);
  return {
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    perPage: Number.isFinite(perPage) && perPage >= 1 ? Math.min(perPage, MAX_PER_PAGE) : DEFAULT_PER_PAGE,
  };
}

/**
 * Where GitLab offers keyset pagination (doc/api/rest/index.md, lib/api/helpers/pagination_strategies.rb):
 * the type GitLab names in its refusal of a deep offset, and the orders the keyset may follow.
 */
export interface Keyset<T> {
  type: 'Project' | 'Group' | 'User' | 'Ci::Build';
  id: (item: T) => number;
  /** The `order_by` values keyset pagination takes (undefined: the endpoint has no `order_by`). */
  orderBy?: readonly string[];
  /** The order without `sort`. */
  sort: 'asc' | 'desc';
}

/**
 * A page of `items` rendered with `render` (only the page's items are rendered), with GitLab's headers.
 * Where the GitLab flavour offers keyset pagination, it serves `pagination=keyset`, and refuses an
 * offset page past the sandbox's limit (50,000 rows by default) as GitLab does.
 */
export function paginate<T>(ctx: Ctx, items: readonly T[], render: (item: T) => unknown, keyset?: Keyset<T>): Reply {
  if (ctx.store.flavor === 'gitlab' && ctx.params.str('pagination') === 'keyset') return keysetPage(ctx, items, render, keyset);
  const { page, perPage } = pageRequest(ctx);
  const limit = ctx.store.offsetLimit;
  if (ctx.store.flavor === 'gitlab' && keyset && limit > 0 && page * perPage > limit)
    throw new HttpError(405, {
      error:
        `Offset pagination has a maximum allowed offset of ${limit} for requests that return ` +
        `objects of type ${keyset.type}. Remaining records can be retrieved using keyset pagination.`,
    });
  const total = items.length;
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const start = (page - 1) * perPage;
  const body = items.slice(start, start + perPage).map(render);
  const counted = total <= COUNT_LIMIT;
  const hasNext = start + perPage < total;
  const hasPrev = page > 1;
  const headers: Record<string, string> = {
    'X-Page': String(page),
    'X-Per-Page': String(perPage),
    'X-Next-Page': hasNext ? String(page + 1) : '',
    'X-Prev-Page': hasPrev ? String(page - 1) : '',
  };
  if (counted) {
    headers['X-Total'] = String(total);
    headers['X-Total-Pages'] = String(totalPages);
  }
  const links: string[] = [];
  if (hasPrev) links.push(`<${pageUrl(ctx, page - 1, perPage)}>; rel="prev"`);
  if (hasNext) links.push(`<${pageUrl(ctx, page + 1, perPage)}>; rel="next"`);
  links.push(`<${pageUrl(ctx, 1, perPage)}>; rel="first"`);
  if (counted) links.push(`<${pageUrl(ctx, totalPages, perPage)}>; rel="last"`);
  headers.Link = links.join(', ');
  return json(body, 200, headers);
}

/** The URL of another page of this request, keeping every other query parameter. */
export function pageUrl(ctx: Ctx, page: number, perPage: number): string {
  return linkTo(ctx, { page: String(page), per_page: String(perPage) });
}

function linkTo(ctx: Ctx, set: Record<string, string>): string {
  const query = new URLSearchParams(ctx.rawQuery);
  for (const [name, value] of Object.entries(set)) query.set(name, value);
  return `${ctx.linkOrigin}${ctx.rawPath}?${query.toString()}`;
}

/**
 * `pagination=keyset`: the rows after `id_after` (ascending) or before `id_before` (descending),
 * and a `Link` rel="next" while more follow; no page numbers and no totals.
 */
function keysetPage<T>(ctx: Ctx, items: readonly T[], render: (item: T) => unknown, keyset: Keyset<T> | undefined): Reply {
  const orderBy = ctx.params.str('order_by');
  const sort = ctx.params.str('sort') ?? keyset?.sort;
  const orderOk = keyset?.orderBy === undefined ? orderBy === undefined : orderBy !== undefined && keyset.orderBy.includes(orderBy);
  if (!keyset || !orderOk || (sort !== 'asc' && sort !== 'desc'))
    throw new HttpError(405, { error: 'Keyset pagination is not yet available for this type of request' });
  const { perPage } = pageRequest(ctx);
  const after = Number(ctx.params.str(sort === 'asc' ? 'id_after' : 'id_before') ?? Number.NaN);
  const sorted = [...items].sort((a, b) => (sort === 'asc' ? keyset.id(a) - keyset.id(b) : keyset.id(b) - keyset.id(a)));
  const rest = Number.isNaN(after) ? sorted : sorted.filter((item) => (sort === 'asc' ? keyset.id(item) > after : keyset.id(item) < after));
  const page = rest.slice(0, perPage);
  const headers: Record<string, string> = { 'X-Per-Page': String(perPage) };
  if (rest.length > perPage) {
    const last = String(keyset.id(page[page.length - 1]));
    const link = `<${linkTo(ctx, { per_page: String(perPage), [sort === 'asc' ? 'id_after' : 'id_before']: last })}>; rel="next"`;
    headers.Link = link;
    headers.Links = link;
  }
  return json(page.map(render), 200, headers);
}

/**
 * `paginate` for large lists whose items render the same for every page request: each item's JSON
 * text is kept until the next write request (the store's `version`), so paging through 10,000
 * issues does not render and serialise each one again. The text is per viewer.
 */
export function paginateCached<T extends object>(ctx: Ctx, items: readonly T[], render: (item: T) => unknown): Reply {
  const reply = paginate(ctx, items, (item) => item);
  if (reply.kind !== 'json') return reply;
  const viewer = ctx.user?.id ?? null;
  const version = ctx.store.version;
  const cache = ctx.store.jsonCache;
  const parts = (reply.body as T[]).map((item) => {
    const hit = cache.get(item);
    if (hit && hit.version === version && hit.viewer === viewer) return hit.json;
    const text = JSON.stringify(render(item));
    cache.set(item, { version, viewer, json: text });
    return text;
  });
  return {
    kind: 'bytes',
    status: reply.status,
    body: Buffer.from(`[${parts.join(',')}]`),
    contentType: 'application/json',
    headers: reply.headers,
  };
}

/** The filtered, sorted list of this request, remembered for the pages that follow until a write. */
export function cachedList<T>(ctx: Ctx, compute: () => T[]): T[] {
  return ctx.store.listCache.get(listKey(ctx.user?.id ?? null, ctx.rawPath, ctx.rawQuery), ctx.store.version, compute);
}
