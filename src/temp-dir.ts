import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { UsageError } from './errors.js';

/**
 * A new directory of this user's in the system's temporary directory (TMPDIR, else /tmp), made
 * private by mkdtemp. One that cannot be made is one line naming the directory (exit 2: nothing
 * was sent), never a failure that reads like a bug.
 */
export async function makeTempDir(prefix: string): Promise<string> {
  const base = os.tmpdir();
  try {
    return await fs.mkdtemp(path.join(base, prefix));
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const why = e.code === 'EACCES' || e.code === 'EPERM' ? 'permission denied' : e.code === 'ENOENT' ? 'it does not exist' : e.message;
    throw new UsageError(
      `cannot create a temporary directory in ${base}: ${why}`,
      'TMPDIR names where collab keeps temporary files: set it to a directory you can write to',
    );
  }
}
