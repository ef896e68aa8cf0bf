import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { TerminalLogFilter } from '../../src/output/sanitize.js';
import { ForTerminal, looksBinary } from '../../src/output/terminal-stream.js';

async function through(chunks: Buffer[], refuse: boolean): Promise<{ out: string; error?: unknown }> {
  const sink = new PassThrough();
  let out = '';
  sink.on('data', (c) => (out += String(c)));
  const guard = refuse ? () => new UsageError('refusing to write binary data to the terminal') : undefined;
  try {
    await pipeline(Readable.from(chunks), new ForTerminal(new TerminalLogFilter(false), guard), sink);
    return { out };
  } catch (error) {
    return { out, error };
  }
}

describe('text for a terminal, binary data refused', () => {
  it('tells binary from text: a NUL or bytes that are not UTF-8; a character cut at the end is text', () => {
    expect(looksBinary(Buffer.from('plain text\nwith lines\n'))).toBe(false);
    expect(looksBinary(Buffer.from('Résumé ✓ 報告'))).toBe(false);
    expect(looksBinary(Buffer.from('Résumé').subarray(0, 2))).toBe(false);
    expect(looksBinary(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toBe(true);
    expect(looksBinary(Buffer.from([0x1f, 0x8b, 0x08, 0xff, 0xfe]))).toBe(true);
  });

  it('binary data fails the stream before anything is written, even when it shows after the first chunks', async () => {
    const text = Buffer.from('a'.repeat(3000));
    const r = await through([text, text, Buffer.from([0, 1, 2, 3]), text], true);
    expect(r.error).toBeInstanceOf(UsageError);
    expect(r.out).toBe('');
    const small = await through([Buffer.from([0xff, 0xd8, 0xff, 0xe0])], true);
    expect(small.error).toBeInstanceOf(UsageError);
    expect(small.out).toBe('');
  });

  it('text goes through whole, escape sequences dropped; without the guard nothing is held back', async () => {
    const chunks = ['line one\n', 'line \u001b]52;c;c2VjcmV0\u0007two\n', 'x'.repeat(9000), '\nlast'].map((c) => Buffer.from(c));
    const guarded = await through(chunks, true);
    expect(guarded.error).toBeUndefined();
    expect(guarded.out).toBe(`line one\nline two\n${'x'.repeat(9000)}\nlast`);
    const binaryLate = await through([Buffer.from('y'.repeat(9000)), Buffer.from([0])], true);
    expect(binaryLate.error).toBeUndefined();
    expect((await through(chunks, false)).out).toBe(guarded.out);
  });
});
