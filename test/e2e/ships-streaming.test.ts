/**
 * A GiB package, in a test-sized form that proves streaming: a file several times larger than a
 * small memory bound goes up (`package upload`) and comes down (`package download`, and `collab api
 * --dest -` into a pipe) with the built binary's peak RSS under the bound and the bytes equal. The
 * server is GitLab's generic package API as lib/api/generic_packages.rb writes it
 * (test/helpers/gitlab-packages.ts: files streamed to and from disk, `X-Checksum-SHA256`). Before,
 * `collab api` read a download whole (200 MiB took 479 MB of RSS).
 */
import { createHash, randomFillSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, binEnv, tempDir } from '../helpers/e2e.js';
import { type PackageStore, packageRoutes, packageStore } from '../helpers/gitlab-packages.js';
import { type GitlabServer, PERSONAL, startGitlab } from '../helpers/gitlab-server.js';

/** The file moved: 512 MiB, written in 1 MiB blocks of random bytes (nothing compresses it). */
const SIZE = 512 * 1024 * 1024;
/** The peak RSS allowed (KiB): about 90 MiB is what the binary takes; a buffered body alone is 512 MiB. */
const BOUND_KIB = 160 * 1024;

let gl: GitlabServer;
let store: PackageStore;
let dir: string;
let bigSha: string;

beforeAll(async () => {
  store = packageStore();
  gl = await startGitlab(packageRoutes(store));
  dir = tempDir('collab-stream-');
  const hash = createHash('sha256');
  const fd = fs.openSync(path.join(dir, 'big.bin'), 'w');
  const block = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < SIZE; written += block.length) {
    // OpenSSL's generator: a second of the set-up less than a generator written in JavaScript.
    randomFillSync(block);
    hash.update(block);
    fs.writeSync(fd, block);
  }
  fs.closeSync(fd);
  bigSha = hash.digest('hex');
}, 300_000);

afterAll(async () => {
  await gl?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  if (store) fs.rmSync(store.dir, { recursive: true, force: true });
});

/** Runs the binary under GNU time: its exit code, stderr, and peak RSS in KiB; stdout into `sink` (hashed, never held). */
async function measured(args: string[], sink?: (chunk: Buffer) => void): Promise<{ code: number; stderr: string; rssKiB: number }> {
  const child = execa('/usr/bin/time', ['-f', 'peak-rss-kib %M', process.execPath, BIN, ...args], {
    env: binEnv(tempDir('collab-cfg-'), { COLLAB_HOST: gl.url, COLLAB_TOKEN: PERSONAL }),
    extendEnv: false,
    reject: false,
    cwd: dir,
    stdin: 'ignore',
    buffer: { stdout: false, stderr: true },
    timeout: 240_000,
  });
  child.stdout?.on('data', (chunk: Buffer) => sink?.(chunk));
  const r = await child;
  const stderr = String(r.stderr);
  const rss = /peak-rss-kib (\d+)/.exec(stderr);
  if (!rss) throw new Error(`no peak RSS in: ${stderr}`);
  return { code: r.exitCode ?? -1, stderr: stderr.replace(/peak-rss-kib \d+\n?/, ''), rssKiB: Number(rss[1]) };
}

describe.skipIf(!fs.existsSync('/usr/bin/time'))('a file far larger than memory, streamed both ways', () => {
  it('package upload: memory flat, GitLab stored the same bytes', { timeout: 300_000 }, async () => {
    const r = await measured(['package', 'upload', 'big', '1.0.0', 'big.bin', '-p', 'acme/app']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.rssKiB).toBeLessThan(BOUND_KIB);
    expect(store.packages.find((p) => p.name === 'big')?.files[0]).toMatchObject({ size: SIZE, sha256: bigSha });
  });

  it('package download and collab api --dest -: memory flat, the bytes equal; a 404 leaves the file untouched', {
    timeout: 300_000,
  }, async () => {
    const saved = await measured(['package', 'download', 'big', '1.0.0', 'big.bin', '-p', 'acme/app', '--dest', 'got.bin']);
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.rssKiB).toBeLessThan(BOUND_KIB);
    const hash = createHash('sha256');
    await new Promise<void>((resolve, reject) =>
      fs
        .createReadStream(path.join(dir, 'got.bin'))
        .on('data', (c) => hash.update(c))
        .on('end', resolve)
        .on('error', reject),
    );
    expect(hash.digest('hex')).toBe(bigSha);

    const piped = createHash('sha256');
    let bytes = 0;
    const api = await measured(['api', '/projects/acme%2Fapp/packages/generic/big/1.0.0/big.bin', '--dest', '-'], (chunk) => {
      bytes += chunk.length;
      piped.update(chunk);
    });
    expect(api.code, api.stderr).toBe(0);
    expect(api.rssKiB).toBeLessThan(BOUND_KIB);
    expect([bytes, piped.digest('hex')]).toEqual([SIZE, bigSha]);

    const missing = await measured(['package', 'download', 'big', '9.9.9', 'big.bin', '-p', 'acme/app', '--dest', 'got.bin']);
    expect(missing.code, missing.stderr).toBe(3);
    expect(fs.statSync(path.join(dir, 'got.bin')).size).toBe(SIZE);
    expect(fs.readdirSync(dir).sort()).toEqual(['big.bin', 'got.bin']);
  });
});
