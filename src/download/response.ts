import type { Readable } from 'node:stream';
import { type ApiClient, type ApiRequest, type StreamResponse, header, parseBody } from '../api/client.js';
import type { ApiError, AuthError } from '../errors.js';
import { CancelError } from '../errors.js';

/** Error bodies worth reading are small; a huge one (an HTML page from object storage) is cut here. */
const MAX_ERROR_BODY = 64 * 1024;

async function readLimited(body: Readable, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const b = Buffer.from(chunk as Buffer);
    chunks.push(b);
    size += b.length;
    if (size >= limit) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, limit);
}

/**
 * Sends a download request (redirects followed, credentials dropped on another origin) and
 * returns the open body of a 2xx answer; any other status becomes the usual ApiError/AuthError.
 */
export async function openDownload(api: ApiClient, req: ApiRequest, signal?: AbortSignal): Promise<StreamResponse> {
  const res = await api.send({ ...req, method: 'GET', followRedirects: true, identity: true, headers: { Accept: '*/*', ...req.headers } });
  if (res.status >= 200 && res.status < 300) return res;
  let raw = '';
  try {
    raw = await readLimited(res.body, MAX_ERROR_BODY);
  } catch {
    if (signal?.aborted) throw new CancelError();
  }
  const contentType = header(res.headers, 'content-type');
  throw api.toError(res.status, parseBody(raw, contentType), contentType) as ApiError | AuthError;
}

/** Content-Length of a response, when it is a plain number. */
export function contentLength(res: StreamResponse): number | undefined {
  const v = header(res.headers, 'content-length');
  return v !== undefined && /^\d+$/.test(v.trim()) ? Number(v) : undefined;
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
