import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where the sandbox keeps the bytes of generic package files: one file each under
 * `<data directory>/packages/`, written as the upload streams in and read back as it streams out,
 * so neither grows the sandbox's memory. The data directory is the one `startSandbox` was given
 * (`dataDir`) or a private one it made in the system's temporary directory and removes on close.
 */

export interface StoredFile {
  path: string;
  size: number;
  sha256: string;
  md5: string;
  sha1: string;
}

/** A private data directory of this sandbox's own. */
export async function makeDataDir(): Promise<string> {
  return fs.promises.mkdtemp(path.join(os.tmpdir(), 'collab-sandbox-'));
}

/** Streams `source` into a new file under `dataDir`, hashing it on the way; its digests and size. */
export async function storeStream(dataDir: string, name: string, source: Readable): Promise<StoredFile> {
  const dir = path.join(dataDir, 'packages');
  await fs.promises.mkdir(dir, { recursive: true });
  const target = path.join(dir, name);
  const hashes = { sha256: createHash('sha256'), md5: createHash('md5'), sha1: createHash('sha1') };
  let size = 0;
  try {
    await pipeline(
      source,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          size += chunk.length;
          for (const hash of Object.values(hashes)) hash.update(chunk);
          yield chunk;
        }
      },
      fs.createWriteStream(target, { mode: 0o600 }),
    );
  } catch (error) {
    await fs.promises.rm(target, { force: true });
    throw error;
  }
  return { path: target, size, sha256: hashes.sha256.digest('hex'), md5: hashes.md5.digest('hex'), sha1: hashes.sha1.digest('hex') };
}

/** Writes a seeded file's bytes. */
export async function storeBytes(dataDir: string, name: string, data: Buffer): Promise<StoredFile> {
  return storeStream(dataDir, name, Readable.from([data]));
}

export const openFile = (file: string) => () => fs.createReadStream(file);
export const openFileRange = (file: string) => (first: number, last: number) => fs.createReadStream(file, { start: first, end: last });

export async function removeFile(file: string): Promise<void> {
  await fs.promises.rm(file, { force: true });
}

export async function removeDataDir(dataDir: string): Promise<void> {
  await fs.promises.rm(dataDir, { recursive: true, force: true });
}
