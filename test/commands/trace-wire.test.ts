/**
 * `job trace --follow` as it costs on the wire (issue 35 item 10), collab run in-process as the
 * binary runs it against a small server that answers as GitLab's source writes it:
 * lib/api/ci/jobs.rb `get ':id/jobs/:job_id/trace'` sends the whole log (`body trace`) at every
 * read, no Range; Rails' Rack::ETag / Rack::ConditionalGet give it an ETag and answer a matching
 * If-None-Match with 304; the front (nginx/Workhorse) gzips text when the client accepts it. The
 * server counts every byte of the trace answers it writes.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/in-process.js';

interface TraceServer {
  url: string;
  /** Bytes of trace bodies written on the wire, and the Accept-Encoding of each trace request. */
  wire: { bytes: number; encodings: string[]; notModified: number };
  close(): Promise<void>;
}

/**
 * Job 12 runs for `runningReads` reads of the job, then succeeds; its log is `log` and then as
 * many `step` lines as `steps` says for the reads of the job so far.
 */
async function traceServer(log: string, runningReads: number, steps = (reads: number) => reads): Promise<TraceServer> {
  let jobReads = 0;
  const wire = { bytes: 0, encodings: [] as string[], notModified: 0 };
  const current = () => `${log}${Array.from({ length: steps(jobReads) }, (_, i) => `step ${i}\n`).join('')}`;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/api/v4/projects/7/jobs/12') {
      jobReads++;
      const status = jobReads > runningReads ? 'success' : 'running';
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ id: 12, name: 'test', status }));
    }
    if (path === '/api/v4/projects/7/jobs/12/trace') {
      const text = Buffer.from(current());
      const etag = `W/"${text.length}"`;
      const accepted = String(req.headers['accept-encoding'] ?? '');
      wire.encodings.push(accepted);
      if (req.headers['if-none-match'] === etag) {
        wire.notModified++;
        res.writeHead(304, { etag });
        return res.end();
      }
      const gzip = /\bgzip\b/.test(accepted);
      const body = gzip ? zlib.gzipSync(text) : text;
      wire.bytes += body.length;
      res.writeHead(200, {
        'content-type': 'text/plain; charset=utf-8',
        'content-length': body.length,
        etag,
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      });
      return res.end(body);
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":"404 Not Found"}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    wire,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

let server: TraceServer | undefined;
afterEach(() => server?.close());

describe('job trace --follow on the wire', () => {
  it('a 4 MiB log followed for four polls costs less on the wire than one uncompressed copy', async () => {
    const line = (i: number) => `2026-11-25T12:00:${String(i % 60).padStart(2, '0')}Z test ${i % 97} passed in ${i % 13}ms\n`;
    let log = '';
    for (let i = 0; log.length < 4 * 1024 * 1024; i++) log += line(i);
    server = await traceServer(log, 3);
    const r = await runInProcess(
      ['job', 'trace', '12', '-p', '7', '--follow', '--exit-status'],
      {
        COLLAB_HOST: server.url,
        COLLAB_TOKEN: 'glpat-wire',
      },
      { stripFinalNewline: false },
    );
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe(`${log}step 0\nstep 1\nstep 2\nstep 3\n`);
    // Every read asks for it compressed; none keeps identity.
    expect(server.wire.encodings.length).toBe(4);
    for (const e of server.wire.encodings) expect(e).toMatch(/gzip/);
    expect(server.wire.bytes).toBeLessThan(log.length);
  });

  it('an unchanged log is a 304 without a body: the ETag of the last read is sent back', async () => {
    // One line more every second read of the job: reads 3 and 5 find the log as it was.
    server = await traceServer('only line\n', 4, (reads) => Math.floor(reads / 2));
    const r = await runInProcess(
      ['job', 'trace', '12', '-p', '7', '--follow'],
      { COLLAB_HOST: server.url, COLLAB_TOKEN: 'glpat-wire' },
      { stripFinalNewline: false },
    );
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('only line\nstep 0\nstep 1\n');
    expect(server.wire.notModified).toBe(2);
  });
});
