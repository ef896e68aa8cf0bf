import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import type { Transport, TransportRequest } from '../../src/api/transport.js';
import { formatBytes, formatDuration, ProgressBar } from '../../src/download/progress.js';
import { download } from '../../src/download/receive.js';
import { dispositionFilename } from '../../src/download/response.js';
import { ApiError, CancelError } from '../../src/errors.js';
import { tempDirsPerTest } from '../helpers/temp.js';

const tmp = tempDirsPerTest('collab-dl-');

interface Scripted {
  status?: number;
  headers?: Record<string, string>;
  body: Buffer;
  /** The connection is reset after this many bytes of `body`. */
  cutAfter?: number;
}

/** A transport that answers each request with the next scripted answer and records the requests. */
function scripted(...answers: ((req: TransportRequest) => Scripted)[]): Transport & { seen: TransportRequest[] } {
  const seen: TransportRequest[] = [];
  return {
    seen,
    request: async (req) => {
      seen.push(req);
      const answer = answers.shift();
      if (!answer) throw new Error(`unexpected request ${req.method} ${req.path}`);
      const a = answer(req);
      const body = Readable.from(
        (async function* () {
          const sent = a.cutAfter === undefined ? a.body : a.body.subarray(0, a.cutAfter);
          if (sent.length > 0) yield sent;
          if (a.cutAfter !== undefined) {
            await new Promise((r) => setTimeout(r, 1));
            throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
          }
        })(),
      );
      return {
        statusCode: a.status ?? 200,
        headers: Object.fromEntries(Object.entries(a.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
        body,
      };
    },
  };
}

function client(transport: Transport, signal?: AbortSignal): ApiClient {
  return new ApiClient({
    host: 'https://gitlab.test',
    credentials: { token: { value: 't', kind: 'private' } },
    transport,
    userAgent: 'test',
    signal,
    sleep: async () => {},
  });
}

const REQ = { method: 'GET', path: '/projects/1/jobs/2/artifacts' };
const DATA = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 251));
const whole = (extra: Record<string, string> = {}) => ({ 'Content-Length': String(DATA.length), ...extra });
const rangeOf = (req: TransportRequest) => Object.entries(req.headers).find(([k]) => k.toLowerCase() === 'range')?.[1];
const headerOf = (req: TransportRequest, name: string) => Object.entries(req.headers).find(([k]) => k.toLowerCase() === name)?.[1];
/** Ranges offered for version "v1" of the file. */
const RANGES = { 'Accept-Ranges': 'bytes', ETag: '"v1"' };
/** A 206 with the rest of `data` (DATA) from the offset the request asked for. */
const rest = (req: TransportRequest, data = DATA, etag = '"v1"'): Scripted => {
  const from = Number(/bytes=(\d+)-/.exec(rangeOf(req) ?? '')?.[1]);
  return {
    status: 206,
    headers: {
      'Content-Length': String(data.length - from),
      'Content-Range': `bytes ${from}-${data.length - 1}/${data.length}`,
      'Accept-Ranges': 'bytes',
      ETag: etag,
    },
    body: data.subarray(from),
  };
};

describe('download to a file', () => {
  it('writes the bytes, tells the observer, and leaves no temporary file', async () => {
    const dir = tmp();
    const dest = path.join(dir, 'artifacts.zip');
    const transport = scripted(() => ({ headers: whole(), body: DATA }));
    let seen = 0;
    const n = await download(client(transport), REQ, dest, { what: 'x', observe: () => ({ data: (c) => (seen += c.length) }) });
    expect(n).toBe(DATA.length);
    expect(seen).toBe(DATA.length);
    expect(fs.readFileSync(dest).equals(DATA)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual(['artifacts.zip']);
    expect(headerOf(transport.seen[0]!, 'accept-encoding')).toBe('identity');
  });

  it('continues a cut download with Range and If-Range when the server offers ranges', async () => {
    const dir = tmp();
    const dest = path.join(dir, 'a.zip');
    fs.writeFileSync(dest, 'previous');
    const transport = scripted(() => ({ headers: whole({ 'Accept-Ranges': 'bytes', ETag: '"v1"' }), body: DATA, cutAfter: 100_000 }), rest);
    const restarts: number[] = [];
    const n = await download(client(transport), REQ, dest, {
      what: 'x',
      observe: () => ({ data: () => undefined, restart: () => restarts.push(1) }),
    });
    expect(n).toBe(DATA.length);
    expect(fs.readFileSync(dest).equals(DATA)).toBe(true);
    expect(transport.seen.map(rangeOf)).toEqual([undefined, 'bytes=100000-']);
    expect(headerOf(transport.seen[1]!, 'if-range')).toBe('"v1"');
    expect(restarts).toEqual([]);
    expect(fs.readdirSync(dir)).toEqual(['a.zip']);
  });

  it('starts over from zero when the server offers no ranges; the observer is told', async () => {
    const dir = tmp();
    const dest = path.join(dir, 'a.zip');
    const transport = scripted(
      () => ({ headers: whole(), body: DATA, cutAfter: 50_000 }),
      () => ({ headers: whole(), body: DATA, cutAfter: 70_000 }),
      () => ({ headers: whole(), body: DATA }),
    );
    let restarts = 0;
    await download(client(transport), REQ, dest, { what: 'x', observe: () => ({ data: () => undefined, restart: () => restarts++ }) });
    expect(fs.readFileSync(dest).equals(DATA)).toBe(true);
    expect(transport.seen.map(rangeOf)).toEqual([undefined, undefined, undefined]);
    expect(restarts).toBe(2);
    expect(fs.readdirSync(dir)).toEqual(['a.zip']);
  });

  it('continues a body that ends short of its Content-Length', async () => {
    const dir = tmp();
    const dest = path.join(dir, 'a.zip');
    const short = DATA.subarray(0, 1234);
    const transport = scripted(() => ({ headers: whole(RANGES), body: short }), rest);
    await download(client(transport), REQ, dest, { what: 'x' });
    expect(fs.readFileSync(dest).equals(DATA)).toBe(true);
    expect(transport.seen.map(rangeOf)).toEqual([undefined, 'bytes=1234-']);
  });

  it('takes the whole new file when the range request is answered with a 200 (the file changed)', async () => {
    const dir = tmp();
    const dest = path.join(dir, 'a.zip');
    const changed = Buffer.alloc(120_000, 0x42);
    const transport = scripted(
      () => ({ headers: whole({ 'Accept-Ranges': 'bytes', ETag: '"v1"' }), body: DATA, cutAfter: 100_000 }),
      () => ({ headers: { 'Content-Length': String(changed.length), ETag: '"v2"' }, body: changed }),
    );
    await download(client(transport), REQ, dest, { what: 'x' });
    expect(fs.readFileSync(dest).equals(changed)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual(['a.zip']);
  });

  it('starts over when a 206 is not the part asked for', async () => {
    const dir = tmp();
    const dest = path.join(dir, 'a.zip');
    const transport = scripted(
      () => ({ headers: whole(RANGES), body: DATA, cutAfter: 100_000 }),
      () => ({
        status: 206,
        headers: { 'Content-Range': `bytes 0-99/${DATA.length}`, 'Content-Length': '100', ETag: '"v1"' },
        body: DATA.subarray(0, 100),
      }),
      () => ({ headers: whole(), body: DATA }),
    );
    await download(client(transport), REQ, dest, { what: 'x' });
    expect(fs.readFileSync(dest).equals(DATA)).toBe(true);
    expect(transport.seen.map(rangeOf)).toEqual([undefined, 'bytes=100000-', undefined]);
  });

  it('never joins two versions: without a strong ETag or Last-Modified a cut download starts over from zero', async () => {
    // The file changes between the attempts. Without a validator a Range request could get a part of
    // the new version, appended to the start of the old one.
    const V2 = Buffer.alloc(DATA.length, 0x42);
    const weakOrNone: Record<string, string>[] = [
      {},
      { ETag: 'W/"v1"' },
      { ETag: 'W/"v1"', 'Last-Modified': 'Mon, 01 Jan 2024 00:00:00 GMT' },
    ];
    for (const validators of weakOrNone) {
      const dir = tmp();
      const dest = path.join(dir, 'a.zip');
      const transport = scripted(
        () => ({ headers: whole({ 'Accept-Ranges': 'bytes', ...validators }), body: DATA, cutAfter: 100_000 }),
        (req) => (rangeOf(req) ? rest(req, V2, 'W/"v2"') : { headers: whole({ 'Accept-Ranges': 'bytes' }), body: V2 }),
      );
      await download(client(transport), REQ, dest, { what: 'x' });
      expect(transport.seen.map(rangeOf), JSON.stringify(validators)).toEqual([undefined, undefined]);
      expect(fs.readFileSync(dest).equals(V2)).toBe(true);
      expect(fs.readdirSync(dir)).toEqual(['a.zip']);
    }
  });

  it('never joins two versions: a 206 of another version (a server ignoring If-Range) starts over', async () => {
    const V2 = Buffer.alloc(DATA.length, 0x42);
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ ETag: '"v1"' }, { ETag: '"v2"' }],
      [{ 'Last-Modified': 'Mon, 01 Jan 2024 00:00:00 GMT' }, { 'Last-Modified': 'Tue, 02 Jan 2024 00:00:00 GMT' }],
    ];
    for (const [had, part] of cases) {
      const dir = tmp();
      const dest = path.join(dir, 'a.zip');
      const transport = scripted(
        () => ({ headers: whole({ 'Accept-Ranges': 'bytes', ...had }), body: DATA, cutAfter: 100_000 }),
        (req) => ({ ...rest(req, V2), headers: { ...rest(req, V2).headers, ETag: '', ...part } }),
        () => ({ headers: whole({ 'Accept-Ranges': 'bytes', ...part }), body: V2 }),
      );
      await download(client(transport), REQ, dest, { what: 'x' });
      expect(transport.seen.map(rangeOf)).toEqual([undefined, 'bytes=100000-', undefined]);
      expect(headerOf(transport.seen[1]!, 'if-range')).toBe(Object.values(had)[0]);
      expect(fs.readFileSync(dest).equals(V2)).toBe(true);
    }
  });

  it('refuses a part (206) that answers a request for the whole file: nothing is written', async () => {
    const dir = tmp();
    const dest = path.join(dir, 'a.zip');
    fs.writeFileSync(dest, 'previous');
    const transport = scripted(() => ({
      status: 206,
      headers: { 'Content-Range': `bytes 0-999/${DATA.length}`, 'Content-Length': '1000' },
      body: DATA.subarray(0, 1000),
    }));
    await expect(download(client(transport), REQ, dest, { what: 'x' })).rejects.toThrow(
      'download of x failed: a part (206) came back where the whole file was asked for',
    );
    expect(fs.readdirSync(dir)).toEqual(['a.zip']);
    expect(fs.readFileSync(dest, 'utf8')).toBe('previous');
  });

  it('gives up when the retry budget is spent: the old file stays, no temporary file, one request per attempt', async () => {
    const dir = tmp();
    const dest = path.join(dir, 'artifacts.zip');
    fs.writeFileSync(dest, 'previous');
    const cut = () => ({ headers: whole(RANGES), body: DATA, cutAfter: 10 });
    const transport = scripted(cut, ...Array.from({ length: 4 }, () => (req: TransportRequest) => ({ ...rest(req), cutAfter: 10 })));
    const err = await download(client(transport), REQ, dest, { what: 'the artifacts of job 1' }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe(
      'download of the artifacts of job 1 failed after 50 B: the connection was interrupted (ECONNRESET); gave up after 5 attempts',
    );
    expect(transport.seen).toHaveLength(5);
    expect(transport.seen.map(rangeOf)).toEqual([undefined, 'bytes=10-', 'bytes=20-', 'bytes=30-', 'bytes=40-']);
    expect(fs.readdirSync(dir)).toEqual(['artifacts.zip']);
    expect(fs.readFileSync(dest, 'utf8')).toBe('previous');
  });

  it('refuses a body longer than its Content-Length, without retrying', async () => {
    const dir = tmp();
    const dest = path.join(dir, 'a.zip');
    const transport = scripted(() => ({ headers: { 'Content-Length': '10' }, body: DATA }));
    await expect(download(client(transport), REQ, dest, { what: 'a' })).rejects.toThrow(
      'download of a failed: the server sent more than the 10 B it announced',
    );
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(transport.seen).toHaveLength(1);
  });

  it('is interrupted by the abort signal (Ctrl-C) and leaves nothing', async () => {
    const dir = tmp();
    const dest = path.join(dir, 'a.zip');
    const ac = new AbortController();
    const body = new PassThrough();
    body.write(Buffer.alloc(100));
    const transport: Transport = { request: async () => ({ statusCode: 200, headers: {}, body }) };
    const pending = download(client(transport, ac.signal), REQ, dest, { what: 'a', signal: ac.signal });
    // Ctrl-C once the body streams into the file: a transport fails its body with the abort from then on.
    while (!body.readableFlowing) await new Promise((r) => setImmediate(r));
    ac.abort();
    body.destroy(Object.assign(new Error('aborted'), { name: 'AbortError' }));
    await expect(pending).rejects.toBeInstanceOf(CancelError);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('reports a missing directory as a write failure', async () => {
    const dir = tmp();
    const transport = scripted(() => ({ body: Buffer.from('x') }));
    await expect(download(client(transport), REQ, path.join(dir, 'no/such/a.zip'), { what: 'a' })).rejects.toThrow(
      /^cannot write a: ENOENT: no such file or directory, open /,
    );
  });

  it('a destination name of 250 bytes gets a temporary name that fits beside it', async () => {
    const dir = tmp();
    const dest = path.join(dir, `${'é'.repeat(123)}.zip`);
    await download(client(scripted(() => ({ headers: whole(), body: DATA }))), REQ, dest, { what: 'a' });
    expect(fs.readFileSync(dest).equals(DATA)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual([path.basename(dest)]);
  });
});

describe('download to a stream (stdout)', () => {
  const collect = () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c) => chunks.push(c));
    return { out, bytes: () => Buffer.concat(chunks) };
  };

  it('copies without ending the output', async () => {
    const { out, bytes } = collect();
    await download(client(scripted(() => ({ body: Buffer.from('abc') }))), REQ, out, { what: 'x' });
    expect(out.writableEnded).toBe(false);
    expect(bytes().toString()).toBe('abc');
  });

  it('continues with Range after a cut, with nothing printed twice', async () => {
    const { out, bytes } = collect();
    const transport = scripted(() => ({ headers: whole(RANGES), body: DATA, cutAfter: 100_000 }), rest);
    await download(client(transport), REQ, out, { what: 'x' });
    await new Promise((r) => setImmediate(r));
    expect(bytes().equals(DATA)).toBe(true);
  });

  it('cannot continue without a validator, nor with a part of another version: fails, nothing more printed', async () => {
    const weak = collect();
    const t1 = scripted(() => ({ headers: whole({ 'Accept-Ranges': 'bytes', ETag: 'W/"v1"' }), body: DATA, cutAfter: 100 }));
    await expect(download(client(t1), REQ, weak.out, { what: 'x' })).rejects.toThrow(
      'download of x failed after 100 B: the connection was interrupted (ECONNRESET); ' +
        'the server offers no ETag or Last-Modified to continue it safely, and what was ' +
        'written to the output cannot be taken back',
    );
    expect(t1.seen).toHaveLength(1);
    const changed = collect();
    const t2 = scripted(
      () => ({ headers: whole(RANGES), body: DATA, cutAfter: 100 }),
      (req) => rest(req, Buffer.alloc(DATA.length, 1), '"v2"'),
    );
    await expect(download(client(t2), REQ, changed.out, { what: 'x' })).rejects.toThrow(
      'download of x failed: the server answered the range request with a part of ' +
        'another version of the file (ETag "v2", not "v1"), and what was written to the ' +
        'output cannot be taken back',
    );
    await new Promise((r) => setImmediate(r));
    expect(changed.bytes().equals(DATA.subarray(0, 100))).toBe(true);
  });

  it('cannot start over once bytes were printed: fails at once without ranges', async () => {
    const { out } = collect();
    const transport = scripted(() => ({ headers: whole(), body: DATA, cutAfter: 100 }));
    const err = await download(client(transport), REQ, out, { what: 'x' }).catch((e) => e);
    expect(err.message).toBe(
      'download of x failed after 100 B: the connection was interrupted (ECONNRESET); ' +
        'the server offers no ranges to continue, and what was written to the output ' +
        'cannot be taken back',
    );
    expect(transport.seen).toHaveLength(1);
  });
});

describe('Content-Disposition', () => {
  it('reads quoted, unquoted and RFC 5987 file names', () => {
    expect(dispositionFilename('attachment; filename="artifacts.zip"')).toBe('artifacts.zip');
    expect(dispositionFilename('attachment; filename=artifacts.zip')).toBe('artifacts.zip');
    expect(dispositionFilename('attachment; filename="r_sum_ final.txt"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9%20final.txt')).toBe(
      'résumé final.txt',
    );
    expect(dispositionFilename('attachment; filename="a \\"b\\".zip"')).toBe('a "b".zip');
    expect(dispositionFilename(undefined)).toBeUndefined();
    expect(dispositionFilename('inline')).toBeUndefined();
  });
});

describe('progress', () => {
  it('formats sizes', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.50 KiB');
    expect(formatBytes(1024 ** 3)).toBe('1.00 GiB');
    expect(formatBytes(150 * 1024 * 1024)).toBe('150.0 MiB');
  });

  const measure = (text: string) => stringWidth(text);
  const MiB = 1024 * 1024;

  it('redraws with \\r at most every interval and clears the line at the end', () => {
    let t = 0;
    const out = new PassThrough();
    const written: string[] = [];
    out.on('data', (c) => written.push(String(c)));
    const bar = new ProgressBar(out, 'artifacts.zip', 4 * MiB, { columns: () => 100, measure, now: () => t, intervalMs: 100 });
    t = 100;
    bar.add(MiB); // drawn
    t = 150;
    bar.add(MiB); // throttled
    t = 1000;
    bar.add(2 * MiB); // drawn
    bar.finish();
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        expect(written).toEqual([
          `\rartifacts.zip [${'#'.repeat(8)}${'-'.repeat(22)}]  25%   1.00 MiB / 4.00 MiB   10.0 MiB/s  ETA 1s\u001b[K`,
          `\rartifacts.zip [${'#'.repeat(30)}] 100%   4.00 MiB / 4.00 MiB   4.00 MiB/s  ETA 0s\u001b[K`,
          '\r\u001b[K',
        ]);
        resolve();
      }),
    );
  });

  it('shows bytes and rate without a total', () => {
    const bar = new ProgressBar(new PassThrough(), 'stdout', undefined, { columns: () => 80, measure, now: () => 2000 });
    expect(bar.line(4000)).toBe('stdout         0 B         0 B/s');
  });

  it('estimates the time left from the rate so far', () => {
    let t = 0;
    const bar = new ProgressBar(new PassThrough(), 'a.zip', 100 * MiB, { columns: () => 120, measure, now: () => t });
    t = 10_000;
    bar.add(10 * MiB); // 1 MiB/s, 90 MiB to go
    expect(bar.line(t)).toMatch(/ 10%\s+10\.0 MiB \/ 100\.0 MiB\s+1\.00 MiB\/s {2}ETA 1m30s$/);
    expect(formatDuration(59.2)).toBe('1m00s');
    expect(formatDuration(7)).toBe('7s');
    expect(formatDuration(3725)).toBe('1h02m');
    const idle = new ProgressBar(new PassThrough(), 'a.zip', MiB, { columns: () => 120, measure, now: () => 0 });
    expect(idle.line(0)).toContain('ETA --');
  });

  it('never draws a line as wide as the terminal: the bar, then the name, then the sizes give way', () => {
    const labels = [
      'artifacts.zip',
      'a-very-long-artifact-name-from-content-disposition-of-the-server.zip',
      '報告書の最終版アーカイブ.zip',
      'x',
    ];
    for (const columns of [20, 30, 40, 60, 80, 140]) {
      for (const label of labels) {
        for (const total of [undefined, 300 * MiB]) {
          let t = 0;
          const bar = new ProgressBar(new PassThrough(), label, total, { columns: () => columns, measure, now: () => t });
          for (const bytes of [0, 1536, 700 * 1024, 3 * MiB, 150 * MiB]) {
            t += 700;
            bar.add(bytes);
            const line = bar.line(t);
            expect(measure(line), `${columns} ${label} ${line}`).toBeLessThanOrEqual(columns - 1);
            if (total !== undefined) expect(line, line).toMatch(/%/);
          }
        }
      }
    }
    let t = 0;
    const wide = new ProgressBar(new PassThrough(), 'artifacts.zip', 10 * MiB, { columns: () => 140, measure, now: () => t });
    t = 1000;
    wide.add(MiB);
    expect(wide.line(t)).toMatch(/^artifacts\.zip \[#{3}-{27}\] {2}10% .*\/s {2}ETA 9s$/);
    const narrow = new ProgressBar(new PassThrough(), 'artifacts.zip', 10 * MiB, { columns: () => 60, measure, now: () => t });
    narrow.add(MiB);
    expect(narrow.line(t)).not.toContain('[');
    expect(narrow.line(t)).toMatch(/^artifacts.* {2}10% .*ETA/);
    // The window is read at each redraw.
    let columns = 140;
    const resized = new ProgressBar(new PassThrough(), 'artifacts.zip', 10 * MiB, { columns: () => columns, measure, now: () => t });
    expect(resized.line(t)).toContain('[');
    columns = 40;
    expect(measure(resized.line(t))).toBeLessThanOrEqual(39);
  });
});
