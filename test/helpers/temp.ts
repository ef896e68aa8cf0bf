import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/** A fresh folder under the system's temporary one. */
export function tempDir(prefix = 'collab-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * A maker of fresh folders for the file that calls it (at its top level): every folder it made
 * is removed after each test.
 */
export function tempDirsPerTest(prefix: string): () => string {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  return () => {
    const d = tempDir(prefix);
    dirs.push(d);
    return d;
  };
}
