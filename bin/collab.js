#!/usr/bin/env node
// The one place that touches the process: signals, the exit code, and how the code is loaded.
// CommonJS on purpose (bin/package.json): starting Node's ES module loader costs a few ms that a
// command run in a terminal or a CI loop should not pay.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

// `npm run package` builds this file, with the CLI inside, into the single file and the executable:
// it defines __COLLAB_SELF_CONTAINED__ and __COLLAB_VERSION__, which are undefined here.

// `collab --version` answers without loading the CLI at all.
if (process.argv.length === 3 && (process.argv[2] === '--version' || process.argv[2] === '-V')) {
  const version =
    typeof __COLLAB_VERSION__ === 'string' ? __COLLAB_VERSION__ : JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')).version;
  process.stdout.write(`${version}\n`);
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
// A closed terminal or a dropped ssh session: clean up the same way (no .part file is left).
process.on('SIGHUP', onSignal);
// A closed pipe (`collab ... | head`) is not worth a stack trace.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
});

const bundle = path.join(__dirname, '..', 'dist', 'bundle', 'collab.cjs');
const CACHE_UNUSED_MS = 30 * 24 * 3600 * 1000;

/**
 * Runs the bundle through V8's code cache: later starts skip compiling. V8 checks only a cache's
 * source length, so the cache is keyed by the SHA-256 the build wrote on the bundle's first line
 * (start-up hashes nothing), and is read only from a folder of this user that no one else can
 * write to. COLLAB_NO_CODE_CACHE=1 turns it off. Falls back to the plain modules without a bundle.
 */
function load() {
  if (typeof __COLLAB_SELF_CONTAINED__ !== 'undefined') return require('../dist/main.js');
  let source;
  try {
    // ASCII by construction (scripts/bundle.mjs): a plain copy, and cheaper than readFileSync's decoding.
    source = fs.readFileSync(bundle).toString('latin1');
  } catch {
    return import('../dist/main.js');
  }
  const vm = require('node:vm');
  const key = /^\/\/ collab-bundle sha256:([0-9a-f]{64})\n/.exec(source)?.[1];
  const cacheDir = key && !truthy(process.env.COLLAB_NO_CODE_CACHE) ? ownCacheDir() : undefined;
  const cacheFile = cacheDir && path.join(cacheDir, `code-${key.slice(0, 32)}-${process.version}-${process.arch}.bin`);
  let cachedData;
  if (cacheFile && isPrivateDir(cacheDir)) {
    try {
      cachedData = fs.readFileSync(cacheFile);
    } catch {}
  }
  const script = new vm.Script(source, { filename: bundle, cachedData });
  const mod = { exports: {} };
  // A vm script has no import() of its own: relative specifiers are the bundle's
  // (../sandbox/index.js), node: builtins are required, bare ones resolve from here.
  const importFromBundle = (spec) =>
    spec.startsWith('node:')
      ? Promise.resolve(require(spec))
      : import(spec.startsWith('.') ? new URL(spec, require('node:url').pathToFileURL(bundle)).href : spec);
  // This file's require resolves the bundle's bare requires as the bundle's own would (same package).
  script.runInThisContext()(mod.exports, require, mod, bundle, path.dirname(bundle), importFromBundle);
  if (cacheFile && (cachedData === undefined || script.cachedDataRejected)) {
    // Written after the command ran (so lazily compiled functions are in it).
    process.once('beforeExit', () => writeCache(cacheDir, cacheFile, script));
  }
  return mod.exports;
}

function truthy(value) {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/**
 * $XDG_CACHE_HOME/collab, else ~/.cache/collab. A relative XDG_CACHE_HOME is ignored (as the XDG
 * spec says), and without an absolute home nothing is cached: never a folder under the cwd.
 */
function ownCacheDir() {
  try {
    const xdg = process.env.XDG_CACHE_HOME;
    const base = xdg && path.isAbsolute(xdg) ? xdg : path.join(process.env.HOME || require('node:os').homedir(), '.cache');
    return path.isAbsolute(base) ? path.join(base, 'collab') : undefined;
  } catch {
    return undefined;
  }
}

/** Owned by this user and writable by no one else: nobody else can plant code to run here. */
function isPrivateDir(dir) {
  try {
    const st = fs.statSync(dir);
    return st.isDirectory() && (process.getuid === undefined || st.uid === process.getuid()) && (st.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

function writeCache(cacheDir, cacheFile, script) {
  try {
    fs.mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
    if (!isPrivateDir(cacheDir)) return;
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, script.createCachedData(), { mode: 0o600 });
    fs.renameSync(tmp, cacheFile);
    // Other builds' caches stay: two installed versions must not evict each other. Only caches
    // nobody has read or written for a month go (atime: read within a day on relatime mounts).
    const now = Date.now();
    for (const name of fs.readdirSync(cacheDir)) {
      if (!/^code-.*\.(bin|tmp)$/.test(name) || name === path.basename(cacheFile)) continue;
      const file = path.join(cacheDir, name);
      const st = fs.statSync(file, { throwIfNoEntry: false });
      if (st && now - Math.max(st.atimeMs, st.mtimeMs) > CACHE_UNUSED_MS) fs.rmSync(file, { force: true });
    }
  } catch {}
}

Promise.resolve(load())
  .then(({ main }) => main(controller.signal))
  .then((code) => {
    process.exitCode = code;
  });
