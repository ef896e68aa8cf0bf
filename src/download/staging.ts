import fs from 'node:fs';
import path from 'node:path';
import { LocalError } from '../errors.js';
import { describeKind, Leftover, lstatOrUndefined, renameOntoRegular, tempPathBeside } from './disk.js';

/**
 * A directory tree built aside and then merged into `target`: inside `target` when it exists (the
 * same file system as what it merges into), else beside it (renamed into place as a whole).
 */
export class StagingDir {
  /** What the commit moved in new (relative names; `''`: the whole tree): everything below them is new too. */
  private placed: string[] = [];

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
    if (existing && !existing.isDirectory()) throw new LocalError(`cannot extract into ${target}: it is a ${describeKind(existing)}`);
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
    return path.join(this.root, name);
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

  /** A written file's modification time, as the archive gives it (its mode was set when it was created). */
  async setTime(name: string, mtime: Date): Promise<void> {
    await fs.promises.utimes(this.full(name), mtime, mtime);
  }

  async symlink(name: string, linkTarget: string): Promise<void> {
    const full = this.full(name);
    await fs.promises.mkdir(path.dirname(full), { recursive: true });
    await fs.promises.symlink(linkTarget, full);
  }

  /** Moves the tree into the target: new paths are renamed in, files replace regular files only. */
  async commit(): Promise<void> {
    if (this.realTarget === undefined) {
      if (lstatOrUndefined(this.target)) throw new LocalError(`cannot extract into ${this.target}: it appeared while extracting`);
      await fs.promises.rename(this.root, this.target);
      this.placed = [''];
    } else {
      const merge: Merge = { target: this.target, realTarget: this.realTarget, placed: this.placed };
      for (const name of await fs.promises.readdir(this.root))
        await mergeInto(path.join(this.root, name), path.join(this.target, name), merge);
    }
    await this.leftover.remove();
  }

  async discard(): Promise<void> {
    await this.leftover.remove();
  }

  /**
   * After the commit: the directories it placed get the mode and time the archive gives them,
   * deepest first, once nothing more goes into them (a read-only directory could not have been
   * filled). The mode is never wider than the one mkdir gave them under the umask. Directories
   * that were in the target already are left as they were.
   */
  async settle(dirs: readonly { name: string; mode: number; mtime: Date }[]): Promise<void> {
    const placed = (name: string) => this.placed.some((p) => p === '' || name === p || name.startsWith(`${p}/`));
    const realTarget = this.realTarget ?? (await fs.promises.realpath(this.target));
    const merge: Merge = { target: this.target, realTarget, placed: [] };
    const deepestFirst = dirs.filter((d) => placed(d.name)).sort((a, b) => b.name.split('/').length - a.name.split('/').length);
    for (const dir of deepestFirst) {
      const full = path.join(this.target, dir.name);
      checkStillInside(path.dirname(full), merge);
      // No link followed at the last step; checkStillInside vouched for the steps before it.
      const handle = await fs.promises.open(full, fs.constants.O_RDONLY | (fs.constants.O_DIRECTORY ?? 0) | (fs.constants.O_NOFOLLOW ?? 0));
      try {
        const st = await handle.stat();
        if (!st.isDirectory()) continue;
        await handle.utimes(dir.mtime, dir.mtime);
        await handle.chmod(dir.mode & st.mode & 0o777);
      } finally {
        await handle.close();
      }
    }
  }
}

function relativeName(target: string, p: string): string {
  return path.relative(target, p).split(path.sep).join('/');
}

/** The target being merged into: its path as given and its real path when the extraction started. */
interface Merge {
  target: string;
  realTarget: string;
  /** What was moved in new, as relative names. */
  placed: string[];
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
    throw new LocalError(
      `cannot extract into ${shown}: it ${now === undefined ? 'is gone' : `now leads to ${now}`} (it changed while extracting)`,
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
  const conflict = (what: string) => new LocalError(`cannot extract ${relativeName(target, dest)}: ${what} (it changed while extracting)`);
  if (!existing) {
    merge.placed.push(relativeName(target, dest));
    return moveAcross(src, dest, from);
  }
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
