/**
 * Extraction rules, in-process, each against archives built here to defeat it (test/helpers/
 * zip-writer.ts writes what real tools refuse to). Every refusal is checked twice: the error, and
 * a snapshot of the target (and of the directory around it) equal to the one taken before.
 * The same rules run through the built binary in test/e2e/archives.test.ts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it, vi } from 'vitest';
import yazl from 'yazl';
import { extractZip, UnsafeArchiveError } from '../../src/download/extract.js';
import { DEFAULT_MAX_ENTRIES, defaultMaxBytes } from '../../src/download/zip-plan.js';
import { checkEntryName, resolveLink } from '../../src/download/zip-rules.js';
import { CancelError, CollabError } from '../../src/errors.js';
import { escapingLink, lexicallyInside, targetsOver } from '../helpers/link-model.js';
import { tempDirsPerTest } from '../helpers/temp.js';
import { snapshot, tree } from '../helpers/tree.js';
import { deflatedZeros, type RawEntry, SYMLINK, zipOf } from '../helpers/zip-writer.js';

const tmp = tempDirsPerTest('collab-extract-');

function writeZip(dir: string, entries: RawEntry[]): string {
  const file = path.join(dir, 'a.zip');
  fs.writeFileSync(file, zipOf(entries));
  return file;
}

/** A workspace: `<root>/a.zip` and `<root>/out` holding what the user had (from `setup`). */
function workspace(entries: RawEntry[], setup?: (out: string) => void) {
  const root = tmp();
  const zip = writeZip(root, entries);
  const out = path.join(root, 'out');
  if (setup) {
    fs.mkdirSync(out);
    setup(out);
  }
  return { root, zip, out, before: snapshot(root) };
}

/** Extraction must fail with `message`, leaving the whole workspace exactly as it was. */
async function expectRefused(
  ws: ReturnType<typeof workspace>,
  message: string | RegExp,
  limits?: { maxBytes?: number; maxEntries?: number },
) {
  const err = await extractZip(ws.zip, ws.out, { limits }).catch((e) => e);
  expect(err).toBeInstanceOf(CollabError);
  expect(err.exitCode).toBe(1);
  if (typeof message === 'string') expect(err.message).toContain(message);
  else expect(err.message).toMatch(message);
  expect(err.message).toMatch(/nothing was extracted$/);
  expect(snapshot(ws.root)).toEqual(ws.before);
  return err as CollabError;
}

const link = (name: string, target: string): RawEntry => ({ name, data: target, mode: SYMLINK });
const file = (name: string, data = `content of ${name}\n`): RawEntry => ({ name, data });

describe('names', () => {
  it('normalises safe names and refuses escaping ones', () => {
    expect(checkEntryName('a/./b//c.txt')).toEqual({ name: 'a/b/c.txt' });
    expect(checkEntryName('dir\\file.txt')).toEqual({ name: 'dir/file.txt' });
    expect(checkEntryName('../x')).toEqual({ reason: 'path escapes the directory' });
    expect(checkEntryName('a/../../x')).toEqual({ reason: 'path escapes the directory' });
    expect(checkEntryName('..\\x')).toEqual({ reason: 'path escapes the directory' });
    expect(checkEntryName('/etc/passwd')).toEqual({ reason: 'absolute path' });
    expect(checkEntryName('C:/x')).toEqual({ reason: 'absolute path' });
  });

  it.each([
    ['a parent-directory entry', '../escape.txt', 'path escapes the directory'],
    ['a deeper parent-directory entry', 'a/b/../../../escape.txt', 'path escapes the directory'],
    ['an absolute path', '/tmp/abs-evil.txt', 'absolute path'],
    ['a NUL in the name', 'ok\u0000.txt', 'NUL in the name'],
    ['a name longer than the file system allows', `dir/${'n'.repeat(256)}`, 'a name longer than 255 bytes'],
    ['a name of 128 two-byte characters', `${'é'.repeat(128)}.txt`, 'a name longer than 255 bytes'],
    ['a path longer than the file system allows', `${'d'.repeat(200)}/`.repeat(21) + 'f.txt', 'the path is too long'],
  ])('refuses %s and writes nothing', async (_what, name, reason) => {
    const ws = workspace([file('good.txt'), file(name)]);
    await expectRefused(ws, reason);
    expect(fs.existsSync(path.join(path.dirname(ws.root), 'escape.txt'))).toBe(false);
    expect(fs.existsSync('/tmp/abs-evil.txt')).toBe(false);
  });
});

describe('rule 1: links cannot lead outside the target, through any chain', () => {
  const inside = (name: string, target: string, links: string[] = [], existing: string[] = []) =>
    resolveLink(name, target, (rel) => (links.includes(rel) ? 'archive-link' : existing.includes(rel) ? 'existing-link' : 'other'));

  it('accepts plain targets and ".." only at the start', () => {
    expect(inside('a/link', '../b/file')).toEqual({ path: 'b/file' });
    expect(inside('latest', 'reports')).toEqual({ path: 'reports' });
    expect(inside('a/b/l', '../../c/./d')).toEqual({ path: 'c/d' });
    expect(inside('lib/libfoo.so', 'libfoo.so.1', ['lib/libfoo.so.1'])).toEqual({ path: 'lib/libfoo.so.1' });
  });

  it.each([
    ['climbing out', 'a/link', '../../etc'],
    ['absolute', 'link', '/etc/passwd'],
    ['the parent of the root', 'link', '..'],
    ['".." after a name', 'root', 'a/s/s/s/../../../..'],
    ['".." after a name, staying inside lexically', 'l1', 'l2/..'],
    ['a backslash', 'l', '..\\..\\etc'],
    ['empty', 'l', ''],
  ])('refuses a link target: %s', (_what, name, target) => {
    expect(inside(name, target)).toHaveProperty('reason');
  });

  it('refuses a target through another link of the archive or one already in the target', () => {
    expect(inside('x', 's/file', ['s'])).toEqual({ reason: 'symlink through the symlink s' });
    expect(inside('x', 'cache/file', [], ['cache'])).toEqual({ reason: 'symlink through the existing link cache' });
    expect(inside('x', 'cache', [], ['cache'])).toEqual({ reason: 'symlink through the existing link cache' });
  });

  it('refuses the chain `a/s -> .`, `root -> a/s/s/s/../../../..` and leaves the target as it was', async () => {
    const ws = workspace([file('a/keep.txt'), link('a/s', '.'), link('root', 'a/s/s/s/../../../..')]);
    await expectRefused(ws, '"root" (symlink through the symlink a/s)');
    expect(fs.existsSync(ws.out)).toBe(false);
  });

  it('refuses `l2 -> .` then `l1 -> l2/..` (the parent of the target)', async () => {
    const ws = workspace([link('l2', '.'), link('l1', 'l2/..')], (out) => fs.writeFileSync(path.join(out, 'mine.txt'), 'mine'));
    await expectRefused(ws, '"l1" (symlink through the symlink l2)');
  });

  it('refuses a link through a link the target already has (one the user made pointing outside)', async () => {
    const elsewhere = tmp();
    fs.writeFileSync(path.join(elsewhere, 'secret'), 'secret');
    const ws = workspace([link('peek', 'cache/secret'), link('alias', 'cache')], (out) =>
      fs.symlinkSync(elsewhere, path.join(out, 'cache')),
    );
    const err = await expectRefused(ws, 'symlink through the existing link cache');
    expect(err.message).toContain('"alias"');
  });

  it('refuses entries placed under a link, the archive’s or the target’s, in any order and any case', async () => {
    await expectRefused(workspace([file('link/x.txt'), link('link', 'sub')]), 'placed under the symlink link');
    await expectRefused(workspace([link('Link', 'sub'), file('link/x.txt')]), 'placed under the symlink link');
    const elsewhere = tmp();
    const ws = workspace([file('cache/x.txt')], (out) => fs.symlinkSync(elsewhere, path.join(out, 'cache')));
    await expectRefused(ws, 'cache is a symbolic link in the target');
    expect(fs.readdirSync(elsewhere)).toEqual([]);
  });

  it('extracts links that stay inside, including a link to a link of the archive', async () => {
    const ws = workspace([
      file('releases/v2/bin/tool'),
      link('current', 'releases/v2'),
      link('latest', 'current'),
      link('releases/v2/bin/up', '../../v2'),
    ]);
    await extractZip(ws.zip, ws.out);
    expect(tree(ws.out)).toEqual([
      'current -> releases/v2',
      'latest -> current',
      'releases/',
      'releases/v2/',
      'releases/v2/bin/',
      'releases/v2/bin/tool',
      'releases/v2/bin/up -> ../../v2',
    ]);
    expect(fs.realpathSync.native(path.join(ws.out, 'latest'))).toBe(fs.realpathSync.native(path.join(ws.out, 'releases/v2')));
  });

  // Pairs of link entries with names s, l, d/s and targets of one to three segments among
  // . .. s l d: exhaustively, so no combination is left to chance.
  const NAMES = ['s', 'l', 'd/s'];
  const TARGETS = targetsOver(['.', '..', 's', 'l', 'd']);
  const PAIRS = NAMES.flatMap((a) => NAMES.filter((b) => b !== a).map((b) => [a, b] as const)).flatMap(([na, nb]) =>
    TARGETS.flatMap((ta) => TARGETS.map((tb) => [[na, ta] as const, [nb, tb] as const])),
  );

  it('holds for every pair of links over a small alphabet: none the rule accepts leads outside (kernel model)', () => {
    let accepted = 0;
    for (const pair of PAIRS) {
      const names = pair.map(([n]) => n);
      const lookup = (rel: string) => (names.includes(rel) ? ('archive-link' as const) : ('other' as const));
      if (pair.some(([n, t]) => 'reason' in resolveLink(n, t, lookup))) continue;
      accepted++;
      expect(escapingLink(pair, ['d']), pair.map(([n, t]) => `${n} -> ${t}`).join(', ')).toBeUndefined();
    }
    expect(accepted).toBeGreaterThan(1000);
  });

  it('refuses, on disk, every pair that a check of the text alone would let out — in one archive or in two in a row', async () => {
    // The attack corpus: pairs whose targets each look inside, yet one leads outside once both exist.
    const attacks = PAIRS.filter((pair) => pair.every(([n, t]) => lexicallyInside(n, t)) && escapingLink(pair, ['d']) !== undefined);
    expect(attacks.length).toBeGreaterThan(200);
    const base = tmp();
    let n = 0;
    // Every third of them on disk (the model test above covers all): about 90 archives.
    for (const pair of attacks.filter((_, i) => i % 3 === 0)) {
      const root = path.join(base, String(n++));
      const out = path.join(root, 'out');
      fs.mkdirSync(path.join(out, 'd'), { recursive: true });
      fs.writeFileSync(path.join(root, 'both.zip'), zipOf(pair.map(([name, target]) => link(name, target))));
      const before = snapshot(root);
      const err = await extractZip(path.join(root, 'both.zip'), out).catch((e) => e);
      expect(err, pair.join(' ')).toBeInstanceOf(UnsafeArchiveError);
      expect(snapshot(root)).toEqual(before);
      // One link per archive, one after the other: the second decides against the first, on disk.
      for (const [i, [name, target]] of pair.entries()) {
        fs.writeFileSync(path.join(root, `${i}.zip`), zipOf([link(name, target)]));
        await extractZip(path.join(root, `${i}.zip`), out).catch(() => undefined);
      }
      for (const line of snapshot(out).filter((l) => l.includes(' -> '))) {
        let real: string;
        try {
          real = fs.realpathSync.native(path.join(out, line.slice(0, line.indexOf(' -> '))));
        } catch {
          continue; // dangling or a loop: leads nowhere
        }
        expect(
          real === fs.realpathSync.native(out) || real.startsWith(fs.realpathSync.native(out) + path.sep),
          `${pair.join(' ')}: ${line} resolves to ${real}`,
        ).toBe(true);
      }
    }
  });
});

describe('rule 2: nothing that exists is deleted or replaced by something of another kind', () => {
  it('a file entry does not wipe a directory of the same name (refused before anything is written)', async () => {
    const ws = workspace([file('README.md', 'new'), file('src', 'not a directory')], (out) => {
      fs.writeFileSync(path.join(out, 'README.md'), 'old');
      fs.mkdirSync(path.join(out, 'src/lib'), { recursive: true });
      fs.writeFileSync(path.join(out, 'src/lib/main.ts'), 'work in progress');
    });
    await expectRefused(ws, '"src" (src exists in the target as a directory; a file replaces only a regular file)');
  });

  it('a link entry replaces nothing: not a directory, not a file', async () => {
    const dirWs = workspace([link('docs', 'elsewhere')], (out) => fs.mkdirSync(path.join(out, 'docs')));
    await expectRefused(dirWs, 'docs exists in the target as a directory; a link replaces nothing');
    const fileWs = workspace([link('notes.txt', 'README')], (out) => fs.writeFileSync(path.join(out, 'notes.txt'), 'mine'));
    await expectRefused(fileWs, 'notes.txt exists in the target as a regular file; a link replaces nothing');
  });

  it('a file entry does not replace a link, a FIFO or a socket-like special file', async () => {
    const elsewhere = tmp();
    fs.writeFileSync(path.join(elsewhere, 'target.txt'), 'keep');
    const linkWs = workspace([file('config')], (out) => fs.symlinkSync(path.join(elsewhere, 'target.txt'), path.join(out, 'config')));
    await expectRefused(linkWs, 'config exists in the target as a symbolic link');
    expect(fs.readFileSync(path.join(elsewhere, 'target.txt'), 'utf8')).toBe('keep');
    const fifoWs = workspace([file('pipe')], (out) => execFileSync('mkfifo', [path.join(out, 'pipe')]));
    await expectRefused(fifoWs, 'pipe exists in the target as a FIFO');
  });

  it('a directory entry does not replace a file, and a file is not made a directory', async () => {
    await expectRefused(
      workspace([{ name: 'build/' }], (out) => fs.writeFileSync(path.join(out, 'build'), 'a file')),
      'build exists in the target as a regular file; a directory is never put in its place',
    );
    await expectRefused(
      workspace([file('build/out.js')], (out) => fs.writeFileSync(path.join(out, 'build'), 'a file')),
      'build is a regular file in the target, not a directory',
    );
  });

  it('conflicts inside the archive itself are refused', async () => {
    await expectRefused(workspace([file('x'), { name: 'x/' }]), 'both a file and a directory in the archive');
    await expectRefused(workspace([file('x'), file('x/y')]), 'both a file and a directory in the archive');
    await expectRefused(workspace([file('x'), link('x', 'y')]), 'both a file and a symlink in the archive');
  });

  it('merges into directories, replaces regular files, keeps an identical link', async () => {
    const ws = workspace([file('README.md', 'new'), file('keep/theirs.txt'), link('latest', 'keep')], (out) => {
      fs.mkdirSync(path.join(out, 'keep'));
      fs.writeFileSync(path.join(out, 'keep/mine.txt'), 'mine');
      fs.writeFileSync(path.join(out, 'README.md'), 'old');
      fs.symlinkSync('keep', path.join(out, 'latest'));
    });
    await extractZip(ws.zip, ws.out);
    expect(tree(ws.out)).toEqual(['README.md', 'keep/', 'keep/mine.txt', 'keep/theirs.txt', 'latest -> keep']);
    expect(fs.readFileSync(path.join(ws.out, 'README.md'), 'utf8')).toBe('new');
    expect(fs.readdirSync(ws.root).sort()).toEqual(['a.zip', 'out']);
    expect(fs.readdirSync(ws.out).some((n) => n.startsWith('.collab'))).toBe(false);
  });
});

describe('rule 4: CRC-32 and sizes are checked while writing', () => {
  it('a corrupted entry fails the extraction; what was written before it is removed', async () => {
    const ws = workspace(
      [file('first.txt', 'new first'), { name: 'second.bin', data: Buffer.alloc(5000, 7), compress: true, declaredCrc: 0x12345678 }],
      (out) => fs.writeFileSync(path.join(out, 'first.txt'), 'old first'),
    );
    await expectRefused(ws, /"second\.bin" is corrupt: bad CRC-32 \([0-9a-f]{8}, the archive says 12345678\)/);
    expect(fs.readFileSync(path.join(ws.out, 'first.txt'), 'utf8')).toBe('old first');
  });

  it('an entry holding more than its declared size stops there', async () => {
    await expectRefused(
      workspace([{ name: 'x.bin', data: Buffer.alloc(300_000, 1), compress: true, declaredSize: 1000 }]),
      '"x.bin" holds more than the 1000 bytes',
    );
  });

  it('an entry holding less than its declared size fails', async () => {
    await expectRefused(
      workspace([{ name: 'x.bin', data: Buffer.alloc(1000, 1), declaredSize: 5000 }]),
      '"x.bin" holds 1000 bytes where the archive\'s directory declares 5000',
    );
  });

  it('corrupt deflate data fails cleanly', async () => {
    const good = zipOf([{ name: 'x.txt', data: 'y'.repeat(10_000), compress: true }]);
    const ws = workspace([]);
    // Damage the deflate stream right after the local header (30 bytes + the name).
    good.fill(0xff, 40, 60);
    fs.writeFileSync(ws.zip, good);
    await expectRefused({ ...ws, before: snapshot(ws.root) }, /"x\.txt" (cannot be read|is corrupt|holds)/);
  });
});

describe('rule 4: an archive that reads differently from its local headers is refused', () => {
  // Tools that stream an archive (bsdtar -xf -) trust the local headers; collab the central directory.
  const data = 'the real content\n'.repeat(50);
  for (const [what, local, entry] of [
    ['its name', { name: '../../etc/cron.d/x' }, {}],
    ['its CRC-32', { crc: 0x12345678 }, {}],
    ['its compressed size', { compressedSize: 10 }, {}],
    ['its size', { size: 10 }, { compress: true }],
    ['its compression method', { method: 8 }, {}],
  ] as [string, NonNullable<RawEntry['local']>, Partial<RawEntry>][])
    it(`a local header that disagrees about ${what}`, async () => {
      const ws = workspace([file('first.txt'), { name: 'report.txt', data, ...entry, local }], (out) =>
        fs.writeFileSync(path.join(out, 'first.txt'), 'mine'),
      );
      await expectRefused(
        ws,
        `"report.txt" has a local header that disagrees with the archive's directory about ${what}; nothing was extracted`,
      );
    });

  it('a link whose local header disagrees is refused too', async () => {
    await expectRefused(workspace([{ ...link('l', 'inside'), local: { name: 'm' } }]), '"l" (corrupt symlink entry)');
  });

  it('archives written by real tools agree with themselves: Python zipfile (streamed, zip64) and yazl (data descriptors)', async () => {
    const root = tmp();
    const py = path.join(root, 'py.zip');
    execFileSync(
      'python3',
      [
        '-c',
        `import zipfile, io, sys
class Pipe(io.RawIOBase):
    def writable(self): return True
    def write(self, b): sys.stdout.buffer.write(b); return len(b)
with zipfile.ZipFile(Pipe(), 'w', zipfile.ZIP_DEFLATED) as z:
    z.writestr('a.txt', 'a' * 5000)
    with z.open('b64.bin', 'w', force_zip64=True) as f: f.write(b'b' * 70000)
    z.writestr('stored.txt', 'plain', compress_type=zipfile.ZIP_STORED)`,
      ],
      { stdio: ['ignore', fs.openSync(py, 'w'), 'inherit'] },
    );
    const yz = new yazl.ZipFile();
    yz.addBuffer(Buffer.alloc(100_000, 1), 'deflated.bin');
    yz.addBuffer(Buffer.from('stored'), 'stored.txt', { compress: false });
    yz.addBuffer(Buffer.from('z'.repeat(1000)), 'z64.txt', { forceZip64Format: true });
    yz.end();
    const yazlZip = path.join(root, 'yazl.zip');
    await pipeline(yz.outputStream, fs.createWriteStream(yazlZip));
    await extractZip(py, path.join(root, 'py'));
    await extractZip(yazlZip, path.join(root, 'yazl'));
    expect(tree(path.join(root, 'py'))).toEqual(['a.txt', 'b64.bin', 'stored.txt']);
    expect(fs.statSync(path.join(root, 'py/b64.bin')).size).toBe(70_000);
    expect(tree(path.join(root, 'yazl'))).toEqual(['deflated.bin', 'stored.txt', 'z64.txt']);
  });

  it('a data descriptor (zeros in the local header) is not a disagreement', async () => {
    const ws = workspace([{ name: 'streamed.txt', data, compress: true, local: { flags: 0x0808, crc: 0, size: 0, compressedSize: 0 } }]);
    await extractZip(ws.zip, ws.out);
    expect(fs.readFileSync(path.join(ws.out, 'streamed.txt'), 'utf8')).toBe(data);
  });
});

describe('rule 5: size and entry limits', () => {
  it('the default size limit: 200× the archive, at least 100 MiB, at most 8 GiB', () => {
    expect(defaultMaxBytes(1024)).toBe(100 * 1024 ** 2);
    expect(defaultMaxBytes(1024 ** 2)).toBe(200 * 1024 ** 2);
    expect(defaultMaxBytes(100 * 1024 ** 2)).toBe(8 * 1024 ** 3);
    expect(DEFAULT_MAX_ENTRIES).toBe(100_000);
  });

  it('a 1 MiB archive that expands to 1.1 GiB is refused before anything is written', async () => {
    const ws = workspace([file('README'), { name: 'zeros.bin', deflated: deflatedZeros(1100) }]);
    expect(fs.statSync(ws.zip).size).toBeLessThan(1.2 * 1024 ** 2);
    await expectRefused(
      ws,
      /its files add up to 1\.07 GiB, more than the limit of 2\d\d\.\d MiB \(the default: 200× the archive's 1\.\d+ MiB.*\(--max-size raises the limit\)/,
    );
  });

  it('--max-size lowers or raises the limit', async () => {
    const entries = [{ name: 'zeros.bin', deflated: deflatedZeros(120) }];
    await expectRefused(workspace(entries), 'more than the limit of 100.0 MiB');
    await expectRefused(
      workspace([file('a', 'x'.repeat(2000))]),
      'its files add up to 1.95 KiB, more than the limit of 1000 B (--max-size',
      { maxBytes: 1000 },
    );
    const ws = workspace(entries);
    const result = await extractZip(ws.zip, ws.out, { limits: { maxBytes: 200 * 1024 ** 2 } });
    expect(result.bytes).toBe(120 * 1024 ** 2);
    expect(fs.statSync(path.join(ws.out, 'zeros.bin')).size).toBe(120 * 1024 ** 2);
  });

  it('the entry count is capped (default 100,000; --max-entries)', async () => {
    await expectRefused(
      workspace(Array.from({ length: 11 }, (_, i) => file(`f${i}`))),
      'it has 11 entries, more than the limit of 10 (--max-entries raises the limit)',
      { maxEntries: 10 },
    );
    await expectRefused(
      workspace(Array.from({ length: 100_001 }, (_, i) => file(`f${i}`, ''))),
      'it has 100,001 entries, more than the limit of 100,000',
    );
  });
});

describe('interrupted and failed extractions', () => {
  it('Ctrl-C while writing removes what this run wrote and leaves the target as it was', async () => {
    const ws = workspace([file('a.txt'), { name: 'big.bin', deflated: deflatedZeros(64) }, file('z.txt')], (out) =>
      fs.writeFileSync(path.join(out, 'a.txt'), 'old'),
    );
    const ac = new AbortController();
    const pending = extractZip(ws.zip, ws.out, { signal: ac.signal });
    // Abort once the staging directory holds the big file being written.
    const staged = () => fs.readdirSync(ws.out).filter((n) => n.startsWith('.collab-extract-'));
    while (!staged().some((s) => fs.existsSync(path.join(ws.out, s, 'tree', 'big.bin')))) await new Promise((r) => setTimeout(r, 1));
    ac.abort();
    await expect(pending).rejects.toBeInstanceOf(CancelError);
    expect(snapshot(ws.root)).toEqual(ws.before);
  });

  it('a directory swapped for a link while the tree is moved into place is not written through (a race as root)', async () => {
    const elsewhere = tmp();
    const ws = workspace([file('docs/passwd', 'root::0:0'), file('docs/zz.txt')], (out) => fs.mkdirSync(path.join(out, 'docs')));
    const docs = path.join(ws.out, 'docs');
    const readdir = fs.promises.readdir;
    // Another process swaps docs/ for a link once the merge has looked at it, before its entries move.
    const spy = vi.spyOn(fs.promises, 'readdir').mockImplementation((async (dir: fs.PathLike, ...rest: unknown[]) => {
      if (String(dir).endsWith(`${path.sep}tree${path.sep}docs`) && !fs.lstatSync(docs).isSymbolicLink()) {
        fs.renameSync(docs, `${docs}.moved`);
        fs.symlinkSync(elsewhere, docs);
      }
      return (readdir as (...a: unknown[]) => Promise<unknown>).call(fs.promises, dir, ...rest);
    }) as typeof fs.promises.readdir);
    try {
      const err = await extractZip(ws.zip, ws.out).catch((e) => e);
      expect(err).toBeInstanceOf(CollabError);
      expect(err.message).toBe(`cannot extract into docs: it now leads to ${fs.realpathSync(elsewhere)} (it changed while extracting)`);
    } finally {
      spy.mockRestore();
    }
    expect(fs.readdirSync(elsewhere)).toEqual([]);
    expect(fs.readdirSync(ws.out).sort()).toEqual(['docs', 'docs.moved']);
  });

  it('a target that is not a directory is refused', async () => {
    const root = tmp();
    const zip = writeZip(root, [file('a.txt')]);
    fs.writeFileSync(path.join(root, 'out'), 'a file');
    await expect(extractZip(zip, path.join(root, 'out'))).rejects.toThrow('it is a regular file');
  });

  it('a corrupt archive fails cleanly', async () => {
    const root = tmp();
    const zip = path.join(root, 'a.zip');
    fs.writeFileSync(zip, 'this is not a zip file at all, not even close');
    await expect(extractZip(zip, path.join(root, 'out'))).rejects.toThrow(/cannot read the archive/);
    expect(fs.readdirSync(root)).toEqual(['a.zip']);
  });

  it('extracts files, directories, modes and non-ASCII names into a new directory', async () => {
    const ws = workspace([
      file('README.md', '# hi\n'),
      { name: 'bin/run.sh', data: '#!/bin/sh\n', mode: 0o100755 },
      file('reports/résumé final.txt', 'ok ✓\n'),
      { name: 'empty/' },
      { name: 'setuid', data: 'x', mode: 0o104777 },
    ]);
    const result = await extractZip(ws.zip, ws.out);
    expect(result.files).toBe(4);
    expect(tree(ws.out)).toEqual(['README.md', 'bin/', 'bin/run.sh', 'empty/', 'reports/', 'reports/résumé final.txt', 'setuid']);
    expect(fs.statSync(path.join(ws.out, 'bin/run.sh')).mode & 0o7777).toBe(0o755 & ~process.umask());
    expect(fs.statSync(path.join(ws.out, 'setuid')).mode & 0o7777).toBe(0o755 & ~process.umask());
    expect(fs.readdirSync(ws.root).sort()).toEqual(['a.zip', 'out']);
  });

  it('is an UnsafeArchiveError listing up to five reasons', async () => {
    const err = await expectRefused(workspace(Array.from({ length: 7 }, (_, i) => file(`../x${i}`))), 'and 2 more');
    expect(err).toBeInstanceOf(UnsafeArchiveError);
  });
});
