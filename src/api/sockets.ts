import type { Duplex } from 'node:stream';

/** What TLS connections are given: one secure context for every connection, so the CAs are parsed once. */
export type TlsOptions = { secureContext?: import('node:tls').SecureContext };
export type ConnectCallback = (err: Error | null, socket?: Duplex) => void;

export class TimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
}

/** Fails `socket` with a TimeoutError unless `ready` is emitted within `ms`. */
export function connectDeadline(socket: Duplex, ready: string, ms: number | undefined, what: string): void {
  if (ms === undefined) return;
  const timer = setTimeout(() => socket.destroy(new TimeoutError(`${what} took longer than ${Math.round(ms / 1000)}s`)), ms);
  const clear = () => clearTimeout(timer);
  socket.once(ready, clear);
  socket.once('close', clear);
}
