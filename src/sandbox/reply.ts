import type { Readable } from 'node:stream';

/** What a route handler answers; `server.ts` writes it (possibly through a fault). */
export type Reply =
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'empty'; status: number; headers?: Record<string, string> }
  // `etag`: the resource answers Range requests (see ranges.ts), this being its version.
  | { kind: 'bytes'; status: number; body: Buffer; contentType: string; headers?: Record<string, string>; etag?: string }
  | {
      kind: 'stream';
      status: number;
      open: () => Readable;
      /** Bytes `first` to `last` without reading those before (ranges.ts reads from the start otherwise). */
      openRange?: (first: number, last: number) => Readable;
      length?: number;
      contentType: string;
      headers?: Record<string, string>;
      etag?: string;
    }
  | { kind: 'redirect'; status: 301 | 302 | 307; location: string };

export const json = (body: unknown, status = 200, headers?: Record<string, string>): Reply => ({ kind: 'json', status, body, headers });
export const created = (body: unknown): Reply => json(body, 201);
export const noContent = (): Reply => ({ kind: 'empty', status: 204 });
/** 304 Not Modified: subscribe when subscribed, star when starred, ... Always an empty body. */
export const notModified = (): Reply => ({ kind: 'empty', status: 304 });
