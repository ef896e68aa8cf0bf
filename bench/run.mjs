#!/usr/bin/env node
// `npm run bench`: collab against its peers (python-gitlab's CLI, @gitbeaker/cli, curl) and against
// bare references on the same machine in the same run, against `collab sandbox`. Every command of a
// section is timed the same way (the same warm-up, the median of the same number of runs, in turns).
// Prints medians and ratios. Not a test.
//   npm run bench [-- start|view|list|slow|download ...]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import {
  BIN,
  fmt,
  gitbeaker,
  have,
  hyperfine,
  measureAll,
  mib,
  pythonGitlabConfig,
  ROOT,
  requireBuild,
  startSandbox,
  table,
} from './lib.mjs';
import { startUp as startUpForms, viewAndList } from './startup.mjs';

requireBuild();
const only = process.argv.slice(2);
const want = (name) => only.length === 0 || only.includes(name);
const TOKEN = 'sandbox-admin-token';
const PROJECT = 'acme/platform/api';
const node = process.execPath;
const ratio = (a, b) => `${(a / b).toFixed(2)}×`;

/** collab's environment: this sandbox, and a config and code cache of the bench's own. */
function envFor(sb, extra = {}) {
  const own = (name) => path.join(ROOT, '.bench', name);
  return {
    ...process.env,
    COLLAB_HOST: sb.url,
    COLLAB_TOKEN: TOKEN,
    COLLAB_CONFIG_DIR: own('config'),
    XDG_CACHE_HOME: own('cache'),
    ...extra,
  };
}

async function projectId(url) {
  const res = await fetch(`${url}/api/v4/projects/${encodeURIComponent(PROJECT)}`, { headers: { 'PRIVATE-TOKEN': TOKEN } });
  return (await res.json()).id;
}

/** The Accept-Encoding collab sent on its last request (from the sandbox's request log). */
async function collabAcceptEncoding(url) {
  const log = await (await fetch(`${url}/__sandbox/requests`)).json();
  const last = log.findLast((r) => r.headers['user-agent']?.startsWith('collab/'));
  return last?.headers['accept-encoding'];
}

async function withSandbox(args, fn) {
  const sb = await startSandbox(args);
  try {
    return await fn(sb);
  } finally {
    await sb.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// Start-up: the three forms beside the bin and the bare references (bench/startup.mjs), then the
// same GET against the peers.

async function startUp() {
  await withSandbox(['--seed', 'demo'], async (sb) => {
    const id = await projectId(sb.url);
    const issueUrl = `${sb.url}/api/v4/projects/${id}/issues/1`;
    startUpForms({ env: envFor(sb), issueUrl, token: TOKEN, project: PROJECT });

    const env = envFor(sb);
    const peers = [['collab issue view 1 -o json', [node, BIN, 'issue', 'view', '1', '-p', PROJECT, '-o', 'json']]];
    if (have('curl')) peers.push(['curl (same GET)', ['curl', '-sf', '-H', `PRIVATE-TOKEN: ${TOKEN}`, issueUrl]]);
    if (have('python-gitlab'))
      peers.push([
        'python-gitlab project-issue get',
        [
          'python-gitlab',
          '-c',
          pythonGitlabConfig(sb.url, TOKEN),
          '-o',
          'json',
          'project-issue',
          'get',
          '--project-id',
          String(id),
          '--iid',
          '1',
        ],
      ]);
    else console.log('python-gitlab not installed (apt-get install gitlab-cli)');
    const gb = gitbeaker();
    if (gb)
      peers.push([
        'gitbeaker issues show',
        [
          node,
          gb,
          'issues',
          'show',
          '--gb-host',
          sb.url,
          '--gb-token',
          TOKEN,
          '--project-id',
          String(id),
          '--issue-iid',
          '1',
          '--issue-id',
          '1',
        ],
      ]);
    else console.log('gitbeaker could not be installed');
    const times = (
      hyperfine(
        peers.map(([, argv]) => argv),
        { env, runs: 20, warmup: 3 },
      ) ??
      measureAll(
        peers.map(([, argv]) => ({ argv })),
        { env, runs: 20, warmup: 3 },
      )
    ).map((r) => r.ms);
    const peerRows = [['command (machine environment)', 'median', "÷ collab's"]];
    peers.forEach(([name], i) => {
      peerRows.push([name, fmt(times[i]), i === 0 ? '' : ratio(times[i], times[0])]);
    });
    console.log('\n## The same GET against the peers (median of 20 after 3 warm-up runs)\n');
    console.log(table(peerRows));
  });
}

// ---------------------------------------------------------------------------------------------
// Full listings on loopback (sandbox --latency 20): collab --all against a bare parallel loop
// over the same pages in the same run, and python-gitlab --get-all.

const listArgv = (concurrency) => [
  node,
  BIN,
  'issue',
  'list',
  '-p',
  PROJECT,
  '--state',
  'all',
  '--all',
  '--per-page',
  '100',
  '-o',
  'ndjson',
  ...(concurrency ? ['--concurrency', String(concurrency)] : []),
];

function countLines(expected) {
  return (out) => {
    const n = out.trim().split('\n').length;
    if (n !== expected) throw new Error(`expected ${expected} items, got ${n}`);
  };
}

async function listing() {
  const latency = 20;
  const rows = [['command', 'items', 'median', 'peak RSS', 'reference', 'ratio']];
  for (const n of [1000, 10000, 50000]) {
    await withSandbox(['--seed', String(n), '--latency', String(latency)], async (sb) => {
      const env = envFor(sb);
      const id = await projectId(sb.url);
      // One run first, to learn what collab asks for (concurrency and Accept-Encoding).
      const probe = spawnSync(node, [...listArgv().slice(1), '--limit', '1'], { env, stdio: 'ignore' });
      if (probe.status !== 0) throw new Error('collab issue list failed');
      const accept = await collabAcceptEncoding(sb.url);
      const concurrency = 8; // collab's default, which the first command uses
      const loopArgv = [
        node,
        path.join(ROOT, 'bench', 'fetch-loop.cjs'),
        `${sb.url}/api/v4/projects/${id}/issues?per_page=100&state=all`,
        TOKEN,
        String(concurrency),
        ...(accept ? [accept] : []),
      ];
      const commands = [
        { name: 'collab issue list --all -o ndjson', argv: listArgv(), check: countLines(n) },
        { name: `bare node:http loop, ${concurrency} at a time, no parsing`, argv: loopArgv },
      ];
      if (n === 10000 && have('python-gitlab'))
        commands.push({
          name: 'python-gitlab project-issue list --get-all',
          argv: [
            'python-gitlab',
            '-c',
            pythonGitlabConfig(sb.url, TOKEN),
            '-o',
            'json',
            'project-issue',
            'list',
            '--project-id',
            String(id),
            '--get-all',
          ],
        });
      const r = measureAll(commands, { env, runs: n === 50000 ? 3 : 5, warmup: 1 });
      rows.push([commands[0].name, n, fmt(r[0].ms), mib(r[0].rssKiB), `loop ${fmt(r[1].ms)}`, ratio(r[0].ms, r[1].ms)]);
      if (r[2])
        rows.push([
          commands[2].name,
          n,
          fmt(r[2].ms),
          mib(r[2].rssKiB),
          `collab ${fmt(r[0].ms)}`,
          `collab ${(r[2].ms / r[0].ms).toFixed(1)}× faster`,
        ]);
      console.error(`listing ${n}: done (collab sent Accept-Encoding: ${accept ?? 'none'})`);
    });
  }
  console.log(`\n## Full listing, loopback with sandbox --latency ${latency} (median of 5, 3 for 50,000; 1 warm-up)\n`);
  console.log(table(rows));
}

// ---------------------------------------------------------------------------------------------
// A slow link: 10,000 issues through 20 Mbit/s with 40 ms latency. The reference is the time the
// compressed bytes (as collab received them) need on that link.

async function slowLink() {
  const kibps = 2441; // 20 Mbit/s = 2,500,000 B/s
  const latency = 40;
  const n = 10000;
  await withSandbox(['--seed', String(n), '--latency', String(latency), '--bandwidth', String(kibps)], async (sb) => {
    const env = envFor(sb);
    const id = await projectId(sb.url);
    const probe = spawnSync(node, [...listArgv().slice(1), '--limit', '1'], { env, stdio: 'ignore' });
    if (probe.status !== 0) throw new Error('collab issue list failed');
    const accept = await collabAcceptEncoding(sb.url);
    const bytes = await bodyBytes(`${sb.url}/api/v4/projects/${id}/issues?per_page=100&state=all`, accept);
    const floorMs = (bytes / (kibps * 1024)) * 1000;
    // The default concurrency (8) and the most --concurrency allows: a link this slow wants more
    // pages in flight than loopback does.
    const commands = [
      { name: 'collab issue list --all -o ndjson', argv: listArgv(), check: countLines(n) },
      { name: 'same, --concurrency 16', argv: listArgv(16), check: countLines(n) },
    ];
    if (have('python-gitlab'))
      commands.push({
        name: 'python-gitlab project-issue list --get-all',
        argv: [
          'python-gitlab',
          '-c',
          pythonGitlabConfig(sb.url, TOKEN),
          '-o',
          'json',
          'project-issue',
          'list',
          '--project-id',
          String(id),
          '--get-all',
        ],
      });
    const r = measureAll(commands, { env, runs: 5, warmup: 1 });
    const rows = [['command', 'median', 'peak RSS', 'reference', 'ratio']];
    const floor = `${(bytes / 1024).toFixed(0)} KiB (Accept-Encoding: ${accept ?? 'none'}) at ${kibps} KiB/s: ${fmt(floorMs)}`;
    rows.push([commands[0].name, fmt(r[0].ms), mib(r[0].rssKiB), floor, ratio(r[0].ms, floorMs)]);
    rows.push([commands[1].name, fmt(r[1].ms), mib(r[1].rssKiB), floor, ratio(r[1].ms, floorMs)]);
    if (r[2])
      rows.push([
        commands[2].name,
        fmt(r[2].ms),
        mib(r[2].rssKiB),
        `collab ${fmt(r[0].ms)}`,
        `collab ${(r[2].ms / r[0].ms).toFixed(1)}× faster`,
      ]);
    console.log(
      `\n## 10,000 issues over 20 Mbit/s and ${latency} ms (sandbox --bandwidth ${kibps} --latency ${latency}; median of 5, 1 warm-up)\n`,
    );
    console.log(table(rows));
  });
}

/** The response bytes of every page of a list, as sent with this Accept-Encoding. */
async function bodyBytes(listUrl, accept) {
  const res = spawnSync(node, [path.join(ROOT, 'bench', 'fetch-loop.cjs'), listUrl, TOKEN, '8', ...(accept ? [accept] : [])], {
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`fetch-loop failed: ${res.stderr}`);
  return JSON.parse(res.stdout).bytes;
}

function download() {
  console.log('\n## Download (1 GiB artifact)\n');
  const res = spawnSync(node, [path.join(ROOT, 'bench', 'download.mjs')], { stdio: 'inherit' });
  if (res.status !== 0) console.log('download benchmark failed');
}

console.log(
  `collab bench: Node ${process.version}, ${(await import('node:os')).cpus().length} cores, load average ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
if (want('start')) await startUp();
if (want('view'))
  await withSandbox(['--seed', 'demo'], async (sb) => {
    const issueUrl = `${sb.url}/api/v4/projects/${await projectId(sb.url)}/issues/1`;
    viewAndList({ env: envFor(sb), issueUrl, token: TOKEN, project: PROJECT });
  });
if (want('list')) await listing();
if (want('slow')) await slowLink();
if (want('download')) download();
