import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** End-to-end tests spawn the built binary: build it once, from the current source. */
export default function setup(): void {
  const root = path.resolve(import.meta.dirname, '../..');
  execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], {
    cwd: root,
    stdio: 'inherit',
  });
}
