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

/** An entry as stored: its content, method, sizes and mode worked out. */
interface Stored {
  entry: RawEntry;
  name: number;
  localName: number;
  stored: Buffer;
  method: number;
  size: number;
  crc: number;
  mode: number;
}

function store(e: RawEntry): Stored {
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
  return {
    entry: e,
    name: Buffer.byteLength(e.name, 'utf8'),
    localName: Buffer.byteLength(e.local?.name ?? e.name, 'utf8'),
    stored,
    method,
    size: e.declaredSize ?? size,
    crc: e.declaredCrc ?? crc,
    mode: e.mode ?? (e.name.endsWith('/') ? 0o040755 : 0o100644),
  };
}

/**
 * The archive, written into one buffer: an archive of 100,001 entries built from small buffers
 * spent most of its time collecting them.
 */
export function zipOf(entries: RawEntry[]): Buffer {
  const all = entries.map(store);
  const localsLength = all.reduce((n, s) => n + 30 + s.localName + s.stored.length, 0);
  const cdLength = all.reduce((n, s) => n + 46 + s.name, 0);
  // More entries than the classic end record counts: the zip64 end record (56) and its locator (20).
  const zip64 = entries.length > 0xffff;
  const out = Buffer.alloc(localsLength + cdLength + (zip64 ? 76 : 0) + 22);
  const { time, date } = dosTime();
  // The fields both headers share, in the same order: from "version needed" to the name length.
  const shared = (at: number, s: Stored, nameLength: number, o: NonNullable<RawEntry['local']> = {}) => {
    out.writeUInt16LE(20, at);
    out.writeUInt16LE(o.flags ?? 0x0800, at + 2); // UTF-8 names
    out.writeUInt16LE(o.method ?? s.method, at + 4);
    out.writeUInt16LE(time, at + 6);
    out.writeUInt16LE(date, at + 8);
    out.writeUInt32LE((o.crc ?? s.crc) >>> 0, at + 10);
    out.writeUInt32LE(o.compressedSize ?? s.stored.length, at + 14);
    out.writeUInt32LE(o.size ?? s.size, at + 18);
    out.writeUInt16LE(nameLength, at + 22);
  };
  let offset = 0;
  let cd = localsLength;
  for (const s of all) {
    out.writeUInt32LE(0x04034b50, offset);
    shared(offset + 4, s, s.localName, s.entry.local);
    out.write(s.entry.local?.name ?? s.entry.name, offset + 30, 'utf8');
    s.stored.copy(out, offset + 30 + s.localName);
    out.writeUInt32LE(0x02014b50, cd);
    out.writeUInt16LE((3 << 8) | 20, cd + 4); // made by Unix
    shared(cd + 6, s, s.name);
    out.writeUInt32LE(((s.mode & 0xffff) << 16) >>> 0, cd + 38);
    out.writeUInt32LE(offset, cd + 42);
    out.write(s.entry.name, cd + 46, 'utf8');
    offset += 30 + s.localName + s.stored.length;
    cd += 46 + s.name;
  }
  let end = cd;
  if (zip64) {
    out.writeUInt32LE(0x06064b50, end);
    out.writeBigUInt64LE(44n, end + 4);
    out.writeUInt16LE((3 << 8) | 45, end + 12);
    out.writeUInt16LE(45, end + 14);
    out.writeBigUInt64LE(BigInt(entries.length), end + 24);
    out.writeBigUInt64LE(BigInt(entries.length), end + 32);
    out.writeBigUInt64LE(BigInt(cdLength), end + 40);
    out.writeBigUInt64LE(BigInt(localsLength), end + 48);
    out.writeUInt32LE(0x07064b50, end + 56);
    out.writeBigUInt64LE(BigInt(cd), end + 64);
    out.writeUInt32LE(1, end + 72);
    end += 76;
  }
  out.writeUInt32LE(0x06054b50, end);
  out.writeUInt16LE(Math.min(entries.length, 0xffff), end + 8);
  out.writeUInt16LE(Math.min(entries.length, 0xffff), end + 10);
  out.writeUInt32LE(cdLength, end + 12);
  out.writeUInt32LE(localsLength, end + 16);
  return out;
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
