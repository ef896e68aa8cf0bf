import { setTimeout as wait } from 'node:timers/promises';

/**
 * Where the sandbox's time comes from: what it stamps on records (`now`) and how it waits (the
 * import of a fork, a job that is canceling, latency). Real time by default; tests inject one
 * they move by hand, and `collab sandbox --time-scale` a scaled one.
 */
export interface Clock {
  now(): number;
  /** Resolves after `ms` milliseconds of this clock's time. */
  sleep(ms: number): Promise<void>;
}

/** Real time; its waits do not keep the process alive on their own. */
export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => wait(ms, undefined, { ref: false }),
};

/** Real time whose waits last `scale` times as long (0: they end at once). */
export function scaledClock(scale: number): Clock {
  if (!(scale >= 0) || !Number.isFinite(scale)) throw new RangeError('the time scale must be a number from 0');
  return { now: realClock.now, sleep: (ms) => (scale === 0 ? Promise.resolve() : realClock.sleep(ms * scale)) };
}

/** A clock that stands still until `advance` moves it; waits end when their time has come. */
export class ManualClock implements Clock {
  private readonly waits: { at: number; resolve: () => void }[] = [];

  constructor(private time = Date.UTC(2026, 10, 1, 10)) {}

  now(): number {
    return this.time;
  }

  sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => this.waits.push({ at: this.time + ms, resolve }));
  }

  /** Moves time forward, ends the waits that are due, and lets what they started run. */
  async advance(ms: number): Promise<void> {
    this.time += ms;
    const due = this.waits.filter((w) => w.at <= this.time);
    for (const w of due) this.waits.splice(this.waits.indexOf(w), 1);
    for (const w of due) w.resolve();
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  /** How many waits have not ended yet. */
  get pending(): number {
    return this.waits.length;
  }
}
