import type { AuthMode } from '../credentials.js';
import type { Expect } from './answer-check.js';
import { type FileBody, isFileBody } from './file-body.js';
import { buildQuery, type QueryValue } from './path.js';

export interface ApiRequest {
  method: string;
  /** Path below /api/v4 (already encoded), or a URL whose path and query are used on our own origin. */
  path: string;
  query?: Record<string, QueryValue>;
  /** JSON body. */
  body?: unknown;
  /** A pre-encoded body (multipart, --input), or a file streamed as it is read. */
  rawBody?: { data: Buffer | string | FileBody; contentType: string };
  headers?: Record<string, string>;
  /** `job`: send the CI job token (artifact downloads); `none`: no credentials. */
  auth?: AuthMode;
  /** Follow redirects (GET only); credentials are dropped when the origin changes. */
  followRedirects?: boolean;
  /**
   * What a 2xx body must be (`request()` only): `json` (default), `any` for the raw tool (JSON is
   * still checked; other bodies but HTML pages come back as a Buffer), or the JSON a command
   * expects (an object carrying its id, a list), checked before anything is printed.
   */
  expect?: Expect;
  /** Abandons this request (a paginator that stopped early cancels the pages it fetched ahead). */
  signal?: AbortSignal;
  /** `request()` returns non-2xx answers instead of throwing (`collab api` prints them first). */
  returnErrors?: boolean;
  /**
   * Ask for the body as stored, uncompressed: downloads, whose Range offsets and sizes count the
   * file's bytes. (A body compressed anyway is still decoded.)
   */
  identity?: boolean;
}

const ACCEPT_ENCODING = 'gzip, deflate, br';

/** The request target on our own origin: a relative API path, or the path+query of an absolute URL. */
export function requestTarget(req: ApiRequest, apiPrefix: string): string {
  let target: string;
  if (/^https?:\/\//i.test(req.path)) {
    const u = new URL(req.path);
    target = `${u.pathname}${u.search}`;
  } else {
    const p = req.path.startsWith('/') ? req.path : `/${req.path}`;
    target = p.startsWith(`${apiPrefix}/`) ? p : `${apiPrefix}${p}`;
  }
  const qs = req.query ? buildQuery(req.query) : '';
  if (qs) target += (target.includes('?') ? '&' : '?') + qs;
  return target;
}

function setHeader(h: Record<string, string>, name: string, value: string): void {
  for (const k of Object.keys(h)) if (k.toLowerCase() === name.toLowerCase()) delete h[k];
  h[name] = value;
}

/** The headers and body a request goes out with: collab's own, the credentials, then the caller's. */
export function encodeRequest(
  req: ApiRequest,
  userAgent: string,
  credentials: Record<string, string>,
): { headers: Record<string, string>; body: Buffer | string | FileBody | undefined } {
  const headers: Record<string, string> = {
    'User-Agent': userAgent,
    Accept: 'application/json',
    'Accept-Encoding': req.identity ? 'identity' : ACCEPT_ENCODING,
    ...credentials,
  };
  for (const [k, v] of Object.entries(req.headers ?? {})) setHeader(headers, k, v);
  if (req.rawBody) {
    setHeader(headers, 'Content-Type', req.rawBody.contentType);
    if (isFileBody(req.rawBody.data)) setHeader(headers, 'Content-Length', String(req.rawBody.data.size));
    return { headers, body: req.rawBody.data };
  }
  if (req.body === undefined) return { headers, body: undefined };
  if (!Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
  return { headers, body: JSON.stringify(req.body) };
}
