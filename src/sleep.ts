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
