#!/usr/bin/env node
// The one place that touches the process: signals, the exit code, and how the code is loaded.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const controller = new AbortController();
let interrupts = 0;
const onSignal = (signal) => {
  interrupts++;
  controller.abort(new Error(signal));
  // A second Ctrl-C ends at once; the first gives running work 2 s to clean up (temp files).
  if (interrupts > 1) process.exit(130);
  setTimeout(() => process.exit(130), 2000).unref();
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
// A closed pipe (`collab ... | head`) is not worth a stack trace.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
});

// `collab --version` answers without loading the CLI at all.
if (process.argv.length === 3 && (process.argv[2] === '--version' || process.argv[2] === '-V')) {
  const pkg = new URL('../package.json', import.meta.url);
  process.stdout.write(`${JSON.parse(fs.readFileSync(pkg, 'utf8')).version}\n`);
  process.exit(0);
}

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const bundle = path.join(dist, 'bundle', 'collab.cjs');

/**
 * Runs the bundle through V8's code cache (kept in the user's cache folder, keyed by the bundle's
 * identity and the Node version): later starts skip compiling. Falls back to the plain modules.
 */
async function load() {
  let source;
  try {
    source = fs.readFileSync(bundle, 'utf8');
  } catch {
    return import('../dist/main.js');
  }
  const vm = await import('node:vm');
  const stat = fs.statSync(bundle);
  const cacheDir = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'collab');
  const key = `${process.version}-${process.arch}-${stat.size}-${Math.round(stat.mtimeMs)}`;
  const cacheFile = path.join(cacheDir, `code-${key}.bin`);
  let cachedData;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {}
  const wrapper = `(function (exports, require, module, __filename, __dirname, __collab_import) {${source}\n})`;
  const script = new vm.Script(wrapper, { filename: bundle, cachedData });
  const module = { exports: {} };
  const bundleUrl = pathToFileURL(bundle);
  // Relative specifiers are the bundle's own (../sandbox/index.js); bare ones resolve from here.
  const importFromBundle = (spec) => import(spec.startsWith('.') ? new URL(spec, bundleUrl).href : spec);
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, path.dirname(bundle), importFromBundle);
  if (cachedData === undefined || script.cachedDataRejected) {
    // Written after the command ran (so lazily compiled functions are in it), atomically.
    process.once('beforeExit', () => {
      try {
        fs.mkdirSync(cacheDir, { recursive: true });
        const tmp = `${cacheFile}.${process.pid}.tmp`;
        fs.writeFileSync(tmp, script.createCachedData());
        fs.renameSync(tmp, cacheFile);
      } catch {}
    });
  }
  return module.exports;
}

const { main } = await load();
process.exitCode = await main(controller.signal);
