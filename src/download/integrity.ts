import { Transform, type TransformCallback } from 'node:stream';
import { crc32 } from 'node:zlib';
import { CollabError } from '../errors.js';

/** An entry whose bytes do not match the archive's directory: the archive is corrupt or lies. */
export class IntegrityError extends CollabError {
  constructor(name: string, problem: string) {
    super(`cannot extract the archive: "${name}" ${problem}; nothing was extracted`, 1);
  }
}

const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');

/**
 * Passes an entry's bytes through while checking them against what the central directory
 * declares: it fails as soon as there are more bytes than declared (a zip bomb that lies about its
 * size stops there), and at the end when there were fewer or the CRC-32 differs.
 */
export class EntryCheck extends Transform {
  private bytes = 0;
  private crc = 0;

  constructor(
    private readonly name: string,
    private readonly declaredSize: number,
    private readonly declaredCrc: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.declaredSize) {
      callback(new IntegrityError(this.name, `holds more than the ${this.declaredSize} bytes the archive's directory declares`));
      return;
    }
    this.crc = crc32(chunk, this.crc);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.bytes !== this.declaredSize)
      callback(new IntegrityError(this.name, `holds ${this.bytes} bytes where the archive's directory declares ${this.declaredSize}`));
    else if (this.crc >>> 0 !== this.declaredCrc >>> 0)
      callback(new IntegrityError(this.name, `is corrupt: bad CRC-32 (${hex(this.crc)}, the archive says ${hex(this.declaredCrc)})`));
    else callback();
  }
}
