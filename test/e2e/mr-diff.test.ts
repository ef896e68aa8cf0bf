/**
 * `mr diff` piped is a patch git applies: a repository is built here with every kind of change
 * (edit, rename with an edit, a name with a space or a quote, deletion, new and empty
 * files, a mode change, CRLF lines, no newline at the end, non-ASCII), its changes are served as
 * GitLab serves them (hunks from `@@`, modes, the three flags), and the built binary's output
 * goes through a real `git apply --check`, then `git apply`, which must give the target tree.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin, tempDir } from '../helpers/e2e.js';
import { type HostileServer, runInPty, startHostileServer } from '../helpers/hostile.js';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'core.quotePath=false', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: cwd },
  });

interface Change {
  old_path: string;
  new_path: string;
  a_mode: string;
  b_mode: string;
  diff: string;
  new_file: boolean;
  renamed_file: boolean;
  deleted_file: boolean;
  too_large?: boolean;
}

/** A repository with a base and a target commit. */
function buildRepo(): { dir: string; base: string; target: string } {
  const dir = tempDir('collab-diff-repo-');
  const write = (name: string, text: string, mode?: number) => {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
    if (mode !== undefined) fs.chmodSync(path.join(dir, name), mode);
  };
  git(dir, 'init', '-q');
  git(dir, 'config', 'user.email', 'test@example.com');
  git(dir, 'config', 'user.name', 'Test');
  git(dir, 'config', 'core.autocrlf', 'false');
  /** Writes the files (null: removed) and commits them. */
  const commit = (message: string, files: Record<string, string | null>) => {
    for (const [name, text] of Object.entries(files)) {
      if (text === null) fs.rmSync(path.join(dir, name));
      else write(name, text);
    }
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', message);
    return git(dir, 'rev-parse', 'HEAD').trim();
  };
  const lines = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`);
  const same = {
    'src/app.ts': `${lines.join('\n')}\n`,
    'docs/old name.md': '# Title\n\nSome text that stays the same.\nMore text.\nEnd.\n',
    'remove.txt': 'bye\n',
  };
  write('run.sh', '#!/bin/sh\necho hi\n', 0o644);
  const base = commit('base', {
    ...same,
    'crlf.txt': 'one\r\ntwo\r\nthree\r\n',
    'noeol.txt': 'first\nlast',
    'café/naïve.txt': 'é\n',
    'say "hi".txt': 'a\n',
  });

  lines[2] = 'line three';
  lines.splice(20, 1);
  lines.push('line 31');
  fs.chmodSync(path.join(dir, 'run.sh'), 0o755);
  const target = commit('target', {
    'src/app.ts': `${lines.join('\n')}\n`,
    'docs/old name.md': null,
    'docs/new name.md': '# Title\n\nSome text that stays the same.\nMore text, edited.\nEnd.\n',
    'remove.txt': null,
    'crlf.txt': 'one\r\n2\r\nthree\r\n',
    'noeol.txt': 'first\nlast, edited',
    'café/naïve.txt': 'è\n',
    'say "hi".txt': 'b\n',
    'new.txt': 'hello\n',
    'empty.txt': '',
  });
  return { dir, base, target };
}

/** The changes as GitLab's API gives them: per file, the modes, the flags and the hunks alone. */
function changesOf(dir: string, base: string, target: string): Change[] {
  const raw = git(dir, 'diff', '--raw', '-z', '-M', base, target).split('\0');
  const changes: Change[] = [];
  for (let i = 0; i < raw.length - 1; ) {
    const [aMode, bMode, , , status] = raw[i]!.slice(1).split(' ') as [string, string, string, string, string];
    const renamed = status.startsWith('R');
    const oldPath = raw[i + 1]!;
    const newPath = renamed ? raw[i + 2]! : oldPath;
    i += renamed ? 3 : 2;
    const full = git(dir, 'diff', '-M', base, target, '--', ...(renamed ? [oldPath, newPath] : [oldPath]));
    const at = full.search(/^@@ /m);
    const mode = (m: string) => (/^0+$/.test(m) ? '0' : m);
    changes.push({
      old_path: oldPath,
      new_path: newPath,
      a_mode: mode(aMode),
      b_mode: mode(bMode),
      diff: at < 0 ? '' : full.slice(at),
      new_file: status === 'A',
      renamed_file: renamed,
      deleted_file: status === 'D',
    });
  }
  return changes;
}

describe('mr diff', () => {
  let repo: { dir: string; base: string; target: string };
  let changes: Change[];
  let server: HostileServer;
  let env: Record<string, string>;
  const MR = '/api/v4/projects/acme%2Fapi/merge_requests';

  beforeAll(async () => {
    repo = buildRepo();
    changes = changesOf(repo.dir, repo.base, repo.target);
    const big: Change = {
      old_path: 'big.bin',
      new_path: 'big.bin',
      a_mode: '100644',
      b_mode: '100644',
      diff: '',
      new_file: false,
      renamed_file: false,
      deleted_file: false,
      too_large: true,
    };
    server = await startHostileServer({
      [`GET ${MR}/1/changes`]: { body: { id: 101, iid: 1, title: 'Everything', changes } },
      [`GET ${MR}/2/changes`]: { body: { id: 102, iid: 2, title: 'With a file too large', changes: [changes[0], big] } },
    });
    env = { COLLAB_HOST: server.url, COLLAB_TOKEN: 'glpat-diff-test' };
  });
  afterAll(() => server?.close());

  /** A fresh checkout of the base commit. */
  const checkout = () => {
    const dir = tempDir('collab-diff-apply-');
    git(dir, 'clone', '-q', repo.dir, '.');
    git(dir, 'config', 'core.autocrlf', 'false');
    git(dir, 'checkout', '-q', repo.base);
    return dir;
  };

  it('the test repository has every kind of change', () => {
    expect(changes.length).toBe(10);
    expect(changes.filter((c) => c.renamed_file).map((c) => c.new_path)).toEqual(['docs/new name.md']);
    expect(changes.some((c) => c.new_file && c.diff === '')).toBe(true);
    expect(changes.some((c) => !c.new_file && !c.deleted_file && c.diff === '' && c.a_mode !== c.b_mode)).toBe(true);
  });

  it('piped, it is a patch: git apply --check takes it, and applying it gives the target tree', async () => {
    const r = await runBin(['mr', 'diff', '1', '-p', 'acme/api'], env, { stripFinalNewline: false });
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toMatch(/^diff --git a\//);
    expect(r.stdout).not.toContain('\u001b');
    expect(r.stdout).toContain('diff --git "a/say \\"hi\\".txt" "b/say \\"hi\\".txt"\n');
    expect(r.stdout).toContain('crlf.txt\n@@ -1,3 +1,3 @@\n one\r\n-two\r\n+2\r\n three\r\n');
    const dir = checkout();
    const patch = path.join(tempDir('collab-diff-patch-'), 'mr.patch');
    fs.writeFileSync(patch, r.stdout);
    git(dir, 'apply', '--check', patch);
    git(dir, 'apply', '--index', patch);
    // Contents and modes are the target's, nothing more, nothing less.
    expect(git(dir, 'diff', '--cached', '--stat', repo.target)).toBe('');
    expect(git(dir, 'diff', '--stat', repo.target)).toBe('');
    expect(git(dir, 'ls-files', '--others')).toBe('');
    expect(git(dir, 'diff', '--cached', '--stat', repo.base)).not.toBe('');
  });

  it('-o json is the structure as the server sent it; -o tsv one row per file', async () => {
    const j = await runBin(['mr', 'diff', '1', '-p', 'acme/api', '-o', 'json'], env);
    expect(j.exitCode).toBe(0);
    expect(JSON.parse(j.stdout).changes).toEqual(changes);
    const t = await runBin(['mr', 'diff', '1', '-p', 'acme/api', '-o', 'tsv'], env);
    expect(t.exitCode).toBe(0);
    expect(t.stdout.split('\n')).toHaveLength(changes.length);
    expect(t.stdout).toContain('renamed\tdocs/old name.md\tdocs/new name.md\t1\t1');
  });

  it('a file the server sent no diff for is left out: the rest still applies, stderr names it, exit 1', async () => {
    const r = await runBin(['mr', 'diff', '2', '-p', 'acme/api'], env, { stripFinalNewline: false });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe('collab: the patch leaves out big.bin (too large to show): the server sent no diff for it\n');
    expect(r.stdout).not.toContain('big.bin');
    const patch = path.join(tempDir('collab-diff-patch-'), 'part.patch');
    fs.writeFileSync(patch, r.stdout);
    git(checkout(), 'apply', '--check', patch);
  });

  it('on a terminal it is coloured', async () => {
    const r = await runInPty(['mr', 'diff', '1', '-p', 'acme/api', '--no-pager'], env);
    expect(r.exitCode, r.output).toBe(0);
    expect(r.output).toContain('\u001b[1mdiff --git a/src/app.ts b/src/app.ts\u001b[22m');
    expect(r.output).toContain('\u001b[32m+line three\u001b[39m');
    expect(r.output).toContain('\u001b[31m-line 3\u001b[39m');
  });
});
