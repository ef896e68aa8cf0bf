import type { IO } from './io.js';

interface Spinner {
  text: string;
  stop(): void;
  succeed(text?: string): void;
  fail(text?: string): void;
}

/** An ora spinner on stderr, only when stderr is a terminal (ora is loaded then, not before). */
export async function startSpinner(io: IO, text: string): Promise<Spinner | undefined> {
  if (!io.stderrIsTTY) return undefined;
  const { default: ora } = await import('ora');
  return ora({ text, stream: io.stderr as NodeJS.WriteStream, isEnabled: true, discardStdin: false, color: 'cyan' }).start();
}

/** Runs `fn` after `ms` unless cancelled (the spinner's delay; tests inject their own). */
export type Schedule = (ms: number, fn: () => void) => () => void;

const defaultSchedule: Schedule = (ms, fn) => {
  const timer = setTimeout(fn, ms);
  return () => clearTimeout(timer);
};

/** How many items a fetch has read so far, for the spinner; `stop` when it is done. */
interface FetchProgress {
  update(count: number): void;
  stop(): Promise<void>;
}

/**
 * A spinner on stderr while a buffered list is being fetched: only on a terminal, and only once
 * the fetch has taken long enough to notice (ora is loaded then, not before).
 */
export function fetchProgress(io: IO, schedule: Schedule = defaultSchedule): FetchProgress {
  if (!io.stderrIsTTY) return { update() {}, async stop() {} };
  let count = 0;
  let stopped = false;
  let spinner: Spinner | undefined;
  let starting: Promise<void> | undefined;
  const cancel = schedule(300, () => {
    starting = startSpinner(io, `fetching… ${count} items`).then((started) => {
      if (stopped) started?.stop();
      else spinner = started;
    });
  });
  return {
    update(n) {
      count = n;
      if (spinner) spinner.text = `fetching… ${n} items`;
    },
    async stop() {
      stopped = true;
      cancel();
      await starting;
      spinner?.stop();
    },
  };
}
