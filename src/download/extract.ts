import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type yauzl from 'yauzl';
import { CancelError, CollabError, LocalError } from '../errors.js';
import { EntryCheck } from './integrity.js';
import { StagingDir } from './staging.js';
import { type Limits, openEntry, openZip, type Plan, planExtraction } from './zip-plan.js';

export { UnsafeArchiveError } from './zip-plan.js';

export interface ExtractResult {
  files: number;
  bytes: number;
}

export interface ExtractOptions {
  signal?: AbortSignal;
  limits?: Limits;
}

/**
 * Writes the planned tree into `stage`: directories and files in archive order, each file checked
 * against its size and CRC-32 while it is written, then the links (so nothing is ever written
 * through one).
 */
async function writeEntries(zip: yauzl.ZipFile, plan: Plan, stage: StagingDir, signal?: AbortSignal): Promise<ExtractResult> {
  let files = 0;
  let bytes = 0;
  for (const p of plan.entries) {
    if (signal?.aborted) throw new CancelError();
    if (p.kind === 'dir') await stage.mkdir(p.name);
    else if (p.kind === 'symlink') {
      await stage.symlink(p.name, p.target!);
      files++;
    } else {
      const out = await stage.createFile(p.name, p.mode);
      let source: NodeJS.ReadableStream;
      try {
        source = await openEntry(zip, p.entry, p.name);
      } catch (err) {
        out.destroy();
        throw entryError(p.name, err);
      }
      try {
        await pipeline(source, new EntryCheck(p.name, p.entry.uncompressedSize, p.entry.crc32), out, { signal });
        await stage.setTime(p.name, p.mtime);
      } catch (err) {
        throw entryError(p.name, err);
      }
      files++;
      bytes += p.entry.uncompressedSize;
    }
  }
  return { files, bytes };
}

function entryError(name: string, err: unknown): unknown {
  if (err instanceof CollabError || (err as Error)?.name === 'AbortError') return err;
  const e = err as NodeJS.ErrnoException;
  if (e?.code === 'ENOSPC') return new LocalError('cannot extract the archive: no space left on the device; nothing was extracted');
  // yauzl (encrypted or unknown compression) and zlib (corrupt deflate data).
  return new LocalError(`cannot extract the archive: "${name}" cannot be read (${e?.message ?? String(err)}); nothing was extracted`);
}

/**
 * Extracts `zipFile` into `destDir`. Every entry is checked first, against the archive and
 * against what `destDir` holds (nothing is written when one is refused); the tree is then written
 * aside, verified, and moved into place. Files and directories keep the archive's modes (never
 * wider; the umask applies) and modification times, as `unzip` does. On any failure, Ctrl-C
 * included, what this run wrote is removed and `destDir` is left as it was.
 */
export async function extractZip(zipFile: string, destDir: string, options: ExtractOptions = {}): Promise<ExtractResult> {
  const { signal } = options;
  const target = path.resolve(destDir);
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(zipFile);
  } catch (err) {
    throw new LocalError(`cannot read the archive: ${(err as Error).message}`);
  }
  let stage: StagingDir | undefined;
  try {
    const plan = await planExtraction(zip, target, options.limits);
    if (signal?.aborted) throw new CancelError();
    stage = await StagingDir.create(target);
    const result = await writeEntries(zip, plan, stage, signal);
    if (signal?.aborted) throw new CancelError();
    await stage.commit();
    await stage.settle(plan.entries.filter((p) => p.kind === 'dir'));
    return result;
  } catch (err) {
    await stage?.discard();
    if (signal?.aborted) throw new CancelError();
    if (err instanceof CollabError) throw err;
    throw new LocalError(`cannot extract the archive: ${(err as Error).message}`);
  } finally {
    zip.close();
  }
}
