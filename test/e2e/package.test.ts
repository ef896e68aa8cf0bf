/**
 * `npm run package`: the single file (dist/collab.cjs) and the single executable, copied into a
 * folder outside the checkout (no node_modules, no completions/ or man/ beside them) and run from
 * there against a sandbox that the single file itself serves. Built once for this file.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { execa, type ResultPromise } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, ROOT, tempDir } from '../helpers/e2e.js';

const EXECUTABLE = `collab-${process.platform}-${process.arch}`;
const PROJECT = 'acme/platform/api';
const VERSION = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version as string;

let dir = '';
let url = '';
let sandbox: ResultPromise | undefined;

beforeAll(async () => {
  const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/package.mjs')], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run package failed: ${built.stderr}`);
  dir = tempDir('collab-packaged-');
  for (const f of ['collab.cjs', EXECUTABLE]) fs.copyFileSync(path.join(ROOT, 'dist', f), path.join(dir, f));
  fs.chmodSync(path.join(dir, EXECUTABLE), 0o755);
  sandbox = execa(process.execPath, [path.join(dir, 'collab.cjs'), 'sandbox', '--port', '0', '-o', 'json'], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: dir },
    extendEnv: false,
  });
  const line = await new Promise<string>((resolve) => readline.createInterface({ input: sandbox!.stdout! }).once('line', resolve));
  url = JSON.parse(line).url;
}, 120_000);

afterAll(async () => {
  sandbox?.kill('SIGINT');
  await sandbox?.catch(() => undefined);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const variants = [
  {
    name: 'dist/collab.cjs with node',
    argv: (args: string[]) => [process.execPath, path.join(dir, 'collab.cjs'), ...args],
    path: () => process.env.PATH,
  },
  // No Node on the PATH: the executable needs none.
  {
    name: `dist/${EXECUTABLE}, no node on the PATH`,
    argv: (args: string[]) => [path.join(dir, EXECUTABLE), ...args],
    path: () => '/nonexistent',
  },
];

describe.each(variants)('$name, run from outside the checkout', (variant) => {
  async function run(args: string[], env: Record<string, string> = {}, input?: string) {
    const [cmd, ...rest] = variant.argv(args);
    const home = tempDir('collab-home-');
    const r = await execa(cmd!, rest, {
      cwd: dir,
      env: { PATH: variant.path()!, HOME: home, COLLAB_CONFIG_DIR: home, COLLAB_HOST: url, COLLAB_TOKEN: ADMIN_TOKEN, ...env },
      extendEnv: false,
      reject: false,
      ...(input === undefined ? { stdin: 'ignore' as const } : { input }),
      timeout: 30_000,
    });
    return { exitCode: r.exitCode, stdout: String(r.stdout), stderr: String(r.stderr) };
  }

  it('answers --version, the completion scripts and the manual pages from inside', async () => {
    expect((await run(['--version'])).stdout).toBe(VERSION);
    for (const [shell, file] of [
      ['bash', 'collab.bash'],
      ['zsh', '_collab'],
      ['fish', 'collab.fish'],
    ] as const) {
      const r = await run(['completion', shell]);
      expect(r.exitCode).toBe(0);
      expect(`${r.stdout}\n`).toBe(fs.readFileSync(path.join(ROOT, 'completions', file), 'utf8'));
    }
    const man = await run(['help', 'man', 'issue']);
    expect(`${man.stdout}\n`).toBe(fs.readFileSync(path.join(ROOT, 'man', 'collab-issue.1'), 'utf8'));
    const missing = await run(['help', 'man', 'nothing']);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('collab-issue');
  });

  it('lists, creates and closes issues, and stores a login (the config store is inside)', async () => {
    const list = await run(['issue', 'list', '-p', PROJECT, '--state', 'all', '--all', '-o', 'ndjson']);
    expect(list.exitCode).toBe(0);
    expect(list.stdout.trim().split('\n').length).toBeGreaterThan(200);
    const created = await run(['issue', 'create', '-p', PROJECT, '--title', `packaged ${variant.name}`, '-o', 'json']);
    expect(created.exitCode).toBe(0);
    const iid = JSON.parse(created.stdout).iid as number;
    const closed = await run(['issue', 'close', String(iid), '-p', PROJECT, '-o', 'json']);
    expect(JSON.parse(closed.stdout).state).toBe('closed');

    const home = tempDir('collab-home-');
    const login = await run(
      ['auth', 'login', '--host', url, '--token-stdin'],
      { COLLAB_CONFIG_DIR: home, COLLAB_TOKEN: '', COLLAB_HOST: '' },
      ADMIN_TOKEN,
    );
    expect(login.exitCode).toBe(0);
    expect(fs.statSync(path.join(home, 'config.json')).mode & 0o777).toBe(0o600);
    const status = await run(['auth', 'status'], { COLLAB_CONFIG_DIR: home, COLLAB_TOKEN: '', COLLAB_HOST: '' });
    expect(status.exitCode).toBe(0);
    expect(status.stderr + status.stdout).toContain('root');
  });

  it('downloads and extracts artifacts inside a CI job with the job token', async () => {
    const out = tempDir('collab-artifacts-');
    const ci = { CI: 'true', CI_SERVER_URL: url, CI_PROJECT_ID: '1', CI_JOB_TOKEN: 'sandbox-job-token', COLLAB_TOKEN: '', COLLAB_HOST: '' };
    const zip = await run(['job', 'artifacts', '--ref', 'main', '--job', 'package', '--dest', path.join(out, 'a.zip')], ci);
    expect(zip.exitCode).toBe(0);
    expect(fs.readFileSync(path.join(out, 'a.zip')).subarray(0, 2).toString('latin1')).toBe('PK');
    const extracted = await run(['job', 'artifacts', '--ref', 'main', '--job', 'package', '--extract', path.join(out, 'x')], ci);
    expect(extracted.exitCode).toBe(0);
    expect(fs.readdirSync(path.join(out, 'x')).length).toBeGreaterThan(0);
    // The job's own ref and pipeline, one file, a checksum, a glcbt- job token.
    const version = fs.readFileSync(path.join(out, 'x', 'dist/app/version.txt'));
    const listed = await run([
      'job',
      'list',
      '-p',
      PROJECT,
      '--all',
      '--jq',
      'map(select(.name == "package" and .ref == "main" and .status == "success")) | max_by(.id) | .pipeline.id',
    ]);
    const own = { ...ci, CI_COMMIT_REF_NAME: 'main', CI_PIPELINE_ID: listed.stdout, COLLAB_TOKEN: '' };
    const file = await run(
      ['job', 'artifact', '--job', 'package', 'dist/app/version.txt', '--sha256', createHash('sha256').update(version).digest('hex')],
      own,
    );
    expect(file.exitCode, file.stderr).toBe(0);
    expect(`${file.stdout}\n`).toBe(version.toString());
    const inPipeline = await run(['job', 'artifact', '--job', 'package', '--pipeline', 'current', 'dist/app/version.txt'], own);
    expect(`${inPipeline.stdout}\n`).toBe(version.toString());
    const glcbt = await run(['job', 'artifact', '--ref', 'main', '--job', 'package', 'dist/app/version.txt'], {
      ...ci,
      CI_JOB_TOKEN: '',
      COLLAB_TOKEN: 'glcbt-sandbox-job-token',
    });
    expect(glcbt.exitCode, glcbt.stderr).toBe(0);
    const bad = await run(['job', 'artifacts', '--job', 'package', '--sha256', '0'.repeat(64), '--dest', path.join(out, 'b.zip')], own);
    expect(bad.exitCode).toBe(1);
    expect(fs.existsSync(path.join(out, 'b.zip'))).toBe(false);
  });

  it("filters with --jq: jq's WebAssembly is inside", async () => {
    const r = await run(['issue', 'list', '-p', PROJECT, '--state', 'all', '--per-page', '3', '--jq', '.[] | [.iid, .state] | @tsv', '-r']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.split('\n')).toHaveLength(3);
    for (const line of r.stdout.split('\n')) expect(line).toMatch(/^\d+\t(opened|closed)$/);
    expect((await run(['issue', 'list', '-p', PROJECT, '--jq', '.['])).exitCode).toBe(2);
  });

  it('keeps the exit codes: bad input is 2 with nothing sent, a 401 is 4', async () => {
    expect((await run(['issue', 'view', 'abc', '-p', PROJECT])).exitCode).toBe(2);
    expect((await run(['user', 'me'], { COLLAB_TOKEN: 'wrong' })).exitCode).toBe(4);
  });
});
