import { UsageError } from '../errors.js';

/** Reads a resource out of a web URL: `https://host/acme/api/-/issues/42`. */
export interface WebRef {
  origin: string;
  /** project or group full path */
  path: string;
  kind?: string;
  id?: string;
}

const KINDS = ['issues', 'merge_requests', 'jobs', 'pipelines', 'boards'];

export function isWebUrl(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

export function parseWebUrl(value: string): WebRef | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const segments = url.pathname
    .split('/')
    .filter((s) => s !== '')
    .map((s) => decodeURIComponent(s));
  if (segments[0] === 'groups') segments.shift();
  const dash = segments.indexOf('-');
  let pathParts: string[];
  let rest: string[];
  if (dash >= 0) {
    pathParts = segments.slice(0, dash);
    rest = segments.slice(dash + 1);
  } else {
    const k = segments.findIndex((s, i) => i >= 2 && KINDS.includes(s));
    pathParts = k >= 0 ? segments.slice(0, k) : segments;
    rest = k >= 0 ? segments.slice(k) : [];
  }
  if (pathParts.length === 0) return undefined;
  const ref: WebRef = { origin: url.origin, path: pathParts.join('/').replace(/\.git$/, '') };
  if (rest.length >= 1 && KINDS.includes(rest[0]!)) {
    ref.kind = rest[0];
    if (rest[1] !== undefined) ref.id = rest[1];
  }
  return ref;
}

/** A project or group given as id, full path or web URL → id or full path. */
export function projectRef(value: string): string {
  const v = value.trim();
  if (v === '') throw new UsageError('invalid project: empty');
  if (isWebUrl(v)) {
    const ref = parseWebUrl(v);
    if (!ref) throw new UsageError(`invalid project URL "${v}"`);
    return ref.path;
  }
  if (/^\d+$/.test(v)) return v;
  const cleaned = v.replace(/^\/+|\/+$/g, '');
  if (cleaned === '' || cleaned.split('/').some((s) => s === '' || s === '.' || s === '..'))
    throw new UsageError(`invalid project or group path "${v}"`);
  return cleaned;
}
