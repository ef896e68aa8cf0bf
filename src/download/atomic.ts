import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiError, CancelError, CollabError } from '../errors.js';
import { flatMemory } from './memory.js';
import { formatBytes } from './progress.js';

/** Big writes: fewer syscalls for large archives; memory stays bounded by this much per stream. */
const WRITE_HIGH_WATER_MARK = 1 << 20;
/** Written data is flushed to disk in the background every this many bytes, not all at the end. */
const SYNC_STEP = 64 * 1024 * 1024;

/**
 * Starts `fdatasync` while the download goes on, one at a time, so the final fsync before the
 * rename has little left to write (it costs ~0.4 s per GiB when left to the end). Errors are
 * ignored: the final fsync is the one that counts.
 */
function backgroundSync(out: fs.WriteStream): (n: number) => void {
  let pending = 0;
  let inFlight = false;
  return (n) => {
    pending += n;
    const fd = (out as fs.WriteStream & { fd?: number }).fd;
    if (pending < SYNC_STEP || inFlight || typeof fd !== 'number' || out.destroyed) return;
    pending = 0;
    inFlight = true;
    fs.fdatasync(fd, () => {
      inFlight = false;
    });
  };
}

export interface SaveOptions {
  signal?: AbortSignal;
  /** Content-Length when the server sent one: fewer bytes means a truncated download. */
  expectedBytes?: number;
  /** Called with each chunk's size (progress bar). */
  onBytes?: (n: number) => void;
  /** For messages: what is being downloaded. */
  what: string;
}

/** `.<name>.collab-<random>.part` in the destination's own directory, so the final rename is atomic. */
export function tempPathBeside(dest: string): string {
  return path.join(path.dirname(dest), `.${path.basename(dest)}.collab-${randomBytes(6).toString('hex')}.part`);
}

const NETWORK_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'UND_ERR_SOCKET', 'UND_ERR_BODY_TIMEOUT', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

/** Maps a failure while streaming a body to the error collab reports. */
export function streamError(err: unknown, what: string, bytes: number, signal?: AbortSignal): CollabError {
  if (signal?.aborted) return new CancelError();
  if (err instanceof CollabError) return err;
  const e = err as NodeJS.ErrnoException;
  const code = e?.code ?? '';
  if (e?.name === 'AbortError') return new CancelError();
  if (NETWORK_CODES.has(code) || e?.message === 'aborted')
    return new ApiError(`download of ${what} failed after ${formatBytes(bytes)}: the connection was interrupted (${code || e.message})`, undefined);
  if (code === 'ENOSPC') return new CollabError(`cannot write ${what}: no space left on the device`, 1);
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return new CollabError(`cannot write ${what}: permission denied (${code})`, 1);
  return new ApiError(`download of ${what} failed: ${e?.message ?? String(err)}`, undefined);
}

/**
 * Streams `body` into `dest` atomically: a temporary file beside it, fsync, rename. On any failure
 * (network, disk, short body, Ctrl-C) the temporary file is removed and `dest` is left as it was.
 * Returns the number of bytes written.
 */
export async function saveAtomically(body: Readable, dest: string, options: SaveOptions): Promise<number> {
  const tmp = tempPathBeside(dest);
  let bytes = 0;
  let out: fs.WriteStream | undefined;
  try {
    // `flush`: fsync before the close that pipeline() waits for, so a renamed file is on disk.
    out = fs.createWriteStream(tmp, { flags: 'wx', mode: 0o666, highWaterMark: WRITE_HIGH_WATER_MARK, flush: true });
    const onBytes = options.onBytes;
    const collect = flatMemory();
    const sync = backgroundSync(out);
    // Attached in the same tick as pipeline() pipes the body: no chunk can be emitted in between.
    body.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      onBytes?.(chunk.length);
      collect(chunk.length);
      sync(chunk.length);
    });
    await pipeline(body, out, { signal: options.signal });
    if (options.expectedBytes !== undefined && bytes !== options.expectedBytes)
      throw new ApiError(
        `download of ${options.what} is incomplete: got ${formatBytes(bytes)} of ${formatBytes(options.expectedBytes)}`,
        undefined,
      );
    await fs.promises.rename(tmp, dest);
    return bytes;
  } catch (err) {
    // Wait for the stream to let go of the file: an open still in flight would recreate it after rm.
    if (out && !out.closed) await new Promise<void>((resolve) => out!.once('close', () => resolve()).destroy());
    await fs.promises.rm(tmp, { force: true }).catch(() => undefined);
    throw streamError(err, options.what, bytes, options.signal);
  }
}

/** Streams `body` to an output stream (stdout) with backpressure, without ending it. */
export async function streamTo(body: Readable, out: Writable, options: SaveOptions): Promise<number> {
  let bytes = 0;
  const onBytes = options.onBytes;
  const collect = flatMemory();
  body.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    onBytes?.(chunk.length);
    collect(chunk.length);
  });
  try {
    await pipeline(body, out, { signal: options.signal, end: false });
  } catch (err) {
    throw streamError(err, options.what, bytes, options.signal);
  }
  if (options.expectedBytes !== undefined && bytes !== options.expectedBytes)
    throw new ApiError(`download of ${options.what} is incomplete: got ${formatBytes(bytes)} of ${formatBytes(options.expectedBytes)}`, undefined);
  return bytes;
}
