import fs from 'node:fs';
import { Readable } from 'node:stream';

/**
 * A request body sent from a file as it is read, never held in memory: its size goes out as the
 * Content-Length, and each attempt (a 429 sends a request again) opens the file afresh.
 */
export interface FileBody {
  path: string;
  size: number;
}

export function isFileBody(body: unknown): body is FileBody {
  return typeof body === 'object' && body !== null && !Buffer.isBuffer(body) && typeof (body as FileBody).path === 'string';
}

/**
 * The file's bytes for one attempt: exactly the `size` announced, or an error when the file
 * changed size meanwhile (a request with fewer bytes than its Content-Length would hang).
 */
export function openFileBody(body: FileBody): Readable {
  const { path, size } = body;
  return Readable.from(
    (async function* () {
      let sent = 0;
      if (size > 0) {
        for await (const chunk of fs.createReadStream(path, { end: size - 1, highWaterMark: 1 << 20 })) {
          sent += (chunk as Buffer).length;
          yield chunk as Buffer;
        }
      }
      if (sent !== size)
        throw Object.assign(new Error(`${path} changed while it was sent (${sent} of ${size} bytes)`), { code: 'ERR_BODY_CHANGED' });
    })(),
    { objectMode: false },
  );
}
