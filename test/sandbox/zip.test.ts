import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine } from '../../src/sandbox/crc.js';
import { GeneratedData, storedZipStream } from '../../src/sandbox/zip.js';
import { unzip } from './zip-helpers.js';

describe('sandbox zip generation', () => {
  it('combines CRCs exactly like a pass over the concatenation', () => {
    const a = Buffer.from('hello, ');
    const b = Buffer.from('résumé final and some more bytes');
    expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
  });

  it('generates deterministic data whose precomputed CRC matches', () => {
    const data = new GeneratedData(3);
    const bytes = Buffer.concat([...data.chunks()]);
    expect(bytes.length).toBe(3 * 1024 * 1024);
    expect(data.crc()).toBe(crc32(bytes));
    expect(Buffer.concat([...new GeneratedData(3).chunks()]).equals(bytes)).toBe(true);
    expect(bytes.subarray(0, 1024 * 1024).equals(bytes.subarray(1024 * 1024, 2 * 1024 * 1024))).toBe(false);
  });

  it('streams a valid stored zip', async () => {
    const data = new GeneratedData(2);
    const chunks: Buffer[] = [];
    for await (const chunk of storedZipStream([data.entry('a/b.bin')])) chunks.push(chunk as Buffer);
    const files = await unzip(Buffer.concat(chunks));
    expect(files.get('a/b.bin')?.equals(Buffer.concat([...data.chunks()]))).toBe(true);
  });
});
