import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/** Small enough that responses sharing the link interleave, large enough to keep timers few. */
const CHUNK_BYTES = 16 * 1024;

export interface LinkClock {
  now(): number;
  sleep(ms: number): Promise<unknown>;
}

const realClock: LinkClock = { now: () => performance.now(), sleep: (ms) => sleep(ms) };

/**
 * One network link of a fixed bandwidth shared by every response (`collab sandbox --bandwidth`):
 * bytes leave in the order they were queued, each chunk when the link has carried everything
 * queued before it. Departure times are computed when a chunk is queued, from the previous
 * chunk's departure, so late timers do not slow the link down.
 */
export class Link {
  private busyUntil = Number.NEGATIVE_INFINITY;
  private readonly bytesPerMs: number;

  constructor(
    bytesPerSecond: number,
    private readonly clock: LinkClock = realClock,
  ) {
    if (!(bytesPerSecond > 0)) throw new RangeError('bandwidth must be positive');
    this.bytesPerMs = bytesPerSecond / 1000;
  }

  /** Queues `bytes` and returns the time (clock ms) at which they will have crossed the link. */
  reserve(bytes: number): number {
    const start = Math.max(this.busyUntil, this.clock.now());
    this.busyUntil = start + bytes / this.bytesPerMs;
    return this.busyUntil;
  }

  async until(time: number): Promise<void> {
    const wait = time - this.clock.now();
    if (wait > 0) await this.clock.sleep(wait);
  }

  /** A writer for one response: its chunks go through the link, one queued ahead of the one in flight. */
  writer(res: ServerResponse): LinkWriter {
    return new LinkWriter(this, res);
  }
}

export class LinkWriter {
  private pending?: { chunk: Buffer; due: number };

  constructor(
    private readonly link: Link,
    private readonly res: ServerResponse,
  ) {}

  /** Resolves when the chunk is queued (and the one before it written); false once the client is gone. */
  async write(data: Buffer): Promise<boolean> {
    for (let offset = 0; offset < data.length; offset += CHUNK_BYTES) {
      const chunk = data.subarray(offset, offset + CHUNK_BYTES);
      // Queue this chunk before waiting for the previous one, so a single response never leaves
      // the link idle between its own chunks.
      const due = this.link.reserve(chunk.length);
      if (!(await this.flush())) return false;
      this.pending = { chunk, due };
    }
    return true;
  }

  async end(): Promise<void> {
    if (await this.flush()) this.res.end();
  }

  private async flush(): Promise<boolean> {
    const pending = this.pending;
    this.pending = undefined;
    if (pending) {
      await this.link.until(pending.due);
      if (this.res.destroyed) return false;
      if (!this.res.write(pending.chunk)) await drained(this.res);
    }
    return !this.res.destroyed;
  }
}

/** Resolves when the response can take more data, or is gone. */
export function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
