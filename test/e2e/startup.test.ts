import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { ROOT, runBin, tempDir } from '../helpers/e2e.js';

// A normalised mtime, as reproducible builds (SOURCE_DATE_EPOCH) and Nix leave it.
const BUILD_TIME = new Date('1980-01-01T00:00:00Z');
const CACHE_NAME = /^code-[0-9a-f]{32}-v\d+\.\d+\.\d+-[a-z0-9]+\.bin$/;

/** A copy of the installed package (bin and bundle only): enough for `help exit-codes`. */
function copyInstall(): { root: string; bundle: string } {
  const root = tempDir('collab-install-');
  for (const rel of ['package.json', 'bin/collab.js', 'bin/package.json', 'dist/bundle/collab.cjs']) {
    fs.mkdirSync(path.join(root, path.dirname(rel)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, rel), path.join(root, rel));
  }
  const bundle = path.join(root, 'dist/bundle/collab.cjs');
  fs.utimesSync(bundle, BUILD_TIME, BUILD_TIME);
  return { root, bundle };
}

/**
 * What a rebuild with a one-letter change produces: the same size, the build's SHA-256 line for
 * the new content, and (as reproducible builds and some package managers do) the same mtime.
 */
function rebuildWithOneLetterChanged(bundle: string, from: string, to: string): void {
  expect(from.length).toBe(to.length);
  const before = fs.statSync(bundle);
  const text = fs.readFileSync(bundle, 'latin1');
  const body = text.slice(text.indexOf('\n') + 1);
  expect(body.includes(from)).toBe(true);
  const changed = body.replace(from, to);
  const hash = crypto.createHash('sha256').update(changed).digest('hex');
  fs.writeFileSync(bundle, `// collab-bundle sha256:${hash}\n${changed}`, 'latin1');
  fs.utimesSync(bundle, BUILD_TIME, BUILD_TIME);
  expect(fs.statSync(bundle).size).toBe(before.size);
  expect(fs.statSync(bundle).mtimeMs).toBe(before.mtimeMs);
}

async function run(root: string, cacheHome: string, env: Record<string, string> = {}) {
  const res = await execa(process.execPath, [path.join(root, 'bin/collab.js'), 'help', 'exit-codes'], {
    env: { PATH: process.env.PATH, HOME: cacheHome, XDG_CACHE_HOME: cacheHome, ...env },
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
  });
  expect(res.stderr).toBe('');
  expect(res.exitCode).toBe(0);
  return String(res.stdout);
}

const cacheFiles = (cacheHome: string) => {
  const dir = path.join(cacheHome, 'collab');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

/**
 * An installation rebuilt with one letter changed, whose private cache folder holds the OLD
 * build's cache under the name the new build looks for: read, it would run the old code.
 */
async function plantStaleCache() {
  const { root, bundle } = copyInstall();
  const cache = tempDir('collab-cache-');
  await run(root, cache);
  const [planted] = cacheFiles(cache);
  rebuildWithOneLetterChanged(bundle, 'interrupted (Ctrl-C)', 'interrupted (Ctrl-X)');
  const fresh = tempDir('collab-cache-');
  await run(root, fresh);
  const dir = path.join(cache, 'collab');
  fs.renameSync(path.join(dir, planted!), path.join(dir, cacheFiles(fresh)[0]!));
  return { root, dir, cache };
}

describe('start-up through the bundle and the V8 code cache', () => {
  it('writes a private code cache on the first run, reuses it, and survives a corrupt one', async () => {
    const cache = tempDir('collab-cache-');
    const env = { XDG_CACHE_HOME: cache };
    const first = await runBin(['help', 'exit-codes'], env);
    expect(first.exitCode).toBe(0);
    const files = cacheFiles(cache);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(CACHE_NAME);
    const file = path.join(cache, 'collab', files[0]!);
    expect(fs.statSync(path.join(cache, 'collab')).mode & 0o777).toBe(0o700);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const written = fs.statSync(file).mtimeMs;

    const second = await runBin(['help', 'exit-codes'], env);
    expect(second.stdout).toBe(first.stdout);
    expect(fs.statSync(file).mtimeMs).toBe(written);

    fs.writeFileSync(file, 'not a code cache');
    const third = await runBin(['help', 'exit-codes'], env);
    expect(third.exitCode).toBe(0);
    expect(third.stdout).toBe(first.stdout);
    expect(third.stderr).toBe('');
    expect(fs.readFileSync(file).toString()).not.toBe('not a code cache');
  });

  it('the first run of each other command writes the cache again with what it compiled, eight commands at most', async () => {
    const cache = tempDir('collab-cache-');
    const env = { XDG_CACHE_HOME: cache };
    // bin/collab.js's layout: tag (8), CRC-32 (4), V8's data length (4), the data, the commands.
    const read = (file: string) => {
      const bytes = fs.readFileSync(file);
      const length = bytes.readUInt32BE(12);
      return {
        bytes,
        length,
        commands: bytes
          .subarray(16 + length)
          .toString('latin1')
          .split('\n'),
      };
    };
    const topics = ['exit-codes', 'environment', 'issue', 'mr', 'job', 'pipeline', 'release', 'package', 'variable'];
    const help = async (topic: string) => {
      const res = await runBin(['help', topic], env);
      expect([res.exitCode, res.stderr]).toEqual([0, '']);
      return String(res.stdout);
    };
    const exitCodes = await help('exit-codes');
    const file = path.join(cache, 'collab', cacheFiles(cache)[0]!);
    const first = read(file);
    expect(first.commands).toEqual(['help exit-codes']);
    await help('exit-codes');
    expect(read(file).bytes.equals(first.bytes)).toBe(true);

    await help('environment');
    const second = read(file);
    expect(second.commands).toEqual(['help exit-codes', 'help environment']);
    // (Its size says nothing either way: V8 may lay out the same functions a few bytes shorter.)
    for (const topic of topics.slice(2)) await help(topic);
    const full = read(file);
    expect(full.commands).toEqual(topics.slice(0, 8).map((t) => `help ${t}`));
    // The ninth command runs from the cache without writing it.
    expect(full.commands).not.toContain('help variable');
    await help('variable');
    expect(read(file).bytes.equals(full.bytes)).toBe(true);
    // The first command runs right from the cache the others wrote.
    expect(await help('exit-codes')).toBe(exitCodes);
  });

  it('a same-size, same-mtime change of the bundle runs the new code, and the old cache stays', async () => {
    const { root, bundle } = copyInstall();
    const cache = tempDir('collab-cache-');
    expect(await run(root, cache)).toContain('interrupted (Ctrl-C)');
    const [oldCache] = cacheFiles(cache);

    rebuildWithOneLetterChanged(bundle, 'interrupted (Ctrl-C)', 'interrupted (Ctrl-X)');
    const out = await run(root, cache);
    expect(out).toContain('interrupted (Ctrl-X)');
    expect(out).not.toContain('Ctrl-C');
    // Another installed version may still use the first cache: it is not this build's to delete.
    const files = cacheFiles(cache);
    expect(files).toHaveLength(2);
    expect(files).toContain(oldCache);
  });

  it('reads no cache from a folder others can write to, and writes none there', async () => {
    const { root, dir, cache } = await plantStaleCache();
    fs.chmodSync(dir, 0o777);
    expect(await run(root, cache)).toContain('interrupted (Ctrl-X)');
    fs.chmodSync(dir, 0o700);
    // Now private again: the planted (stale) cache is read, which shows the test can fail.
    expect(await run(root, cache)).toContain('interrupted (Ctrl-C)');
  });

  it.runIf(process.getuid?.() === 0)('reads no cache from a folder owned by another user', async () => {
    const { root, dir, cache } = await plantStaleCache();
    fs.chownSync(dir, 65534, 65534);
    expect(await run(root, cache)).toContain('interrupted (Ctrl-X)');
  });

  it('COLLAB_NO_CODE_CACHE=1 neither reads nor writes a cache', async () => {
    const { root, cache } = await plantStaleCache();
    expect(await run(root, cache, { COLLAB_NO_CODE_CACHE: '1' })).toContain('interrupted (Ctrl-X)');
    const empty = tempDir('collab-cache-');
    await run(root, empty, { COLLAB_NO_CODE_CACHE: '1' });
    expect(cacheFiles(empty)).toEqual([]);
  });

  it('never caches under the current folder: a relative XDG_CACHE_HOME is ignored, no home means no cache', async () => {
    const { root } = copyInstall();
    const cwd = tempDir('collab-cwd-');
    const home = tempDir('collab-home-');
    const runIn = (env: Record<string, string>) =>
      execa(process.execPath, [path.join(root, 'bin/collab.js'), 'help', 'exit-codes'], {
        cwd,
        env: { PATH: process.env.PATH, ...env },
        extendEnv: false,
        reject: false,
        stdin: 'ignore',
      });
    expect((await runIn({ HOME: home, XDG_CACHE_HOME: 'relative' })).exitCode).toBe(0);
    expect(cacheFiles(path.join(home, '.cache'))).toHaveLength(1);
    expect((await runIn({ HOME: '', XDG_CACHE_HOME: '' })).exitCode).toBe(0);
    expect(fs.readdirSync(cwd)).toEqual([]);
  });

  it('caches nobody used for a month are removed when a new cache is written; recent ones stay', async () => {
    const { root } = copyInstall();
    const cache = tempDir('collab-cache-');
    const dir = path.join(cache, 'collab');
    fs.mkdirSync(dir, { mode: 0o700 });
    const recent = `code-${'a'.repeat(32)}-v20.0.0-x64.bin`;
    const stale = `code-${'b'.repeat(32)}-v20.0.0-x64.bin`;
    fs.writeFileSync(path.join(dir, recent), 'x');
    fs.writeFileSync(path.join(dir, stale), 'x');
    const old = new Date(Date.now() - 40 * 24 * 3600 * 1000);
    fs.utimesSync(path.join(dir, stale), old, old);
    await run(root, cache);
    const files = cacheFiles(cache);
    expect(files).toContain(recent);
    expect(files).not.toContain(stale);
    expect(files).toHaveLength(2);
  });

  it('the build produces the bundle, and --version matches package.json', async () => {
    expect(fs.existsSync(path.join(ROOT, 'dist/bundle/collab.cjs'))).toBe(true);
    const r = await runBin(['--version']);
    expect(r.stdout.trim()).toBe(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
  });
});

describe('the Node version, checked before anything else', () => {
  // package.json's engines: `^20.17.0 || ^22.13.0 || >=23.5.0`. An unsupported Node is told the
  // lowest supported release above it.
  const cases: [string, string][] = [
    ['16.20.2', '20.17.0'],
    ['20.0.0', '20.17.0'],
    ['20.16.0', '20.17.0'],
    ['20.17.0', 'supported'],
    ['20.20.2', 'supported'],
    ['21.7.3', '22.13.0'],
    ['22.12.0', '22.13.0'],
    ['22.13.0', 'supported'],
    ['23.4.0', '23.5.0'],
    ['23.5.0', 'supported'],
    ['24.0.0', 'supported'],
    ['26.12.1', 'supported'],
  ];

  it.each(cases)('Node %s: %s', async (version, floor) => {
    const res = await execa(
      process.execPath,
      ['-r', path.join(ROOT, 'test/fixtures/node-version.cjs'), path.join(ROOT, 'bin/collab.js'), 'issue', 'list'],
      {
        env: { PATH: process.env.PATH, HOME: tempDir('collab-home-'), COLLAB_FAKE_NODE_VERSION: version },
        extendEnv: false,
        reject: false,
        stdin: 'ignore',
      },
    );
    if (floor === 'supported') {
      // The CLI runs (and finds no host to talk to).
      expect(res.stderr).toMatch(/^collab: no host configured\n/);
      expect(res.exitCode).toBe(4);
    } else {
      expect({ code: res.exitCode, out: res.stdout, err: res.stderr }).toEqual({
        code: 1,
        out: '',
        err: `collab needs Node.js >= ${floor}; this is v${version}`,
      });
    }
  });

  it('package.json says the same range', () => {
    expect(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).engines.node).toBe('^20.17.0 || ^22.13.0 || >=23.5.0');
  });
});
