import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LocalError, UsageError } from '../errors.js';
import { shellLine } from '../shell-quote.js';
import { makeTempDir } from '../temp-dir.js';
import { gitDirectoryHolding } from './git-dir.js';

/**
 * The one place that creates files and directories for downloads and extraction (with
 * staging.ts, the tree an extraction builds), and decides where a download may go. Everything is
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
function notReplaceable(dest: string): string | undefined {
  const stat = lstatOrUndefined(dest);
  if (!stat || stat.isFile()) return undefined;
  return `${dest} is a ${describeKind(stat)}; only a regular file is replaced`;
}

/**
 * `--dest`: `-` for stdout, else a file path (relative to `cwd`) in a directory that exists. What is
 * there already may only be a regular file: a device, FIFO, socket, directory or link is never
 * replaced (exit 2, before anything is sent).
 */
export function downloadDestination(cwd: string, raw: string | undefined, defaultName: string): string {
  if (raw === '-') return '-';
  if (raw !== undefined && raw.trim() === '') throw new UsageError('invalid value for --dest: empty (use - for stdout)');
  const dest = path.resolve(cwd, raw ?? defaultName);
  if (raw !== undefined && /[/\\]$/.test(raw))
    throw new UsageError(
      `invalid value for --dest: ${raw} names a directory; give a file path`,
      `give a file path, for example ${shellLine`--dest ${path.join(raw, defaultName)}`}`,
    );
  const dir = path.dirname(dest);
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    throw new UsageError(`invalid value for --dest: the directory ${dir} does not exist`);
  const refused = notReplaceable(dest);
  if (refused) {
    const hint = /^\/dev\/(stdout|fd\/1)$/.test(dest)
      ? 'use --dest - to write to stdout'
      : lstatOrUndefined(dest)?.isDirectory()
        ? `give a file path, for example ${shellLine`--dest ${path.join(raw ?? '.', defaultName)}`}`
        : undefined;
    throw new UsageError(`invalid value for --dest: ${refused}`, hint);
  }
  return dest;
}

/** `--extract`: a directory (relative to `cwd`), or one that does not exist yet in a directory that does. */
export function extractionTarget(cwd: string, raw: string): string {
  if (raw.trim() === '') throw new UsageError('invalid value for --extract: empty');
  const target = path.resolve(cwd, raw);
  const parent = path.dirname(target);
  if (!fs.statSync(parent, { throwIfNoEntry: false })?.isDirectory())
    throw new UsageError(`invalid value for --extract: the directory ${parent} does not exist`);
  const existing = lstatOrUndefined(target);
  if (existing && !existing.isDirectory())
    throw new UsageError(`invalid value for --extract: ${target} is a ${describeKind(existing)}, not a directory`);
  // Before anything is downloaded: the archive is kept beside the target until it is extracted.
  const gitDir = gitDirectoryHolding(target);
  if (gitDir !== undefined)
    throw new UsageError(
      `invalid value for --extract: ${target} is ${gitDir === target ? '' : 'inside '}the git directory ${gitDir}; an archive is never extracted into one`,
    );
  return target;
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
  return new Leftover(await makeTempDir('collab-'));
}

/** Renames `from` onto `to` unless `to` appeared meanwhile as something other than a regular file. */
export async function renameOntoRegular(from: string, to: string, shownAs = to): Promise<void> {
  const reason = notReplaceable(to);
  if (reason) throw new LocalError(`cannot write ${shownAs}: ${reason.replace(`${to} `, 'it ')}`);
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
