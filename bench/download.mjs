#!/usr/bin/env node
/**
 * Download benchmark (not part of the test suite): the sandbox serves a 1 GiB artifact; collab
 * (the built binary) and `curl -o` each download it 3 times, alternately. Reports median wall
 * time, the collab/curl ratio, and collab's peak RSS. Targets: ≤ 1.2× curl, ≤ 80 MiB.
 *
 *   npm run build && node bench/download.mjs [--mb 1024] [--runs 3]
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
const RUNS = arg('runs', 3);
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

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

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
    const res = await fetch(`${sb.url}/api/v4/projects/${encodeURIComponent(PROJECT)}/jobs?per_page=100`, { headers: { 'PRIVATE-TOKEN': TOKEN } });
    const jobs = await res.json();
    const job = jobs.find((j) => j.artifacts_file && j.artifacts_file.size > MB * 1024 * 1024);
    if (!job) throw new Error('no large artifact in the sandbox');
    const size = job.artifacts_file.size;
    const url = `${sb.url}/api/v4/projects/${encodeURIComponent(PROJECT)}/jobs/${job.id}/artifacts`;
    const env = { PATH: process.env.PATH, HOME: dir, COLLAB_CONFIG_DIR: dir, COLLAB_HOST: sb.url, COLLAB_TOKEN: TOKEN };
    const collab = [];
    const curl = [];
    for (let i = 0; i < RUNS; i++) {
      const c = path.join(dir, 'collab.zip');
      collab.push(await measure(process.execPath, [BIN, 'job', 'artifacts', String(job.id), '-p', PROJECT, '--dest', c], env));
      if (fs.statSync(c).size !== size) throw new Error(`collab wrote ${fs.statSync(c).size} bytes, expected ${size}`);
      fs.rmSync(c);
      const k = path.join(dir, 'curl.zip');
      curl.push(await measure('curl', ['-sS', '--fail', '-o', k, '-H', `PRIVATE-TOKEN: ${TOKEN}`, url], env));
      if (fs.statSync(k).size !== size) throw new Error(`curl wrote ${fs.statSync(k).size} bytes, expected ${size}`);
      fs.rmSync(k);
      process.stderr.write(`run ${i + 1}/${RUNS}: collab ${(collab[i].ms / 1000).toFixed(2)} s, curl ${(curl[i].ms / 1000).toFixed(2)} s\n`);
    }
    const collabMs = median(collab.map((r) => r.ms));
    const curlMs = median(curl.map((r) => r.ms));
    const collabRss = Math.max(...collab.map((r) => r.rssKb)) / 1024;
    const curlRss = Math.max(...curl.map((r) => r.rssKb)) / 1024;
    const ratio = collabMs / curlMs;
    const mibps = (ms) => ((size / 1024 / 1024) / (ms / 1000)).toFixed(0);
    // CPU seconds (user + system) are steadier than wall time on a shared machine.
    const cpu = (runs) => (runs[0].cpu === undefined ? '-' : `${median(runs.map((r) => r.cpu)).toFixed(2)} s`);
    const rows = [
      ['', 'median wall', 'MiB/s', 'median CPU', 'peak RSS'],
      ['collab', `${(collabMs / 1000).toFixed(2)} s`, mibps(collabMs), cpu(collab), `${collabRss.toFixed(1)} MiB`],
      ['curl -o', `${(curlMs / 1000).toFixed(2)} s`, mibps(curlMs), cpu(curl), `${curlRss.toFixed(1)} MiB`],
    ];
    const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
    const line = (r) => r.map((c, i) => c.padEnd(widths[i])).join('  ');
    console.log(`artifact: ${(size / 1024 / 1024).toFixed(0)} MiB, ${RUNS} runs each, RSS via ${TIME ? '/usr/bin/time -v' : '/proc VmHWM'}`);
    for (const r of rows) console.log(line(r));
    const okTime = ratio <= 1.2;
    const okRss = collabRss <= 80;
    console.log(`ratio collab/curl: ${ratio.toFixed(2)}x (target <= 1.2x) ${okTime ? 'OK' : 'MISSED'}`);
    console.log(`collab peak RSS: ${collabRss.toFixed(1)} MiB (target <= 80 MiB) ${okRss ? 'OK' : 'MISSED'}`);
    process.exitCode = okTime && okRss ? 0 : 1;
  } finally {
    sb.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
