import { ERROR_BODY_LIMIT, errorAnswer, header, readBody, type StreamResponse } from '../api/answer.js';
import type { ApiClient } from '../api/client.js';
import type { ApiRequest } from '../api/request.js';
import { CancelError } from '../errors.js';

/**
 * Sends a download request (redirects followed, credentials dropped on another origin) and
 * returns the open body of a 2xx answer; any other status becomes the usual ApiError/AuthError.
 */
export async function openDownload(api: ApiClient, req: ApiRequest, signal?: AbortSignal): Promise<StreamResponse> {
  // `identity`: Content-Length and Range count the file's own bytes, not a compressed form of them.
  const res = await api.send({ ...req, method: 'GET', followRedirects: true, identity: true, headers: { Accept: '*/*', ...req.headers } });
  if (res.status >= 200 && res.status < 300) return res;
  // A body that fails to arrive leaves the status to speak for itself.
  const raw = await readBody(res.body, ERROR_BODY_LIMIT, 'truncate').catch(() => {
    if (signal?.aborted) throw new CancelError();
    return Buffer.alloc(0);
  });
  throw api.statusError(errorAnswer(res, raw));
}

/** Whether the server offered to answer `Range` requests for this resource. */
export function acceptsRanges(res: StreamResponse): boolean {
  return /(^|,)\s*bytes\s*(,|$)/i.test(header(res.headers, 'accept-ranges') ?? '');
}

/** The validators of an answer: what tells one version of the file from another. */
export interface Version {
  etag?: string;
  lastModified?: string;
}

export function versionOf(res: StreamResponse): Version {
  return {
    etag: header(res.headers, 'etag')?.trim() || undefined,
    lastModified: header(res.headers, 'last-modified')?.trim() || undefined,
  };
}

/**
 * What identifies this version of the resource for `If-Range`, as RFC 9110 allows a client to send
 * it: a strong ETag, else Last-Modified when there is no ETag at all. Undefined when there is none
 * (a weak ETag says nothing about the bytes): a cut download is then not continued with `Range`,
 * since a file that changed meanwhile would be joined to the start of the old one.
 */
export function rangeValidator(v: Version): string | undefined {
  if (v.etag) return v.etag.startsWith('W/') ? undefined : v.etag;
  return v.lastModified;
}

/**
 * Why a part (206) is not of the version whose start was received: a server that ignores `If-Range`
 * says so by its validators. Undefined when nothing it says differs.
 */
export function otherVersion(had: Version, part: Version): string | undefined {
  if (had.etag && part.etag && had.etag !== part.etag) return `ETag ${part.etag}, not ${had.etag}`;
  if (had.lastModified && part.lastModified && had.lastModified !== part.lastModified)
    return `Last-Modified ${part.lastModified}, not ${had.lastModified}`;
  return undefined;
}

/** `Content-Range: bytes <first>-<last>/<complete>` of a 206 answer. */
export function contentRange(res: StreamResponse): { first: number; last: number; complete?: number } | undefined {
  const m = /^\s*bytes\s+(\d+)-(\d+)\/(\d+|\*)\s*$/i.exec(header(res.headers, 'content-range') ?? '');
  if (!m) return undefined;
  return { first: Number(m[1]), last: Number(m[2]), complete: m[3] === '*' ? undefined : Number(m[3]) };
}

/**
 * The file name of `Content-Disposition`: `filename*=UTF-8''…` preferred, then `filename="…"` or
 * an unquoted `filename=…`. Only used in messages.
 */
export function dispositionFilename(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(value);
  if (extended) {
    try {
      return decodeURIComponent(extended[2]!.trim());
    } catch {
      // fall through to the plain parameter
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(value);
  if (quoted) return quoted[1]!.replace(/\\(.)/g, '$1');
  const bare = /filename\s*=\s*([^;\s]+)/i.exec(value);
  return bare ? bare[1] : undefined;
}
