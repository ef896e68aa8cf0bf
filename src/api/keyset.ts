/**
 * GitLab's keyset pagination: which of its lists it pages by keyset, and in which orders. Offset
 * pagination on these lists ends at an offset of 50,000 (an instance limit): GitLab answers 405
 * `Offset pagination has a maximum allowed offset of 50000 for requests that return objects of
 * type Project. Remaining records can be retrieved using keyset pagination.` A keyset page names
 * the next one in its `Link` only (`id_after=…` or `cursor=…`), with no totals.
 *
 * Sources (GitLab repository): doc/api/rest/_index.md "Keyset-based pagination";
 * lib/api/helpers/pagination_strategies.rb (the 405s); lib/gitlab/pagination/keyset.rb (projects,
 * `order_by=id`); lib/gitlab/pagination/cursor_based_keyset.rb (users in five orders, groups by
 * name ascending, a project's jobs by id descending); lib/api/groups.rb (groups by keyset for
 * anonymous callers only: others are paged by offset, which the walk follows all the same).
 */
import { ApiError } from '../errors.js';
import type { QueryValue } from './path.js';

type Sort = 'asc' | 'desc';
type Query = Record<string, QueryValue>;

interface KeysetList {
  path: RegExp;
  /** The orders GitLab pages by keyset: `order_by` → the directions it takes. */
  orders: Readonly<Record<string, readonly Sort[]>>;
  /** The order collab asks for when the command names none. */
  order: { order_by: string; sort: Sort };
  /** GitLab's direction when `order_by` is given without `sort`. */
  defaultSort: Sort;
}

const BOTH: readonly Sort[] = ['asc', 'desc'];

const LISTS: readonly KeysetList[] = [
  { path: /^\/projects$/, orders: { id: BOTH }, order: { order_by: 'id', sort: 'asc' }, defaultSort: 'desc' },
  { path: /^\/users\/[^/]+\/projects$/, orders: { id: BOTH }, order: { order_by: 'id', sort: 'asc' }, defaultSort: 'desc' },
  {
    path: /^\/users$/,
    orders: { id: BOTH, name: BOTH, username: BOTH, created_at: BOTH, updated_at: BOTH },
    order: { order_by: 'id', sort: 'asc' },
    defaultSort: 'desc',
  },
  { path: /^\/groups$/, orders: { name: ['asc'] }, order: { order_by: 'name', sort: 'asc' }, defaultSort: 'asc' },
  { path: /^\/projects\/[^/]+\/jobs$/, orders: { id: ['desc'] }, order: { order_by: 'id', sort: 'desc' }, defaultSort: 'desc' },
];

/**
 * The query that asks GitLab for this list by keyset (`pagination=keyset`, an order it takes, no
 * `page`), or undefined when GitLab pages it by offset only: another list, or an order given that
 * keyset pagination does not take.
 */
export function keysetQuery(path: string, query: Query): Query | undefined {
  const list = LISTS.find((l) => l.path.test(path.split('?')[0]!));
  if (!list) return undefined;
  const { page: _page, ...rest } = query;
  const given = typeof query.order_by === 'string' || typeof query.sort === 'string';
  const orderBy = given ? String(query.order_by ?? list.order.order_by) : list.order.order_by;
  const sort = (given ? String(query.sort ?? list.defaultSort) : list.order.sort) as Sort;
  if (!list.orders[orderBy]?.includes(sort)) return undefined;
  return { ...rest, pagination: 'keyset', order_by: orderBy, sort };
}

/** Whether an answer is GitLab's refusal to page further by offset. */
export function isOffsetLimit(status: number | undefined, message: string): boolean {
  return status === 405 && /maximum allowed offset/i.test(message);
}

export function offsetLimitMet(err: unknown): boolean {
  return err instanceof ApiError && isOffsetLimit(err.status, err.message);
}

/** What to do after that refusal, for the error's hint. */
export const OFFSET_LIMIT_HINT =
  'GitLab pages this list further by keyset only: collab --all does so where GitLab ' +
  'offers it (not with an --order-by or --sort it cannot page by keyset); with ' +
  'collab api, add -f pagination=keyset -f order_by=id -f sort=asc';
