import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { CollabError } from '../errors.js';
import { namesDotGitmodules, namesNoFollowDotfile } from '../git-path.js';
import { checkoutHolding, isGitDirectory, plantedGitDirs } from './git-dir.js';
import { EntryCheck, IntegrityError, localHeaderMismatch } from './integrity.js';
import { formatBytes } from './progress.js';
import {
  checkEntryName,
  conflictInTarget,
  type EntryKind,
  fold,
  type LinkLookup,
  parents,
  resolveLink,
  targetInspector,
} from './zip-rules.js';

/**
 * Everything decided before a byte is extracted: which entries, of which kind, whether each one
 * is safe for the archive as a whole and for what the target directory holds now, and whether the
 * archive stays within the limits. Nothing is written when anything is refused.
 */

/** An archive that cannot be extracted safely: nothing was written. */
export class UnsafeArchiveError extends CollabError {
  constructor(readonly refused: { name: string; reason: string }[]) {
    const shown = refused.slice(0, 5).map((r) => `"${r.name}" (${r.reason})`);
    const more = refused.length > 5 ? ` and ${refused.length - 5} more` : '';
    super(`refusing to extract the archive: ${shown.join(', ')}${more}; nothing was extracted`, 1);
  }
}

/** An archive over the size or entry limit: nothing was written. */
class ArchiveLimitError extends CollabError {
  constructor(what: string, flag: string) {
    super(`refusing to extract the archive: ${what} (${flag} raises the limit); nothing was extracted`, 1);
  }
}

export const DEFAULT_MAX_ENTRIES = 100_000;
const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
/** The default size limit: 200× the archive, at least 100 MiB, at most 8 GiB. */
const DEFAULT_RATIO = 200;
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

export interface PlannedEntry {
  /** Normalised relative path (`/`-separated, no `.` or empty segments). */
  name: string;
  kind: EntryKind;
  /** Permission bits, as the archive gives them (no setuid, setgid or sticky bit); the umask still applies. */
  mode: number;
  /** When it was last modified, as the archive says (Info-ZIP's UTC time field, else the DOS time, local). */
  mtime: Date;
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

/**
 * An entry's kind and mode. A Unix archive's permission bits are kept as `unzip` keeps them, never
 * wider, without setuid, setgid or sticky bit (and the umask applies when they are written); an
 * archive from elsewhere, or one whose Unix attributes are empty, gets 0644 files and 0755
 * directories.
 */
function kindOf(entry: yauzl.Entry, rawName: string): { kind: EntryKind; mode: number } {
  const unixMode = entry.versionMadeBy >> 8 === UNIX_HOST ? (entry.externalFileAttributes >>> 16) & 0xffff : 0;
  const type = unixMode & S_IFMT;
  const permissions = unixMode === 0 ? undefined : unixMode & 0o777;
  if (type === S_IFLNK) return { kind: 'symlink', mode: 0o777 };
  if (rawName.endsWith('/') || rawName.endsWith('\\') || type === S_IFDIR) return { kind: 'dir', mode: permissions ?? 0o755 };
  return { kind: 'file', mode: permissions ?? 0o644 };
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
  if (disagreement) throw new IntegrityError(name, `has a local header that disagrees with the archive's directory about ${disagreement}`);
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

/** The archive's entries by name, as far as their names alone decide. */
interface Entries {
  byName: Map<string, PlannedEntry>;
  /** Directories that entries' paths imply. */
  impliedDirs: Set<string>;
  declaredBytes: number;
  refused: Refusal[];
}

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
  const { byName, impliedDirs, declaredBytes, refused } = await readNames(zip, target);
  checkSize(declaredBytes, zip.fileSize, limits.maxBytes);
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
    const reason = await checkLink(zip, p, lookup);
    if (reason) refused.push({ name: p.name, reason });
  }
  const readLink = (rel: string) => fs.readlinkSync(path.join(target, rel));
  const gitDir = gitDirsIn(target, inTarget);
  for (const p of planned) {
    const problem = conflictInTarget(p, inTarget, readLink) ?? gitDir(p.name);
    if (problem) refused.push({ name: p.name, reason: problem });
  }
  if (checkoutHolding(target) !== undefined) {
    const all = [...planned.map((p) => p.name), ...impliedDirs];
    for (const dir of plantedGitDirs(all, (rel) => inTarget(rel) !== undefined))
      refused.push({
        name: dir === '' ? 'HEAD' : `${dir}/HEAD`,
        reason: `would make ${dir || 'the target'} a git directory in a checkout`,
      });
  }
  if (refused.length > 0) throw new UnsafeArchiveError(refused);
  return { entries: [...planned.filter((p) => p.kind !== 'symlink'), ...planned.filter((p) => p.kind === 'symlink')], declaredBytes };
}

/**
 * Why an entry is refused for going into a git directory the target holds (a bare repository, a
 * worktree's git directory), its hooks and config being what runs: each directory looked at once.
 */
function gitDirsIn(target: string, inTarget: (relative: string) => fs.Stats | undefined): (name: string) => string | undefined {
  const seen = new Map<string, boolean>();
  const isGitDir = (dir: string) => {
    if (!seen.has(dir)) seen.set(dir, inTarget(dir)?.isDirectory() === true && isGitDirectory(path.join(target, dir)));
    return seen.get(dir);
  };
  return (name) => {
    const dir = parents(name).find(isGitDir);
    return dir === undefined ? undefined : `inside ${dir}, a git directory in the target`;
  };
}

/** Every entry's name checked and normalised; an entry of the same name as another replaces it, or is refused. */
async function readNames(zip: yauzl.ZipFile, target: string): Promise<Entries> {
  const found: Entries = { byName: new Map(), impliedDirs: new Set(), declaredBytes: 0, refused: [] };
  const { byName, refused } = found;
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
    if (kind === 'symlink' && checked.name.split('/').some(namesDotGitmodules)) {
      refused.push({ name: raw, reason: 'a symlink named .gitmodules, which git itself refuses' });
      continue;
    }
    const dotfile = kind === 'symlink' ? namesNoFollowDotfile(checked.name.slice(checked.name.lastIndexOf('/') + 1)) : undefined;
    if (dotfile) {
      refused.push({ name: raw, reason: `a symlink named ${dotfile}, which git never follows` });
      continue;
    }
    found.declaredBytes += entry.uncompressedSize;
    const item: PlannedEntry = { name: checked.name, kind, mode, mtime: entry.getLastModDate(), entry };
    for (const dir of parents(item.name)) found.impliedDirs.add(dir);
    const earlier = byName.get(item.name);
    if (earlier && !(earlier.kind === kind && kind !== 'symlink')) {
      const word = (k: EntryKind) => (k === 'dir' ? 'directory' : k);
      const both = `both a ${word(earlier.kind)} and a ${word(kind)} in the archive`;
      refused.push({ name: raw, reason: earlier.kind === kind ? 'a second symlink of the same name' : both });
      continue;
    }
    // A file given twice: the later one wins (as unzip does); a directory given twice is one.
    byName.set(item.name, item);
  }
  return found;
}

/** The size the entries declare, against `--max-size` or the default limit. */
function checkSize(declaredBytes: number, archiveBytes: number, maxBytes: number | undefined): void {
  const limit = maxBytes ?? defaultMaxBytes(archiveBytes);
  if (declaredBytes <= limit) return;
  const why =
    maxBytes === undefined
      ? ` (the default: ${DEFAULT_RATIO}× the archive's ${formatBytes(archiveBytes)}, at least 100 MiB, at most 8 GiB)`
      : '';
  throw new ArchiveLimitError(
    `its files add up to ${formatBytes(declaredBytes)}, more than the limit of ${formatBytes(limit)}${why}`,
    '--max-size',
  );
}

/** Why a link entry is refused (its target read and resolved), or undefined; an accepted link gets its target. */
async function checkLink(zip: yauzl.ZipFile, p: PlannedEntry, lookup: LinkLookup): Promise<string | undefined> {
  let linkTarget: string | undefined;
  try {
    linkTarget = await readLinkTarget(zip, p.entry, p.name);
  } catch (err) {
    return err instanceof CollabError ? 'corrupt symlink entry' : `unreadable symlink entry (${(err as Error).message})`;
  }
  if (linkTarget === undefined) return 'symlink target too long';
  const resolved = resolveLink(p.name, linkTarget, lookup);
  if ('reason' in resolved) return resolved.reason;
  p.target = linkTarget;
  return undefined;
}
