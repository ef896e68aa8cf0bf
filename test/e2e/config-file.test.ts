/**
 * The config file: trusted with tokens only when it is ours and only we can write it; every way
 * it can be wrong is one line naming the file, with exit 2 (or 4 for trust), and nothing is sent.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, BIN, runBin, type SandboxFixture, startSandboxFixture, tempDir } from '../helpers/e2e.js';
import { runCli } from '../helpers/harness.js';

const PROJECT = 'acme/platform/api';

function writeConfig(text: string, mode = 0o600): { dir: string; file: string } {
  const dir = tempDir('collab-cfg-');
  const file = path.join(dir, 'config.json');
  fs.writeFileSync(file, text, { mode });
  fs.chmodSync(file, mode);
  return { dir, file };
}

describe('the config file', () => {
  let sb: SandboxFixture;
  beforeAll(async () => {
    sb = await startSandboxFixture({ seed: 'demo' });
  });
  afterAll(() => sb?.close());
  afterEach(() => sb.clearRequests());

  const stored = () => JSON.stringify({ host: sb.url, hosts: { [sb.url]: { token: ADMIN_TOKEN } } });

  it('writable by group or others: not trusted with tokens (exit 4, why, nothing sent, file untouched)', async () => {
    for (const mode of [0o664, 0o646, 0o666, 0o620]) {
      const { dir, file } = writeConfig(stored(), mode);
      const r = await runBin(['issue', 'list', '-p', PROJECT], { COLLAB_CONFIG_DIR: dir });
      expect(r.exitCode, r.stderr).toBe(4);
      expect(r.stderr).toMatch(
        new RegExp(
          `^collab: config file ${file} is writable by .* \\(mode ${mode.toString(8)}\\); ` +
            `collab does not trust it with tokens\\nhint: check its content, then: chmod 600 `,
        ),
      );
      expect(r.stderr).not.toContain(ADMIN_TOKEN);
      expect(fs.statSync(file).mode & 0o777).toBe(mode);
    }
    expect(sb.requests()).toEqual([]);
  });

  it(
    "another user's config, even world-readable, is not used: exit 4 (as root, a file " + "chown'd away; in process, another uid)",
    async () => {
      const { dir, file } = writeConfig(stored(), 0o644);
      if (process.getuid?.() === 0) {
        fs.chownSync(file, 1000, 1000);
        const r = await runBin(['issue', 'list', '-p', PROJECT], { COLLAB_CONFIG_DIR: dir });
        expect(r.exitCode, r.stderr).toBe(4);
        expect(r.stderr).toContain(
          `collab: config file ${file} belongs to another user (uid 1000, you are 0); collab does not trust it with tokens`,
        );
        expect(r.stderr).not.toContain(ADMIN_TOKEN);
        expect(sb.requests()).toEqual([]);
      }
      const owner = fs.statSync(file).uid;
      const r = await runCli(['issue', 'list', '-p', PROJECT], {
        env: { COLLAB_CONFIG_DIR: dir, COLLAB_HOST: undefined, COLLAB_TOKEN: undefined },
        uid: owner + 4242,
      });
      expect(r.code, r.stderr).toBe(4);
      expect(r.stderr).toContain(`belongs to another user (uid ${owner}, you are ${owner + 4242})`);
      const mine = await runCli(['config', 'get', 'host'], { env: { COLLAB_CONFIG_DIR: dir }, uid: owner });
      expect(mine.code, mine.stderr).toBe(0);
    },
  );

  it('a config dir that is a file is exit 2 naming it, for reads and writes', async () => {
    const file = path.join(tempDir(), 'not-a-dir');
    fs.writeFileSync(file, 'x');
    for (const args of [
      ['config', 'get', 'output'],
      ['config', 'set', 'output', 'json'],
      ['issue', 'list', '-p', PROJECT],
    ]) {
      const r = await sb.run(args, { COLLAB_CONFIG_DIR: file });
      expect(r.exitCode, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toBe(
        `collab: the config directory ${file} is a file, not a directory; remove it or point COLLAB_CONFIG_DIR elsewhere`,
      );
    }
    expect(fs.readFileSync(file, 'utf8')).toBe('x');
    expect(sb.requests()).toEqual([]);
  });

  it('values of the wrong type are exit 2 naming the key and the file, and nothing is sent', async () => {
    const cases: [unknown, RegExp][] = [
      [
        { per_page: 'abc' },
        /^collab: invalid value for per_page in config file .*config\.json: "abc" is not a whole number from 1 to 100$/,
      ],
      [{ per_page: [5] }, /^collab: invalid value for per_page in config file .*: expected a number, found a list$/],
      [{ output: 3 }, /^collab: invalid value for output in config file .*: expected text, found number 3$/],
      [{ project: { id: 1 } }, /^collab: invalid value for project in config file .*: expected text, found an object$/],
      [{ hosts: [] }, /^collab: invalid value for hosts in config file .*: expected an object of hosts, found a list$/],
      [{ hosts: { 'https://h': 'tok' } }, /^collab: invalid value for hosts\["https:\/\/h"\] in config file .*: expected an object/],
      [
        { hosts: { SANDBOX: { token: 123 } } },
        /^collab: invalid value for hosts\["http:\/\/127\.0\.0\.1:\d+"\]\.token in config file .*: expected text, found number 123$/,
      ],
      [
        { hosts: { SANDBOX: { token: 'two\nlines' } } },
        /^collab: hosts\["http:\/\/127\.0\.0\.1:\d+"\]\.token in config file .* contains a line break/,
      ],
      [['not', 'an', 'object'], /^collab: config file .* must hold a JSON object/],
    ];
    for (const [data, message] of cases) {
      const { dir } = writeConfig(JSON.stringify(data).replace('SANDBOX', sb.url));
      // No -p and no COLLAB_TOKEN: the project default and the stored token are read too.
      const r = await sb.run(['issue', 'list'], { COLLAB_CONFIG_DIR: dir, COLLAB_TOKEN: undefined });
      expect(r.exitCode, `${JSON.stringify(data)}: ${r.stderr}`).toBe(2);
      expect(r.stderr, JSON.stringify(data)).toMatch(message);
      expect(r.stderr.split('\n')).toHaveLength(1);
    }
    const { dir } = writeConfig(JSON.stringify({ host: 42 }));
    const r = await runBin(['issue', 'list', '-p', PROJECT], { COLLAB_CONFIG_DIR: dir });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/^collab: invalid value for host in config file .*: expected a URL, found number 42$/);
    expect(sb.requests()).toEqual([]);
  });

  it('output: xml names the config, not --output; config set still repairs it', async () => {
    const { dir, file } = writeConfig(JSON.stringify({ output: 'xml' }));
    const r = await sb.run(['issue', 'view', '1', '-p', PROJECT], { COLLAB_CONFIG_DIR: dir });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe(`collab: invalid value for output in config file ${file}: "xml" is not one of table, tsv, json, ndjson`);
    expect(sb.requests()).toEqual([]);
    expect((await sb.run(['config', 'set', 'output', 'json'], { COLLAB_CONFIG_DIR: dir })).exitCode).toBe(0);
    const fixed = await sb.run(['issue', 'view', '1', '-p', PROJECT], { COLLAB_CONFIG_DIR: dir });
    expect(fixed.exitCode, fixed.stderr).toBe(0);
    expect(JSON.parse(fixed.stdout).iid).toBe(1);
  });

  it('a FIFO or a device in its place is exit 2 naming it: never waited on (SIGTERM could not end that wait)', async () => {
    const fifo = tempDir('collab-cfg-');
    execFileSync('mkfifo', [path.join(fifo, 'config.json')]);
    const device = tempDir('collab-cfg-');
    fs.symlinkSync('/dev/zero', path.join(device, 'config.json'));
    for (const [dir, kind] of [
      [fifo, 'a FIFO'],
      [device, 'a device or a socket'],
    ] as const) {
      // A hang is killed, and fails: the read must not block at all.
      const r = await runBin(['issue', 'list', '-p', PROJECT], { COLLAB_CONFIG_DIR: dir }, { timeout: 20_000, killSignal: 'SIGKILL' });
      expect([r.exitCode, r.stdout]).toEqual([2, '']);
      expect(r.stderr).toBe(
        `collab: config file ${path.join(dir, 'config.json')} is ${kind}, not a regular file; remove it or set COLLAB_CONFIG_DIR`,
      );
    }
    expect(sb.requests()).toEqual([]);
  });

  const root = process.getuid?.() === 0;
  (root ? it : it.skip)(
    'as root with a HOME another user owns: no config made under it, the flavour not stored, a write refused (needs root)',
    async () => {
      const home = tempDir('collab-their-home-');
      fs.chownSync(home, 65534, 65534);
      const run = (args: string[], own = home) =>
        execa(process.execPath, [BIN, ...args], {
          env: { PATH: process.env.PATH, HOME: own, COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN, COLLAB_NO_CODE_CACHE: '1' },
          extendEnv: false,
          reject: false,
          stdin: 'ignore',
        });
      // First contact learns the flavour (GET /version), which is stored with the host: not here.
      // (The spec flavour has no pipelines: exit 1 with that said, after the flavour was learnt.)
      const list = await run(['pipeline', 'list', '-p', PROJECT]);
      expect([list.exitCode, list.stderr]).toEqual([1, expect.stringMatching(/^collab: this server has no pipelines API/)]);
      expect(sb.requests().map((q) => q.path)).toContain('/api/v4/version');
      const set = await run(['config', 'set', 'output', 'json']);
      expect([set.exitCode, set.stdout]).toEqual([1, '']);
      expect(set.stderr).toContain(
        `collab: refusing to write the config in ${home}/.config/collab: the home ${home} belongs to another user (uid 65534, you are 0)`,
      );
      expect(fs.readdirSync(home)).toEqual([]);
      // Their ~/.config exists: nothing is made in it either.
      fs.mkdirSync(path.join(home, '.config'));
      fs.chownSync(path.join(home, '.config'), 65534, 65534);
      expect((await run(['config', 'set', 'output', 'json'])).exitCode).toBe(1);
      expect(fs.readdirSync(path.join(home, '.config'))).toEqual([]);
      // The control: root's own HOME gets its config, with the flavour learnt.
      const own = tempDir('collab-root-home-');
      expect((await run(['pipeline', 'list', '-p', PROJECT], own)).exitCode).toBe(1);
      expect(JSON.parse(fs.readFileSync(path.join(own, '.config/collab/config.json'), 'utf8')).hosts[sb.url]).toHaveProperty('flavor');
    },
  );

  it('a UTF-8 byte order mark is accepted, on reads and on writes', async () => {
    const { dir, file } = writeConfig(`\uFEFF${JSON.stringify({ output: 'json', per_page: 2 })}`);
    const r = await sb.run(['issue', 'list', '-p', PROJECT], { COLLAB_CONFIG_DIR: dir });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(2);
    const set = await sb.run(['config', 'set', 'project', PROJECT], { COLLAB_CONFIG_DIR: dir });
    expect(set.exitCode, set.stderr).toBe(0);
    expect(JSON.parse(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''))).toEqual({ output: 'json', per_page: 2, project: PROJECT });
  });
});
