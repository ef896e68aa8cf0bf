import fs from 'node:fs';
import path from 'node:path';
import { packageRoot } from './shipped-files.js';

/** The package version (the bundle build replaces this read with the literal). */
export const VERSION: string =
  typeof __COLLAB_VERSION__ === 'string'
    ? __COLLAB_VERSION__
    : (JSON.parse(fs.readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;

declare const __COLLAB_VERSION__: string | undefined;
