import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type ContentEncoding = 'gzip' | 'br' | 'deflate';

/** Equal preference: gzip first, as GitLab's nginx answers. */
const SERVER_ORDER: readonly ContentEncoding[] = ['gzip', 'br', 'deflate'];

/**
 * The coding to answer with for an `Accept-Encoding` header (RFC 9110 §12.5.3): the highest
 * q-value wins, `*` stands for codings not named, q=0 refuses; nothing acceptable means identity.
 */
export function negotiateEncoding(header: string | string[] | undefined): ContentEncoding | undefined {
  const raw = Array.isArray(header) ? header.join(',') : header;
  if (!raw) return undefined;
  const q = new Map<string, number>();
  for (const part of raw.split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  let best: ContentEncoding | undefined;
  let bestQ = 0;
  for (const coding of SERVER_ORDER) {
    const value = q.get(coding) ?? q.get('*') ?? 0;
    if (value > bestQ) [best, bestQ] = [coding, value];
  }
  return best;
}

/** Below this a compressed body is hardly smaller, or larger (nginx's gzip_min_length idea). */
export const MIN_COMPRESSED_BYTES = 1024;

/** JSON answers are compressed when asked; archives, traces and files are sent as they are. */
export function compressible(contentType: string): boolean {
  return /^application\/json\b/i.test(contentType);
}

const gzip = promisify(zlib.gzip);
const deflate = promisify(zlib.deflate);
const brotli = promisify(zlib.brotliCompress);

/** Compressed on the thread pool; brotli at quality 5 (its default, 11, is far too slow for a server). */
export function encode(body: Buffer, coding: ContentEncoding): Promise<Buffer> {
  switch (coding) {
    case 'gzip':
      return gzip(body);
    case 'deflate':
      return deflate(body);
    case 'br':
      return brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  }
}
