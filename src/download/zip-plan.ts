import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { CollabError } from '../errors.js';
import { describeKind, lstatOrUndefined, MAX_NAME_BYTES } from './disk.js';
import { EntryCheck, IntegrityError, localHeaderMismatch } from './integrity.js';
import { formatBytes } from './progress.js';

/**
 * Everything decided before a byte is extracted: which entries, of which kind, whether each one
 * is safe for the archive as a whole and for what the target directory holds now, and whether the
 * archive stays within the limits. Nothing is written when anything is refused.
 */

/** An archive that cannot be extracted safely: nothing was written. */
export class UnsafeArchiveError extends CollabError {
  constructor(readonly refused: { name: string; reason: string }[]) {
    const shown = refused.slice(0, 5).map((r) => `"${printable(r.name)}" (${r.reason})`);
    const more = refused.length > 5 ? ` and ${refused.length - 5} more` : '';
    super(`refusing to extract the archive: ${shown.join(', ')}${more}; nothing was extracted`, 1);
  }
}

/** An archive over the size or entry limit: nothing was written. */
export class ArchiveLimitError extends CollabError {
  constructor(what: string, flag: string) {
    super(`refusing to extract the archive: ${what} (${flag} raises the limit); nothing was extracted`, 1);
  }
}

export const DEFAULT_MAX_ENTRIES = 100_000;
const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
/** The default size limit: 200× the archive, at least 100 MiB, at most 8 GiB. */
export const DEFAULT_RATIO = 200;
const DEFAULT_FLOOR = 100 * MiB;
const DEFAULT_CEILING = 8 * GiB;

export function defaultMaxBytes(archiveBytes: number): number {
  return Math.min(DEFAULT_CEILING, Math.max(DEFAULT_FLOOR, DEFAULT_RATIO * archiveBytes));
}

export interface Limits {
  /** Total declared size of the entries; default from `defaultMaxBytes`. */
  maxBytes?: number;
  maxEntries?: number;
}

export type EntryKind = 'file' | 'dir' | 'symlink';

export interface PlannedEntry {
  /** Normalised relative path (`/`-separated, no `.` or empty segments). */
  name: string;
  kind: EntryKind;
  mode: number;
  entry: yauzl.Entry;
  /** Symlink target, as stored. */
  target?: string;
}

export interface Plan {
  /** Directories and files in archive order, then links. */
  entries: PlannedEntry[];
  declaredBytes: number;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;
const UNIX_HOST = 3;
const MAX_SYMLINK_TARGET = 4096;
/** PATH_MAX of Linux and macOS: longer paths (like names longer than MAX_NAME_BYTES) fail to be created, so they are refused first. */
const MAX_PATH_BYTES = 4095;
/** What the staging directory adds to a path: `/.collab-extract-XXXXXX/tree/` (or `.<target>` beside it). */
const STAGING_BYTES = 40;

export function printable(name: string): string {
  return name.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
}

/** How names compare on a case-insensitive or normalising file system: links are matched this way. */
const fold = (name: string) => name.normalize('NFC').toLowerCase();

function parents(name: string): string[] {
  const parts = name.split('/');
  return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join('/'));
}

/** Checks an entry name; returns the normalised relative path, or the reason to refuse it. */
export function checkEntryName(raw: string): { name: string } | { reason: string } {
  if (raw.includes('\u0000')) return { reason: 'NUL in the name' };
  const name = raw.replace(/\\/g, '/');
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return { reason: 'absolute path' };
  const segments = name.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) return { reason: 'path escapes the directory' };
  if (segments.some((s) => Buffer.byteLength(s) > MAX_NAME_BYTES)) return { reason: `a name longer than ${MAX_NAME_BYTES} bytes` };
  return { name: segments.join('/') };
}

/** What a path inside the extraction root is, as far as a link's resolution is concerned. */
export type LinkLookup = (relative: string) => 'archive-link' | 'existing-link' | 'other';

/**
 * Where a link stored at `name` and pointing to `target` leads (a path relative to the root), or
 * why it is refused. Only targets of the form `../../a/b` are accepted — `..` only at the start,
 * so each one climbs out of a real directory that holds the link (never a link) — and the names
 * after them may not pass through a link, the archive's or one already in the target. The last
 * name may be another link of the archive (checked by the same rule), not one already there.
 * A chain of links can therefore only ever lead to a place inside the root.
 */
export function resolveLink(name: string, target: string, lookup: LinkLookup): { path: string } | { reason: string } {
  if (target === '') return { reason: 'empty link target' };
  if (target.includes('\u0000')) return { reason: 'NUL in the link target' };
  if (target.includes('\\')) return { reason: `backslash in the link target (${printable(target)})` };
  if (target.startsWith('/') || /^[a-zA-Z]:/.test(target))
    return { reason: `symlink pointing outside the directory (${printable(target)})` };
  const stack = name.split('/').slice(0, -1);
  const segments = target.split('/').filter((s) => s !== '' && s !== '.');
  let climbing = true;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    if (seg === '..') {
      if (!climbing) return { reason: `symlink target with ".." after a name (${printable(target)})` };
      if (stack.length === 0) return { reason: `symlink pointing outside the directory (${printable(target)})` };
      stack.pop();
      continue;
    }
    climbing = false;
    stack.push(seg);
    const last = i === segments.length - 1;
    const kind = lookup(stack.join('/'));
    if (kind === 'existing-link') return { reason: `symlink through the existing link ${printable(stack.join('/'))}` };
    if (kind === 'archive-link' && !last) return { reason: `symlink through the symlink ${printable(stack.join('/'))}` };
  }
  return { path: stack.join('/') };
}

function kindOf(entry: yauzl.Entry, rawName: string): { kind: EntryKind; mode: number } {
  const unixMode = entry.versionMadeBy >> 8 === UNIX_HOST ? (entry.externalFileAttributes >>> 16) & 0xffff : 0;
  const type = unixMode & S_IFMT;
  if (type === S_IFLNK) return { kind: 'symlink', mode: 0o777 };
  if (rawName.endsWith('/') || rawName.endsWith('\\') || type === S_IFDIR) return { kind: 'dir', mode: 0o755 };
  // Only the executable bit is kept: no setuid, no world-writable files from an archive.
  return { kind: 'file', mode: unixMode & 0o111 ? 0o755 : 0o644 };
}

export function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    // Sizes are checked by EntryCheck (with the CRC), which says which entry is wrong.
    yauzl.open(file, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: false }, (err, zip) =>
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

/** An entry's bytes, once its local header is found to agree with the central directory. */
export async function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, name: string): Promise<Readable> {
  const local = await new Promise<yauzl.LocalFileHeader>((resolve, reject) =>
    zip.readLocalFileHeader(entry, (err, header) => (err ? reject(err) : resolve(header))),
  );
  const disagreement = localHeaderMismatch(entry, local);
  if (disagreement)
    throw new IntegrityError(printable(name), `has a local header that disagrees with the archive's directory about ${disagreement}`);
  return new Promise((resolve, reject) => zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream))));
}

/** A link's target: small, and checked like any entry (size and CRC-32). */
async function readLinkTarget(zip: yauzl.ZipFile, entry: yauzl.Entry, name: string): Promise<string | undefined> {
  if (entry.uncompressedSize > MAX_SYMLINK_TARGET) return undefined;
  const chunks: Buffer[] = [];
  await pipeline(
    await openEntry(zip, entry, name),
    new EntryCheck(name, entry.uncompressedSize, entry.crc32),
    async (source: AsyncIterable<Buffer>) => {
      for await (const c of source) chunks.push(c);
    },
  );
  return Buffer.concat(chunks).toString('utf8');
}

type Refusal = { name: string; reason: string };

/**
 * Reads the central directory and decides the extraction, refusing (with every reason found):
 * absolute names and `..`; an entry that is both a directory and a file, or placed under a link;
 * links that could lead outside `target`, alone or through other links; anything that would
 * delete or replace what `target` holds by something of another kind; archives over the limits.
 */
export async function planExtraction(zip: yauzl.ZipFile, target: string, limits: Limits = {}): Promise<Plan> {
  const maxEntries = limits.maxEntries ?? DEFAULT_MAX_ENTRIES;
  if (zip.entryCount > maxEntries)
    throw new ArchiveLimitError(
      `it has ${zip.entryCount.toLocaleString('en-US')} entries, more than the limit of ${maxEntries.toLocaleString('en-US')}`,
      '--max-entries',
    );
  const refused: Refusal[] = [];
  const byName = new Map<string, PlannedEntry>();
  const impliedDirs = new Set<string>();
  let declaredBytes = 0;
  for (const entry of await readEntries(zip)) {
    const raw = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);
    const checked = checkEntryName(raw);
    if ('reason' in checked) {
      refused.push({ name: raw, reason: checked.reason });
      continue;
    }
    if (checked.name === '') continue; // `./`
    if (Buffer.byteLength(path.join(target, checked.name)) + Buffer.byteLength(path.basename(target)) + STAGING_BYTES > MAX_PATH_BYTES) {
      refused.push({ name: raw, reason: 'the path is too long' });
      continue;
    }
    const { kind, mode } = kindOf(entry, raw);
    declaredBytes += entry.uncompressedSize;
    const item: PlannedEntry = { name: checked.name, kind, mode, entry };
    for (const dir of parents(item.name)) impliedDirs.add(dir);
    const earlier = byName.get(item.name);
    if (earlier && !(earlier.kind === kind && kind !== 'symlink')) {
      refused.push({
        name: raw,
        reason:
          earlier.kind === kind
            ? 'a second symlink of the same name'
            : `both a ${earlier.kind === 'dir' ? 'directory' : earlier.kind} and a ${kind === 'dir' ? 'directory' : kind} in the archive`,
      });
      continue;
    }
    // A file given twice: the later one wins (as unzip does); a directory given twice is one.
    byName.set(item.name, item);
  }
  const maxBytes = limits.maxBytes ?? defaultMaxBytes(zip.fileSize);
  if (declaredBytes > maxBytes) {
    const why =
      limits.maxBytes === undefined
        ? ` (the default: ${DEFAULT_RATIO}× the archive's ${formatBytes(zip.fileSize)}, at least 100 MiB, at most 8 GiB)`
        : '';
    throw new ArchiveLimitError(
      `its files add up to ${formatBytes(declaredBytes)}, more than the limit of ${formatBytes(maxBytes)}${why}`,
      '--max-size',
    );
  }

  const planned = [...byName.values()];
  for (const p of planned)
    if (p.kind !== 'dir' && impliedDirs.has(p.name))
      refused.push({ name: p.name, reason: `both a ${p.kind} and a directory in the archive` });

  const linkKeys = new Set(planned.filter((p) => p.kind === 'symlink').map((p) => fold(p.name)));
  for (const p of planned) {
    const via = parents(p.name).find((dir) => linkKeys.has(fold(dir)));
    if (via) refused.push({ name: p.name, reason: `placed under the symlink ${via}` });
  }

  const inTarget = targetInspector(target);
  const lookup: LinkLookup = (rel) =>
    linkKeys.has(fold(rel)) ? 'archive-link' : inTarget(rel)?.isSymbolicLink() ? 'existing-link' : 'other';
  for (const p of planned.filter((e) => e.kind === 'symlink')) {
    let linkTarget: string | undefined;
    try {
      linkTarget = await readLinkTarget(zip, p.entry, p.name);
    } catch (err) {
      refused.push({
        name: p.name,
        reason: err instanceof CollabError ? 'corrupt symlink entry' : `unreadable symlink entry (${(err as Error).message})`,
      });
      continue;
    }
    if (linkTarget === undefined) {
      refused.push({ name: p.name, reason: 'symlink target too long' });
      continue;
    }
    const resolved = resolveLink(p.name, linkTarget, lookup);
    if ('reason' in resolved) refused.push({ name: p.name, reason: resolved.reason });
    else p.target = linkTarget;
  }

  const readLink = (rel: string) => fs.readlinkSync(path.join(target, ...rel.split('/')));
  for (const p of planned) {
    const problem = conflictInTarget(p, inTarget, readLink);
    if (problem) refused.push({ name: p.name, reason: problem });
  }
  if (refused.length > 0) throw new UnsafeArchiveError(refused);
  return { entries: [...planned.filter((p) => p.kind !== 'symlink'), ...planned.filter((p) => p.kind === 'symlink')], declaredBytes };
}

/** lstat of paths under the target, each looked at once; nothing below an absent path is looked at. */
function targetInspector(target: string): (relative: string) => fs.Stats | undefined {
  const seen = new Map<string, fs.Stats | undefined>();
  const look = (rel: string): fs.Stats | undefined => {
    if (seen.has(rel)) return seen.get(rel);
    const parent = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
    const parentStat = parent === '' ? lstatOrUndefined(target) : look(parent);
    const stat = parentStat?.isDirectory() ? lstatOrUndefined(path.join(target, ...rel.split('/'))) : undefined;
    seen.set(rel, stat);
    return stat;
  };
  return look;
}

/**
 * Whether writing this entry would delete or replace something of another kind in the target:
 * a file may replace a regular file only, a directory merges into a directory only, a link
 * replaces nothing (an identical link is left as it is), and no entry goes through a link.
 */
function conflictInTarget(
  p: PlannedEntry,
  inTarget: (relative: string) => fs.Stats | undefined,
  readLink: (relative: string) => string,
): string | undefined {
  for (const dir of parents(p.name)) {
    const stat = inTarget(dir);
    if (!stat) return undefined;
    if (stat.isSymbolicLink()) return `${dir} is a symbolic link in the target; nothing is written through a link`;
    if (!stat.isDirectory()) return `${dir} is a ${describeKind(stat)} in the target, not a directory`;
  }
  const stat = inTarget(p.name);
  if (!stat) return undefined;
  const exists = `${p.name} exists in the target as a ${describeKind(stat)}`;
  if (p.kind === 'file') return stat.isFile() ? undefined : `${exists}; a file replaces only a regular file`;
  if (p.kind === 'dir') return stat.isDirectory() ? undefined : `${exists}; a directory is never put in its place`;
  if (stat.isSymbolicLink() && p.target !== undefined && readLink(p.name) === p.target) return undefined;
  return `${exists}; a link replaces nothing`;
}
