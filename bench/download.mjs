#!/usr/bin/env node
/**
 * Download benchmark (not part of the test suite): the sandbox serves a 1 GiB artifact, and in the
 * same run, alternately, four things download it to a file:
 *   - collab (the built binary): streamed to a temporary file, fsynced, renamed into place;
 *   - bare Node (bench/bare-download.cjs): node:http piped into a file, fsynced: what Node itself
 *     costs in time and memory, whatever the program;
 *   - the floor: `curl -o` followed by `sync --data` on the file, the least a download that must
 *     be on disk when the command ends can cost here;
 *   - bare `curl -o` (nothing forced to disk), for context.
 * Reports the median wall time of each (after one warm-up run each), collab's ratio to the floor
 * and collab's peak RSS (the largest of the runs). Targets: ≤ 1.1× the floor, ≤ 80 MiB (missed
 * targets are reported, not an exit code).
 *
 *   npm run build && node bench/download.mjs [--mb 1024] [--runs 5]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'bin/collab.js');
const TOKEN = 'sandbox-admin-token';
const PROJECT = 'acme/platform/api';

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const MB = arg('mb', 1024);
const RUNS = arg('runs', 5);
const TIME = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

/** Runs a command; wall time in ms and peak RSS in KiB (from /usr/bin/time -v, else /proc VmHWM polling). */
function measure(cmd, args, env) {
  return new Promise((resolve, reject) => {
    const argv = TIME ? ['-v', cmd, ...args] : args;
    const started = process.hrtime.bigint();
    const child = spawn(TIME ?? cmd, argv, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    let polledKb = 0;
    const poll = TIME
      ? undefined
      : setInterval(() => {
          try {
            const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'));
            if (m) polledKb = Math.max(polledKb, Number(m[1]));
          } catch {
            // exited between polls
          }
        }, 20);
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (poll) clearInterval(poll);
      if (code !== 0) return reject(new Error(`${cmd} exited ${code}: ${stderr.slice(-500)}`));
      const m = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
      const user = /User time \(seconds\): ([\d.]+)/.exec(stderr);
      const sys = /System time \(seconds\): ([\d.]+)/.exec(stderr);
      const cpu = user && sys ? Number(user[1]) + Number(sys[1]) : undefined;
      resolve({ ms, rssKb: m ? Number(m[1]) : polledKb, cpu });
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * The sandbox in its own process, as a real server would be: sharing this process's event loop
 * with the measuring code would slow the server unevenly between runs.
 */
function startSandboxProcess() {
  const code = `const m = await import(${JSON.stringify(pathToFileURL(path.join(ROOT, 'dist/sandbox/index.js')).href)});
const sb = await m.startSandbox({ port: 0, artifactMb: ${MB} });
process.stdout.write(sb.url + '\\n');
process.stdin.resume();
process.stdin.on('end', () => sb.close().then(() => process.exit(0)));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.on('error', reject);
    child.on('exit', (c) => reject(new Error(`the sandbox exited (${c})`)));
    child.stdout.on('data', (c) => {
      out += c;
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve({ url: line.trim(), close: () => child.stdin.end() });
    });
  });
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, 'dist/sandbox/index.js'))) throw new Error('build first: npm run build');
  const sb = await startSandboxProcess();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'collab-bench-'));
  try {
    const res = await fetch(`${sb.url}/api/v4/projects/${encodeURIComponent(PROJECT)}/jobs?per_page=100`, {
      headers: { 'PRIVATE-TOKEN': TOKEN },
    });
    const jobs = await res.json();
    const job = jobs.find((j) => j.artifacts_file && j.artifacts_file.size > MB * 1024 * 1024);
    if (!job) throw new Error('no large artifact in the sandbox');
    const size = job.artifacts_file.size;
    const url = `${sb.url}/api/v4/projects/${encodeURIComponent(PROJECT)}/jobs/${job.id}/artifacts`;
    const env = { PATH: process.env.PATH, HOME: dir, COLLAB_CONFIG_DIR: dir, COLLAB_HOST: sb.url, COLLAB_TOKEN: TOKEN };
    const target = path.join(dir, 'download.zip');
    const contenders = {
      collab: () => measure(process.execPath, [BIN, 'job', 'artifacts', String(job.id), '-p', PROJECT, '--dest', target], env),
      'bare node': () => measure(process.execPath, [path.join(ROOT, 'bench/bare-download.cjs'), url, TOKEN, target], env),
      floor: () =>
        measure('sh', ['-c', 'curl -sS --fail -o "$1" -H "PRIVATE-TOKEN: $2" "$3" && sync --data "$1"', 'floor', target, TOKEN, url], env),
      curl: () => measure('curl', ['-sS', '--fail', '-o', target, '-H', `PRIVATE-TOKEN: ${TOKEN}`, url], env),
    };
    const results = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]));
    for (let i = -1; i < RUNS; i++) {
      const line = [];
      for (const [name, run] of Object.entries(contenders)) {
        // Each starts from the same state: no file, and no dirty pages of the previous run to flush.
        fs.rmSync(target, { force: true });
        await measure('sync', [], env);
        const r = await run();
        const written = fs.statSync(target).size;
        if (written !== size) throw new Error(`${name} wrote ${written} bytes, expected ${size}`);
        if (i >= 0) results[name].push(r);
        line.push(`${name} ${(r.ms / 1000).toFixed(2)} s`);
      }
      process.stderr.write(`${i < 0 ? 'warm-up' : `run ${i + 1}/${RUNS}`}: ${line.join(', ')}\n`);
    }
    fs.rmSync(target, { force: true });
    const ms = (name) => median(results[name].map((r) => r.ms));
    const rss = (name) => Math.max(...results[name].map((r) => r.rssKb)) / 1024;
    const cpu = (name) => (results[name][0].cpu === undefined ? '-' : `${median(results[name].map((r) => r.cpu)).toFixed(2)} s`);
    const mibps = (name) => (size / 1024 / 1024 / (ms(name) / 1000)).toFixed(0);
    const rows = [
      ['', 'median wall', 'MiB/s', 'median CPU', 'peak RSS'],
      ...[
        ['collab (fsync + rename)', 'collab'],
        ['bare node:http piped to a file, fsynced (bench/bare-download.cjs)', 'bare node'],
        ['floor: curl -o, then sync --data', 'floor'],
        ['curl -o (not on disk yet)', 'curl'],
      ].map(([label, name]) => [label, `${(ms(name) / 1000).toFixed(2)} s`, mibps(name), cpu(name), `${rss(name).toFixed(1)} MiB`]),
    ];
    const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
    const line = (r) => r.map((c, i) => c.padEnd(widths[i])).join('  ');
    console.log(
      `artifact: ${(size / 1024 / 1024).toFixed(0)} MiB, median of ${RUNS} runs each after a warm-up, RSS via ${TIME ? '/usr/bin/time -v' : '/proc VmHWM'}`,
    );
    for (const r of rows) console.log(line(r));
    const ratio = ms('collab') / ms('floor');
    const okTime = ratio <= 1.1;
    const okRss = rss('collab') <= 80;
    console.log(
      `collab / floor: ${ratio.toFixed(2)}x (target <= 1.1x) ${okTime ? 'OK' : 'MISSED'}; collab / bare curl -o: ${(ms('collab') / ms('curl')).toFixed(2)}x`,
    );
    console.log(`collab peak RSS: ${rss('collab').toFixed(1)} MiB (target <= 80 MiB) ${okRss ? 'OK' : 'MISSED'}`);
  } finally {
    sb.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
