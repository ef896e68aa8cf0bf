import { ApiError, CancelError, type CollabError } from '../errors.js';

/**
 * One request's time budget: `timeoutMs` from the first attempt, aborting whatever is under way
 * (connect, CONNECT, TLS, waiting, reading, sleeping between attempts). Ctrl-C aborts it too.
 */
export class Deadline {
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private readonly timer?: NodeJS.Timeout;
  private readonly expiresAt?: number;
  private expired = false;

  /** `now` (the client's clock) accounts for the budget; a real timer aborts I/O that outlasts it. */
  constructor(
    private readonly ms: number | undefined,
    private readonly now: () => number,
    private readonly user: AbortSignal | undefined,
    private readonly caller: AbortSignal | undefined,
  ) {
    if (ms !== undefined) {
      this.expiresAt = now() + ms;
      this.timer = setTimeout(() => {
        this.expired = true;
        this.controller.abort(new Error('deadline'));
      }, ms);
    }
    const signals = [user, caller, this.controller.signal].filter((x): x is AbortSignal => x !== undefined);
    this.signal = signals.length > 1 ? AbortSignal.any(signals) : this.controller.signal;
  }

  get seconds(): number {
    return Math.round((this.ms ?? 0) / 100) / 10;
  }

  /** Whether waiting `delay` ms still leaves time for an attempt. */
  allows(delay: number): boolean {
    return this.expiresAt === undefined || this.now() + delay < this.expiresAt;
  }

  /** Why the request must stop now (Ctrl-C or the deadline), if it must. */
  error(host: string): CollabError | undefined {
    if (this.user?.aborted || this.caller?.aborted) return new CancelError();
    if (this.expired)
      return new ApiError(
        `request to ${host} timed out after ${this.seconds}s`,
        undefined,
        undefined,
        'a slow server or network? raise --timeout (seconds; it covers connecting, every retry and the answer)',
      );
    return undefined;
  }

  /**
   * The deadline no longer applies: the answer was read, or its body is handed out as a stream
   * (which has the idle timeout instead). Ctrl-C still aborts it.
   */
  end(): void {
    clearTimeout(this.timer);
  }
}
