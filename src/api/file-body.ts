import fs from 'node:fs';
import { Readable } from 'node:stream';

/**
 * A request body sent from a file as it is read, never held in memory: its size goes out as the
 * Content-Length, and each attempt (a 429 sends a request again) opens the file afresh.
 */
export interface FileBody {
  path: string;
  /** The file as the user named it, for messages (default: path). */
  name?: string;
  size: number;
  /** When it was last modified as its size was read: a later change is a file that changed while it was sent. */
  mtimeMs?: number;
}

export function isFileBody(body: unknown): body is FileBody {
  return typeof body === 'object' && body !== null && !Buffer.isBuffer(body) && typeof (body as FileBody).path === 'string';
}

/** The bytes of a file body for one attempt; `changed` says why, once the file was found to change while it was sent. */
export type FileBodyStream = Readable & { changed?: Error };

const changedError = (path: string, how: string) =>
  Object.assign(new Error(`${path} changed while it was sent (${how}); send it again once nothing writes to it`), {
    code: 'ERR_BODY_CHANGED',
  });

/** How the file differs now from what was announced (its size, or its modification time); undefined: as announced. */
async function difference(body: FileBody): Promise<string | undefined> {
  let now: fs.Stats;
  try {
    now = await fs.promises.stat(body.path);
  } catch (err) {
    return `it can no longer be read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`;
  }
  if (now.size !== body.size) return `it is ${now.size} bytes now, ${body.size} were announced`;
  if (body.mtimeMs !== undefined && now.mtimeMs !== body.mtimeMs) return 'it was modified';
  return undefined;
}

/**
 * The file's bytes for one attempt: exactly the `size` announced, or an error naming the file
 * when it changed size or was modified meanwhile. A file that grew is caught before its last
 * bytes go (the server never gets a whole body, cut at the old size); one that shrank ends short
 * (a request with fewer bytes than its Content-Length would hang). The error is kept on the
 * stream as `changed`: the transport reports a body that failed as a broken connection.
 */
export function openFileBody(body: FileBody): FileBodyStream {
  const { path, size } = body;
  const fail = (how: string): never => {
    stream.changed = changedError(body.name ?? path, how);
    throw stream.changed;
  };
  async function* bytes() {
    let sent = 0;
    if (size > 0) {
      for await (const chunk of fs.createReadStream(path, { end: size - 1, highWaterMark: 1 << 20 })) {
        const last = sent + (chunk as Buffer).length >= size;
        const how = last ? await difference(body) : undefined;
        if (how) fail(how);
        sent += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    } else {
      const how = await difference(body);
      if (how) fail(how);
    }
    if (sent !== size) fail(`it ended after ${sent} of the ${size} bytes announced`);
  }
  const stream: FileBodyStream = Readable.from(bytes(), { objectMode: false });
  return stream;
}
