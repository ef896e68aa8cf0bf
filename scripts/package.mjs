#!/usr/bin/env node
// `npm run package` (after `npm run build`): collab as one file and as one executable.
//   dist/collab.cjs                 bin/collab.js with the CLI, every dependency, the sandbox, the
//                                   completion scripts and the manual pages inside: any Node >= 20
//   dist/collab-<platform>-<arch>   a Node single executable application (this Node with
//                                   dist/collab.cjs injected by postject): no Node needed
//   node scripts/package.mjs [--no-executable]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import { assertAscii, baseOptions, builtinInterop, escapeNonAscii } from './bundle.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const single = path.join(dist, 'collab.cjs');
const executable = path.join(dist, `collab-${process.platform}-${process.arch}`);
// The fuse Node's single-executable support looks for (Node's documentation, "Single executable applications").
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/** completions/ and man/ by relative path: what readPackageFile() serves in the single file. */
function shippedFiles() {
  const files = {};
  for (const dir of ['completions', 'man'])
    for (const name of fs.readdirSync(path.join(root, dir)).sort())
      files[`${dir}/${name}`] = fs.readFileSync(path.join(root, dir, name), 'utf8');
  return files;
}

async function singleFile() {
  if (!fs.existsSync(path.join(dist, 'main.js'))) throw new Error('run `npm run build` first');
  const base = baseOptions();
  const result = await build({
    ...base,
    entryPoints: [path.join(root, 'bin', 'collab.js')],
    outfile: single,
    // esbuild keeps bin/collab.js's #! line first. Nothing outside: no node_modules, no dist/sandbox, and import() (which a single executable
    // cannot do) becomes require() of the module built in.
    supported: { 'dynamic-import': false },
    // jq's WebAssembly inside the file (jq-wasm reads it from its package directory otherwise).
    alias: { 'jq-wasm': 'jq-wasm/inline' },
    define: { ...base.define, __COLLAB_SELF_CONTAINED__: 'true', __COLLAB_FILES__: JSON.stringify(shippedFiles()) },
  });
  const code = escapeNonAscii(builtinInterop(result.outputFiles[0].text));
  assertAscii(code, single);
  fs.writeFileSync(single, code, { mode: 0o755 });
  return code.length;
}

/** Runs a step quietly; its output is shown when it fails. */
function run(cmd, args) {
  const res = spawnSync(cmd, args, { encoding: 'utf8' });
  if (res.status !== 0)
    throw new Error(`${path.basename(cmd)} ${args.join(' ')} failed (${res.status ?? res.signal}):\n${res.stdout}${res.stderr}`);
}

/** Node's single executable recipe: a preparation blob from the single file, injected into a copy of this Node. */
function singleExecutable() {
  const work = fs.mkdtempSync(path.join(dist, '.sea-'));
  try {
    const blob = path.join(work, 'collab.blob');
    const config = path.join(work, 'sea-config.json');
    // The code cache spares the executable compiling its 2 MB script at every start.
    fs.writeFileSync(config, JSON.stringify({ main: single, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true }));
    run(process.execPath, ['--experimental-sea-config', config]);
    const tmp = path.join(work, 'collab');
    fs.copyFileSync(process.execPath, tmp);
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
    fs.renameSync(tmp, executable);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

const bytes = await singleFile();
process.stderr.write(`${path.relative(root, single)}: ${(bytes / 1024 / 1024).toFixed(1)} MiB\n`);
if (!process.argv.includes('--no-executable')) {
  singleExecutable();
  process.stderr.write(`${path.relative(root, executable)}: ${(fs.statSync(executable).size / 1024 / 1024).toFixed(1)} MiB\n`);
}
