#!/usr/bin/env node
// `npm run package` (after `npm run build`): collab as one file and as one executable.
//   dist/collab.cjs                 bin/collab.js with the CLI, every dependency, the sandbox, the MCP SDK, the
//                                   completion scripts and the manual pages inside, for any Node
//                                   that package.json's engines admits
//   dist/collab-<platform>-<arch>   a Node single executable application: Node 24 from the npm
//                                   registry (scripts/node-from-npm.mjs), whatever Node runs this,
//                                   with the CLI and its code caches inside: no Node needed
//   node scripts/package.mjs [--no-executable] [--out-dir <dir>]   (default: dist/)
//
// Both carry the CLI as chunks: the CLI itself ('main', the bin's bundle), each dependency it loads
// on demand, the sandbox and the MCP SDK, each compiled only when first required (bin/collab.js). A start
// compiles what it runs, as the bin does, and not the 5 MiB of everything.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { build } from 'esbuild';
import { assertAscii, baseOptions, builtinInterop, bundleMain, escapeNonAscii, OWN_OUTSIDE, wrap } from './bundle.mjs';
import { NODE_LINES, nodeBinary } from './node-from-npm.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const outFlag = process.argv.indexOf('--out-dir');
const out = outFlag > 0 ? path.resolve(process.argv[outFlag + 1]) : dist;
const single = path.join(out, 'collab.cjs');
const executable = path.join(out, `collab-${process.platform}-${process.arch}`);
// The fuse Node's single-executable support looks for (Node's documentation, "Single executable applications").
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
/** collab's own modules outside the CLI's bundle, as it imports them (`../sandbox/index.js`): a chunk each. */
const OWN = new Set(OWN_OUTSIDE.map((m) => `../${m}`));
const FILES = 'collab:files';

/** completions/ and man/ by relative path: what readPackageFile() serves in the single file. */
function shippedFiles() {
  const files = {};
  for (const dir of ['completions', 'man'])
    for (const name of fs.readdirSync(path.join(root, dir)).sort())
      files[`${dir}/${name}`] = fs.readFileSync(path.join(root, dir, name), 'utf8');
  return files;
}

/**
 * What a chunk requires or imports from the other chunks: collab's dependencies, its own modules
 * (OWN) and the shipped files (other text that looks like a require is a string, as in ajv's generated code).
 */
function requiredOutside(code) {
  const direct = new Set(Object.keys(pkg.dependencies));
  const specs = new Set();
  for (const m of code.matchAll(/\b(?:require|__collab_import)\("([^"]+)"\)/g))
    if (direct.has(packageOf(m[1])) || OWN.has(m[1]) || m[1] === FILES) specs.add(m[1]);
  return specs;
}

/** The package a bare specifier names (`@inquirer/core/x` → `@inquirer/core`). */
const packageOf = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * A chunk's own bundle leaves out collab's other dependencies where it uses the very copy that
 * collab does (node_modules/<dependency>): they are chunks of their own, loaded once and shared.
 */
function sharedDependencies(own) {
  const direct = new Set(Object.keys(pkg.dependencies));
  return {
    name: 'shared-dependencies',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, async (args) => {
        const name = packageOf(args.path);
        if (isBuiltin(args.path) || !direct.has(name) || name === own || args.pluginData === 'inner') return undefined;
        const res = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: 'inner' });
        const shared = res.path.startsWith(path.join(root, 'node_modules', name) + path.sep);
        return shared ? { path: args.path, external: true } : undefined;
      });
    },
  };
}

/** One chunk: a dependency (or one of collab's own modules) bundled alone, CommonJS, with nothing left to import(). */
async function dependencyChunk(spec) {
  const base = baseOptions();
  const own = OWN.has(spec);
  const result = await build({
    ...base,
    entryPoints: undefined,
    stdin: {
      contents: `module.exports = require(${JSON.stringify(own ? path.join(dist, spec.slice(3)) : spec)});`,
      resolveDir: root,
      loader: 'js',
    },
    // jq's WebAssembly inside the file (jq-wasm reads it from its package directory otherwise).
    alias: { 'jq-wasm': 'jq-wasm/inline' },
    // A vm script cannot import(): esbuild turns import() into require().
    supported: { 'dynamic-import': false },
    plugins: [...base.plugins, sharedDependencies(own ? undefined : packageOf(spec))],
  });
  const code = escapeNonAscii(builtinInterop(result.outputFiles[0].text));
  if (/\bimport\(/.test(code.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g, '')))
    throw new Error(`chunk ${spec}: an import() is left`);
  return wrap(code);
}

/** Every chunk by the specifier that requires it: 'main', then all it needs, transitively. */
async function buildChunks() {
  const chunks = new Map();
  // The completion scripts and manual pages: read only by `collab completion` and `collab help man`.
  chunks.set(FILES, wrap(escapeNonAscii(`module.exports = ${JSON.stringify(shippedFiles())};`)));
  chunks.set(
    'main',
    await bundleMain(
      { __COLLAB_FILES__: '__collab_files.value' },
      `\nconst __collab_files = { get value() { return require(${JSON.stringify(FILES)}); } };`,
    ),
  );
  const pending = [...requiredOutside(chunks.get('main'))];
  while (pending.length > 0) {
    const spec = pending.shift();
    if (chunks.has(spec)) continue;
    const code = await dependencyChunk(spec);
    chunks.set(spec, code);
    pending.push(...requiredOutside(code));
  }
  for (const [spec, code] of chunks) assertAscii(code, `chunk ${spec}`);
  return chunks;
}

const sha256 = (text) => crypto.createHash('sha256').update(text).digest('hex');

/** bin/collab.js with the chunks' index: the head of the single file and the executable's main script. */
async function head(form, index) {
  const base = baseOptions();
  const result = await build({
    ...base,
    entryPoints: [path.join(root, 'bin', 'collab.js')],
    // The version check must run on an old Node: nothing newer than Node 16's syntax.
    target: 'node16',
    // Only the installed bin loads dist/; the chunks hold it here.
    external: ['../dist/main.js'],
    plugins: [],
    banner: undefined,
    define: { ...base.define, __COLLAB_FORM__: JSON.stringify(form), __COLLAB_CHUNKS__: JSON.stringify(index) },
  });
  const code = result.outputFiles[0].text;
  assertAscii(code, `${form} head`);
  return code;
}

/**
 * The single file: the head, then every chunk brotli-compressed in base64 inside one comment at
 * the end. Node reads the comment on every start but never compiles it; the head finds a chunk
 * by its distance from the end of the file.
 */
async function singleFile(chunks) {
  const encoded = [...chunks].map(([spec, source]) => {
    const bytes = zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    return { spec, key: sha256(source), text: bytes.toString('base64') };
  });
  const tail = '\n*/\n';
  const index = {};
  let fromEnd = tail.length;
  for (const e of encoded.reverse()) {
    fromEnd += e.text.length;
    index[e.spec] = { key: e.key, fromEnd, length: e.text.length };
    fromEnd += 1; // the newline before it
  }
  const code = `${await head('single', index)}/* collab chunks (scripts/package.mjs)\n${encoded
    .reverse()
    .map((e) => e.text)
    .join('\n')}${tail}`;
  fs.writeFileSync(single, code, { mode: 0o755 });
  return code.length;
}

/** Runs a step quietly; its output is shown when it fails. */
function run(cmd, args, options = {}) {
  const res = spawnSync(cmd, args, { encoding: 'utf8', ...options });
  if (res.status !== 0)
    throw new Error(`${path.basename(cmd)} ${args.join(' ')} failed (${res.status ?? res.signal}):\n${res.stdout}${res.stderr}`);
  return res.stdout;
}

/**
 * V8 code caches of the chunks, made by `node` (the executable's Node) running the single file
 * against a sandbox: each chunk's cache is written after the first command that loads it ran, and
 * again after the first run of another command, so the functions both run are in it (`issue view`
 * and `issue list`: the CLI; `--jq`: jq).
 */
async function trainCodeCaches(node, work) {
  const cacheHome = path.join(work, 'cache');
  const env = { PATH: process.env.PATH, HOME: work, XDG_CACHE_HOME: cacheHome, COLLAB_CONFIG_DIR: work };
  // The sandbox keeps its caches apart: it stops last, and would overwrite the CLI's.
  const sandbox = spawn(node, [single, 'sandbox', '--port', '0', '-o', 'json'], {
    env: { ...env, XDG_CACHE_HOME: path.join(work, 'sandbox-cache') },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  try {
    const line = await new Promise((resolve, reject) => {
      readline.createInterface({ input: sandbox.stdout }).once('line', resolve);
      sandbox.once('exit', (code) => reject(new Error(`the sandbox exited (${code})`)));
    });
    const url = JSON.parse(line).url;
    const commands = [
      ['issue', 'view', '1', '-p', 'acme/platform/api', '-o', 'json'],
      ['issue', 'list', '-p', 'acme/platform/api', '--jq', '.[0].iid'],
    ];
    for (const args of commands) run(node, [single, ...args], { env: { ...env, COLLAB_HOST: url, COLLAB_TOKEN: 'sandbox-admin-token' } });
  } finally {
    sandbox.kill('SIGINT');
  }
  const version = run(node, ['--version']).trim();
  const caches = {};
  const dir = path.join(cacheHome, 'collab');
  for (const name of fs.readdirSync(dir)) {
    const m = /^code-([0-9a-f]{32})-(v[\d.]+)-/.exec(name);
    if (m && m[2] === version) caches[m[1]] = path.join(dir, name);
  }
  return caches;
}

/** Node's single executable recipe, with Node 24: a preparation blob, injected into a copy of that Node. */
async function singleExecutable(chunks) {
  const node = nodeBinary(24);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'collab-sea-'));
  try {
    const caches = await trainCodeCaches(node, work);
    const assets = {};
    const index = {};
    for (const [spec, source] of chunks) {
      const key = sha256(source);
      index[spec] = { key };
      assets[`chunk:${key}`] = path.join(work, `${key}.js`);
      fs.writeFileSync(assets[`chunk:${key}`], source);
      if (caches[key.slice(0, 32)]) assets[`cache:${key}`] = caches[key.slice(0, 32)];
    }
    const main = path.join(work, 'main.cjs');
    fs.writeFileSync(main, await head('sea', index));
    const blob = path.join(work, 'collab.blob');
    const config = path.join(work, 'sea-config.json');
    // useCodeCache: the head's own cache; the chunks' are the assets trained above. Not useSnapshot:
    // a start-up snapshot holding the CLI, warmed by an in-process view and list, measured no faster
    // (CPU 1.04x this, 10 MiB more memory): Node's user-land snapshot replaces its own, and
    // deserialising it cost about what the code cache saves; node:http cannot be in it at all.
    fs.writeFileSync(config, JSON.stringify({ main, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true, assets }));
    run(node, ['--experimental-sea-config', config]);
    const tmp = path.join(work, 'collab');
    fs.copyFileSync(node, tmp);
    fs.chmodSync(tmp, 0o755);
    // Debug symbols are a tenth of some Node builds; binutils' strip removes them where it is installed.
    if (spawnSync('strip', ['--version'], { stdio: 'ignore' }).status === 0) run('strip', [tmp]);
    // (postject's ELF library warns about every unnamed .note section of Node's binary: harmless.)
    run(process.execPath, [
      createRequire(import.meta.url).resolve('postject/dist/cli.js'),
      tmp,
      'NODE_SEA_BLOB',
      blob,
      '--sentinel-fuse',
      SEA_FUSE,
    ]);
    fs.copyFileSync(tmp, executable);
    fs.chmodSync(executable, 0o755);
    return { node: NODE_LINES[24], caches: Object.keys(caches).length };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (!fs.existsSync(path.join(dist, 'main.js'))) throw new Error('run `npm run build` first');
const chunks = await buildChunks();
const bytes = await singleFile(chunks);
process.stderr.write(`${path.relative(root, single)}: ${(bytes / 1024 / 1024).toFixed(1)} MiB, ${chunks.size} chunks\n`);
if (!process.argv.includes('--no-executable')) {
  const made = await singleExecutable(chunks);
  const mib = (fs.statSync(executable).size / 1024 / 1024).toFixed(1);
  process.stderr.write(`${path.relative(root, executable)}: ${mib} MiB, Node ${made.node}, ${made.caches} code caches\n`);
}
