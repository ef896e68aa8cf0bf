import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { CancelError, CollabError } from '../errors.js';

/** An archive that cannot be extracted safely: nothing was written. */
export class UnsafeArchiveError extends CollabError {
  constructor(
    readonly refused: { name: string; reason: string }[],
  ) {
    const shown = refused.slice(0, 5).map((r) => `"${printable(r.name)}" (${r.reason})`);
    const more = refused.length > 5 ? ` and ${refused.length - 5} more` : '';
    super(`refusing to extract the archive: ${shown.join(', ')}${more}; nothing was extracted`, 1);
  }
}

type EntryKind = 'file' | 'dir' | 'symlink';

export interface PlannedEntry {
  /** Normalised relative path (`/`-separated, no `.` or empty segments). */
  name: string;
  kind: EntryKind;
  mode: number;
  entry: yauzl.Entry;
  /** Symlink target, as stored. */
  target?: string;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;
const UNIX_HOST = 3;
const MAX_SYMLINK_TARGET = 4096;

function printable(name: string): string {
  return name.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true }, (err, zip) =>
      err ? reject(err) : resolve(zip),
    ),
  );
}

function readEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (e: yauzl.Entry) => {
      entries.push(e);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream))));
}

async function readSmall(stream: Readable, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of stream) {
    size += (c as Buffer).length;
    if (size > limit) {
      stream.destroy();
      return undefined;
    }
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Checks an entry name; returns the normalised relative path, or the reason to refuse it. */
export function checkEntryName(raw: string): { name: string } | { reason: string } {
  if (raw.includes('\u0000')) return { reason: 'NUL in the name' };
  const name = raw.replace(/\\/g, '/');
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return { reason: 'absolute path' };
  const segments = name.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) return { reason: 'path escapes the directory' };
  return { name: segments.join('/') };
}

/** Whether a symlink stored at `name` pointing to `target` stays inside the extraction root. */
export function symlinkStaysInside(name: string, target: string): boolean {
  if (target === '' || target.includes('\u0000')) return false;
  const t = target.replace(/\\/g, '/');
  if (t.startsWith('/') || /^[a-zA-Z]:/.test(t)) return false;
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(name), t));
  return resolved !== '..' && !resolved.startsWith('../') && !path.posix.isAbsolute(resolved);
}

function kindOf(entry: yauzl.Entry, rawName: string): { kind: EntryKind; mode: number } {
  const unixMode = entry.versionMadeBy >> 8 === UNIX_HOST ? (entry.externalFileAttributes >>> 16) & 0xffff : 0;
  const type = unixMode & S_IFMT;
  if (type === S_IFLNK) return { kind: 'symlink', mode: 0o777 };
  if (rawName.endsWith('/') || rawName.endsWith('\\') || type === S_IFDIR) return { kind: 'dir', mode: 0o755 };
  // Only the executable bit is kept: no setuid, no world-writable files from an archive.
  return { kind: 'file', mode: unixMode & 0o111 ? 0o755 : 0o644 };
}

/**
 * Reads the central directory and checks every entry before anything is written: absolute paths,
 * `..`, symlinks pointing outside and entries placed under a symlink are refused.
 */
export async function planExtraction(zip: yauzl.ZipFile): Promise<PlannedEntry[]> {
  const entries = await readEntries(zip);
  const planned: PlannedEntry[] = [];
  const refused: { name: string; reason: string }[] = [];
  for (const entry of entries) {
    const raw = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);
    const checked = checkEntryName(raw);
    if ('reason' in checked) {
      refused.push({ name: raw, reason: checked.reason });
      continue;
    }
    if (checked.name === '') continue; // `./`
    const { kind, mode } = kindOf(entry, raw);
    const item: PlannedEntry = { name: checked.name, kind, mode, entry };
    if (kind === 'symlink') {
      const data = await readSmall(await openEntry(zip, entry), MAX_SYMLINK_TARGET);
      const target = data?.toString('utf8');
      if (target === undefined || !symlinkStaysInside(checked.name, target)) {
        refused.push({ name: raw, reason: `symlink pointing outside the directory${target ? ` (${printable(target)})` : ''}` });
        continue;
      }
      item.target = target;
    }
    planned.push(item);
  }
  const links = planned.filter((p) => p.kind === 'symlink').map((p) => p.name);
  for (const p of planned) {
    const via = links.find((l) => p.name.startsWith(`${l}/`));
    if (via) refused.push({ name: p.name, reason: `placed under the symlink ${via}` });
  }
  if (refused.length > 0) throw new UnsafeArchiveError(refused);
  return planned;
}

function inside(root: string, name: string): string {
  const full = path.resolve(root, ...name.split('/'));
  if (!full.startsWith(root + path.sep)) throw new UnsafeArchiveError([{ name, reason: 'path escapes the directory' }]);
  return full;
}

async function writeEntries(zip: yauzl.ZipFile, plan: PlannedEntry[], root: string, signal?: AbortSignal): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const p of plan) {
    if (signal?.aborted) throw new CancelError();
    const full = inside(root, p.name);
    if (p.kind === 'dir') {
      await fs.promises.mkdir(full, { recursive: true, mode: 0o755 });
    } else if (p.kind === 'file') {
      await fs.promises.mkdir(path.dirname(full), { recursive: true, mode: 0o755 });
      await pipeline(await openEntry(zip, p.entry), fs.createWriteStream(full, { mode: p.mode, highWaterMark: 1 << 20 }), { signal });
      files++;
      bytes += p.entry.uncompressedSize;
    }
  }
  // Links last, so no file is ever written through one.
  for (const p of plan.filter((e) => e.kind === 'symlink')) {
    const full = inside(root, p.name);
    await fs.promises.mkdir(path.dirname(full), { recursive: true, mode: 0o755 });
    await fs.promises.rm(full, { force: true, recursive: true });
    await fs.promises.symlink(p.target!, full);
    files++;
  }
  return { files, bytes };
}

/** Moves the staged tree into `dest`, merging into existing directories (never through a symlink). */
async function moveInto(src: string, dest: string): Promise<void> {
  const existing = await fs.promises.lstat(dest).catch(() => undefined);
  const srcStat = await fs.promises.lstat(src);
  if (existing?.isDirectory() && srcStat.isDirectory()) {
    for (const name of await fs.promises.readdir(src)) await moveInto(path.join(src, name), path.join(dest, name));
    return;
  }
  if (existing?.isDirectory()) await fs.promises.rm(dest, { recursive: true, force: true });
  await fs.promises.rename(src, dest);
}

export interface ExtractResult {
  files: number;
  bytes: number;
}

/**
 * Extracts `zipFile` into `destDir`: every entry is checked first (nothing is written when one is
 * refused), the tree is written to a staging directory beside `destDir`, then moved into place.
 */
export async function extractZip(zipFile: string, destDir: string, signal?: AbortSignal): Promise<ExtractResult> {
  const target = path.resolve(destDir);
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(zipFile);
  } catch (err) {
    throw new CollabError(`cannot read the archive: ${(err as Error).message}`, 1);
  }
  let staging: string | undefined;
  try {
    const plan = await planExtraction(zip);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    staging = await fs.promises.mkdtemp(path.join(path.dirname(target), `.${path.basename(target)}.collab-`));
    const result = await writeEntries(zip, plan, staging, signal);
    const existing = await fs.promises.lstat(target).catch(() => undefined);
    if (existing && !existing.isDirectory()) throw new CollabError(`cannot extract into ${destDir}: it exists and is not a directory`, 1);
    if (!existing) {
      await fs.promises.chmod(staging, 0o755); // mkdtemp made it private
      await fs.promises.rename(staging, target);
    }
    else await moveInto(staging, target);
    return result;
  } catch (err) {
    if (signal?.aborted) throw new CancelError();
    if (err instanceof CollabError) throw err;
    throw new CollabError(`cannot extract the archive: ${(err as Error).message}`, 1);
  } finally {
    zip.close();
    if (staging) await fs.promises.rm(staging, { recursive: true, force: true }).catch(() => undefined);
  }
}
