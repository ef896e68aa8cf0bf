import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT } from './e2e.js';

export interface Packaged {
  /** dist/collab.cjs as `npm run package` makes it. */
  single: string;
  /** The single executable for this platform. */
  executable: string;
}

const EXECUTABLE = `collab-${process.platform}-${process.arch}`;

/**
 * The single file and the executable (scripts/package.mjs --out-dir), built once per test run into
 * the run's folder (vitest.config.ts: COLLAB_TEST_PACKAGE_DIR) and shared by the files that need
 * them: a build costs 10 to 15 s of CPU. The first caller builds under a lock (a folder made
 * atomically); the others, in other workers, wait for its result, or for its failure.
 */
export async function packagedForms(): Promise<Packaged> {
  const dir = process.env.COLLAB_TEST_PACKAGE_DIR;
  if (!dir) throw new Error('COLLAB_TEST_PACKAGE_DIR is not set (vitest.config.ts sets it)');
  const out = path.join(dir, 'out');
  const done = path.join(dir, 'built');
  const failed = path.join(dir, 'failed');
  const forms = { single: path.join(out, 'collab.cjs'), executable: path.join(out, EXECUTABLE) };
  for (;;) {
    if (fs.existsSync(done)) return forms;
    if (fs.existsSync(failed)) throw new Error(`scripts/package.mjs failed: ${fs.readFileSync(failed, 'utf8')}`);
    try {
      fs.mkdirSync(path.join(dir, 'building'));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      await sleep(200);
      continue;
    }
    fs.mkdirSync(out, { recursive: true });
    const { code, output } = await build(out);
    fs.writeFileSync(code === 0 ? done : failed, output);
  }
}

function build(out: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/package.mjs'), '--out-dir', out], { cwd: ROOT });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('close', (code) => resolve({ code, output }));
  });
}
