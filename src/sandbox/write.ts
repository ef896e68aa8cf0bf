import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FaultSpec } from './faults.js';

/** Headers of every answer, as GitLab's. */
export const COMMON_HEADERS: Record<string, string> = {
  'Cache-Control': 'max-age=0, private, must-revalidate',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'SAMEORIGIN',
  Vary: 'Origin',
};

/** Sends the body a few bytes at a time with pauses, for client timeout tests. */
export async function trickle(
  res: ServerResponse,
  source: AsyncIterable<unknown> | Iterable<Buffer>,
  fault: FaultSpec,
  sleep: (ms: number) => Promise<void>,
): Promise<void> {
  const size = fault.chunkBytes ?? 16;
  const pause = fault.intervalMs ?? 200;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    for (let i = 0; i < chunk.length; i += size) {
      if (res.destroyed) return;
      res.write(chunk.subarray(i, i + size));
      await sleep(pause);
    }
  }
  if (!res.destroyed) res.end();
}

export function drain(req: IncomingMessage): void {
  req.resume();
}

export function writeJson(res: ServerResponse, status: number, body: unknown, method: string, headers: Record<string, string> = {}): void {
  const data = Buffer.from(JSON.stringify(body));
  res.writeHead(status, { ...COMMON_HEADERS, 'Content-Type': 'application/json', 'Content-Length': String(data.length), ...headers });
  res.end(method === 'HEAD' ? undefined : data);
}

export function writeEmpty(res: ServerResponse, status: number): void {
  res.writeHead(status, COMMON_HEADERS).end();
}
