import type { Readable } from 'node:stream';
import { ApiError } from '../errors.js';
import { header, hostOf, type StreamResponse } from './answer.js';
import { type BodyError, bodyError } from './failures.js';

/** Content-Encodings decoded (`x-gzip` is gzip's old name); node:zlib is loaded only for such an answer. */
const DECODERS = new Set(['gzip', 'x-gzip', 'deflate', 'br']);

/**
 * The response with its body decoded from Content-Encoding (gzip, deflate, br, in any order): as
 * it streams, or, for a 2xx that `whole` says is read into memory anyway, left to the reader to
 * decode at once (`codings`), which costs a fraction of the streaming decoder's set-up. A decoder
 * that cannot start is a BodyError (retried like a reset); an unknown coding an ApiError.
 */
export async function decodedBody(
  res: StreamResponse,
  method: string,
  whole: boolean,
  debug?: (line: string) => void,
): Promise<StreamResponse | BodyError> {
  const encoding = header(res.headers, 'content-encoding');
  const codings = (encoding ?? '')
    .toLowerCase()
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '' && c !== 'identity');
  if (codings.length === 0 || method === 'HEAD' || res.status === 204 || res.status === 304) return res;
  const unknown = codings.find((c) => !DECODERS.has(c));
  if (unknown) {
    res.body.destroy();
    throw new ApiError(`${res.status} from ${hostOf(res.url)} in an unsupported Content-Encoding "${encoding}"`, res.status);
  }
  const { 'content-encoding': _e, 'content-length': _l, ...rest } = res.headers;
  if (whole && res.status >= 200 && res.status < 300) {
    debug?.(`< content-encoding: ${encoding} (decoded)`);
    return { ...res, headers: rest, codings };
  }
  let body: Readable;
  try {
    const { decodeStream } = await import('./decode.js');
    body = await decodeStream(res.body, codings);
  } catch (err) {
    return bodyError(err as NodeJS.ErrnoException, res.status, res.url);
  }
  debug?.(`< content-encoding: ${encoding} (decoded)`);
  return { ...res, headers: rest, body };
}
