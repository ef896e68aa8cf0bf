import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * End-to-end tests spawn the built binary: build it once (tsc, then the bundle), from the current source. tsc emits even
 * when the types do not check; type errors are the type-check step's business (`npm run typecheck`).
 */
export default function setup(): void {
  const root = path.resolve(import.meta.dirname, '../..');
  const res = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (res.status !== 0 && res.stdout)
    process.stderr.write(`global-setup: tsc reported type errors (dist was still emitted):\n${res.stdout.slice(0, 2000)}\n`);
  // bin/collab.js runs the bundle: rebuild it from the fresh dist/ (a failure here is fatal).
  const bundle = spawnSync(process.execPath, [path.join(root, 'scripts/bundle.mjs')], { cwd: root, encoding: 'utf8' });
  if (bundle.status !== 0) throw new Error(`bundling failed: ${bundle.stderr}`);
}
