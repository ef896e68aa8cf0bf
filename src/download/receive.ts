import { type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentLength, type StreamResponse } from '../api/answer.js';
import type { ApiClient } from '../api/client.js';
import type { ApiRequest } from '../api/request.js';
import { ApiError, CancelError, CollabError, LocalError } from '../errors.js';
import { formatBytes } from './progress.js';
import { acceptsRanges, contentRange, openDownload, otherVersion, rangeValidator, type Version, versionOf } from './response.js';
import { FileSink, type Sink, StreamSink } from './sinks.js';

/** Watches the bytes as they arrive (a progress bar, a checksum). */
export interface Observer {
  data(chunk: Buffer): void;
  /** The download starts over from zero: what was seen so far does not count. */
  restart?(): void;
  /** A wait before another attempt, which may print a notice: a drawn bar takes itself down. */
  pause?(): void;
  /** Every byte arrived: throwing (a checksum that differs) discards them before they are kept. */
  check?(): void;
}

/** Several observers as one (a progress bar and a checksum); undefined when there are none. */
export function observers(list: readonly Observer[]): Observer | undefined {
  if (list.length <= 1) return list[0];
  return {
    data: (chunk) => {
      for (const o of list) o.data(chunk);
    },
    restart: () => {
      for (const o of list) o.restart?.();
    },
    pause: () => {
      for (const o of list) o.pause?.();
    },
    check: () => {
      for (const o of list) o.check?.();
    },
  };
}

export interface DownloadOptions {
  /** For messages: what is being downloaded. */
  what: string;
  signal?: AbortSignal;
  /** Called once with the first answer (size, file name); returns what should watch the bytes. */
  observe?: (res: StreamResponse) => Observer | undefined;
  /**
   * The first answer, already open (a 2xx): the request is sent again (as a GET) only to continue
   * or restart it, and never when it was not a GET.
   */
  first?: StreamResponse;
}

const NETWORK_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_BODY_TIMEOUT',
  'ECONNABORTED',
  'ERR_STREAM_PREMATURE_CLOSE',
]);

/** The body ended (cleanly) before its Content-Length: cut like a reset, and continued the same way. */
class Truncated extends Error {}

/** Writing to the destination failed: no retry can help. */
class WriteFailure extends Error {
  constructor(readonly failure: unknown) {
    super((failure as Error)?.message ?? String(failure));
  }
}

function isCut(err: unknown): boolean {
  if (err instanceof Truncated) return true;
  if (err instanceof CollabError || err instanceof WriteFailure) return false;
  const e = err as NodeJS.ErrnoException;
  return NETWORK_CODES.has(e?.code ?? '') || e?.message === 'aborted';
}

/** Maps a failure while a body streams to the error collab reports. */
export function streamError(err: unknown, what: string, bytes: number, signal?: AbortSignal): CollabError {
  if (signal?.aborted) return new CancelError();
  if (err instanceof CollabError) return err;
  // The output's own verdict (binary data refused by a terminal) is reported as it is.
  if (err instanceof WriteFailure && err.failure instanceof CollabError) return err.failure;
  if (err instanceof Truncated) return new ApiError(`download of ${what} is incomplete: ${err.message}`, undefined);
  const cause = err instanceof WriteFailure ? err.failure : err;
  const e = cause as NodeJS.ErrnoException;
  const code = e?.code ?? '';
  if (e?.name === 'AbortError') return new CancelError();
  if (err instanceof WriteFailure) {
    if (code === 'ENOSPC') return new LocalError(`cannot write ${what}: no space left on the device`);
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
      return new LocalError(`cannot write ${what}: permission denied (${code})`);
    return new LocalError(`cannot write ${what}: ${e?.message ?? String(cause)}`);
  }
  if (isCut(err))
    return new ApiError(
      `download of ${what} failed after ${formatBytes(bytes)}: the connection was interrupted (${code || e.message})`,
      undefined,
    );
  return new ApiError(`download of ${what} failed: ${e?.message ?? String(err)}`, undefined);
}

/**
 * One download, followed across cut connections. `received` counts the bytes of the current
 * version of the file; `complete` is its full size when the server said it.
 */
class Transfer {
  received = 0;
  complete: number | undefined;
  ranges = false;
  /** The validators of the version being received, and the one `If-Range` sends (none: no `Range`). */
  version: Version = {};
  validator: string | undefined;
  attempt = 1;

  constructor(
    private readonly api: ApiClient,
    private readonly open: (headers: Record<string, string>) => Promise<StreamResponse>,
    private readonly sink: Sink,
    private readonly observer: Observer | undefined,
    private readonly options: DownloadOptions,
    /** The request was no GET: it is not sent again, whatever happens to its answer. */
    private readonly sentOnce: boolean,
  ) {}

  /** A whole body from the first byte: what the server says about it replaces what was known. */
  private async adopt(res: StreamResponse): Promise<void> {
    if (this.received > 0) {
      if (!this.sink.rewindable)
        throw new ApiError(
          `download of ${this.options.what} failed: the server sent the file from the start again, ` +
            'and what was written to the output cannot be taken back',
          undefined,
        );
      await this.sink.rewind().catch((err) => {
        throw new WriteFailure(err);
      });
      this.observer?.restart?.();
      this.received = 0;
    }
    this.complete = contentLength(res.headers);
    this.ranges = acceptsRanges(res);
    this.version = versionOf(res);
    this.validator = rangeValidator(this.version);
  }

  /**
   * Moves one body into the sink. Piped (chunks arrive as `data` events, each written as it came)
   * rather than read with `for await`, whose reads concatenate what is buffered into new buffers.
   */
  private async pump(body: Readable): Promise<void> {
    const consumer = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        this.received += chunk.length;
        if (this.complete !== undefined && this.received > this.complete) {
          done(
            new ApiError(
              `download of ${this.options.what} failed: the server sent more than the ${formatBytes(this.complete)} it announced`,
              undefined,
            ),
          );
          return;
        }
        this.observer?.data(chunk);
        const pending = this.sink.write(chunk);
        if (pending)
          pending.then(
            () => done(),
            (err) => done(new WriteFailure(err)),
          );
        else done();
      },
    });
    try {
      await pipeline(body, consumer, { signal: this.options.signal });
    } catch (err) {
      if ((err as Error)?.name === 'AbortError' || this.options.signal?.aborted) throw new CancelError();
      throw err;
    }
    if (this.complete !== undefined && this.received < this.complete)
      throw new Truncated(`got ${formatBytes(this.received)} of ${formatBytes(this.complete)}`);
  }

  /**
   * Streams `first` into the sink. When the connection is cut (or the body ends short) and the
   * retry budget allows, asks for the rest with `Range` (and `If-Range`, so a changed file comes
   * back whole) when the server offered ranges, otherwise starts over from zero.
   */
  async run(first: StreamResponse): Promise<number> {
    if (first.status === 206) throw this.unaskedPart(first);
    await this.adopt(first);
    let res: StreamResponse | undefined = first;
    let failure: unknown;
    for (;;) {
      if (res) {
        try {
          await this.pump(res.body);
          return this.received;
        } catch (err) {
          res.body.destroy();
          if (this.options.signal?.aborted || !isCut(err) || this.sentOnce) throw err;
          failure = err;
        }
      }
      // Without a validator a part could belong to a newer version of the file: start over instead.
      const resume = this.ranges && this.validator !== undefined && this.received > 0 && this.complete !== undefined;
      if (!resume && this.received > 0 && !this.sink.rewindable) {
        const cut = streamError(failure, this.options.what, this.received);
        const why =
          this.ranges && this.complete !== undefined
            ? 'the server offers no ETag or Last-Modified to continue it safely'
            : 'the server offers no ranges to continue';
        throw new ApiError(`${cut.message}; ${why}, and what was written to the output cannot be taken back`, undefined);
      }
      const reason = `download cut after ${formatBytes(this.received)}`;
      this.observer?.pause?.();
      if (!(await this.api.pauseBeforeRetry(this.attempt, reason))) throw failure;
      this.attempt++;
      if (!resume) {
        res = await this.open({});
        if (res.status === 206) throw this.unaskedPart(res);
        await this.adopt(res);
        continue;
      }
      res = await this.open({ Range: `bytes=${this.received}-`, 'If-Range': this.validator! });
      if (res.status !== 206) {
        // The server sent the whole file (changed, or it ignores ranges for this request).
        await this.adopt(res);
        continue;
      }
      const range = contentRange(res);
      const changed = otherVersion(this.version, versionOf(res));
      if (!range || range.first !== this.received || (range.complete !== undefined && range.complete !== this.complete) || changed) {
        // Not the part that was asked for, or a part of another version (If-Range ignored): start over without ranges.
        res.body.destroy();
        res = undefined;
        this.ranges = false;
        const part = changed ? `a part of another version of the file (${changed})` : `another part (${header206(range)})`;
        const answered = `download of ${this.options.what} failed: the server answered the range request with ${part}`;
        if (!this.sink.rewindable) throw new ApiError(`${answered}, and what was written to the output cannot be taken back`, undefined);
        failure = new ApiError(answered, undefined);
      }
    }
  }

  /** A part (206) where no part was asked for: what is missing cannot be known, nor trusted. */
  private unaskedPart(res: StreamResponse): ApiError {
    res.body.destroy();
    return new ApiError(`download of ${this.options.what} failed: a part (206) came back where the whole file was asked for`, 206);
  }
}

function header206(range: ReturnType<typeof contentRange>): string {
  return range ? `bytes ${range.first}-${range.last}/${range.complete ?? '*'}` : 'no Content-Range';
}

/**
 * Downloads `req` (redirects followed, credentials dropped on another origin) into `dest`: a path
 * (a temporary file beside it, fsynced and renamed into place when complete and of the announced
 * size; the old file stays untouched until then) or a stream such as stdout. A cut connection is
 * continued within the client's retry budget. Returns the number of bytes.
 */
export async function download(api: ApiClient, req: ApiRequest, dest: string | Writable, options: DownloadOptions): Promise<number> {
  const open = (headers: Record<string, string>) => openDownload(api, { ...req, headers: { ...req.headers, ...headers } }, options.signal);
  const first = options.first ?? (await open({}));
  const observer = options.observe?.(first);
  let sink: Sink;
  try {
    sink = typeof dest === 'string' ? new FileSink(dest) : new StreamSink(dest);
  } catch (err) {
    first.body.destroy();
    throw streamError(new WriteFailure(err), options.what, 0, options.signal);
  }
  const sentOnce = options.first !== undefined && req.method.toUpperCase() !== 'GET';
  const transfer = new Transfer(api, open, sink, observer, options, sentOnce);
  try {
    // A destination that cannot be written fails now, not after the whole body was received.
    await sink.ready().catch((err) => {
      throw new WriteFailure(err);
    });
    const bytes = await transfer.run(first);
    observer?.check?.();
    await sink.commit().catch((err) => {
      throw err instanceof CollabError ? err : new WriteFailure(err);
    });
    return bytes;
  } catch (err) {
    first.body.destroy();
    await sink.discard();
    const mapped = streamError(err, options.what, transfer.received, options.signal);
    if (transfer.attempt > 1 && isCut(err) && !options.signal?.aborted)
      throw new ApiError(`${mapped.message}; gave up after ${transfer.attempt} attempts`, undefined);
    throw mapped;
  }
}
