import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { Link, type LinkClock } from '../../src/sandbox/link.js';

/** A clock that advances only when slept on, and oversleeps by `lateMs` as busy timers do. */
function fakeClock(lateMs = 0): LinkClock & { t: number } {
  const clock = {
    t: 0,
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.t += ms + lateMs;
    },
  };
  return clock;
}

/** Records (time, response, bytes) of every write. */
function fakeResponse(name: string, clock: { t: number }, log: { t: number; name: string; bytes: number }[]) {
  const res = Object.assign(new EventEmitter(), {
    destroyed: false,
    ended: false,
    write(chunk: Buffer) {
      log.push({ t: clock.t, name, bytes: chunk.length });
      return true;
    },
    end() {
      res.ended = true;
    },
  });
  return res as typeof res & ServerResponse;
}

const KiB = 1024;

describe('sandbox link (--bandwidth)', () => {
  it('takes bytes ÷ bandwidth for one response, and late timers do not slow it down', async () => {
    const clock = fakeClock(3);
    const link = new Link(64 * KiB, clock);
    const log: { t: number; name: string; bytes: number }[] = [];
    const res = fakeResponse('a', clock, log);
    const out = link.writer(res);
    expect(await out.write(Buffer.alloc(256 * KiB))).toBe(true);
    await out.end();
    expect(res.ended).toBe(true);
    expect(log.reduce((n, w) => n + w.bytes, 0)).toBe(256 * KiB);
    // 256 KiB at 64 KiB/s: 4 s. Every chunk was due at its exact departure; lateness does not add up.
    expect(log.at(-1)!.t).toBeLessThanOrEqual(4000 + 3);
    expect(log.at(-1)!.t).toBeGreaterThanOrEqual(4000);
  });

  it('is one link: concurrent responses share it, interleaved, and finish when all bytes have crossed', async () => {
    const clock = fakeClock();
    const link = new Link(100 * KiB, clock);
    const log: { t: number; name: string; bytes: number }[] = [];
    const a = fakeResponse('a', clock, log);
    const b = fakeResponse('b', clock, log);
    const send = async (res: ServerResponse) => {
      const out = link.writer(res);
      await out.write(Buffer.alloc(100 * KiB));
      await out.end();
    };
    await Promise.all([send(a), send(b)]);
    // 200 KiB at 100 KiB/s: two seconds for both, not one each.
    expect(Math.max(...log.map((w) => w.t))).toBe(2000);
    const order = log.map((w) => w.name).join('');
    expect(order).toMatch(/^(ab)+$|^(ba)+$/);
  });

  it('an idle link gives no credit: a response after a pause waits its full time', async () => {
    const clock = fakeClock();
    const link = new Link(10 * KiB, clock);
    expect(link.reserve(10 * KiB)).toBe(1000);
    clock.t = 5000;
    expect(link.reserve(5 * KiB)).toBe(5500);
  });

  it('stops writing once the client is gone', async () => {
    const clock = fakeClock();
    const link = new Link(16 * KiB, clock);
    const log: { t: number; name: string; bytes: number }[] = [];
    const res = fakeResponse('a', clock, log);
    const out = link.writer(res);
    const writing = out.write(Buffer.alloc(64 * KiB));
    res.destroyed = true;
    expect(await writing).toBe(false);
    expect(log).toEqual([]);
  });
});
