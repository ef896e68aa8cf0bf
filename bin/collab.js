#!/usr/bin/env node
// The one place that touches the process: the Node version, signals, the exit code, and how the
// code is loaded. CommonJS on purpose (bin/package.json): starting Node's ES module loader costs a
// few ms that a command run in a terminal or a CI loop should not pay. Nothing newer than Node
// 14's syntax, so that an old Node reaches the version check.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

// `npm run package` builds this file into the single file (dist/collab.cjs) and the executable: it
// defines __COLLAB_FORM__ ('single' or 'sea'), __COLLAB_CHUNKS__ and __COLLAB_VERSION__, which
// are undefined here (scripts/package.mjs).

/**
 * The Node.js releases collab runs on: each line from its floor, and the last floor open-ended,
 * as package.json's engines says (`^20.17.0 || ^22.13.0 || >=23.5.0`). 20.16 brought
 * process.getBuiltinModule; inquirer asks for 20.17, 22.13 and 23.5.
 */
const NODE_FLOORS = [
  [20, 17, 0],
  [22, 13, 0],
  [23, 5, 0],
];

/** The lowest supported release above `version` when it is not supported, else undefined. */
function nodeNeeded(version) {
  const v = version.split('.').map(Number);
  const below = (f) => (v[0] !== f[0] ? v[0] < f[0] : v[1] !== f[1] ? v[1] < f[1] : v[2] < f[2]);
  const last = NODE_FLOORS.length - 1;
  if (NODE_FLOORS.some((f, i) => !below(f) && (i === last || v[0] === f[0]))) return undefined;
  return NODE_FLOORS.filter(below)[0].join('.');
}

/** 'installed' (this file, run from the package), 'single' (dist/collab.cjs) or 'sea' (the executable). */
const FORM = typeof __COLLAB_FORM__ === 'string' ? __COLLAB_FORM__ : 'installed';

const needed = nodeNeeded(process.versions.node);
if (needed !== undefined) {
  process.stderr.write('collab needs Node.js >= ' + needed + '; this is ' + process.version + '\n');
  process.exitCode = 1;
  return;
}

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

const CACHE_UNUSED_MS = 30 * 24 * 3600 * 1000;

/**
 * Runs a bundled script (one function expression, scripts/bundle.mjs) through V8's code cache:
 * later starts skip compiling. V8 checks only a cache's source length, so the cache is keyed by
 * the SHA-256 the build computed over the script (start-up hashes no script), and is read only
 * from a folder of this user that no one else can write to. V8 checks no more of the cache than its
 * header either, and a damaged body crashes it or runs wrong code: a cache is used only when its
 * whole content is what was written (cacheData), and only while it is marked in use, so that a
 * start that dies with it is never followed by one that uses it again (crashedWith). The first
 * run of each other command writes it again, with the functions that command compiled as well
 * (up to TRAINED_MAX commands): a list after a view no longer compiles its own part at every
 * start. COLLAB_NO_CODE_CACHE=1 turns it off. The executable carries the caches its build made (checked
 * the same way), and writes none.
 */
function runBundled(source, key, filename, requireFn, importFn, mod = { exports: {} }) {
  const vm = require('node:vm');
  let cached;
  let cacheDir;
  let cacheFile;
  if (FORM === 'sea') {
    cached = seaCache(key);
  } else {
    // No key (a bundle without its SHA-256 line): no cache.
    cacheDir = key !== undefined && !truthy(process.env.COLLAB_NO_CODE_CACHE) ? ownCacheDir() : undefined;
    cacheFile = cacheDir && path.join(cacheDir, `code-${key.slice(0, 32)}-${process.version}-${process.arch}.bin`);
    if (cacheFile && isPrivateDir(cacheDir) && !crashedWith(cacheDir, cacheFile)) cached = markedCache(cacheFile);
  }
  const script = new vm.Script(source, { filename, cachedData: cached && cached.data });
  script.runInThisContext()(mod.exports, requireFn, mod, filename, path.dirname(filename), importFn);
  const trained = cached === undefined || script.cachedDataRejected ? [] : cached.trained;
  const command = commandWords();
  if (cacheFile && (trained.length === 0 || (trained.length < TRAINED_MAX && !trained.includes(command)))) {
    // Written after the command ran (so lazily compiled functions are in it): again after the first
    // run of another command, whose functions the cache lacked (a list after a view), up to TRAINED_MAX.
    process.once('beforeExit', () => writeCache(cacheDir, cacheFile, script, trained.concat(command)));
  }
  return mod.exports;
}

function truthy(value) {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/**
 * $XDG_CACHE_HOME/collab, else ~/.cache/collab. A relative XDG_CACHE_HOME is ignored (as the XDG
 * spec says), and without an absolute home nothing is cached: never a folder under the cwd. Nor
 * one another user would be left with (mayUse).
 */
function ownCacheDir() {
  try {
    const xdg = process.env.XDG_CACHE_HOME;
    const base = xdg && path.isAbsolute(xdg) ? xdg : path.join(process.env.HOME || require('node:os').homedir(), '.cache');
    const dir = path.isAbsolute(base) ? path.join(base, 'collab') : undefined;
    return dir && mayUse(dir) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether this user may create `dir` or write in it: never under a HOME another user owns (root
 * running with a user's HOME would leave them a root-owned ~/.cache they cannot write in), and
 * never inside a folder of another user (a sticky one, as /tmp, aside).
 */
function mayUse(dir) {
  if (process.getuid === undefined) return true;
  const uid = process.getuid();
  const home = process.env.HOME;
  if (home && path.isAbsolute(home) && (dir + path.sep).startsWith(path.resolve(home) + path.sep)) {
    const st = fs.statSync(home, { throwIfNoEntry: false });
    if (st && st.uid !== uid) return false;
  }
  for (let d = dir; ; d = path.dirname(d)) {
    const st = fs.statSync(d, { throwIfNoEntry: false });
    if (st) return st.uid === uid || (st.mode & 0o1000) !== 0;
    if (path.dirname(d) === d) return false;
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

// A cache file: this tag, the CRC-32 of all that follows the head and the length of V8's data
// (big-endian), V8's data, then the commands whose runs wrote it (a line each). CRC-32 (node:zlib,
// which the single file loads anyway) costs a start the least of the checksums at hand.
const CACHE_TAG = 'collabc3';
const CACHE_HEAD = CACHE_TAG.length + 8;
/** How many commands' runs may each write a cache again with what they compiled. */
const TRAINED_MAX = 8;

/** The command a run is (`issue list`): the words before the first flag, for the cache's list. */
function commandWords() {
  const words = [];
  for (const arg of process.argv.slice(2, 4)) {
    if (arg.startsWith('-')) break;
    words.push(arg.replace(/[^\w.-]/g, '').slice(0, 40));
  }
  return words.join(' ');
}

function cacheHead(data, trained) {
  const zlib = require('node:zlib');
  const head = Buffer.alloc(CACHE_HEAD);
  head.write(CACHE_TAG, 0, 'latin1');
  head.writeUInt32BE(zlib.crc32(trained, zlib.crc32(data)), CACHE_TAG.length);
  head.writeUInt32BE(data.length, CACHE_TAG.length + 4);
  return head;
}

/** V8's data and the commands that wrote it, when all of the file is what was written; else undefined. */
function cacheData(content) {
  if (!content || content.length <= CACHE_HEAD || content.toString('latin1', 0, CACHE_TAG.length) !== CACHE_TAG) return undefined;
  const length = content.readUInt32BE(CACHE_TAG.length + 4);
  if (length === 0 || CACHE_HEAD + length > content.length) return undefined;
  const data = content.subarray(CACHE_HEAD, CACHE_HEAD + length);
  const trained = content.subarray(CACHE_HEAD + length);
  if (!cacheHead(data, trained).equals(content.subarray(0, CACHE_HEAD))) return undefined;
  return { data, trained: trained.length === 0 ? [] : trained.toString('latin1').split('\n') };
}

/** The marks of the caches this run uses (`<cache>.<pid>.using`): removed when it exits; a run that dies leaves them. */
const inUse = [];

/**
 * Whether a start died while using `file`: a mark of a process that is gone (or of this very pid,
 * a container's next run). Its cache is then removed, to be written again, never used again.
 */
function crashedWith(dir, file) {
  const prefix = `${path.basename(file)}.`;
  let crashed = false;
  try {
    for (const name of fs.readdirSync(dir)) {
      const m = name.startsWith(prefix) ? /^(\d+)\.using$/.exec(name.slice(prefix.length)) : null;
      if (!m || (Number(m[1]) !== process.pid && alive(Number(m[1])))) continue;
      crashed = true;
      fs.rmSync(path.join(dir, name), { force: true });
    }
    if (crashed) fs.rmSync(file, { force: true });
  } catch {
    return true;
  }
  return crashed;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** The most a cache may weigh: V8's data for the whole CLI is well under 8 MiB. */
const CACHE_MAX_BYTES = 64 * 1024 * 1024;

/**
 * A cache file's bytes: a regular file only, of a sane size. Opened without blocking, so that a
 * FIFO (or a device) in its place is skipped rather than waited on by every start.
 */
function readCacheFile(file) {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK || 0));
  try {
    const st = fs.fstatSync(fd);
    return st.isFile() && st.size <= CACHE_MAX_BYTES ? fs.readFileSync(fd) : undefined;
  } finally {
    fs.closeSync(fd);
  }
}

/** The cache ({ data, trained }), marked in use first (no mark, no cache); undefined when there is none or it is damaged. */
function markedCache(file) {
  let content;
  try {
    content = readCacheFile(file);
  } catch {
    return undefined;
  }
  const data = cacheData(content);
  const mark = `${file}.${process.pid}.using`;
  try {
    if (data) fs.writeFileSync(mark, '', { flag: 'wx', mode: 0o600 });
  } catch {
    return undefined;
  }
  if (!data) return undefined;
  if (inUse.length === 0)
    process.on('exit', () => {
      for (const m of inUse) unlinkQuietly(m.mark);
    });
  inUse.push({ mark, file });
  return data;
}

function unlinkQuietly(file) {
  try {
    fs.rmSync(file, { force: true });
  } catch {}
}

function writeCache(cacheDir, cacheFile, script, trained) {
  try {
    fs.mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
    if (!isPrivateDir(cacheDir)) return;
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    const data = script.createCachedData();
    const commands = Buffer.from(trained.join('\n'), 'latin1');
    fs.writeFileSync(tmp, Buffer.concat([cacheHead(data, commands), data, commands]), { mode: 0o600 });
    fs.renameSync(tmp, cacheFile);
    // Other builds' caches stay: two installed versions must not evict each other. Only caches
    // nobody has read or written for a month go (atime: read within a day on relatime mounts).
    const now = Date.now();
    for (const name of fs.readdirSync(cacheDir)) {
      if (!/^code-.*\.(bin|tmp|using)$/.test(name) || name === path.basename(cacheFile)) continue;
      const file = path.join(cacheDir, name);
      const st = fs.statSync(file, { throwIfNoEntry: false });
      if (st && now - Math.max(st.atimeMs, st.mtimeMs) > CACHE_UNUSED_MS) fs.rmSync(file, { force: true });
    }
  } catch {}
}

/** The bin: the bundle beside it (dist/bundle/collab.cjs), whose first line names its SHA-256. */
function loadInstalled() {
  const bundle = path.join(__dirname, '..', 'dist', 'bundle', 'collab.cjs');
  let source;
  try {
    // ASCII by construction (scripts/bundle.mjs): a plain copy, and cheaper than readFileSync's decoding.
    source = fs.readFileSync(bundle).toString('latin1');
  } catch {
    // No bundle (a build without scripts/bundle.mjs): the plain modules.
    return import('../dist/main.js');
  }
  const line = /^\/\/ collab-bundle sha256:([0-9a-f]{64})\n/.exec(source);
  // A vm script has no import() of its own: relative specifiers are the bundle's
  // (../sandbox/index.js), node: builtins are required, bare ones resolve from here.
  const importFromBundle = (spec) =>
    spec.startsWith('node:')
      ? Promise.resolve(require(spec))
      : import(spec.startsWith('.') ? new URL(spec, require('node:url').pathToFileURL(bundle)).href : spec);
  // This file's require resolves the bundle's bare requires as the bundle's own would (same package).
  return runBundled(source, line === null ? undefined : line[1], bundle, require, importFromBundle);
}

// ---------------------------------------------------------------------------------------------
// The single file and the executable carry the CLI as chunks (scripts/package.mjs): the CLI itself
// ('main'), each dependency and the sandbox, each compiled only when first required. The single
// file keeps them brotli-compressed in a comment at its end, which Node reads but never compiles.

const CHUNKS = typeof __COLLAB_CHUNKS__ === 'object' ? __COLLAB_CHUNKS__ : {};
const SELF = FORM === 'sea' ? process.execPath : __filename;
const loaded = new Map();

function chunkSource(chunk) {
  if (FORM === 'sea') return Buffer.from(require('node:sea').getRawAsset(`chunk:${chunk.key}`)).toString('latin1');
  const fd = fs.openSync(SELF, 'r');
  try {
    const encoded = Buffer.alloc(chunk.length);
    fs.readSync(fd, encoded, 0, chunk.length, fs.fstatSync(fd).size - chunk.fromEnd);
    return require('node:zlib').brotliDecompressSync(Buffer.from(encoded.toString('latin1'), 'base64')).toString('latin1');
  } finally {
    fs.closeSync(fd);
  }
}

function seaCache(key) {
  const sea = require('node:sea');
  try {
    return cacheData(Buffer.from(sea.getRawAsset(`cache:${key}`)));
  } catch {
    return undefined;
  }
}

/** require() inside a chunk: another chunk (registered before it runs, as Node does), else a Node builtin. */
function requireChunk(spec) {
  const chunk = CHUNKS[spec];
  if (chunk === undefined) return require(spec);
  let mod = loaded.get(spec);
  if (mod === undefined) {
    mod = { exports: {} };
    loaded.set(spec, mod);
    runBundled(chunkSource(chunk), chunk.key, `${SELF}#${spec}`, requireChunk, importChunk, mod);
  }
  return mod.exports;
}

/** import() inside a chunk: an ES module's exports as they are, CommonJS ones with `default`. */
function importChunk(spec) {
  return new Promise((resolve) => {
    const exports = requireChunk(spec);
    resolve(exports.__esModule ? exports : Object.create(exports, { default: { value: exports, enumerable: true } }));
  });
}

// Whatever escapes (a failure while loading, a bug outside the CLI's own reporting) is one line on
// stderr and exit 1: never Node's report, which prints the bundle's minified source line.
let crashReport = (err) => 'collab: unexpected error: ' + String((err && err.message) || err).replace(/\s*[\r\n]+\s*/g, ' ') + '\n';
const crash = (err) => {
  try {
    process.stderr.write(crashReport(err));
  } catch (_) {}
  // Something escaped while code from a cache ran: that cache is not trusted again.
  for (const m of inUse) unlinkQuietly(m.file);
  process.exit(1);
};
process.on('uncaughtException', crash);
process.on('unhandledRejection', crash);

Promise.resolve(FORM === 'installed' ? loadInstalled() : requireChunk('main'))
  .then((mod) => {
    if (typeof mod.crashReport === 'function') crashReport = mod.crashReport;
    return mod.main(controller.signal);
  })
  .then((code) => {
    process.exitCode = code;
  }, crash);
