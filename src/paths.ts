import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The installed package's root folder (where package.json, completions/ and man/ live), found by
 * walking up from this module: the same answer from dist/*.js and from the bundle in dist/bundle/.
 */
export function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'package.json');
    if (fs.existsSync(candidate) && fs.existsSync(path.join(dir, 'bin', 'collab.js'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('collab: cannot find the package root');
    dir = parent;
  }
}
