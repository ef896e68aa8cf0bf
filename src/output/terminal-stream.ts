import { Transform, type TransformCallback } from 'node:stream';
import type { TerminalLogFilter } from './sanitize.js';

/** How much of a body is looked at to tell text from binary data (as git does). */
const SNIFF_BYTES = 8000;

/** Binary data: a NUL byte, or bytes that are not UTF-8 (a character cut at the end is fine). */
export function looksBinary(head: Uint8Array): boolean {
  if (head.includes(0)) return true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return false;
  } catch {
    return true;
  }
}

/**
 * Server text on its way to a terminal, through a TerminalLogFilter (colours and `\r` only). With
 * `refuseBinary`, the first bytes are held until they show text; binary data fails the stream
 * with that error before anything reaches the terminal.
 */
export class ForTerminal extends Transform {
  private head: Buffer[] | undefined;
  private held = 0;

  constructor(
    private readonly log: TerminalLogFilter,
    private readonly refuseBinary?: () => Error,
  ) {
    super();
    if (refuseBinary) this.head = [];
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    if (!this.head) {
      done(null, this.log.write(chunk));
      return;
    }
    this.head.push(chunk);
    this.held += chunk.length;
    if (this.held < SNIFF_BYTES) done();
    else this.release(done);
  }

  override _flush(done: TransformCallback): void {
    if (this.head) {
      this.release((err, text) => {
        if (err) return done(err);
        done(null, `${text ?? ''}${this.log.flush()}`);
      });
      return;
    }
    done(null, this.log.flush());
  }

  private release(done: TransformCallback): void {
    const head = Buffer.concat(this.head ?? []);
    this.head = undefined;
    if (this.refuseBinary && looksBinary(head.subarray(0, SNIFF_BYTES))) done(this.refuseBinary());
    else done(null, this.log.write(head));
  }
}
