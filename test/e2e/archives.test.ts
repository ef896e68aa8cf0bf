/**
 * Issue 14's rules end to end: the built binary fetches archives built here to defeat each rule
 * from a small misbehaving server on 127.0.0.1, as a CI job would. Every case checks the exit
 * code, the one-line message, and that the target (and the directory around it) is unchanged.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, binEnv, retriesIn, runBin, tempDir } from '../helpers/e2e.js';
import { type HostileServer, startHostileServer } from '../helpers/hostile-server.js';
import { snapshot } from '../helpers/tree.js';
import { deflatedZeros, type RawEntry, SYMLINK, zipOf } from '../helpers/zip-writer.js';

const link = (name: string, target: string): RawEntry => ({ name, data: target, mode: SYMLINK });
const file = (name: string, data = `content of ${name}\n`): RawEntry => ({ name, data });

let server: HostileServer;
let nextJob = 100;
beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(() => server?.close());

/** Serves `entries` as a new job's archive; returns the job id. */
function serveZip(entries: RawEntry[]): number {
  const id = nextJob++;
  server.serve(id, { body: zipOf(entries) });
  return id;
}

const env = () => ({ COLLAB_HOST: server.url, COLLAB_TOKEN: 'glpat-e2e-archives' });
const collab = (args: string[], cwd: string) => runBin(args, env(), { cwd });

/** A working directory with the user's `out/` prepared by `setup`. */
function workspace(setup: (out: string) => void = () => undefined) {
  const cwd = tempDir('collab-arch-');
  const out = path.join(cwd, 'out');
  fs.mkdirSync(out);
  fs.writeFileSync(path.join(out, 'mine.txt'), 'the user’s own file');
  setup(out);
  return { cwd, out, before: snapshot(cwd) };
}

async function expectRefused(id: number, ws: ReturnType<typeof workspace>, message: string | RegExp, extra: string[] = []) {
  const r = await collab(['job', 'artifacts', String(id), '-p', '1', '--extract', 'out', ...extra], ws.cwd);
  expect(r.exitCode, r.stderr).toBe(1);
  expect(r.stdout).toBe('');
  const line = r.stderr.trimEnd();
  expect(line.split('\n')).toHaveLength(1);
  if (typeof message === 'string') expect(line).toContain(message);
  else expect(line).toMatch(message);
  expect(snapshot(ws.cwd)).toEqual(ws.before);
}

describe('rule 1: links cannot lead outside the target, through any chain', () => {
  it('`a/s -> .` then `root -> a/s/s/s/../../../..`: exit 1, out/root never exists', async () => {
    const ws = workspace();
    await expectRefused(
      serveZip([file('a/keep.txt'), link('a/s', '.'), link('root', 'a/s/s/s/../../../..')]),
      ws,
      'collab: refusing to extract the archive: "root" (symlink through the symlink a/s); nothing was extracted',
    );
    expect(fs.existsSync(path.join(ws.out, 'root'))).toBe(false);
  });

  it('`l2 -> .` then `l1 -> l2/..`: exit 1', async () => {
    await expectRefused(serveZip([link('l2', '.'), link('l1', 'l2/..')]), workspace(), '"l1" (symlink through the symlink l2)');
  });

  it('a link through a link the user already has in the target (pointing outside): exit 1', async () => {
    const elsewhere = tempDir('collab-elsewhere-');
    const ws = workspace((out) => fs.symlinkSync(elsewhere, path.join(out, 'cache')));
    await expectRefused(serveZip([link('peek', 'cache/../../etc')]), ws, '"peek" (symlink through the existing link cache)');
    await expectRefused(serveZip([file('cache/x.txt')]), ws, 'cache is a symbolic link in the target');
    expect(fs.readdirSync(elsewhere)).toEqual([]);
  });

  it('links that stay inside are extracted', async () => {
    const ws = workspace();
    const r = await collab(
      [
        'job',
        'artifacts',
        String(serveZip([file('v2/bin/tool'), link('current', 'v2'), link('v2/bin/up', '../../v2')])),
        '-p',
        '1',
        '--extract',
        'out',
      ],
      ws.cwd,
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(fs.readlinkSync(path.join(ws.out, 'current'))).toBe('v2');
    expect(fs.readFileSync(path.join(ws.out, 'current/bin/tool'), 'utf8')).toBe('content of v2/bin/tool\n');
  });
});

describe('rule 2: nothing that exists is deleted or replaced by something of another kind', () => {
  it('a file entry `src` does not wipe the user’s src/ tree: exit 1 naming src', async () => {
    const ws = workspace((out) => {
      fs.mkdirSync(path.join(out, 'src/lib'), { recursive: true });
      fs.writeFileSync(path.join(out, 'src/lib/main.ts'), 'unsaved work');
    });
    await expectRefused(
      serveZip([file('README.md'), file('src', 'a file')]),
      ws,
      '"src" (src exists in the target as a directory; a file replaces only a regular file)',
    );
  });

  it('a link entry `docs` does not replace the user’s docs/ directory: exit 1', async () => {
    const ws = workspace((out) => fs.mkdirSync(path.join(out, 'docs')));
    await expectRefused(
      serveZip([link('docs', 'elsewhere')]),
      ws,
      '"docs" (docs exists in the target as a directory; a link replaces nothing)',
    );
  });

  it('names quoted in a refusal reach the terminal inert: no escape sequence or control character of the archive', async () => {
    const ws = workspace();
    const id = serveZip([file('ok.txt'), link('l\u001b]0;pwned\u0007\u001b[2J\u009b6n', '/etc\u001b[31m\u0008')]);
    await expectRefused(id, ws, '"l" (symlink pointing outside the directory (/etc))');
    const r = await collab(['job', 'artifacts', String(id), '-p', '1', '--extract', 'out'], ws.cwd);
    expect(r.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });

  it('a regular file is replaced by a file entry (as unzip -o does)', async () => {
    const ws = workspace();
    const r = await collab(
      ['job', 'artifacts', String(serveZip([file('mine.txt', 'from the archive')])), '-p', '1', '--extract', 'out'],
      ws.cwd,
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(fs.readFileSync(path.join(ws.out, 'mine.txt'), 'utf8')).toBe('from the archive');
    expect(fs.readdirSync(ws.cwd)).toEqual(['out']);
  });
});

describe('rule 3: --dest replaces only regular files', () => {
  it('/dev/null, /dev/stdout, a FIFO and a directory are refused with exit 2 and nothing is sent', async () => {
    const cwd = tempDir('collab-dest-');
    await execa('mkfifo', [path.join(cwd, 'fifo')]);
    fs.mkdirSync(path.join(cwd, 'd/artifacts.zip'), { recursive: true });
    const id = serveZip([file('a.txt')]);
    const before = snapshot(cwd);
    const sent = server.requests.length;
    for (const [dest, kind] of [
      ['/dev/null', 'character device'],
      ['/dev/stdout', 'symbolic link'],
      ['fifo', 'FIFO'],
      ['d', 'directory'],
    ]) {
      const r = await collab(['job', 'artifacts', String(id), '-p', '1', '--dest', dest!], cwd);
      expect(r.exitCode, dest).toBe(2);
      expect(r.stderr, dest).toMatch(
        new RegExp(`^collab: invalid value for --dest: \\S+ is a ${kind}; only a regular file is replaced(\n|$)`),
      );
    }
    expect(server.requests.length).toBe(sent);
    expect(snapshot(cwd)).toEqual(before);
    expect(fs.statSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('--dest - writes the archive to stdout', async () => {
    const zip = zipOf([file('a.txt')]);
    const id = nextJob++;
    server.serve(id, { body: zip });
    const r = await execa(process.execPath, [BIN, 'job', 'artifacts', String(id), '-p', '1', '--dest', '-'], {
      env: binEnv(tempDir(), env()),
      extendEnv: false,
      encoding: 'buffer',
      reject: false,
      stdin: 'ignore',
    });
    expect(r.exitCode).toBe(0);
    expect(Buffer.from(r.stdout as Uint8Array).equals(zip)).toBe(true);
  });
});

describe('rule 4: CRC-32 and sizes', () => {
  it('a corrupted entry: exit 1 "bad CRC-32"; the file an earlier entry would replace keeps its content', async () => {
    const ws = workspace();
    await expectRefused(
      serveZip([
        file('mine.txt', 'replacement'),
        { name: 'data.bin', data: Buffer.alloc(100_000, 3), compress: true, declaredCrc: 0xdeadbeef },
      ]),
      ws,
      /^collab: cannot extract the archive: "data\.bin" is corrupt: bad CRC-32 \([0-9a-f]{8}, the archive says deadbeef\); nothing was extracted$/,
    );
  });

  it('an entry larger than it declares: exit 1', async () => {
    await expectRefused(
      serveZip([{ name: 'big.bin', data: Buffer.alloc(500_000, 1), compress: true, declaredSize: 10 }]),
      workspace(),
      '"big.bin" holds more than the 10 bytes',
    );
  });
});

describe('rule 4: an archive that reads differently from its local headers', () => {
  it('a local header naming another file, or giving another CRC-32 or size than the directory: exit 1, target unchanged', async () => {
    const data = 'the real content\n'.repeat(50);
    for (const [local, what] of [
      [{ name: '../../../etc/cron.d/x' }, 'its name'],
      [{ crc: 0x12345678 }, 'its CRC-32'],
      [{ compressedSize: 10, size: 10 }, 'its compressed size'],
    ] as const)
      await expectRefused(
        serveZip([file('mine.txt', 'replacement'), { name: 'report.txt', data, local }]),
        workspace(),
        `"report.txt" has a local header that disagrees with the archive's directory about ${what}; nothing was extracted`,
      );
  });
});

describe('rule 5: limits', () => {
  it('a 1 MiB archive expanding to 1.1 GiB is refused by default; --max-size raises the limit', async () => {
    await expectRefused(
      serveZip([{ name: 'zeros.bin', deflated: deflatedZeros(1100) }]),
      workspace(),
      /its files add up to 1\.07 GiB, more than the limit of .* \(--max-size raises the limit\); nothing was extracted$/,
    );
    const ws = workspace();
    const id = serveZip([{ name: 'zeros.bin', deflated: deflatedZeros(150) }]);
    await expectRefused(id, ws, 'more than the limit of 100.0 MiB');
    const r = await collab(['job', 'artifacts', String(id), '-p', '1', '--extract', 'out', '--max-size', '200MiB'], ws.cwd);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(fs.statSync(path.join(ws.out, 'zeros.bin')).size).toBe(150 * 1024 * 1024);
  });

  it('too many entries: exit 1; --max-entries raises the limit', async () => {
    const ws = workspace();
    const id = serveZip(Array.from({ length: 30 }, (_, i) => file(`f${i}.txt`)));
    await expectRefused(id, ws, 'it has 30 entries, more than the limit of 20 (--max-entries raises the limit)', ['--max-entries', '20']);
    const r = await collab(['job', 'artifacts', String(id), '-p', '1', '--extract', 'out', '--max-entries', '30'], ws.cwd);
    expect(r.exitCode, r.stderr).toBe(0);
  });
});

/** Starts the binary without waiting (for signals). */
function spawnCollab(args: string[], cwd: string) {
  return execa(process.execPath, [BIN, ...args], {
    env: binEnv(tempDir('collab-cfg-'), env()),
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
    cwd,
  });
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`never saw ${what}`);
}

/** The size of `name` in a staging directory of `out`, or -1. */
function stagedSize(out: string, name: string): number {
  for (const d of fs.readdirSync(out).filter((n) => n.startsWith('.collab-extract-'))) {
    const st = fs.statSync(path.join(out, d, 'tree', name), { throwIfNoEntry: false });
    if (st) return st.size;
  }
  return -1;
}

describe('rule 6: every way a run can end cleans up', () => {
  it('SIGHUP during a download: exit 130, no .part file, the old file intact', async () => {
    const cwd = tempDir('collab-hup-');
    fs.writeFileSync(path.join(cwd, 'artifacts.zip'), 'previous');
    const id = nextJob++;
    server.serve(id, { body: zipOf([file('a.txt', 'x'.repeat(20_000))]), trickle: { bytes: 100, everyMs: 20 } });
    const child = spawnCollab(['job', 'artifacts', String(id), '-p', '1'], cwd);
    await until(() => fs.readdirSync(cwd).some((f) => f.endsWith('.part')), 'the .part file');
    child.kill('SIGHUP');
    const r = await child;
    expect(r.exitCode).toBe(130);
    expect(String(r.stderr).trim()).toBe('collab: interrupted');
    expect(fs.readdirSync(cwd)).toEqual(['artifacts.zip']);
    expect(fs.readFileSync(path.join(cwd, 'artifacts.zip'), 'utf8')).toBe('previous');
  });

  it('SIGHUP during an extraction: exit 130, the target as it was, nothing staged left', async () => {
    const ws = workspace((out) => fs.writeFileSync(path.join(out, 'big.bin'), 'old big'));
    const id = serveZip([file('mine.txt', 'new'), { name: 'big.bin', deflated: deflatedZeros(600) }]);
    const child = spawnCollab(['job', 'artifacts', String(id), '-p', '1', '--extract', 'out', '--max-size', '1GiB'], ws.cwd);
    await until(() => stagedSize(ws.out, 'big.bin') > 0, 'big.bin being written');
    child.kill('SIGHUP');
    const r = await child;
    expect(r.exitCode).toBe(130);
    expect(snapshot(ws.cwd)).toEqual(ws.before);
  });

  it('an extraction killed outright (SIGKILL) leaves no half-written file under its final name', async () => {
    const ws = workspace((out) => fs.writeFileSync(path.join(out, 'big.bin'), 'old big'));
    const id = serveZip([{ name: 'big.bin', deflated: deflatedZeros(600) }, file('after.txt')]);
    const child = spawnCollab(['job', 'artifacts', String(id), '-p', '1', '--extract', 'out', '--max-size', '1GiB'], ws.cwd);
    await until(() => stagedSize(ws.out, 'big.bin') > 0, 'big.bin being written');
    child.kill('SIGKILL');
    await child;
    expect(stagedSize(ws.out, 'big.bin')).toBeLessThan(600 * 1024 * 1024);
    expect(fs.readFileSync(path.join(ws.out, 'big.bin'), 'utf8')).toBe('old big');
    expect(fs.existsSync(path.join(ws.out, 'after.txt'))).toBe(false);
    // What SIGKILL cannot clean is one hidden staging directory, never a final name.
    expect(fs.readdirSync(ws.out).sort()).toEqual([expect.stringMatching(/^\.collab-extract-/), 'big.bin', 'mine.txt']);
  });
});

describe('rule 7: downloads are verified and survive a cut connection', () => {
  const body = Buffer.from(Array.from({ length: 3 * 1024 * 1024 }, (_, i) => (i * 31) % 253));

  it('a cut after 1 MiB is continued with Range (the server offers ranges): exit 0, the exact bytes', async () => {
    const cwd = tempDir('collab-resume-');
    const id = nextJob++;
    server.serve(id, { body, ranges: true, etag: '"e1"', cutAfter: (n) => (n === 0 ? 1024 * 1024 : undefined) });
    const from = server.requests.length;
    const r = await collab(['job', 'artifacts', String(id), '-p', '1'], cwd);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(fs.readFileSync(path.join(cwd, 'artifacts.zip')).equals(body)).toBe(true);
    const sent = server.requests.slice(from).filter((q) => q.url.endsWith(`/jobs/${id}/artifacts`));
    expect(sent.map((q) => [q.headers.range, q.headers['if-range']])).toEqual([
      [undefined, undefined],
      ['bytes=1048576-', '"e1"'],
    ]);
  });

  it('without ranges the download starts over from zero; the old file stays until the new one is complete', async () => {
    const cwd = tempDir('collab-restart-');
    fs.writeFileSync(path.join(cwd, 'artifacts.zip'), 'previous');
    const id = nextJob++;
    server.serve(id, { body, cutAfter: (n) => (n < 2 ? 500_000 : undefined) });
    const from = server.requests.length;
    const r = await collab(['job', 'artifacts', String(id), '-p', '1'], cwd);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(fs.readFileSync(path.join(cwd, 'artifacts.zip')).equals(body)).toBe(true);
    expect(fs.readdirSync(cwd)).toEqual(['artifacts.zip']);
    expect(server.requests.slice(from).map((q) => q.headers.range)).toEqual([undefined, undefined, undefined]);
  });

  describe('the file changes between two attempts: the result is one version, never the start of one joined to the rest of another', () => {
    const v2 = Buffer.from(Array.from({ length: 3 * 1024 * 1024 }, (_, i) => (i * 17) % 251));
    const cases: [string, Parameters<HostileServer['serve']>[1], (string | undefined)[][]][] = [
      [
        'a server that ignores If-Range (ETag)',
        { body, ranges: true, etag: '"e1"', changed: { body: v2, etag: '"e2"' }, ignoreIfRange: true },
        [
          [undefined, undefined],
          ['bytes=1048576-', '"e1"'],
          [undefined, undefined],
        ],
      ],
      [
        'a server that ignores If-Range (Last-Modified)',
        {
          body,
          ranges: true,
          lastModified: 'Mon, 01 Jan 2024 00:00:00 GMT',
          changed: { body: v2, lastModified: 'Tue, 02 Jan 2024 00:00:00 GMT' },
          ignoreIfRange: true,
        },
        [
          [undefined, undefined],
          ['bytes=1048576-', 'Mon, 01 Jan 2024 00:00:00 GMT'],
          [undefined, undefined],
        ],
      ],
      [
        'a server that honours If-Range',
        { body, ranges: true, etag: '"e1"', changed: { body: v2, etag: '"e2"' } },
        [
          [undefined, undefined],
          ['bytes=1048576-', '"e1"'],
        ],
      ],
      [
        'only a weak ETag: no Range at all',
        { body, ranges: true, etag: 'W/"e1"', changed: { body: v2, etag: 'W/"e2"' }, ignoreIfRange: true },
        [
          [undefined, undefined],
          [undefined, undefined],
        ],
      ],
    ];
    for (const [label, served, sent] of cases)
      it(label, async () => {
        const cwd = tempDir('collab-changed-');
        fs.writeFileSync(path.join(cwd, 'artifacts.zip'), 'previous');
        const id = nextJob++;
        server.serve(id, { ...served, cutAfter: (n) => (n === 0 ? 1024 * 1024 : undefined) });
        const from = server.requests.length;
        const r = await collab(['job', 'artifacts', String(id), '-p', '1'], cwd);
        expect(r.exitCode, r.stderr).toBe(0);
        expect(fs.readFileSync(path.join(cwd, 'artifacts.zip')).equals(v2)).toBe(true);
        expect(fs.readdirSync(cwd)).toEqual(['artifacts.zip']);
        expect(server.requests.slice(from).map((q) => [q.headers.range, q.headers['if-range']])).toEqual(sent);
      });
  });

  it('a part (206) answering the request for the whole file: exit 1, the old file intact', async () => {
    const cwd = tempDir('collab-part-');
    fs.writeFileSync(path.join(cwd, 'artifacts.zip'), 'previous');
    const id = nextJob++;
    server.serve(id, { body, partFirst: 1000 });
    const r = await collab(['job', 'artifacts', String(id), '-p', '1'], cwd);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe(
      `collab: download of the artifacts of job ${id} failed: a part (206) came back where the whole file was asked for`,
    );
    expect(fs.readdirSync(cwd)).toEqual(['artifacts.zip']);
    expect(fs.readFileSync(path.join(cwd, 'artifacts.zip'), 'utf8')).toBe('previous');
  });

  it('cut on every attempt: exit 1 after the retry budget, the old file intact, no .part', async () => {
    const cwd = tempDir('collab-cut-');
    fs.writeFileSync(path.join(cwd, 'artifacts.zip'), 'previous');
    const id = nextJob++;
    server.serve(id, { body, ranges: true, cutAfter: () => 1000 });
    const from = server.requests.length;
    const r = await collab(['job', 'artifacts', String(id), '-p', '1'], cwd);
    expect(r.exitCode).toBe(1);
    // A reset can discard bytes the server wrote just before it, so the amount received is at most 5 × 1000 bytes.
    const { retries, rest } = retriesIn(r.stderr);
    expect(retries).toHaveLength(4);
    const m =
      /^collab: download of the artifacts of job (\d+) failed after ([\d.]+) KiB: the connection was interrupted \(ECONNRESET\); gave up after 5 attempts$/.exec(
        rest,
      );
    expect(m?.[1]).toBe(String(id));
    expect(Number(m?.[2])).toBeGreaterThan(0);
    expect(Number(m?.[2])).toBeLessThanOrEqual(4.88);
    expect(server.requests.slice(from)).toHaveLength(5);
    expect(fs.readdirSync(cwd)).toEqual(['artifacts.zip']);
    expect(fs.readFileSync(path.join(cwd, 'artifacts.zip'), 'utf8')).toBe('previous');
  });
});
