import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The shipped files (completions/, man/) by relative path: set by the single-file build only. */
declare const __COLLAB_FILES__: Record<string, string> | undefined;

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

/**
 * A file shipped with collab, by its path in the package (`completions/collab.bash`): read from
 * the installed package, or, in the single file and the executable (`npm run package`), from the
 * copy built into them. Undefined when it is not there.
 */
export function readPackageFile(rel: string): string | undefined {
  if (typeof __COLLAB_FILES__ === 'object') return __COLLAB_FILES__[rel];
  try {
    return fs.readFileSync(path.join(packageRoot(), rel), 'utf8');
  } catch {
    return undefined;
  }
}

/** The shipped files under a folder of the package (`man`), by relative path, sorted. */
export function listPackageFiles(dir: string): string[] {
  if (typeof __COLLAB_FILES__ === 'object')
    return Object.keys(__COLLAB_FILES__)
      .filter((f) => f.startsWith(`${dir}/`))
      .sort();
  try {
    return fs
      .readdirSync(path.join(packageRoot(), dir))
      .map((f) => `${dir}/${f}`)
      .sort();
  } catch {
    return [];
  }
}

/** Where the generated completion scripts live, relative to the package root. */
export const COMPLETION_FILES = { bash: 'completions/collab.bash', zsh: 'completions/_collab', fish: 'completions/collab.fish' } as const;

export type Shell = keyof typeof COMPLETION_FILES;

export const SHELLS = Object.keys(COMPLETION_FILES) as Shell[];
