// Shared helpers for the benchmarks: start the sandbox (built binary), time commands, read peak RSS.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const BIN = path.join(ROOT, 'bin', 'collab.js');

export function requireBuild() {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'cli.js'))) throw new Error('run `npm run build` first');
}

/** Starts `collab sandbox` in a child process; resolves with {url, tokens, stop()}. */
export async function startSandbox(args = []) {
  const child = spawn(process.execPath, [BIN, 'sandbox', '--port', '0', '-o', 'json', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
  const info = JSON.parse(line);
  return {
    ...info,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGINT');
      }),
  };
}

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const TIME_BIN = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

/**
 * Times every command the same way: `warmup` uncounted rounds, then `runs` rounds, the commands
 * taking turns within each round (A B C A B C …) so that a machine whose speed drifts during the
 * call does not favour one of them. stdout is discarded unless `check` wants it (first run only).
 * Returns, per command, the median wall time in ms and the largest peak RSS in KiB (from
 * /usr/bin/time when present).
 */
export function measureAll(commands, { runs = 10, warmup = 2, env = process.env, cwd = ROOT } = {}) {
  const results = commands.map(() => ({ times: [], rss: 0 }));
  for (let round = 0; round < warmup + runs; round++) {
    commands.forEach((c, i) => {
      const { ms, rssKiB, stdout } = runOnce(c.argv, { env: c.env ?? env, cwd, wantStdout: Boolean(c.check) && round === 0 });
      if (round === 0) c.check?.(stdout);
      if (round >= warmup) {
        results[i].times.push(ms);
        if (rssKiB !== undefined) results[i].rss = Math.max(results[i].rss, rssKiB);
      }
    });
  }
  return results.map((r) => ({ ms: median(r.times), rssKiB: TIME_BIN ? r.rss : undefined }));
}

export function measure(argv, options = {}) {
  return measureAll([{ argv, check: options.check, env: options.env }], options)[0];
}

function runOnce(argv, { env, cwd, wantStdout }) {
  const cmd = TIME_BIN ? [TIME_BIN, '-f', '%M', ...argv] : argv;
  const started = process.hrtime.bigint();
  const res = spawnSync(cmd[0], cmd.slice(1), {
    env,
    cwd,
    encoding: 'utf8',
    maxBuffer: 1024 * 1024 * 1024,
    stdio: ['ignore', wantStdout ? 'pipe' : 'ignore', 'pipe'],
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (res.status !== 0) throw new Error(`${argv.join(' ')} failed (${res.status}): ${res.stderr?.slice(-500)}`);
  const kb = TIME_BIN ? Number(res.stderr.trim().split('\n').pop()) : Number.NaN;
  return { ms, rssKiB: Number.isFinite(kb) ? kb : undefined, stdout: res.stdout };
}

/**
 * Start-up figures come from hyperfine when it is installed: the difference sought is a few
 * milliseconds, and it times processes with little overhead of its own. hyperfine runs one
 * command's runs back to back, so they are split into `rounds` calls that take turns, and every
 * command gets the same warm-up and number of runs. Returns per command the median wall time and
 * the mean CPU time (user + system, which a busy machine inflates less than wall time) in ms, or
 * undefined without hyperfine. `prepare` runs before every run (hyperfine --prepare).
 */
export function hyperfine(commands, { runs = 40, warmup = 5, rounds = 4, env = process.env, cwd = ROOT, prepare } = {}) {
  if (!have('hyperfine')) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'collab-bench-'));
  const quote = (a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`);
  const times = commands.map(() => []);
  const cpu = commands.map(() => []);
  for (let round = 0; round < rounds; round++) {
    const out = path.join(dir, `round-${round}.json`);
    const perRound = Math.max(1, Math.round(runs / rounds));
    const args = [
      '-N',
      '--style',
      'none',
      '--warmup',
      String(round === 0 ? warmup : 1),
      '--runs',
      String(perRound),
      '--export-json',
      out,
      ...(prepare ? ['--prepare', prepare] : []),
      ...commands.map((argv) => argv.map(quote).join(' ')),
    ];
    const res = spawnSync('hyperfine', args, { env, cwd, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
    if (res.status !== 0) throw new Error(`hyperfine failed: ${res.stderr.slice(-500)}`);
    JSON.parse(fs.readFileSync(out, 'utf8')).results.forEach((r, i) => {
      times[i].push(...r.times);
      cpu[i].push((r.user + r.system) * 1000);
    });
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return times.map((t, i) => ({ ms: median(t) * 1000, cpuMs: cpu[i].reduce((a, b) => a + b, 0) / cpu[i].length }));
}

export function have(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

/** Installs @gitbeaker/cli into a scratch folder (not the project) once; returns its entry or undefined. */
export function gitbeaker() {
  const dir = path.join(ROOT, '.bench', 'gitbeaker');
  const entry = path.join(dir, 'node_modules', '@gitbeaker', 'cli', 'dist', 'index.mjs');
  if (!fs.existsSync(entry)) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), '{"name":"bench-gitbeaker","private":true}');
    const res = spawnSync('npm', ['install', '--no-audit', '--no-fund', '@gitbeaker/cli@43'], { cwd: dir, stdio: 'inherit' });
    if (res.status !== 0) return undefined;
  }
  return entry;
}

export function pythonGitlabConfig(url, token) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'collab-bench-')), 'python-gitlab.cfg');
  fs.writeFileSync(
    file,
    `[global]\ndefault = sb\nssl_verify = false\ntimeout = 60\nper_page = 100\n\n[sb]\nurl = ${url}\nprivate_token = ${token}\napi_version = 4\n`,
  );
  return file;
}

export function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows.map((r) => r.map((c, i) => String(c).padEnd(widths[i])).join('  ')).join('\n');
}

export const fmt = (ms) => `${ms.toFixed(1)} ms`;
export const mib = (kib) => (kib === undefined ? 'n/a' : `${(kib / 1024).toFixed(1)} MiB`);
