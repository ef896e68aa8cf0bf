import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yazl from 'yazl';
import { afterEach, describe, expect, it } from 'vitest';
import { checkEntryName, extractZip, symlinkStaysInside, UnsafeArchiveError } from '../../src/download/extract.js';

interface FixtureEntry {
  name: string;
  data?: string;
  mode?: number;
  dir?: boolean;
}

/**
 * Builds a zip with yazl. yazl refuses unsafe names, so an entry can carry a same-length
 * placeholder name and `rename` patches the bytes afterwards (local header and central directory).
 */
async function buildZip(entries: FixtureEntry[], rename: Record<string, string> = {}): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries) {
    if (e.dir) zip.addEmptyDirectory(e.name);
    else zip.addBuffer(Buffer.from(e.data ?? ''), e.name, e.mode !== undefined ? { mode: e.mode } : {});
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  const buf = Buffer.concat(chunks);
  for (const [from, to] of Object.entries(rename)) {
    expect(Buffer.byteLength(from)).toBe(Buffer.byteLength(to));
    const needle = Buffer.from(from);
    let at = buf.indexOf(needle);
    expect(at).toBeGreaterThanOrEqual(0);
    while (at >= 0) {
      Buffer.from(to).copy(buf, at);
      at = buf.indexOf(needle, at + 1);
    }
  }
  return buf;
}

const dirs: string[] = [];
function tmp(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'collab-extract-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tree(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      const st = fs.lstatSync(full);
      const rel = prefix + name;
      if (st.isSymbolicLink()) out.push(`${rel} -> ${fs.readlinkSync(full)}`);
      else if (st.isDirectory()) {
        out.push(`${rel}/`);
        walk(full, `${rel}/`);
      } else out.push(rel);
    }
  };
  walk(root, '');
  return out;
}

async function writeZip(dir: string, buf: Buffer): Promise<string> {
  const file = path.join(dir, 'a.zip');
  fs.writeFileSync(file, buf);
  return file;
}

describe('entry checks', () => {
  it('normalises safe names and refuses escaping ones', () => {
    expect(checkEntryName('a/./b//c.txt')).toEqual({ name: 'a/b/c.txt' });
    expect(checkEntryName('dir\\file.txt')).toEqual({ name: 'dir/file.txt' });
    expect(checkEntryName('../x')).toEqual({ reason: 'path escapes the directory' });
    expect(checkEntryName('a/../../x')).toEqual({ reason: 'path escapes the directory' });
    expect(checkEntryName('..\\x')).toEqual({ reason: 'path escapes the directory' });
    expect(checkEntryName('/etc/passwd')).toEqual({ reason: 'absolute path' });
    expect(checkEntryName('C:/x')).toEqual({ reason: 'absolute path' });
  });

  it('keeps symlinks only when they resolve inside', () => {
    expect(symlinkStaysInside('a/link', '../b/file')).toBe(true);
    expect(symlinkStaysInside('a/link', '../../etc')).toBe(false);
    expect(symlinkStaysInside('link', '/etc/passwd')).toBe(false);
    expect(symlinkStaysInside('link', '..')).toBe(false);
  });
});

describe('extractZip', () => {
  it('extracts files, directories, modes, non-ASCII names and inside symlinks', async () => {
    const dir = tmp();
    const zip = await writeZip(
      dir,
      await buildZip([
        { name: 'README.md', data: '# hi\n' },
        { name: 'bin/run.sh', data: '#!/bin/sh\n', mode: 0o100755 },
        { name: 'reports/résumé final.txt', data: 'ok ✓\n' },
        { name: 'empty/', dir: true },
        { name: 'latest', data: 'reports', mode: 0o120777 },
      ]),
    );
    const out = path.join(dir, 'out');
    const result = await extractZip(zip, out);
    expect(result.files).toBe(4);
    expect(tree(out)).toEqual(['README.md', 'bin/', 'bin/run.sh', 'empty/', 'latest -> reports', 'reports/', 'reports/résumé final.txt']);
    expect(fs.readFileSync(path.join(out, 'reports/résumé final.txt'), 'utf8')).toBe('ok ✓\n');
    expect(fs.statSync(path.join(out, 'bin/run.sh')).mode & 0o777).toBe(0o755);
    expect(fs.readdirSync(dir).sort()).toEqual(['a.zip', 'out']); // no staging directory left
    expect(fs.statSync(out).mode & 0o777).toBe(0o755);
  });

  it('merges into an existing directory and replaces files', async () => {
    const dir = tmp();
    const out = path.join(dir, 'out');
    fs.mkdirSync(path.join(out, 'keep'), { recursive: true });
    fs.writeFileSync(path.join(out, 'keep/mine.txt'), 'mine');
    fs.writeFileSync(path.join(out, 'README.md'), 'old');
    const zip = await writeZip(dir, await buildZip([{ name: 'README.md', data: 'new' }, { name: 'keep/theirs.txt', data: 't' }]));
    await extractZip(zip, out);
    expect(tree(out)).toEqual(['README.md', 'keep/', 'keep/mine.txt', 'keep/theirs.txt']);
    expect(fs.readFileSync(path.join(out, 'README.md'), 'utf8')).toBe('new');
  });

  it.each([
    ['a parent-directory entry', [{ name: 'XX/escape.txt', data: 'x' }], { 'XX/escape.txt': '../escape.txt' }, 'path escapes the directory'],
    ['an absolute path', [{ name: 'Xabs-evil.txt', data: 'x' }], { 'Xabs-evil.txt': '/abs-evil.txt' }, 'absolute path'],
    ['a symlink pointing outside', [{ name: 'link', data: '../../../../etc', mode: 0o120777 }], {}, 'symlink pointing outside'],
    ['an absolute symlink', [{ name: 'link', data: '/etc/passwd', mode: 0o120777 }], {}, 'symlink pointing outside'],
    [
      'a file written through a symlink',
      [
        { name: 'link', data: 'sub', mode: 0o120777 },
        { name: 'link/x.txt', data: 'x' },
      ],
      {},
      'placed under the symlink link',
    ],
  ])('refuses %s and writes nothing', async (_what, entries, rename, reason) => {
    const dir = tmp();
    const zip = await writeZip(dir, await buildZip([{ name: 'good.txt', data: 'fine' }, ...entries], rename));
    const out = path.join(dir, 'nested', 'out');
    fs.mkdirSync(path.dirname(out));
    const err = await extractZip(zip, out).catch((e) => e);
    expect(err).toBeInstanceOf(UnsafeArchiveError);
    expect(err.message).toContain(reason);
    expect(err.message).toContain('nothing was extracted');
    expect(fs.existsSync(out)).toBe(false);
    expect(fs.readdirSync(path.dirname(out))).toEqual([]);
    expect(fs.existsSync(path.join(dir, 'escape.txt'))).toBe(false);
    expect(fs.existsSync('/abs-evil.txt')).toBe(false);
  });

  it('fails cleanly on a corrupt archive', async () => {
    const dir = tmp();
    const zip = await writeZip(dir, Buffer.from('this is not a zip file at all, not even close'));
    const out = path.join(dir, 'out');
    await expect(extractZip(zip, out)).rejects.toThrow(/cannot read the archive/);
    expect(fs.readdirSync(dir)).toEqual(['a.zip']);
  });
});
