/**
 * One rate-limit budget for every request of a run. A 429 pauses them all (the pages fetched at
 * once, the items of a bulk command), not only the request that got it: the throttled request
 * waits out the Retry-After and goes again first; the others wait until it has been answered.
 * A server that is still throttling answers that one request, not every worker at once.
 */
export class Throttle {
  private pause?: { owner: object; until: number; over: Promise<void>; end: () => void };

  constructor(private readonly now: () => number) {}

  /**
   * A 429 for `request` asking for a wait of `delay` ms. The first starts a pause that `request`
   * owns: it waits `remaining()` and goes again first. A request that was already in flight and
   * is throttled too waits for the owner's answer like the others. Returns whether `request` owns it.
   */
  throttled(request: object, delay: number): boolean {
    const until = this.now() + delay;
    if (this.pause === undefined) {
      let end!: () => void;
      const over = new Promise<void>((resolve) => {
        end = resolve;
      });
      this.pause = { owner: request, until, over, end };
    } else if (this.pause.owner === request) this.pause.until = until;
    return this.pause.owner === request;
  }

  /** The wait left before the owner of the pause sends again. */
  remaining(): number {
    return this.pause === undefined ? 0 : Math.max(0, this.pause.until - this.now());
  }

  /** Before each attempt: a request other than the owner waits until the pause is over. */
  async ready(request: object, signal: AbortSignal): Promise<void> {
    while (this.pause !== undefined && this.pause.owner !== request) {
      const { over } = this.pause;
      await new Promise<void>((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason);
        const onAbort = () => reject(signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
        over.then(() => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        });
      });
    }
  }

  /** The owner was answered otherwise than with 429, or gave up: everyone goes on. */
  release(request: object): void {
    if (this.pause?.owner !== request) return;
    this.pause.end();
    this.pause = undefined;
  }
}
