import { afterEach, describe, expect, it, vi } from 'vitest';
import { CancelError } from '../../src/errors.js';
import { scaledSleep } from '../../src/sleep.js';

describe('scaledSleep (COLLAB_TEST_WAIT_SCALE)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits that share of the time asked for', async () => {
    vi.useFakeTimers();
    const sleep = scaledSleep('0.01')!;
    let done = false;
    const waiting = sleep(4000).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(39);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(done).toBe(true);
  });

  it('0 does not wait at all, and Ctrl-C still cancels', async () => {
    vi.useFakeTimers();
    const sleep = scaledSleep('0')!;
    const waiting = sleep(60_000);
    await vi.advanceTimersByTimeAsync(0);
    await waiting;
    const controller = new AbortController();
    controller.abort();
    await expect(scaledSleep('0.5')!(1000, controller.signal)).rejects.toBeInstanceOf(CancelError);
  });

  it('unset, empty, 1 or more, negative or not a number: the real waits', () => {
    for (const value of [undefined, '', ' ', '1', '2', '-0.5', 'fast', 'NaN', 'Infinity'])
      expect(scaledSleep(value), String(value)).toBeUndefined();
  });
});
