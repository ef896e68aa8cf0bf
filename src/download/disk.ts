import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CollabError } from '../errors.js';

/**
 * The one place that creates files and directories for downloads and extraction. Everything is
 * written under a temporary name beside where it ends up (same directory, so same file system),
 * renamed into place only when complete, and only ever replaces a regular file. Whatever is still
 * temporary is removed on failure, on Ctrl-C/SIGTERM/SIGHUP (the abort runs the failure path),
 * and synchronously when the process exits before that path finished (a second Ctrl-C).
 */

/** `regular file`, `directory`, `symbolic link`, …: for messages. */
export function describeKind(stat: fs.Stats): string {
  if (stat.isFile()) return 'regular file';
  if (stat.isDirectory()) return 'directory';
  if (stat.isSymbolicLink()) return 'symbolic link';
  if (stat.isCharacterDevice()) return 'character device';
  if (stat.isBlockDevice()) return 'block device';
  if (stat.isFIFO()) return 'FIFO';
  if (stat.isSocket()) return 'socket';
  return 'special file';
}

export function lstatOrUndefined(p: string): fs.Stats | undefined {
  return fs.lstatSync(p, { throwIfNoEntry: false });
}

/** Why `dest` may not be replaced by a download, or undefined when it is absent or a regular file. */
export function notReplaceable(dest: string): string | undefined {
  const stat = lstatOrUndefined(dest);
  if (!stat || stat.isFile()) return undefined;
  return `${dest} is a ${describeKind(stat)}; only a regular file is replaced`;
}

/** NAME_MAX of Linux and macOS: a longer name cannot be created (a temporary name is shortened to fit, an archive's entry refused). */
export const MAX_NAME_BYTES = 255;

/** `name` cut to at most `bytes` bytes of UTF-8, never inside a character. */
function cutToBytes(name: string, bytes: number): string {
  let out = '';
  for (const ch of name) {
    if (Buffer.byteLength(out + ch) > bytes) break;
    out += ch;
  }
  return out;
}

/** `.<name>.collab-<random>.part` in the destination's own directory, so the final rename is atomic. */
export function tempPathBeside(dest: string): string {
  const suffix = `.collab-${randomBytes(6).toString('hex')}.part`;
  return path.join(path.dirname(dest), `.${cutToBytes(path.basename(dest), MAX_NAME_BYTES - 1 - suffix.length)}${suffix}`);
}

/**
 * A path this run created and must not leave behind. While it is held, a process `exit` listener
 * removes it synchronously: an exit forced before the failure path ran (the signal handler's
 * deadline, a second Ctrl-C) must not leave it either.
 */
export class Leftover {
  private readonly onExit = () => {
    try {
      fs.rmSync(this.path, { recursive: true, force: true });
    } catch {
      // nothing more can be done while exiting
    }
  };

  constructor(readonly path: string) {
    process.once('exit', this.onExit);
  }

  /** The path became final (renamed into place): nothing to remove any more. */
  release(): void {
    process.off('exit', this.onExit);
  }

  async remove(): Promise<void> {
    await fs.promises.rm(this.path, { recursive: true, force: true }).catch(() => undefined);
    this.release();
  }
}

/**
 * A private directory (mode 0700) under the system's temporary directory, for bytes that have no
 * destination beside which to stage them (a checked download on its way to stdout); removed like
 * any leftover.
 */
export async function scratchDir(): Promise<Leftover> {
  return new Leftover(await fs.promises.mkdtemp(path.join(os.tmpdir(), 'collab-')));
}

/** Renames `from` onto `to` unless `to` appeared meanwhile as something other than a regular file. */
async function renameOntoRegular(from: string, to: string, shownAs = to): Promise<void> {
  const reason = notReplaceable(to);
  if (reason) throw new CollabError(`cannot write ${shownAs}: ${reason.replace(`${to} `, 'it ')}`, 1);
  await fs.promises.rename(from, to);
}

export interface TempFileOptions {
  /** Bytes buffered before a write: fewer syscalls for big downloads, bounded memory. */
  highWaterMark?: number;
  /** fsync before close, so a renamed file is on disk. */
  durable?: boolean;
}

/** A file written beside its destination and renamed onto it when complete. */
export class TempFile {
  readonly path: string;
  readonly stream: fs.WriteStream;
  /** Resolves once the file exists, rejects when it cannot be created (EACCES, EROFS, ENOENT). */
  readonly opened: Promise<void>;
  private readonly leftover: Leftover;

  private constructor(
    readonly dest: string,
    stream: fs.WriteStream,
    tmp: string,
  ) {
    this.path = tmp;
    this.stream = stream;
    this.leftover = new Leftover(tmp);
    // Errors (EACCES at open, ENOSPC) surface through `stream.errored` to the writer, never as a crash.
    stream.on('error', () => undefined);
    this.opened = new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
    this.opened.catch(() => undefined);
  }

  /** Creates the temporary file exclusively (never through an existing name or link). */
  static beside(dest: string, options: TempFileOptions = {}): TempFile {
    const tmp = tempPathBeside(dest);
    const stream = fs.createWriteStream(tmp, { flags: 'wx', mode: 0o666, highWaterMark: options.highWaterMark, flush: options.durable });
    return new TempFile(dest, stream, tmp);
  }

  /** Finishes writing (fsync when durable) and renames the file onto its destination. */
  async commit(): Promise<void> {
    // An error already emitted (the file could not be created, a write failed) is not emitted again.
    if (this.stream.errored) throw this.stream.errored;
    await new Promise<void>((resolve, reject) => {
      this.stream.once('error', reject);
      this.stream.end((err?: Error | null) => (err ? reject(err) : resolve()));
    });
    if (this.stream.errored) throw this.stream.errored;
    if (!this.stream.closed) await new Promise<void>((resolve) => this.stream.once('close', () => resolve()));
    await renameOntoRegular(this.path, this.dest);
    this.leftover.release();
  }

  /** Stops writing and removes the temporary file; the destination is left as it was. */
  async discard(): Promise<void> {
    // Wait for the stream to let go of the file: an open still in flight would recreate it after rm.
    if (!this.stream.closed) await new Promise<void>((resolve) => this.stream.once('close', () => resolve()).destroy());
    await this.leftover.remove();
  }
}

/**
 * A directory tree built aside and then merged into `target`: inside `target` when it exists (the
 * same file system as what it merges into), else beside it (renamed into place as a whole).
 */
export class StagingDir {
  private constructor(
    readonly target: string,
    /** Where the tree is written. */
    readonly root: string,
    private readonly leftover: Leftover,
    /** The target's real path when it exists (merged into), else undefined (renamed into place). */
    private readonly realTarget: string | undefined,
  ) {}

  static async create(target: string): Promise<StagingDir> {
    const existing = lstatOrUndefined(target);
    if (existing && !existing.isDirectory()) throw new CollabError(`cannot extract into ${target}: it is a ${describeKind(existing)}`, 1);
    const holder = existing
      ? await fs.promises.mkdtemp(path.join(target, '.collab-extract-'))
      : await fs.promises.mkdtemp(path.join(path.dirname(target), `.${path.basename(target)}.collab-extract-`));
    const leftover = new Leftover(holder);
    // A directory made by mkdir (not mkdtemp's private one), so the umask decides its mode.
    const root = path.join(holder, 'tree');
    try {
      await fs.promises.mkdir(root);
      return new StagingDir(target, root, leftover, existing ? await fs.promises.realpath(target) : undefined);
    } catch (err) {
      await leftover.remove();
      throw err;
    }
  }

  private full(name: string): string {
    return path.join(this.root, ...name.split('/'));
  }

  async mkdir(name: string): Promise<void> {
    await fs.promises.mkdir(this.full(name), { recursive: true });
  }

  /** A new regular file (never through an existing name); parents are created. */
  async createFile(name: string, mode: number): Promise<fs.WriteStream> {
    const full = this.full(name);
    await fs.promises.mkdir(path.dirname(full), { recursive: true });
    const stream = fs.createWriteStream(full, { flags: 'wx', mode, highWaterMark: 1 << 20 });
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
    return stream;
  }

  async symlink(name: string, linkTarget: string): Promise<void> {
    const full = this.full(name);
    await fs.promises.mkdir(path.dirname(full), { recursive: true });
    await fs.promises.symlink(linkTarget, full);
  }

  /** Moves the tree into the target: new paths are renamed in, files replace regular files only. */
  async commit(): Promise<void> {
    if (this.realTarget === undefined) {
      if (lstatOrUndefined(this.target)) throw new CollabError(`cannot extract into ${this.target}: it appeared while extracting`, 1);
      await fs.promises.rename(this.root, this.target);
    } else {
      const merge: Merge = { target: this.target, realTarget: this.realTarget };
      for (const name of await fs.promises.readdir(this.root))
        await mergeInto(path.join(this.root, name), path.join(this.target, name), merge);
    }
    await this.leftover.remove();
  }

  async discard(): Promise<void> {
    await this.leftover.remove();
  }
}

function relativeName(target: string, p: string): string {
  return path.relative(target, p).split(path.sep).join('/');
}

/** The target being merged into: its path as given and its real path when the extraction started. */
interface Merge {
  target: string;
  realTarget: string;
}

/**
 * Just before something is moved into `dir` (the target or a directory in it): `dir` still leads
 * where it did, through no link. The plan checked every directory against links long before (the
 * download and the writing took place since); this makes the window for a concurrent process to
 * swap a directory for a link (`docs -> /etc`) as short as a path-based rename allows.
 */
function checkStillInside(dir: string, merge: Merge): void {
  const expected = path.join(merge.realTarget, path.relative(merge.target, dir));
  let now: string | undefined;
  try {
    now = fs.realpathSync.native(dir);
  } catch {
    now = undefined;
  }
  if (now !== expected) {
    const shown = dir === merge.target ? merge.target : relativeName(merge.target, dir);
    throw new CollabError(
      `cannot extract into ${shown}: it ${now === undefined ? 'is gone' : `now leads to ${now}`} (it changed while extracting)`,
      1,
    );
  }
}

/**
 * Moves `src` to `dest` (both beside each other in one tree). An existing directory is merged
 * into; an existing regular file is replaced by a file; an identical link is kept; anything else
 * that exists is left alone and fails the move (the plan checked it before; this is the race).
 */
async function mergeInto(src: string, dest: string, merge: Merge): Promise<void> {
  const { target } = merge;
  const from = await fs.promises.lstat(src);
  checkStillInside(path.dirname(dest), merge);
  const existing = lstatOrUndefined(dest);
  const conflict = (what: string) =>
    new CollabError(`cannot extract ${relativeName(target, dest)}: ${what} (it changed while extracting)`, 1);
  if (!existing) return moveAcross(src, dest, from);
  if (from.isDirectory()) {
    if (!existing.isDirectory()) throw conflict(`it is a ${describeKind(existing)}`);
    for (const name of await fs.promises.readdir(src)) await mergeInto(path.join(src, name), path.join(dest, name), merge);
    return;
  }
  if (from.isSymbolicLink()) {
    if (existing.isSymbolicLink() && (await fs.promises.readlink(dest)) === (await fs.promises.readlink(src))) return;
    throw conflict(`it is a ${describeKind(existing)}`);
  }
  if (!existing.isFile()) throw conflict(`it is a ${describeKind(existing)}`);
  await renameOrCopy(src, dest);
}

/** A rename, or (across a mount point inside the target) a copy beside the destination and a rename. */
async function moveAcross(src: string, dest: string, from: fs.Stats): Promise<void> {
  try {
    await fs.promises.rename(src, dest);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    if (from.isDirectory()) {
      await fs.promises.mkdir(dest, { mode: from.mode & 0o7777 });
      for (const name of await fs.promises.readdir(src)) {
        const child = path.join(src, name);
        await moveAcross(child, path.join(dest, name), await fs.promises.lstat(child));
      }
    } else if (from.isSymbolicLink()) await fs.promises.symlink(await fs.promises.readlink(src), dest);
    else await copyThenRename(src, dest);
  }
}

async function renameOrCopy(src: string, dest: string): Promise<void> {
  try {
    await renameOntoRegular(src, dest);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await copyThenRename(src, dest);
  }
}

async function copyThenRename(src: string, dest: string): Promise<void> {
  const tmp = tempPathBeside(dest);
  const leftover = new Leftover(tmp);
  try {
    await fs.promises.copyFile(src, tmp, fs.constants.COPYFILE_EXCL);
    await renameOntoRegular(tmp, dest);
    leftover.release();
  } catch (err) {
    await leftover.remove();
    throw err;
  }
}
