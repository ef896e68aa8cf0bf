import { PassThrough } from 'node:stream';

/** A stream collab writes to in a test, and the bytes written to it so far. */
export function captured(): { stream: PassThrough; bytes: () => Buffer } {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c) => chunks.push(Buffer.from(c)));
  return { stream, bytes: () => Buffer.concat(chunks) };
}
