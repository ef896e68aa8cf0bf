import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { saveAtomically, streamTo } from '../../src/download/atomic.js';
import { formatBytes, ProgressBar } from '../../src/download/progress.js';
import { dispositionFilename } from '../../src/download/response.js';
import { ApiError, CancelError } from '../../src/errors.js';

const dirs: string[] = [];
function tmp(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'collab-dl-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function failingBody(first: Buffer, code = 'ECONNRESET'): Readable {
  return Readable.from(
    (async function* () {
      yield first;
      await new Promise((r) => setTimeout(r, 5));
      throw Object.assign(new Error('socket hang up'), { code });
    })(),
  );
}

describe('saveAtomically', () => {
  it('writes the bytes and leaves no temporary file', async () => {
    const dir = tmp();
    const dest = path.join(dir, 'artifacts.zip');
    const data = Buffer.alloc(3 * 1024 * 1024 + 7, 0x61);
    const seen: number[] = [];
    const n = await saveAtomically(Readable.from([data.subarray(0, 1000), data.subarray(1000)]), dest, {
      what: 'x',
      expectedBytes: data.length,
      onBytes: (b) => seen.push(b),
    });
    expect(n).toBe(data.length);
    expect(seen.reduce((a, b) => a + b, 0)).toBe(data.length);
    expect(fs.readFileSync(dest).equals(data)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual(['artifacts.zip']);
  });

  it('on a reset mid-body removes the temporary file and keeps the existing destination', async () => {
    const dir = tmp();
    const dest = path.join(dir, 'artifacts.zip');
    fs.writeFileSync(dest, 'previous');
    const err = await saveAtomically(failingBody(Buffer.alloc(4096)), dest, { what: 'the artifacts of job 1' }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('download of the artifacts of job 1 failed after 4.00 KiB: the connection was interrupted (ECONNRESET)');
    expect(fs.readdirSync(dir)).toEqual(['artifacts.zip']);
    expect(fs.readFileSync(dest, 'utf8')).toBe('previous');
  });

  it('refuses a body shorter than its Content-Length', async () => {
    const dir = tmp();
    const dest = path.join(dir, 'a.zip');
    await expect(saveAtomically(Readable.from([Buffer.from('abc')]), dest, { what: 'a', expectedBytes: 10 })).rejects.toThrow(
      'download of a is incomplete: got 3 B of 10 B',
    );
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('is interrupted by the abort signal (Ctrl-C)', async () => {
    const dir = tmp();
    const dest = path.join(dir, 'a.zip');
    const body = new PassThrough();
    body.write(Buffer.alloc(100));
    const ac = new AbortController();
    const pending = saveAtomically(body, dest, { what: 'a', signal: ac.signal });
    setTimeout(() => ac.abort(), 10);
    await expect(pending).rejects.toBeInstanceOf(CancelError);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('reports a missing directory as a write failure', async () => {
    const dir = tmp();
    await expect(saveAtomically(Readable.from([Buffer.from('x')]), path.join(dir, 'no/such/a.zip'), { what: 'a' })).rejects.toThrow(/ENOENT/);
  });
});

describe('streamTo', () => {
  it('copies without ending the output', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c) => chunks.push(c));
    await streamTo(Readable.from([Buffer.from('ab'), Buffer.from('c')]), out, { what: 'x' });
    expect(out.writableEnded).toBe(false);
    expect(Buffer.concat(chunks).toString()).toBe('abc');
  });
});

describe('Content-Disposition', () => {
  it('reads quoted, unquoted and RFC 5987 file names', () => {
    expect(dispositionFilename('attachment; filename="artifacts.zip"')).toBe('artifacts.zip');
    expect(dispositionFilename('attachment; filename=artifacts.zip')).toBe('artifacts.zip');
    expect(dispositionFilename('attachment; filename="r_sum_ final.txt"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9%20final.txt')).toBe('résumé final.txt');
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

  it('redraws with \\r at most every interval and clears the line at the end', () => {
    let t = 0;
    const out = new PassThrough();
    const written: string[] = [];
    out.on('data', (c) => written.push(String(c)));
    const bar = new ProgressBar(out, 'artifacts.zip', 4 * 1024 * 1024, () => t, 100);
    t = 100;
    bar.add(1024 * 1024); // drawn
    t = 150;
    bar.add(1024 * 1024); // throttled
    t = 1000;
    bar.add(2 * 1024 * 1024); // drawn
    bar.finish();
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        expect(written).toEqual([
          '\rartifacts.zip [#####---------------]  25%  1.00 MiB / 4.00 MiB  10.0 MiB/s\u001b[K',
          '\rartifacts.zip [####################] 100%  4.00 MiB / 4.00 MiB  4.00 MiB/s\u001b[K',
          '\r\u001b[K',
        ]);
        resolve();
      }),
    );
  });

  it('shows bytes and rate without a total', () => {
    const bar = new ProgressBar(new PassThrough(), 'stdout', undefined, () => 2000);
    expect(bar.line(4000)).toBe('stdout  0 B  0 B/s');
  });
});
