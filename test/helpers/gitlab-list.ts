/**
 * One list answered as GitLab answers it, for node:http test servers:
 * - offset pages with GitLab's headers (lib/gitlab/pagination/offset_header_builder.rb): X-Per-Page,
 *   X-Page, X-Next-Page (empty on the last page), X-Prev-Page, Link (prev, next, first, last), and
 *   X-Total/X-Total-Pages, which GitLab leaves out, with the `last` link, for lists over 10,000
 *   rows (lib/gitlab/pagination/offset_pagination.rb, Kaminari's MAX_COUNT_LIMIT);
 * - its offset limit (lib/api/helpers/pagination_strategies.rb): `page * per_page` past it is a 405
 *   `{"error":"Offset pagination has a maximum allowed offset of … Remaining records can be
 *   retrieved using keyset pagination."}`;
 * - with `pagination=keyset`, keyset pages that name the next one in `Link` only: `id_after` for
 *   projects (lib/gitlab/pagination/keyset/request_context.rb), `cursor` for users and groups
 *   (lib/gitlab/pagination/keyset/cursor_based_request_context.rb); an order it cannot page is a 405
 *   `Keyset pagination is not yet available for this type of request`.
 * Links name GitLab's configured host, not the one asked (header_builder.rb sets the host).
 */
import type http from 'node:http';
import { json } from './json-answer.js';

export interface Row {
  id: number;
  name: string;
  [key: string]: unknown;
}

export interface GitlabListOptions {
  /** The object type GitLab names in its 405 (Project, User, Group). */
  type: string;
  /** The instance's offset limit (GitLab's default 50,000; instances set their own). */
  offsetLimit: number;
  /** How the next keyset page is named: `id_after=` (projects) or an opaque `cursor=` (users, groups). */
  keyset: 'id_after' | 'cursor';
  /** The orders GitLab pages by keyset (`id asc`, `name asc`…). */
  keysetOrders: string[];
}

const COUNT_LIMIT = 10_000;

function ordered(rows: readonly Row[], orderBy: string, sort: string): Row[] {
  const key = (r: Row) => (orderBy === 'name' ? r.name : r.id);
  const out = [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id));
  return sort === 'desc' ? out.reverse() : out;
}

/** Answers `req` for the list `rows` (GitLab's default order: newest first). */
export function answerList(rows: readonly Row[], options: GitlabListOptions, req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url!, 'https://gitlab.example.com');
  const q = url.searchParams;
  const perPage = Math.min(100, Math.max(1, Number(q.get('per_page') ?? 20)));
  const orderBy = q.get('order_by') ?? 'id';
  const sort = q.get('sort') ?? 'desc';
  const link = (params: Record<string, string>) => {
    const next = new URL(url);
    for (const [k, v] of Object.entries(params)) next.searchParams.set(k, v);
    return next.toString();
  };
  if (q.get('pagination') === 'keyset') {
    if (!options.keysetOrders.includes(`${orderBy} ${sort}`)) {
      json(res, 405, { error: 'Keyset pagination is not yet available for this type of request' });
      return;
    }
    let list = ordered(rows, orderBy, sort);
    const after = q.get('id_after') ?? q.get('cursor');
    if (after !== null) {
      const last = options.keyset === 'cursor' ? (JSON.parse(Buffer.from(after, 'base64').toString()) as { id: string }).id : after;
      list = list.slice(list.findIndex((r) => r.id === Number(last)) + 1);
    }
    const page = list.slice(0, perPage);
    const more = list.length > perPage;
    const lastId = String(page.at(-1)?.id);
    const nextParam: Record<string, string> =
      options.keyset === 'cursor'
        ? { cursor: Buffer.from(JSON.stringify({ id: lastId, _kd: 'n' })).toString('base64') }
        : { id_after: lastId };
    json(res, 200, page, more ? { link: `<${link(nextParam)}>; rel="next"` } : {});
    return;
  }
  const page = Math.max(1, Number(q.get('page') ?? 1));
  if (page * perPage > options.offsetLimit) {
    json(res, 405, {
      error:
        `Offset pagination has a maximum allowed offset of ${options.offsetLimit} for ` +
        `requests that return objects of type ${options.type}. Remaining records can be ` +
        `retrieved using keyset pagination.`,
    });
    return;
  }
  const list = q.has('order_by') || q.has('sort') ? ordered(rows, orderBy, sort) : [...rows].reverse();
  const counted = list.length <= COUNT_LIMIT;
  const totalPages = Math.max(1, Math.ceil(list.length / perPage));
  const next = page * perPage < list.length ? String(page + 1) : '';
  const links = [
    ...(page > 1 ? [`<${link({ page: String(page - 1), per_page: String(perPage) })}>; rel="prev"`] : []),
    ...(next ? [`<${link({ page: next, per_page: String(perPage) })}>; rel="next"`] : []),
    `<${link({ page: '1', per_page: String(perPage) })}>; rel="first"`,
    ...(counted ? [`<${link({ page: String(totalPages), per_page: String(perPage) })}>; rel="last"`] : []),
  ];
  json(res, 200, list.slice((page - 1) * perPage, page * perPage), {
    'x-per-page': String(perPage),
    'x-page': String(page),
    'x-next-page': next,
    'x-prev-page': page > 1 ? String(page - 1) : '',
    link: links.join(', '),
    ...(counted ? { 'x-total': String(list.length), 'x-total-pages': String(totalPages) } : {}),
  });
}
