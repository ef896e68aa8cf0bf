import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import * as yauzl from 'yauzl';
import * as yazl from 'yazl';
import { crc32Combine } from './crc.js';

export interface ZipInput {
  name: string;
  data: Buffer;
  compress: boolean;
}

/** Fixed modification time so archives are byte-for-byte reproducible. */
const ARCHIVE_MTIME = new Date(Date.UTC(2026, 0, 15, 12, 0, 0));

/** Builds a small zip archive in memory with yazl. */
export function buildZip(entries: ZipInput[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    for (const entry of entries) zip.addBuffer(entry.data, entry.name, { mtime: ARCHIVE_MTIME, mode: 0o100644, compress: entry.compress });
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
    zip.end();
  });
}

/** The content of one file of an archive, or undefined when it has no such file. */
export async function readZipEntry(archive: Buffer, name: string): Promise<Buffer | undefined> {
  const zip = await yauzl.fromBufferPromise(archive, { lazyEntries: true });
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName !== name) continue;
      const stream = await zip.openReadStreamPromise(entry);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    }
    return undefined;
  } finally {
    zip.close();
  }
}

// ---- streamed, stored (uncompressed) archives for very large artifacts ---------------------------

/** An entry whose bytes are produced on demand; `crc` and `size` must be known up front. */
export interface StreamedEntry {
  name: string;
  size: number;
  crc: number;
  chunks: () => Iterable<Buffer>;
}

const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const END_RECORD = 22;
const UTF8_FLAG = 0x0800;
const DOS_TIME = ((12 << 11) | (0 << 5) | 0) & 0xffff;
const DOS_DATE = (((2026 - 1980) << 9) | (1 << 5) | 15) & 0xffff;

export function storedZipLength(entries: StreamedEntry[]): number {
  let total = END_RECORD;
  for (const e of entries) {
    const nameLength = Buffer.byteLength(e.name);
    total += LOCAL_HEADER + nameLength + e.size + CENTRAL_HEADER + nameLength;
  }
  return total;
}

/** Streams a stored zip whose content is generated chunk by chunk; nothing but one chunk is held in memory. */
export function storedZipStream(entries: StreamedEntry[]): Readable {
  if (storedZipLength(entries) >= 0xffffffff) throw new Error('streamed archives are limited to 4 GiB (no zip64)');
  function* generate(): Generator<Buffer> {
    const central: Buffer[] = [];
    let offset = 0;
    for (const entry of entries) {
      const name = Buffer.from(entry.name);
      const local = Buffer.alloc(LOCAL_HEADER);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(UTF8_FLAG, 6);
      local.writeUInt16LE(0, 8);
      local.writeUInt16LE(DOS_TIME, 10);
      local.writeUInt16LE(DOS_DATE, 12);
      local.writeUInt32LE(entry.crc >>> 0, 14);
      local.writeUInt32LE(entry.size, 18);
      local.writeUInt32LE(entry.size, 22);
      local.writeUInt16LE(name.length, 26);
      local.writeUInt16LE(0, 28);
      yield Buffer.concat([local, name]);
      for (const chunk of entry.chunks()) yield chunk;

      const header = Buffer.alloc(CENTRAL_HEADER);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(0x031e, 4);
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(UTF8_FLAG, 8);
      header.writeUInt16LE(0, 10);
      header.writeUInt16LE(DOS_TIME, 12);
      header.writeUInt16LE(DOS_DATE, 14);
      header.writeUInt32LE(entry.crc >>> 0, 16);
      header.writeUInt32LE(entry.size, 20);
      header.writeUInt32LE(entry.size, 24);
      header.writeUInt16LE(name.length, 28);
      header.writeUInt32LE((0o100644 << 16) >>> 0, 38);
      header.writeUInt32LE(offset, 42);
      central.push(header, name);
      offset += LOCAL_HEADER + name.length + entry.size;
    }
    const directory = Buffer.concat(central);
    const end = Buffer.alloc(END_RECORD);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    yield Buffer.concat([directory, end]);
  }
  return Readable.from(generate(), { objectMode: false, highWaterMark: 4 * 1024 * 1024 });
}

export const bufferEntry = (name: string, data: Buffer): StreamedEntry => ({
  name,
  size: data.length,
  crc: crc32(data),
  chunks: () => [data],
});

const MIB = 1024 * 1024;
const STAMP_BYTES = 4;

/**
 * `megabytes` MiB of deterministic pseudo-random bytes: one MiB block generated once by xorshift,
 * each copy stamped with its block number so truncation or reordering is detectable.
 */
export class GeneratedData {
  private readonly block: Buffer;
  private crcValue: number | undefined;

  constructor(
    readonly megabytes: number,
    seed = 0x2545f491,
  ) {
    this.block = Buffer.allocUnsafe(MIB);
    let x = seed >>> 0 || 1;
    for (let i = 0; i < MIB; i += 4) {
      x ^= x << 13;
      x >>>= 0;
      x ^= x >>> 17;
      x ^= x << 5;
      x >>>= 0;
      this.block.writeUInt32LE(x, i);
    }
  }

  get size(): number {
    return this.megabytes * MIB;
  }

  *chunks(): Generator<Buffer> {
    for (let i = 0; i < this.megabytes; i++) {
      const chunk = Buffer.allocUnsafe(MIB);
      this.block.copy(chunk);
      chunk.writeUInt32LE(i, 0);
      yield chunk;
    }
  }

  /** CRC-32 of the whole content, combined from the CRCs of the stamp and of the shared block tail. */
  crc(): number {
    if (this.crcValue === undefined) {
      const tail = crc32(this.block.subarray(STAMP_BYTES));
      const stamp = Buffer.alloc(STAMP_BYTES);
      let crc = 0;
      for (let i = 0; i < this.megabytes; i++) {
        stamp.writeUInt32LE(i, 0);
        crc = crc32Combine(crc, crc32Combine(crc32(stamp), tail, MIB - STAMP_BYTES), MIB);
      }
      this.crcValue = crc;
    }
    return this.crcValue;
  }

  entry(name: string): StreamedEntry {
    return { name, size: this.size, crc: this.crc(), chunks: () => this.chunks() };
  }
}
