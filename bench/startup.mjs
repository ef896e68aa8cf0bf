// Start-up of collab's three forms, each beside the bin in the same run: `--version` and one GET
// (`issue view 1 -o json`) against the sandbox, with V8's code cache already written, in a fresh
// HOME (a CI job's first run: nothing cached), and with NODE_EXTRA_CA_CERTS (which Node 20 reads at
// every start). References: `node -e 0` and a bare node:http GET of the same issue.
import fs from 'node:fs';
import path from 'node:path';
import { nodeBinary } from '../scripts/node-from-npm.mjs';
import { BIN, fmt, have, hyperfine, measureAll, ROOT, table } from './lib.mjs';

const node = process.execPath;
const SINGLE = path.join(ROOT, 'dist', 'collab.cjs');
const EXECUTABLE = path.join(ROOT, 'dist', `collab-${process.platform}-${process.arch}`);
const CA_BUNDLE = ['/etc/ssl/certs/ca-certificates.crt', '/etc/pki/tls/certs/ca-bundle.crt'].find((f) => fs.existsSync(f));
const TARGET = 1.2;

const FORMS = [
  ['bin/collab.js', [node, BIN]],
  ['node dist/collab.cjs', [node, SINGLE]],
  [`dist/${path.basename(EXECUTABLE)}`, [EXECUTABLE]],
];

/** Times every command in one hyperfine run per case (spawnSync without hyperfine: wall time only). */
function time(argvs, env, prepare) {
  return (
    hyperfine(argvs, { env, runs: 40, warmup: 5, rounds: 10, prepare }) ??
    measureAll(
      argvs.map((argv) => ({ argv })),
      { env, runs: 40, warmup: 5 },
    ).map((m) => ({ ms: m.ms, cpuMs: Number.NaN }))
  );
}

/**
 * Prints one table: each form's --version and GET in each case, its wall and CPU time, and its
 * ratio to the bin's same command in the same case; then the references and the bin's own cost
 * over the bare GET. `env` is collab's environment against the sandbox (config and code cache of
 * the bench's own); `issueUrl` and `token` are the bare GET's.
 */
export function startUp({ env, issueUrl, token, project }) {
  for (const f of [SINGLE, EXECUTABLE]) if (!fs.existsSync(f)) throw new Error(`${f} is missing: run \`npm run package\``);
  const fresh = path.join(ROOT, '.bench', 'fresh-home');
  const { NODE_EXTRA_CA_CERTS: _, ...plain } = env;
  const cases = [
    ['code cache written', plain],
    [
      'fresh HOME',
      { ...plain, HOME: fresh, XDG_CACHE_HOME: path.join(fresh, '.cache'), COLLAB_CONFIG_DIR: path.join(fresh, 'config') },
      fresh,
    ],
    ...(CA_BUNDLE ? [[`NODE_EXTRA_CA_CERTS=${CA_BUNDLE}`, { ...plain, NODE_EXTRA_CA_CERTS: CA_BUNDLE }]] : []),
  ];
  const verbs = [
    ['--version', ['--version']],
    ['issue view 1 -o json', ['issue', 'view', '1', '-p', project, '-o', 'json']],
  ];
  const commands = verbs.flatMap(([verb, args]) => FORMS.map(([form, argv]) => ({ name: `${form} ${verb}`, argv: [...argv, ...args] })));
  const references = [
    { name: 'node -e 0', argv: [node, '-e', '0'] },
    { name: 'bare node:http GET (bench/bare-get.cjs)', argv: [node, path.join(ROOT, 'bench', 'bare-get.cjs'), issueUrl, token] },
  ];
  const rows = [['command', 'case', 'wall (median)', 'CPU (mean)', 'the bin, same case: wall / CPU', 'ratio wall / CPU']];
  const refRows = [['reference', 'case', 'wall (median)', 'CPU (mean)']];
  const own = [['the bin over the bare GET', 'case', 'wall', 'CPU', 'stretch target']];
  let worst = 0;
  for (const [label, caseEnv, home] of cases) {
    const all = [...commands, ...references];
    const r = time(
      all.map((c) => c.argv),
      caseEnv,
      home && `rm -rf ${home}`,
    );
    commands.forEach((c, i) => {
      const bin = r[i - (i % FORMS.length)];
      const ratio = r[i].ms / bin.ms;
      if (i % FORMS.length !== 0) worst = Math.max(worst, ratio);
      const same = i % FORMS.length === 0;
      rows.push([
        c.name,
        label,
        fmt(r[i].ms),
        fmt(r[i].cpuMs),
        same ? '' : `${fmt(bin.ms)} / ${fmt(bin.cpuMs)}`,
        same ? '' : `${ratio.toFixed(2)}× / ${(r[i].cpuMs / bin.cpuMs).toFixed(2)}×`,
      ]);
    });
    references.forEach((c, j) => {
      const m = r[commands.length + j];
      refRows.push([c.name, label, fmt(m.ms), fmt(m.cpuMs)]);
    });
    const get = r[FORMS.length];
    const bare = r[commands.length + 1];
    own.push([
      'issue view 1 -o json',
      label,
      `+${(get.ms - bare.ms).toFixed(1)} ms`,
      `+${(get.cpuMs - bare.cpuMs).toFixed(1)} ms`,
      '≤ +5 ms',
    ]);
  }
  const how = have('hyperfine') ? 'hyperfine, 40 runs in 10 rounds after 5 warm-up runs' : 'spawnSync; hyperfine not installed';
  console.log(`\n## Start-up of the three forms, each beside the bin (${how}; Node ${process.version} runs the bin and the single file)\n`);
  console.log(table(rows));
  console.log(`\nworst ratio to the bin (wall): ${worst.toFixed(2)}× (target ≤ ${TARGET}×) ${worst <= TARGET ? 'OK' : 'MISSED'}\n`);
  console.log(table(refRows));
  console.log('');
  console.log(table(own));
}

/**
 * Issue 40's figures, this run's beside the ones it reported before this turn (hyperfine, medians):
 * the bare GET is the floor, with the machine's Node and with the Node the executable carries.
 */
const BEFORE = { bare: 43.5, view: 69.6, list: 76.0, exeView: 57.2 };

/** One hyperfine run: the bare GETs, the bin's view and one-page list, the executable's view. */
export function viewAndList({ env, issueUrl, token, project }) {
  const listUrl = issueUrl.replace(/\/\d+$/, '');
  const node24 = nodeBinary(24);
  const args = (verb) =>
    verb === 'view' ? ['issue', 'view', '1', '-p', project, '-o', 'json'] : ['issue', 'list', '-p', project, '-o', 'json'];
  const rows = [
    ['bare node:http GET (this Node)', [node, path.join(ROOT, 'bench', 'bare-get.cjs'), issueUrl, token], 'bare'],
    ["bare node:http GET (Node 24, the executable's)", [node24, path.join(ROOT, 'bench', 'bare-get.cjs'), issueUrl, token]],
    ['bare node:http GET of the list page (this Node)', [node, path.join(ROOT, 'bench', 'bare-get.cjs'), listUrl, token]],
    ['bin issue view 1 -o json', [node, BIN, ...args('view')], 'view'],
    ['bin issue list -o json (one page)', [node, BIN, ...args('list')], 'list'],
    ['executable issue view 1 -o json', [EXECUTABLE, ...args('view')], 'exeView'],
  ];
  // As the issue measured: no extra CA (Node 20 reads NODE_EXTRA_CA_CERTS at every start).
  const { NODE_EXTRA_CA_CERTS: _, ...plain } = env;
  const r = time(
    rows.map((row) => row[1]),
    plain,
  );
  const out = [['command', 'wall (median)', 'CPU (mean)', 'before this turn (issue 40)']];
  for (const [i, [name, , key]] of rows.entries()) out.push([name, fmt(r[i].ms), fmt(r[i].cpuMs), key ? fmt(BEFORE[key]) : '']);
  console.log(
    `\n## View and list, the bin and the executable against the bare GET (one hyperfine run; Node ${process.version} runs the bin)\n`,
  );
  console.log(table(out));
  const [bare, bare24, bareList, view, list, exeView] = r;
  const listOverView = list.ms / view.ms;
  const exeOverBare = exeView.ms - bare24.ms;
  console.log(
    `\nthe bin's one-page list / its view: ${listOverView.toFixed(3)}× (target ≤ 1.05×) ${listOverView <= 1.05 ? 'OK' : 'MISSED'}`,
  );
  // The server's own time for the bigger answer is in both list figures: collab's part is over the bare GET of the same answer.
  console.log(`collab's own part: view +${(view.ms - bare.ms).toFixed(1)} ms, one-page list +${(list.ms - bareList.ms).toFixed(1)} ms`);
  console.log(
    `the executable's view over Node 24's bare GET: +${exeOverBare.toFixed(1)} ms (target ≤ +5 ms) ${exeOverBare <= 5 ? 'OK' : 'MISSED'}\n`,
  );
}
