import type { Ctx } from './context.js';
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

/** A page of `items` rendered with `render` (only the page's items are rendered), with GitLab's headers. */
export function paginate<T>(ctx: Ctx, items: readonly T[], render: (item: T) => unknown): Reply {
  const { page, perPage } = pageRequest(ctx);
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
  const query = new URLSearchParams(ctx.rawQuery);
  query.set('page', String(page));
  query.set('per_page', String(perPage));
  return `${ctx.linkOrigin}${ctx.rawPath}?${query.toString()}`;
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
