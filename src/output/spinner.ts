import type { IO } from './io.js';

export interface Spinner {
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
