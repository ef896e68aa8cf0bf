import type { Readable } from 'node:stream';
import { parseAnswerJson } from './json-depth.js';

/** Response headers as node:http and undici give them: lower-case names, repeated ones as a list. */
export type ResponseHeaders = Record<string, string | string[] | undefined>;

/** An answer read whole. */
export interface ApiResponse<T = unknown> {
  status: number;
  headers: ResponseHeaders;
  data: T;
  /** The URL that answered. */
  url: string;
  /** The request carried the CI job token (JOB-TOKEN): a 401 is GitLab refusing it there. */
  sentJobToken?: boolean;
}

/** An answer whose body is left open for the caller to read. */
export interface StreamResponse {
  status: number;
  headers: ResponseHeaders;
  body: Readable;
  url: string;
  /** Content codings left for the reader to undo once the body is read whole (outermost last). */
  codings?: string[];
  sentJobToken?: boolean;
}

/** Error bodies are read this far: enough for any message, and for `collab api`, which prints them. */
export const ERROR_BODY_LIMIT = 1024 * 1024;

export function header(headers: ResponseHeaders, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : v;
}

/** Content-Length, when it is a plain number. */
export function contentLength(headers: ResponseHeaders): number | undefined {
  const v = header(headers, 'content-length');
  return v !== undefined && /^\d+$/.test(v.trim()) ? Number(v) : undefined;
}

/** The host of a URL, for messages. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * Reads a body whole, up to `limit` bytes: beyond it, `truncate` keeps the start (and stops
 * reading); otherwise the error `over` makes is thrown.
 */
export async function readBody(body: Readable, limit: number, over: 'truncate' | (() => Error)): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    if (size + b.length > limit) {
      body.destroy();
      if (over === 'truncate') {
        chunks.push(b.subarray(0, limit - size));
        size = limit;
        break;
      }
      throw over();
    }
    chunks.push(b);
    size += b.length;
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}

/** An error body as data: JSON when it parses as JSON (refused when nested too deep), else the text (undefined when empty). */
function parseBody(raw: string, res: StreamResponse): unknown {
  if (raw === '') return undefined;
  if (header(res.headers, 'content-type')?.includes('json') || /^[[{"]/.test(raw.trimStart())) {
    try {
      return parseAnswerJson(raw, res.status, hostOf(res.url));
    } catch (err) {
      if (err instanceof SyntaxError) return raw;
      throw err;
    }
  }
  return raw;
}

/** A non-2xx answer with its body `raw` (read up to ERROR_BODY_LIMIT) as data. */
export function errorAnswer(res: StreamResponse, raw: Buffer): ApiResponse {
  return {
    status: res.status,
    headers: res.headers,
    data: parseBody(raw.toString('utf8'), res),
    url: res.url,
    sentJobToken: res.sentJobToken,
  };
}
