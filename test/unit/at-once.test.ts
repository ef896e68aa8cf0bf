import { describe, expect, it } from 'vitest';
import { eachAtOnce } from '../../src/at-once.js';

describe('eachAtOnce', () => {
  it('runs every item, never more than the limit at once, the next as soon as one ends', async () => {
    const waiting: (() => void)[] = [];
    let active = 0;
    let most = 0;
    const done: number[] = [];
    const all = eachAtOnce([1, 2, 3, 4, 5, 6, 7], 4, async (n) => {
      active++;
      most = Math.max(most, active);
      await new Promise<void>((resolve) => waiting.push(resolve));
      active--;
      done.push(n);
    });
    await new Promise((r) => setImmediate(r));
    expect(active).toBe(4);
    // Ending one starts one more, and only one.
    waiting.shift()!();
    await new Promise((r) => setImmediate(r));
    expect(active).toBe(4);
    while (waiting.length > 0) {
      waiting.shift()!();
      await new Promise((r) => setImmediate(r));
    }
    await all;
    expect([most, done.sort()]).toEqual([4, [1, 2, 3, 4, 5, 6, 7]]);
  });
});
