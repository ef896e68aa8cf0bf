/**
 * The two decoders of Content-Encoding: decodeStream (bodies handed out as streams) and decodeWhole
 * (bodies read whole, as JSON answers are) give the same bytes, or fail the same way.
 */
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeStream, decodeWhole } from '../../src/api/decode.js';

const text = Buffer.from(JSON.stringify({ id: 1, title: 'é'.repeat(3000) }));
const gz = zlib.gzipSync(text);

async function viaStream(raw: Buffer, codings: string[]): Promise<Buffer | string> {
  try {
    const out = await decodeStream(Readable.from(raw.length ? [raw] : []), codings);
    const chunks: Buffer[] = [];
    for await (const c of out) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  } catch (err) {
    return `${(err as NodeJS.ErrnoException).code}: ${(err as Error).message}`;
  }
}

function viaWhole(raw: Buffer, codings: string[]): Buffer | string {
  try {
    return decodeWhole(raw, codings, 1 << 20);
  } catch (err) {
    return `${(err as NodeJS.ErrnoException).code}: ${(err as Error).message}`;
  }
}

describe('decodeWhole and decodeStream', () => {
  const cases: [string, Buffer, string[]][] = [
    ['gzip', gz, ['gzip']],
    ['x-gzip', gz, ['x-gzip']],
    ['two gzip members', Buffer.concat([zlib.gzipSync('{"a":'), zlib.gzipSync('1}')]), ['gzip']],
    ['gzip then zero padding', Buffer.concat([gz, Buffer.alloc(16)]), ['gzip']],
    ['deflate (zlib)', zlib.deflateSync(text), ['deflate']],
    ['deflate (raw)', zlib.deflateRawSync(text), ['deflate']],
    ['br', zlib.brotliCompressSync(text), ['br']],
    ['gzip, then br', zlib.brotliCompressSync(gz), ['gzip', 'br']],
    ['empty', Buffer.alloc(0), ['gzip']],
    ['truncated', gz.subarray(0, gz.length - 10), ['gzip']],
    ['not gzip', Buffer.from('{"id": 1}'), ['gzip']],
    ['corrupt', Buffer.concat([gz.subarray(0, 20), Buffer.alloc(40, 0xff), gz.subarray(60)]), ['gzip']],
  ];
  it.each(cases)('%s', async (_name, raw, codings) => {
    expect(viaWhole(raw, codings)).toEqual(await viaStream(raw, codings));
  });

  it('decodeWhole stops at the limit in decoded bytes: a small body cannot expand past it', () => {
    const bomb = zlib.gzipSync(Buffer.alloc(10 << 20));
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(() => decodeWhole(bomb, ['gzip'], 1 << 20)).toThrow(expect.objectContaining({ code: 'ERR_BUFFER_TOO_LARGE' }));
  });
});
