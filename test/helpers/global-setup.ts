import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
/** The build's last output: bin/collab.js runs it. */
const BUNDLE = path.join(root, 'dist/bundle/collab.cjs');
/** What the build is made from. A folder counts too: its time changes when a file in it is added, renamed or removed. */
const INPUTS = ['src', 'tsconfig.json', 'package.json', 'package-lock.json', 'scripts/bundle.mjs'];

/** The latest change under `p` (the file, or a folder and everything in it). */
function latestChange(p: string): number {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let latest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) latest = Math.max(latest, latestChange(path.join(p, entry)));
  return latest;
}

/** Whether the bundle was built after every input last changed (`npm run build`, or an earlier run of this setup). */
function builtFromCurrentSource(): boolean {
  try {
    const built = fs.statSync(BUNDLE).mtimeMs;
    return INPUTS.every((input) => latestChange(path.join(root, input)) < built);
  } catch {
    return false;
  }
}

/**
 * End-to-end tests spawn the built binary: build it (tsc, then the bundle) unless it is already
 * built from the current source, which saves a run tsc's ten seconds. tsc emits even when the
 * types do not check; type errors are the type-check step's business (`npm run typecheck`).
 */
export default function setup(): void {
  if (builtFromCurrentSource()) return;
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
