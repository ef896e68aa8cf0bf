import { ApiError } from '../errors.js';
import { type ApiResponse, header, hostOf } from './answer.js';
import { parseLinkHeader } from './links.js';

/** What one page of a list says about itself and the pages around it. */

export function asArray<T>(res: ApiResponse<unknown>): T[] {
  if (res.data === undefined) return [];
  if (!Array.isArray(res.data)) {
    const got = res.data === null ? 'null' : typeof res.data === 'object' ? 'an object' : `a ${typeof res.data}`;
    throw new ApiError(`${res.status} from ${hostOf(res.url)} was not a list (got ${got})`, res.status);
  }
  return res.data as T[];
}

export function intHeader(res: ApiResponse<unknown>, name: string): number | undefined {
  const v = header(res.headers, name)?.trim();
  if (v === undefined || !/^\d+$/.test(v)) return undefined;
  return Number(v);
}

/** A `Link` of the answer (`next`, `last`) resolved against the URL that answered (servers send relative ones too). */
export function pageLink(res: ApiResponse<unknown>, rel: string): string | undefined {
  return absoluteLink(parseLinkHeader(header(res.headers, 'link'))[rel], res.url);
}

function absoluteLink(link: string | undefined, base: string): string | undefined {
  if (!link) return undefined;
  try {
    return new URL(link, base).toString();
  } catch {
    return undefined;
  }
}

/** The `page` a link asks for, when it names one. */
export function linkPage(link: string): number | undefined {
  const raw = new URL(link).searchParams.get('page');
  return raw !== null && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

/**
 * The page the server names as next: `X-Next-Page` (empty: none), else the `rel="next"` link's
 * `page`; -1 for a next page it names in another way; undefined when it names none.
 */
export function declaredNext(res: ApiResponse<unknown>): number | undefined {
  const next = header(res.headers, 'x-next-page')?.trim();
  if (next !== undefined) return next === '' ? undefined : /^\d+$/.test(next) ? Number(next) : -1;
  const link = pageLink(res, 'next');
  return link === undefined ? undefined : (linkPage(link) ?? -1);
}

/** Whether the server says a page follows this one. */
export function hasNextPage(res: ApiResponse<unknown>): boolean {
  return declaredNext(res) !== undefined;
}

/** A link as a comparable key: path and sorted query, whatever host or port it names. */
export function linkKey(url: string): string {
  try {
    const u = new URL(url);
    u.searchParams.sort();
    return `${u.pathname}?${u.searchParams}`;
  } catch {
    return url;
  }
}
