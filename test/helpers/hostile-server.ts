import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { JSON_HEADERS } from './json-answer.js';

/** How one artifact is served. */
export interface Served {
  body: Buffer;
  /** Offer `Accept-Ranges: bytes` (with this ETag) and answer `Range` with 206. */
  ranges?: boolean;
  etag?: string;
  /** Offer ranges with only this Last-Modified (no ETag). */
  lastModified?: string;
  /** From the second request on, the artifact is this other version (with `etag`/`lastModified` of its own). */
  changed?: { body: Buffer; etag?: string; lastModified?: string };
  /** Answer `Range` even when `If-Range` names another version (as a careless proxy does). */
  ignoreIfRange?: boolean;
  /** Answer the first request, which asks for the whole file, with a 206 of its first `partFirst` bytes. */
  partFirst?: number;
  /** For the n-th request of this artifact (0-based): reset the connection after this many body bytes. */
  cutAfter?: (attempt: number) => number | undefined;
  /** Send the body in chunks of this size with a pause between them (for signals mid-download). */
  trickle?: { bytes: number; everyMs: number };
}

export interface HostileServer {
  url: string;
  /** Serves `served` as the artifacts archive of job `id` of project 1. */
  serve(id: number, served: Served): void;
  requests: { method: string; url: string; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/**
 * A small GitLab look-alike on 127.0.0.1 that serves whatever archive a test built, and
 * misbehaves on request (cut connections, trickling bodies). Every request is recorded.
 */
export async function startHostileServer(): Promise<HostileServer> {
  const artifacts = new Map<number, Served>();
  const attempts = new Map<number, number>();
  const requests: HostileServer['requests'] = [];
  const server = http.createServer((req, res) => {
    requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers });
    const m = /^\/api\/v4\/projects\/1\/jobs\/(\d+)\/artifacts$/.exec(req.url ?? '');
    const served = m ? artifacts.get(Number(m[1])) : undefined;
    if (req.url === '/api/v4/version') {
      res.writeHead(200, JSON_HEADERS).end('{"version":"17.0.0","revision":"abc"}');
      return;
    }
    if (!m || !served) {
      res.writeHead(404, JSON_HEADERS).end('{"message":"404 Not Found"}');
      return;
    }
    const id = Number(m[1]);
    const attempt = attempts.get(id) ?? 0;
    attempts.set(id, attempt + 1);
    const headers: Record<string, string> = {
      'content-type': 'application/zip',
      'content-disposition': 'attachment; filename="artifacts.zip"',
    };
    const version = served.changed && attempt > 0 ? served.changed : served;
    if (served.ranges) {
      headers['accept-ranges'] = 'bytes';
      if (version.lastModified) headers['last-modified'] = version.lastModified;
      else headers.etag = version.etag ?? '"v1"';
    }
    let body = version.body;
    let status = 200;
    const range = /^bytes=(\d+)-$/.exec(String(req.headers.range ?? ''));
    const ifRange = req.headers['if-range'];
    if (served.partFirst !== undefined && attempt === 0) {
      status = 206;
      headers['content-range'] = `bytes 0-${served.partFirst - 1}/${body.length}`;
      body = body.subarray(0, served.partFirst);
    } else if (
      served.ranges &&
      range &&
      (ifRange === undefined || served.ignoreIfRange || ifRange === (headers.etag ?? headers['last-modified']))
    ) {
      const from = Number(range[1]);
      status = 206;
      headers['content-range'] = `bytes ${from}-${body.length - 1}/${body.length}`;
      body = body.subarray(from);
    }
    headers['content-length'] = String(body.length);
    res.writeHead(status, headers);
    const cut = served.cutAfter?.(attempt);
    if (cut !== undefined) {
      // A moment before the cut: a reset discards what the client has not read yet, however busy it is.
      res.write(body.subarray(0, cut), () => setTimeout(() => res.socket?.destroy(), 300));
      return;
    }
    if (!served.trickle) {
      res.end(body);
      return;
    }
    const { bytes, everyMs } = served.trickle;
    let at = 0;
    const timer = setInterval(() => {
      if (res.destroyed || at >= body.length) {
        clearInterval(timer);
        if (!res.destroyed) res.end();
        return;
      }
      res.write(body.subarray(at, at + bytes));
      at += bytes;
    }, everyMs);
    res.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    serve: (id, served) => {
      artifacts.set(id, served);
      attempts.delete(id);
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
