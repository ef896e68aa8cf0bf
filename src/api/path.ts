import { UsageError } from '../errors.js';

/** Encodes one path segment: `acme/platform/api` → `acme%2Fplatform%2Fapi`, refs with `/` likewise. */
function encodeSegment(value: string | number): string {
  return encodeURIComponent(String(value)).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Fills `/projects/:project/issues/:iid` from values; every segment is encoded on its own.
 * `*name` takes a value with `/` kept as separators (each part encoded), for archive paths.
 */
export function fillPath(template: string, values: Record<string, unknown>): string {
  return template.replace(/([:*])([a-z_]+)/gi, (_m, kind: string, name: string) => {
    const v = values[name];
    if (v === undefined || v === null || v === '') throw new UsageError(`missing value for <${name}>`);
    if (kind === '*')
      return String(v)
        .split('/')
        .map((part) => encodeSegment(part))
        .join('/');
    return encodeSegment(v as string | number);
  });
}

/** Form-style encoding (space as `+`), as browsers and most HTTP clients send queries. */
function encodeQueryPart(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, '+');
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** Query string with arrays as `name[]=v` (the API's form); undefined values are left out. */
export function buildQuery(params: Record<string, QueryValue>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const v of value) parts.push(`${encodeQueryPart(`${key}[]`)}=${encodeQueryPart(String(v))}`);
    } else {
      parts.push(`${encodeQueryPart(key)}=${encodeQueryPart(String(value))}`);
    }
  }
  return parts.join('&');
}
