import type { Ctx } from './context.js';
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
