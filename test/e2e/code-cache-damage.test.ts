/**
 * Nothing on disk can stop collab: V8 checks no more of a code cache than its header, and a body
 * damaged behind it crashed every start (V8's "unreachable code", SIGSEGV) or ran wrong code. The
 * bin and the single file (dist/collab.cjs, built here into a folder of this file's own) with
 * caches damaged here — bytes flipped, zeroed, truncated —, a cache that V8 dies on although its
 * checksum holds, a start killed while it uses one; and root running with a HOME another user owns.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, tempDir } from '../helpers/e2e.js';
import { packagedForms } from '../helpers/packaged.js';

/** The cache file's layout (bin/collab.js): a tag, the CRC-32 of what follows and V8's data's length, the data, the commands. */
const TAG = 'collabc3';
const HEAD = TAG.length + 8;

let single = '';
beforeAll(async () => {
  single = (await packagedForms()).single;
}, 300_000);

const FORMS = [
  ['the bin', () => BIN],
  ['the single file', () => single],
] as const;

describe.each(FORMS)('%s', (_form, file) => {
  const run = (env: Record<string, string>, args = ['help', 'exit-codes']) =>
    execa(process.execPath, [file(), ...args], {
      env: { PATH: process.env.PATH, ...env },
      extendEnv: false,
      reject: false,
      stdin: 'ignore',
    });
  const caches = (home: string) => {
    const dir = path.join(home, 'collab');
    return fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((n) => n.endsWith('.bin'))
          .map((n) => path.join(dir, n))
      : [];
  };
  /** A cache folder with this form's caches written, and what `help exit-codes` prints. */
  const warmed = async () => {
    const home = tempDir('collab-cache-home-');
    const first = await run({ HOME: home, XDG_CACHE_HOME: home });
    expect([first.exitCode, first.stderr]).toEqual([0, '']);
    expect(caches(home).length).toBeGreaterThan(0);
    for (const c of caches(home)) expect(fs.readFileSync(c).toString('latin1', 0, TAG.length)).toBe(TAG);
    return { home, expected: String(first.stdout) };
  };
  const middle = (size: number) => HEAD + Math.floor((size - HEAD) / 2);
  /** `bytes` with `length` bytes from `at` xor-ed with `mask`. */
  const flip = (bytes: Buffer, at: number, length: number, mask = 0xff) => {
    for (let i = at; i < Math.min(at + length, bytes.length); i++) bytes[i] = bytes[i]! ^ mask;
    return bytes;
  };

  const DAMAGE: [string, (b: Buffer) => Buffer][] = [
    ['4 KiB of bytes flipped in the middle', (b) => flip(b, middle(b.length), 4096)],
    ['64 KiB zeroed in the middle', (b) => b.fill(0, middle(b.length), middle(b.length) + 65536)],
    ['one bit flipped near the end', (b) => flip(b, b.length - 100, 1, 1)],
    ['cut to 60 %', (b) => b.subarray(0, Math.floor(b.length * 0.6))],
    ['cut inside its checksum', (b) => b.subarray(0, 20)],
    ['empty', () => Buffer.alloc(0)],
  ];

  it.each(DAMAGE)('a cache with %s is never used: the start runs right, and writes it again', async (_name, damage) => {
    const { home, expected } = await warmed();
    const damaged = new Map(caches(home).map((c) => [c, damage(fs.readFileSync(c))] as const));
    for (const [c, bytes] of damaged) fs.writeFileSync(c, bytes);
    const r = await run({ HOME: home, XDG_CACHE_HOME: home });
    expect([r.exitCode, r.signal, r.stderr, String(r.stdout)]).toEqual([0, undefined, '', expected]);
    for (const [c, bytes] of damaged) expect(fs.readFileSync(c).equals(bytes), c).toBe(false);
    const again = await run({ HOME: home, XDG_CACHE_HOME: home });
    expect([again.exitCode, String(again.stdout)]).toEqual([0, expected]);
  });

  it("a FIFO in a cache's place never holds a start (SIGTERM could not end one blocked on it): skipped, written anew", async () => {
    const { home, expected } = await warmed();
    for (const c of caches(home)) {
      fs.rmSync(c);
      expect((await execa('mkfifo', [c], { reject: false })).exitCode).toBe(0);
    }
    const fifos = caches(home);
    // A hang is killed (and fails the test) rather than waited on: the start must not block at all.
    const r = await execa(process.execPath, [file(), 'help', 'exit-codes'], {
      env: { PATH: process.env.PATH, HOME: home, XDG_CACHE_HOME: home },
      extendEnv: false,
      reject: false,
      stdin: 'ignore',
      timeout: 20_000,
      killSignal: 'SIGKILL',
    });
    expect([r.exitCode, r.signal, r.stderr, String(r.stdout)]).toEqual([0, undefined, '', expected]);
    for (const c of fifos) expect(fs.lstatSync(c).isFile(), c).toBe(true);
  });

  it('a start that dies while a cache is in use (its checksum whole) makes no later start use that cache', async () => {
    const { home, expected } = await warmed();
    // Damage V8 cannot survive, with a checksum that matches it: what a V8 bug or a cache from an
    // incompatible build behind an intact header would do.
    for (const c of caches(home)) {
      const bytes = fs.readFileSync(c);
      const data = flip(bytes, middle(bytes.length), 4096).subarray(HEAD);
      const head = Buffer.alloc(HEAD);
      head.write(TAG, 0, 'latin1');
      head.writeUInt32BE(zlib.crc32(data), TAG.length);
      head.writeUInt32BE(data.length, TAG.length + 4);
      fs.writeFileSync(c, Buffer.concat([head, data]));
    }
    const dies = await run({ HOME: home, XDG_CACHE_HOME: home });
    expect(dies.exitCode).not.toBe(0);
    for (let i = 0; i < 2; i++) {
      const r = await run({ HOME: home, XDG_CACHE_HOME: home });
      expect([r.exitCode, r.signal, r.stderr, String(r.stdout)]).toEqual([0, undefined, '', expected]);
    }
    expect(fs.readdirSync(path.join(home, 'collab')).filter((n) => n.endsWith('.using'))).toEqual([]);
  });

  it('a start killed while it uses a cache: the next start writes that cache anew', async () => {
    const { home } = await warmed();
    const dir = path.join(home, 'collab');
    const written = caches(home).map((c) => path.basename(c));
    // `collab sandbox` runs until stopped: killed with SIGKILL, it never exits on its own.
    const sandbox = execa(process.execPath, [file(), 'sandbox', '--port', '0', '-o', 'json'], {
      env: { PATH: process.env.PATH, HOME: home, XDG_CACHE_HOME: home },
      extendEnv: false,
      reject: false,
    });
    await new Promise<void>((resolve) => sandbox.stdout!.once('data', () => resolve()));
    const mark = `.${sandbox.pid}.using`;
    const inUse = fs
      .readdirSync(dir)
      .filter((n) => n.endsWith(mark))
      .map((n) => n.slice(0, -mark.length))
      .filter((n) => written.includes(n));
    expect(inUse.length).toBeGreaterThan(0);
    sandbox.kill('SIGKILL');
    await sandbox;
    const long = new Date('2001-01-01T00:00:00Z');
    for (const n of written) fs.utimesSync(path.join(dir, n), long, long);
    const r = await run({ HOME: home, XDG_CACHE_HOME: home });
    expect(r.exitCode).toBe(0);
    for (const n of inUse) expect(fs.statSync(path.join(dir, n)).mtimeMs, n).toBeGreaterThan(long.getTime());
    expect(fs.readdirSync(dir).filter((n) => inUse.some((u) => n === `${u}${mark}`))).toEqual([]);
  });

  const root = process.getuid?.() === 0;
  (root ? it : it.skip)(
    'as root with a HOME another user owns: no folder made or written under it (needs root: skipped otherwise)',
    async () => {
      const home = tempDir('collab-their-home-');
      fs.chownSync(home, 65534, 65534);
      const r = await run({ HOME: home });
      expect([r.exitCode, r.stderr]).toEqual([0, '']);
      expect(fs.readdirSync(home)).toEqual([]);
      // Their ~/.cache exists: nothing is made in it either.
      fs.mkdirSync(path.join(home, '.cache'));
      fs.chownSync(path.join(home, '.cache'), 65534, 65534);
      expect((await run({ HOME: home })).exitCode).toBe(0);
      expect(fs.readdirSync(path.join(home, '.cache'))).toEqual([]);
      // A root-owned cache folder an older collab left there is neither read nor written.
      const left = path.join(home, '.cache', 'collab');
      fs.mkdirSync(left, { mode: 0o700 });
      expect((await run({ HOME: home })).exitCode).toBe(0);
      expect(fs.readdirSync(left)).toEqual([]);
      // Elsewhere, a folder another user owns is not built into either (XDG_CACHE_HOME under it).
      const theirs = tempDir('collab-their-dir-');
      fs.chownSync(theirs, 65534, 65534);
      expect((await run({ HOME: tempDir('collab-root-home-'), XDG_CACHE_HOME: path.join(theirs, 'cache') })).exitCode).toBe(0);
      expect(fs.readdirSync(theirs)).toEqual([]);
      // The control: root's own HOME gets its cache.
      const own = tempDir('collab-root-home-');
      expect((await run({ HOME: own })).exitCode).toBe(0);
      expect(caches(path.join(own, '.cache')).length).toBeGreaterThan(0);
    },
  );
});
