#!/usr/bin/env node
// collab's main job, end to end against the built-in sandbox: start it, list issues, create and
// close one, download artifacts by ref and job name, stop it. Runs the built binary as a user would.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const bin = path.join(root, 'bin', 'collab.js');
if (!fs.existsSync(path.join(root, 'dist', 'cli.js'))) {
  console.error('demo: dist/ is missing; run `npm run build` (`npm run demo` does)');
  process.exit(1);
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'collab-demo-'));

const sandbox = spawn(process.execPath, [bin, 'sandbox', '--port', '0', '-o', 'json'], { stdio: ['ignore', 'pipe', 'inherit'] });
const first = await new Promise((resolve, reject) => {
  readline.createInterface({ input: sandbox.stdout }).once('line', resolve);
  sandbox.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
});
const { url } = JSON.parse(first);
const env = {
  PATH: process.env.PATH,
  HOME: work,
  COLLAB_CONFIG_DIR: path.join(work, 'config'),
  COLLAB_HOST: url,
  COLLAB_TOKEN: 'sandbox-user-token',
  COLLAB_PROJECT: 'acme/platform/api',
};

let failed = false;
function collab(args, { show = true } = {}) {
  console.log(`\n$ collab ${args.join(' ')}`);
  const res = spawnSync(process.execPath, [bin, ...args], { env, cwd: work, encoding: 'utf8' });
  if (show && res.stdout) process.stdout.write(res.stdout);
  if (res.stderr) process.stderr.write(res.stderr);
  if (res.status !== 0) {
    failed = true;
    console.error(`demo: exit ${res.status}`);
  }
  return res.stdout;
}

try {
  console.log(`sandbox at ${url} (project acme/platform/api, user alice)`);
  collab(['auth', 'status']);
  collab(['issue', 'list', '--state', 'opened', '--limit', '5', '--header']);
  const count = collab(['issue', 'list', '--all', '-o', 'ndjson'], { show: false }).trim().split('\n').length;
  console.log(`(${count} issues in all, fetched page by page)`);
  const created = JSON.parse(
    collab(['issue', 'create', '--title', 'Demo: collab works', '--labels', 'docs', '--weight', '2', '-o', 'json'], { show: false }),
  );
  console.log(`created issue #${created.iid}: ${created.title}`);
  collab(['issue', 'close', String(created.iid), '--fields', 'iid,state,closed_at']);
  collab(['job', 'artifacts', '--ref', 'main', '--job', 'package', '--dest', path.join(work, 'artifacts.zip')]);
  console.log(`artifacts.zip: ${fs.statSync(path.join(work, 'artifacts.zip')).size} bytes`);
  collab(['job', 'artifacts', '--ref', 'main', '--job', 'package', '--extract', path.join(work, 'out')]);
  console.log(`extracted: ${fs.readdirSync(path.join(work, 'out'), { recursive: true }).join(', ')}`);
} finally {
  sandbox.kill('SIGINT');
  await new Promise((r) => sandbox.once('exit', r));
  fs.rmSync(work, { recursive: true, force: true });
}
if (failed) {
  console.error('\ndemo: some steps failed');
  process.exitCode = 1;
} else console.log('\ndemo: all steps passed');
