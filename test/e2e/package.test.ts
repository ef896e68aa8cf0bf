/**
 * Every form a user installs, run from folders outside the checkout (no node_modules, no
 * completions/ or man/ beside them) against a sandbox that the single file itself serves: the npm
 * tarball installed globally, the single file (dist/collab.cjs) and the single executable, built
 * once for this file by `npm run package`'s script. Also what the Dockerfile's steps promise.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { execa, type ResultPromise } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, binEnv, ROOT, tempDir } from '../helpers/e2e.js';
import { runnerEnv, startGitlabCi } from '../helpers/gitlab-ci.js';
import { packagedForms } from '../helpers/packaged.js';
import { makeCa } from '../helpers/pki.js';

const EXECUTABLE = `collab-${process.platform}-${process.arch}`;
const PROJECT = 'acme/platform/api';
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const VERSION = pkg.version as string;

let dir = '';
let prefix = '';
let url = '';
let tarball = '';
let packed: { files: { path: string; size: number }[]; size: number; unpackedSize: number } | undefined;
let installLog = '';
let sandbox: ResultPromise | undefined;

/** The path of a Node binary that scripts/node-from-npm.mjs takes from the npm registry. */
function nodeFromNpm(line: string): string {
  const res = spawnSync(process.execPath, [path.join(ROOT, 'scripts/node-from-npm.mjs'), line], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`node-from-npm ${line}: ${res.stderr}`);
  return res.stdout.trim();
}

beforeAll(async () => {
  const built = await packagedForms();
  dir = tempDir('collab-packaged-');
  fs.copyFileSync(built.single, path.join(dir, 'collab.cjs'));
  fs.copyFileSync(built.executable, path.join(dir, EXECUTABLE));
  fs.chmodSync(path.join(dir, EXECUTABLE), 0o755);
  // dist/ is already built (global setup), and other test files are running it: pack it as it is.
  const pack = spawnSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8' });
  if (pack.status !== 0) throw new Error(`npm pack failed: ${pack.stderr}`);
  packed = JSON.parse(pack.stdout)[0];
  tarball = path.join(dir, (JSON.parse(pack.stdout)[0] as { filename: string }).filename);
  prefix = tempDir('collab-global-');
  const install = spawnSync('npm', ['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', '--prefer-offline', tarball], {
    cwd: dir,
    encoding: 'utf8',
  });
  installLog = install.stdout + install.stderr;
  if (install.status !== 0) throw new Error(`npm install -g failed: ${installLog}`);
  sandbox = execa(process.execPath, [path.join(dir, 'collab.cjs'), 'sandbox', '--port', '0', '-o', 'json'], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: dir },
    extendEnv: false,
  });
  const line = await new Promise<string>((resolve) => readline.createInterface({ input: sandbox!.stdout! }).once('line', resolve));
  url = JSON.parse(line).url;
}, 300_000);

afterAll(async () => {
  sandbox?.kill('SIGINT');
  await sandbox?.catch(() => undefined);
  for (const d of [dir, prefix]) if (d) fs.rmSync(d, { recursive: true, force: true });
});

describe('the npm tarball', () => {
  it('holds what a user runs and nothing else, small', () => {
    const files = packed!.files.map((f) => f.path).sort();
    const allowed = [
      /^(package\.json|README\.md|LICENSE)$/,
      /^bin\/(collab\.js|package\.json)$/,
      /^dist\/bundle\/collab\.cjs$/,
      /^dist\/(?!collab\.cjs$|collab-)[\w/.-]+\.js$/,
      /^(completions|man)\/[\w.-]+$/,
    ];
    expect(files.filter((f) => !allowed.some((re) => re.test(f)))).toEqual([]);
    for (const needed of ['LICENSE', 'bin/collab.js', 'dist/bundle/collab.cjs', 'dist/main.js', 'dist/sandbox/index.js', 'man/collab.1'])
      expect(files).toContain(needed);
    // No executable, no single file, no test, bench or coverage: today 0.5 MiB packed, 1.8 unpacked.
    expect(Math.max(...packed!.files.map((f) => f.size))).toBeLessThan(1024 * 1024);
    expect(packed!.size).toBeLessThan(1024 * 1024);
    expect(packed!.unpackedSize).toBeLessThan(4 * 1024 * 1024);
  });

  it('installs globally without building and without an install-script or engine warning', () => {
    expect(installLog).not.toMatch(/install-scripts|allowScripts|EBADENGINE|npm (warn|error)/i);
    const installed = path.join(prefix, 'lib', 'node_modules', 'collab');
    const manifest = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8'));
    expect(Object.keys(manifest.scripts ?? {}).filter((s) => /^(pre|post)?(install|prepare)$/.test(s))).toEqual([]);
    // Built before packing: nothing is compiled on the user's machine.
    expect(pkg.scripts.prepack).toMatch(/npm run build/);
    expect(fs.existsSync(path.join(installed, 'dist', 'bundle', 'collab.cjs'))).toBe(true);
    // undici serves the tests only (MockAgent): it is not installed with collab.
    expect(Object.keys(manifest.dependencies)).not.toContain('undici');
  });

  it('says its licence, repository, homepage, bugs and the Node it needs', () => {
    expect(pkg.license).toBe('MIT');
    expect(fs.readFileSync(path.join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
    expect(pkg.repository.url).toMatch(/^git\+https:\/\/.+\.git$/);
    const web = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
    expect(pkg.homepage).toBe(`${web}#readme`);
    expect(pkg.bugs.url).toBe(`${web}/-/issues`);
    expect(pkg.engines.node).toBe('^20.17.0 || ^22.13.0 || >=23.5.0');
  });
});

const variants = [
  {
    name: 'the tarball installed with npm install -g',
    argv: (args: string[]) => [path.join(prefix, 'bin', 'collab'), ...args],
    path: () => process.env.PATH,
  },
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
      env: binEnv(home, { PATH: variant.path(), COLLAB_HOST: url, COLLAB_TOKEN: ADMIN_TOKEN, ...env }),
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

  it('serves MCP on stdin and stdout: the SDK is inside, installed as part of collab', async () => {
    const client = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'p', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'issue_view', arguments: { project: PROJECT, iid: 1, fields: ['iid'] } },
      },
    ];
    const r = await run(['mcp', 'serve'], {}, client.map((m) => `${JSON.stringify(m)}\n`).join(''));
    expect(r.exitCode, r.stderr).toBe(0);
    const [init, call] = r.stdout.split('\n').map((line) => JSON.parse(line));
    expect(init.result).toMatchObject({ protocolVersion: '2025-06-18', serverInfo: { name: 'collab', version: VERSION } });
    expect(call.result.structuredContent).toEqual({ iid: 1 });
  });

  it("filters with --jq: jq's WebAssembly is inside", async () => {
    const r = await run(['issue', 'list', '-p', PROJECT, '--state', 'all', '--per-page', '3', '--jq', '.[] | [.iid, .state] | @tsv', '-r']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.split('\n')).toHaveLength(3);
    for (const line of r.stdout.split('\n')) expect(line).toMatch(/^\d+\t(opened|closed)$/);
    expect((await run(['issue', 'list', '-p', PROJECT, '--jq', '.['])).exitCode).toBe(2);
  });

  it("trusts the system's CA store and CI_SERVER_TLS_CA_FILE, as the npm form does", async () => {
    const ca = makeCa();
    const model = [
      { id: 1, ref: 'main', status: 'success' as const, jobs: [{ id: 10, name: 'build', status: 'success', files: { 'v.txt': 'ok' } }] },
    ];
    const server = await startGitlabCi(model, { tls: ca.issue(['IP:127.0.0.1']) });
    try {
      const bundle = path.join(tempDir('collab-system-ca-'), 'ca-certificates.crt');
      fs.copyFileSync(ca.file, bundle);
      const args = ['job', 'artifact', '--job', 'build', 'v.txt'];
      const job = { ...runnerEnv(server, model[0]!), COLLAB_HOST: '', COLLAB_TOKEN: '' };
      const system = await run(args, { ...job, SSL_CERT_FILE: bundle });
      expect(system.exitCode, system.stderr).toBe(0);
      expect(system.stdout).toBe('ok');
      const ciCa = await run(args, { ...job, CI_SERVER_TLS_CA_FILE: ca.file, SSL_CERT_FILE: path.join(path.dirname(bundle), 'none') });
      expect(ciCa.stdout, ciCa.stderr).toBe('ok');
      const neither = await run(args, { ...job, SSL_CERT_FILE: path.join(path.dirname(bundle), 'none') });
      expect(neither.stderr).toContain('TLS certificate problem');
    } finally {
      await server.close();
    }
  });

  it('keeps the exit codes: bad input is 2 with nothing sent, a 401 is 4', async () => {
    expect((await run(['issue', 'view', 'abc', '-p', PROJECT])).exitCode).toBe(2);
    expect((await run(['user', 'me'], { COLLAB_TOKEN: 'wrong' })).exitCode).toBe(4);
  });
});

describe('the Node each form runs on', () => {
  const needs = (version: string, floor: string) => `collab needs Node.js >= ${floor}; this is v${version}\n`;

  it('the executable carries Node 24 from the npm registry, and writes no code cache of its own', async () => {
    const node24 = nodeFromNpm('24');
    const version = spawnSync(node24, ['--version'], { encoding: 'utf8' }).stdout.trim();
    expect(version).toMatch(/^v24\./);
    // Node's binary names its own release in process.release.sourceUrl.
    expect(fs.readFileSync(path.join(dir, EXECUTABLE)).includes(`/${version}/node-${version}.tar.gz`)).toBe(true);
    const home = tempDir('collab-home-');
    const r = await execa(path.join(dir, EXECUTABLE), ['issue', 'view', '1', '-p', PROJECT, '-o', 'json'], {
      env: { PATH: '/nonexistent', HOME: home, COLLAB_HOST: url, COLLAB_TOKEN: ADMIN_TOKEN },
      extendEnv: false,
      reject: false,
    });
    expect(r.exitCode, String(r.stderr)).toBe(0);
    expect(fs.readdirSync(home)).not.toContain('.cache');
  });

  it('an unsupported Node gets one line and exit 1, from the installed tarball and from the single file', async () => {
    const old = nodeFromNpm('unsupported');
    const version = spawnSync(old, ['--version'], { encoding: 'utf8' }).stdout.trim().slice(1);
    for (const script of [path.join(prefix, 'lib', 'node_modules', 'collab', 'bin', 'collab.js'), path.join(dir, 'collab.cjs')]) {
      for (const args of [['--version'], ['issue', 'list', '-p', PROJECT]]) {
        const r = await execa(old, [script, ...args], {
          env: { PATH: process.env.PATH, HOME: dir, COLLAB_HOST: url, COLLAB_TOKEN: ADMIN_TOKEN },
          extendEnv: false,
          reject: false,
        });
        expect({ code: r.exitCode, out: r.stdout, err: `${r.stderr}\n` }).toEqual({ code: 1, out: '', err: needs(version, '20.17.0') });
      }
    }
  });

  it('the single file applies the same rule as the bin', async () => {
    for (const [version, floor] of [
      ['18.20.4', '20.17.0'],
      ['22.12.0', '22.13.0'],
      ['22.13.0', undefined],
    ] as const) {
      const r = await execa(
        process.execPath,
        ['-r', path.join(ROOT, 'test/fixtures/node-version.cjs'), path.join(dir, 'collab.cjs'), '--version'],
        {
          env: { PATH: process.env.PATH, COLLAB_FAKE_NODE_VERSION: version },
          extendEnv: false,
          reject: false,
        },
      );
      if (floor) expect(`${r.stderr}\n`).toBe(needs(version, floor));
      else expect(r.stdout).toBe(VERSION);
    }
  });
});

describe('the single file compiles only the chunks a command needs', () => {
  it("caches each chunk's code when first used, in the bin's private cache folder", async () => {
    const cache = tempDir('collab-cache-');
    const run = (args: string[]) =>
      execa(process.execPath, [path.join(dir, 'collab.cjs'), ...args], {
        env: { PATH: process.env.PATH, HOME: cache, XDG_CACHE_HOME: cache, COLLAB_HOST: url, COLLAB_TOKEN: ADMIN_TOKEN },
        extendEnv: false,
      });
    const cached = () => (fs.existsSync(path.join(cache, 'collab')) ? fs.readdirSync(path.join(cache, 'collab')).sort() : []);
    await run(['--version']);
    expect(cached()).toEqual([]);
    await run(['issue', 'view', '1', '-p', PROJECT, '-o', 'json']);
    const cli = cached();
    expect(cli).toHaveLength(1);
    await run(['issue', 'view', '2', '-p', PROJECT, '-o', 'json']);
    expect(cached()).toEqual(cli);
    // --jq loads jq (a chunk of its own) on top of the CLI.
    expect((await run(['issue', 'list', '-p', PROJECT, '--jq', '.[0].iid'])).stdout).toMatch(/^\d+$/);
    expect(cached()).toHaveLength(2);
    expect(fs.statSync(path.join(cache, 'collab')).mode & 0o777).toBe(0o700);
  });
});

describe('the Dockerfile (no container engine here: its steps, proven on what they build)', () => {
  const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');

  it('pins its bases and packages, builds the executable with the Node it pins, and runs as a user', () => {
    const from = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    const node24 = spawnSync(nodeFromNpm('24'), ['--version'], { encoding: 'utf8' }).stdout.trim().slice(1);
    expect(from).toEqual([`node:${node24}-trixie-slim`, expect.stringMatching(/^debian:13\.\d+-slim$/)]);
    for (const install of dockerfile.matchAll(/apt-get install -y --no-install-recommends ([^\n&\\]+)/g))
      for (const p of install[1]!.trim().split(/\s+/)) expect(p).toMatch(/^[\w.+-]+=\S+$/);
    expect(dockerfile).toMatch(/^RUN npm ci --no-audit --no-fund$/m);
    expect(dockerfile).toMatch(/^RUN npm run package$/m);
    expect(dockerfile).toMatch(/^COPY --from=build \/src\/dist\/collab-linux-\* \/usr\/local\/bin\/collab$/m);
    const user = /^USER (\S+)$/m.exec(dockerfile)?.[1];
    expect(user).toBe('collab');
    expect(dockerfile.indexOf(`USER ${user}`)).toBeLessThan(dockerfile.indexOf('RUN sh /usr/local/share/collab/smoke.sh'));
  });

  it('its smoke test passes on the executable, as a user other than root, with no Node on the PATH', async () => {
    expect(dockerfile).toMatch(/^COPY scripts\/image-smoke\.sh \/usr\/local\/share\/collab\/smoke\.sh$/m);
    // A PATH with collab and the few tools the script uses: no Node (this machine has one in /usr/bin).
    const bin = tempDir('collab-image-');
    fs.copyFileSync(path.join(dir, EXECUTABLE), path.join(bin, 'collab'));
    fs.chmodSync(bin, 0o755);
    fs.chmodSync(path.join(bin, 'collab'), 0o755);
    for (const tool of ['mktemp', 'grep', 'sed', 'sleep', 'wc', 'rm']) {
      const found = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
      fs.symlinkSync(found, path.join(bin, tool));
    }
    const home = tempDir('collab-image-home-');
    const asUser = process.getuid?.() === 0 ? { uid: 10001, gid: 10001 } : {};
    if (asUser.uid) fs.chownSync(home, asUser.uid, asUser.gid!);
    const r = await execa('/bin/sh', [path.join(ROOT, 'scripts/image-smoke.sh')], {
      cwd: home,
      env: { PATH: bin, HOME: home },
      extendEnv: false,
      reject: false,
      ...asUser,
    });
    expect(r.exitCode, String(r.stderr)).toBe(0);
    expect(String(r.stdout)).toMatch(new RegExp(`^${VERSION.replace(/\./g, '\\.')}\\n[^]*smoke: ok$`));
    expect(spawnSync('/bin/sh', ['-c', 'command -v node'], { env: { PATH: bin } }).status).not.toBe(0);
  });
});
