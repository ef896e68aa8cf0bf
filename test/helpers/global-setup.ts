import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * End-to-end tests spawn the built binary: build it once, from the current source. tsc emits even
 * when the types do not check; type errors are the type-check step's business (`npm run typecheck`).
 */
export default function setup(): void {
  const root = path.resolve(import.meta.dirname, '../..');
  const res = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (res.status !== 0 && res.stdout) process.stderr.write(`global-setup: tsc reported type errors (dist was still emitted):\n${res.stdout.slice(0, 2000)}\n`);
}
