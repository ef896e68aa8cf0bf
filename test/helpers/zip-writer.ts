import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A zip writer for hostile archives: any name (`..`, absolute, NUL), any Unix mode (symlinks,
 * devices), sizes and CRC-32s that lie, and zip bombs that cost nothing to build. Real tools
 * (yazl, zipfile) refuse most of these; the archives collab must refuse are made here.
 */
export interface RawEntry {
  /** Stored as given (UTF-8); a name ending in `/` is a directory. */
  name: string;
  /** The content (a symlink's content is its target). */
  data?: Buffer | string;
  /** Unix `st_mode`, type bits included: 0o120777 for a symlink. Default 0o100644, or 0o040755 for a directory. */
  mode?: number;
  /** Deflate `data` (method 8). */
  compress?: boolean;
  /** Already-deflated content (method 8) with its real size and CRC: see `deflatedZeros`. */
  deflated?: { data: Buffer; size: number; crc: number };
  /** What the directory declares, when it should lie. */
  declaredSize?: number;
  declaredCrc?: number;
  /** What the local header says instead of what the central directory says (an ambiguous archive). */
  local?: { name?: string; crc?: number; size?: number; compressedSize?: number; method?: number; flags?: number };
}

export const SYMLINK = 0o120777;

function dosTime(): { time: number; date: number } {
  return { time: (12 << 11) | (0 << 5), date: ((2026 - 1980) << 9) | (1 << 5) | 15 };
}

export function zipOf(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const { time, date } = dosTime();
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const data = Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data ?? '', 'utf8');
    let stored: Buffer;
    let method: number;
    let size: number;
    let crc: number;
    if (e.deflated) {
      ({ data: stored, size, crc } = e.deflated);
      method = 8;
    } else {
      stored = e.compress ? deflateRawSync(data) : data;
      method = e.compress ? 8 : 0;
      size = data.length;
      crc = crc32(data);
    }
    size = e.declaredSize ?? size;
    crc = e.declaredCrc ?? crc;
    const mode = e.mode ?? (e.name.endsWith('/') ? 0o040755 : 0o100644);
    // The fields both headers share, in the same order: from "version needed" to the name length.
    const shared = (header: Buffer, at: number, o: NonNullable<RawEntry['local']> = {}, nameLength = name.length) => {
      header.writeUInt16LE(20, at);
      header.writeUInt16LE(o.flags ?? 0x0800, at + 2); // UTF-8 names
      header.writeUInt16LE(o.method ?? method, at + 4);
      header.writeUInt16LE(time, at + 6);
      header.writeUInt16LE(date, at + 8);
      header.writeUInt32LE((o.crc ?? crc) >>> 0, at + 10);
      header.writeUInt32LE(o.compressedSize ?? stored.length, at + 14);
      header.writeUInt32LE(o.size ?? size, at + 18);
      header.writeUInt16LE(nameLength, at + 22);
    };
    const localName = e.local?.name === undefined ? name : Buffer.from(e.local.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    shared(local, 4, e.local, localName.length);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix
    shared(central, 6);
    central.writeUInt32LE(((mode & 0xffff) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, localName, stored);
    centrals.push(central, name);
    offset += local.length + localName.length + stored.length;
  }
  const cd = Buffer.concat(centrals);
  const zip64: Buffer[] = [];
  if (entries.length > 0xffff) {
    // More entries than the classic end record counts: the zip64 end record and its locator.
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE((3 << 8) | 45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(entries.length), 24);
    record.writeBigUInt64LE(BigInt(entries.length), 32);
    record.writeBigUInt64LE(BigInt(cd.length), 40);
    record.writeBigUInt64LE(BigInt(offset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(offset + cd.length), 8);
    locator.writeUInt32LE(1, 16);
    zip64.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, ...zip64, end]);
}

const MiB = 1024 * 1024;

/**
 * `mib` MiB of zeros as one deflate stream, built without compressing them: one fully flushed
 * block for 1 MiB (independent of what precedes it), repeated, then an empty final block.
 */
export function deflatedZeros(mib: number): { data: Buffer; size: number; crc: number } {
  const zeros = Buffer.alloc(MiB);
  const block = deflateRawSync(zeros, { finishFlush: constants.Z_FULL_FLUSH });
  const parts: Buffer[] = [];
  let crc = 0;
  for (let i = 0; i < mib; i++) {
    parts.push(block);
    crc = crc32(zeros, crc);
  }
  parts.push(Buffer.from([0x03, 0x00]));
  return { data: Buffer.concat(parts), size: mib * MiB, crc };
}
