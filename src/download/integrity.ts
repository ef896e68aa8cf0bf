import { Transform, type TransformCallback } from 'node:stream';
import { crc32 } from 'node:zlib';
import type yauzl from 'yauzl';
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

const ZIP64_EXTRA = 0x0001;
const ZIP64_MARK = 0xffffffff;
/** General purpose flag bit 3: CRC-32 and sizes follow the data (a data descriptor), the local header may hold zeros. */
const DATA_DESCRIPTOR = 0x0008;

/** The local header's sizes, the zip64 extra field's where the header holds 0xFFFFFFFF. */
function localSizes(local: yauzl.LocalFileHeader): { compressed: number; uncompressed: number } {
  let compressed = local.compressedSize;
  let uncompressed = local.uncompressedSize;
  const extra = local.extraField;
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    const data = extra.subarray(at + 4, at + 4 + size);
    at += 4 + size;
    if (id !== ZIP64_EXTRA) continue;
    const fields: number[] = [];
    for (let i = 0; i + 8 <= data.length; i += 8) fields.push(Number(data.readBigUInt64LE(i)));
    // A local header's zip64 field holds both sizes (APPNOTE 4.5.3); some writers give only the marked ones.
    const [forUncompressed, forCompressed] =
      fields.length >= 2 ? [fields[0], fields[1]] : uncompressed === ZIP64_MARK ? [fields[0], undefined] : [undefined, fields[0]];
    if (uncompressed === ZIP64_MARK) uncompressed = forUncompressed ?? Number.NaN;
    if (compressed === ZIP64_MARK) compressed = forCompressed ?? Number.NaN;
  }
  return { compressed, uncompressed };
}

/**
 * What an entry's local header says that its central directory record does not. collab reads the
 * central directory; tools that stream an archive (`bsdtar -xf -`, `unzip` for the CRC) read the
 * local headers: an archive on which they disagree extracts differently in each, and is refused.
 * With a data descriptor the local CRC-32 and sizes may be zero.
 */
export function localHeaderMismatch(entry: yauzl.Entry, local: yauzl.LocalFileHeader): string | undefined {
  if (!local.fileName.equals(entry.fileNameRaw)) return 'its name';
  if (local.compressionMethod !== entry.compressionMethod) return 'its compression method';
  const deferred = (local.generalPurposeBitFlag & DATA_DESCRIPTOR) !== 0;
  const agrees = (localValue: number, central: number) =>
    localValue === central || (deferred && (localValue === 0 || localValue === ZIP64_MARK));
  if (!agrees(local.crc32 >>> 0, entry.crc32 >>> 0)) return 'its CRC-32';
  const sizes = localSizes(local);
  if (!agrees(sizes.compressed, entry.compressedSize)) return 'its compressed size';
  if (!agrees(sizes.uncompressed, entry.uncompressedSize)) return 'its size';
  return undefined;
}
