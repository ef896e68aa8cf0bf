import fs from 'node:fs';
import type { Writable } from 'node:stream';
import { TempFile } from './disk.js';

/** Where a download's bytes go: a file renamed into place when complete, or a stream (stdout). */
export interface Sink {
  /** Resolves once the chunk is accepted; undefined when it was accepted at once (no back-pressure). */
  write(chunk: Buffer): Promise<void> | undefined;
  /** Whether the download can start over from zero (a file can; stdout cannot take back what it printed). */
  readonly rewindable: boolean;
  /** Resolves once the output can be written (the temporary file exists); rejects when it cannot. */
  ready(): Promise<void>;
  rewind(): Promise<void>;
  /** The download is complete and verified. */
  commit(): Promise<void>;
  /** The download failed: nothing of it may remain. */
  discard(): Promise<void>;
}

/** Writes with back-pressure: waits for `drain` when the stream's buffer is full. */
function writeTo(stream: Writable, chunk: Buffer): Promise<void> | undefined {
  if (stream.errored) return Promise.reject(stream.errored);
  if (stream.write(chunk)) return undefined;
  return new Promise((resolve, reject) => {
    const settle = (err?: Error | null) => {
      stream.off('drain', onDrain);
      stream.off('error', settle);
      stream.off('close', onClose);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => settle();
    const onClose = () => settle(stream.errored ?? new Error('the output was closed'));
    stream.on('drain', onDrain);
    stream.on('error', settle);
    stream.on('close', onClose);
  });
}

/** Big writes: fewer syscalls; memory stays bounded by this much. */
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

/** A durable file: a temporary file beside `dest`, fsynced and renamed onto it when complete. */
export class FileSink implements Sink {
  readonly rewindable = true;
  private file: TempFile;
  private sync: (n: number) => void;

  constructor(private readonly dest: string) {
    this.file = TempFile.beside(dest, { highWaterMark: WRITE_HIGH_WATER_MARK, durable: true });
    this.sync = backgroundSync(this.file.stream);
  }

  write(chunk: Buffer): Promise<void> | undefined {
    this.sync(chunk.length);
    return writeTo(this.file.stream, chunk);
  }

  ready(): Promise<void> {
    return this.file.opened;
  }

  /** A new temporary file; the old one is removed. */
  async rewind(): Promise<void> {
    await this.file.discard();
    this.file = TempFile.beside(this.dest, { highWaterMark: WRITE_HIGH_WATER_MARK, durable: true });
    this.sync = backgroundSync(this.file.stream);
    await this.file.opened;
  }

  commit(): Promise<void> {
    return this.file.commit();
  }

  discard(): Promise<void> {
    return this.file.discard();
  }
}

/** A stream that collab does not own (stdout): written with back-pressure, never ended. */
export class StreamSink implements Sink {
  readonly rewindable = false;

  constructor(private readonly out: Writable) {}

  write(chunk: Buffer): Promise<void> | undefined {
    return writeTo(this.out, chunk);
  }

  async ready(): Promise<void> {}

  async rewind(): Promise<void> {
    throw new Error('a stream cannot be rewound');
  }

  async commit(): Promise<void> {}

  async discard(): Promise<void> {}
}
