import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';

/** Larger than zlib's 16 KiB default: fewer, bigger chunks for the JSON reader and the disk writer. */
const CHUNK = 64 * 1024;

/**
 * A body decoded as it streams, outermost coding first (`Content-Encoding: gzip, br` was gzipped,
 * then brotli'd). An empty body stays empty (a 200 with no content still says `gzip` sometimes).
 * HTTP's `deflate` is meant to be zlib-wrapped; some servers send raw deflate, told apart by the
 * zlib header of the first chunk. A truncated stream fails with zlib's "unexpected end of file".
 */
export async function decodeStream(body: Readable, codings: string[]): Promise<Readable> {
  const first = await peek(body);
  if (first === null) return body;
  let out: Readable = body;
  const order = [...codings].reverse();
  order.forEach((coding, i) => {
    const outermost = i === 0;
    const decoder = createDecoder(coding, outermost ? first : undefined);
    pipeline(out, decoder, () => {
      // errors reach the reader through the decoder, which pipeline destroys with them
    });
    out = decoder;
  });
  return out;
}

/**
 * A body read whole, decoded at once (the codings as `decodeStream` takes them): for answers held
 * in memory anyway, without the streaming decoder's pipes and thread-pool round trips, which cost
 * a small answer several times more than decoding it (~3 ms of a start). Decoded bytes beyond
 * `limit` throw a RangeError (code ERR_BUFFER_TOO_LARGE); corrupt or truncated data zlib's error,
 * as the streaming decoder does.
 */
export function decodeWhole(raw: Buffer, codings: string[], limit: number): Buffer {
  let out = raw;
  for (const coding of [...codings].reverse()) {
    if (out.length === 0) break;
    const options = { maxOutputLength: limit };
    if (coding === 'br') out = zlib.brotliDecompressSync(out, options);
    else if (coding === 'deflate') out = isZlibHeader(out) ? zlib.inflateSync(out, options) : zlib.inflateRawSync(out, options);
    else out = zlib.gunzipSync(out, options);
  }
  return out;
}

function createDecoder(coding: string, first: Buffer | undefined): Transform {
  switch (coding) {
    case 'br':
      return zlib.createBrotliDecompress({ chunkSize: CHUNK });
    case 'deflate':
      return first !== undefined && !isZlibHeader(first)
        ? zlib.createInflateRaw({ chunkSize: CHUNK })
        : zlib.createInflate({ chunkSize: CHUNK });
    default:
      return zlib.createGunzip({ chunkSize: CHUNK });
  }
}

/** RFC 1950: compression method 8, and the first two bytes a multiple of 31. */
function isZlibHeader(b: Buffer): boolean {
  if (b.length < 2) return true;
  return (b[0]! & 0x0f) === 8 && ((b[0]! << 8) | b[1]!) % 31 === 0;
}

/**
 * The first bytes of a stream (null when it ends empty), left in the stream. They are put back
 * within the 'readable' event itself: a read that emptied an ended stream schedules 'end' on the
 * next tick, which a later unshift (after a promise resolves) would come too late for.
 */
function peek(body: Readable): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      body.off('readable', onReadable);
      body.off('end', onEnd);
      body.off('error', onError);
    };
    const onReadable = () => {
      const chunk = body.read() as Buffer | string | null;
      if (chunk === null) return;
      body.unshift(chunk);
      cleanup();
      resolve(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(null);
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    body.on('readable', onReadable);
    body.once('end', onEnd);
    body.once('error', onError);
  });
}
