#!/usr/bin/env node
// The one place that touches the process: signals, the exit code, and how the code is loaded.
// CommonJS on purpose (bin/package.json): starting Node's ES module loader costs a few ms that a
// command run in a terminal or a CI loop should not pay.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

// `collab --version` answers without loading the CLI at all.
if (process.argv.length === 3 && (process.argv[2] === '--version' || process.argv[2] === '-V')) {
  const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'));
  process.stdout.write(`${pkg.version}\n`);
  return;
}

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

const bundle = path.join(__dirname, '..', 'dist', 'bundle', 'collab.cjs');

/**
 * Runs the bundle through V8's code cache (kept in the user's cache folder, keyed by the bundle's
 * identity and the Node version): later starts skip compiling. Falls back to the plain modules.
 */
function load() {
  let source;
  try {
    source = fs.readFileSync(bundle, 'utf8');
  } catch {
    return import('../dist/main.js');
  }
  const vm = require('node:vm');
  const os = require('node:os');
  const { pathToFileURL } = require('node:url');
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
  const mod = { exports: {} };
  const bundleUrl = pathToFileURL(bundle);
  // A vm script has no import() of its own: relative specifiers are the bundle's
  // (../sandbox/index.js), node: builtins are required, bare ones resolve from here.
  const importFromBundle = (spec) =>
    spec.startsWith('node:') ? Promise.resolve(require(spec)) : import(spec.startsWith('.') ? new URL(spec, bundleUrl).href : spec);
  script.runInThisContext()(mod.exports, require('node:module').createRequire(bundle), mod, bundle, path.dirname(bundle), importFromBundle);
  if (cachedData === undefined || script.cachedDataRejected) {
    // Written after the command ran (so lazily compiled functions are in it), atomically.
    process.once('beforeExit', () => {
      try {
        fs.mkdirSync(cacheDir, { recursive: true });
        const tmp = `${cacheFile}.${process.pid}.tmp`;
        fs.writeFileSync(tmp, script.createCachedData());
        fs.renameSync(tmp, cacheFile);
        // Caches of earlier builds or Node versions are never read again.
        for (const name of fs.readdirSync(cacheDir))
          if (/^code-.*\.bin$/.test(name) && name !== path.basename(cacheFile)) fs.rmSync(path.join(cacheDir, name), { force: true });
      } catch {}
    });
  }
  return mod.exports;
}

Promise.resolve(load())
  .then(({ main }) => main(controller.signal))
  .then((code) => {
    process.exitCode = code;
  });
