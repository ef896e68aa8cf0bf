import { CancelError } from './errors.js';

/** Waits `ms`, or fails with CancelError as soon as `signal` aborts (Ctrl-C). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CancelError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new CancelError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The waits of a run shortened by `scale` (COLLAB_TEST_WAIT_SCALE, test-only: the end-to-end tests
 * do not sit out real backoff). Only the time spent changes: what is told, logged and checked
 * against the deadline is the full wait. Undefined (real waits) unless a number in [0, 1].
 */
export function scaledSleep(scale: string | undefined): typeof sleep | undefined {
  const factor = scale === undefined || scale.trim() === '' ? Number.NaN : Number(scale);
  if (!(factor >= 0 && factor < 1)) return undefined;
  return (ms, signal) => sleep(ms * factor, signal);
}
