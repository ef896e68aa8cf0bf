/**
 * The `.git` predicate the extractor and `mr diff`'s patch check share, against git itself: every
 * path is offered to `git update-index --index-info` with core.protectNTFS and core.protectHFS on,
 * which runs git's verify_path (read-cache.c; path.c is_ntfs_dotgit / is_ntfs_dotgitmodules, utf8.c
 * is_hfs_dotgit) and drops ("Ignoring path") what it refuses. collab must refuse the same paths,
 * for files and for symbolic links. Git on Linux takes backslashes and drive letters in names,
 * which git on Windows refuses: collab refuses those everywhere (checked apart).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { namesDotGit, verifyPathProblem } from '../../src/git-path.js';
import { tempDir } from '../helpers/temp.js';

const BLOB = 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391'; // the empty blob

/**
 * What git accepts of `paths` with `mode` (100644 or 120000). Each path goes in under a directory
 * of its own (`c7/…`): a file and a directory of one name (`.gitx`, `.gitx/config`) would
 * otherwise conflict in the index. verify_path judges every segment alike, the first included.
 */
function gitAccepts(paths: string[], mode: '100644' | '120000'): Set<string> {
  const repo = tempDir('collab-verify-path-');
  const git = (args: string[], input?: string) =>
    spawnSync('git', ['-c', 'core.protectNTFS=true', '-c', 'core.protectHFS=true', ...args], { cwd: repo, input, encoding: 'utf8' });
  expect(git(['init', '-q']).status).toBe(0);
  const under = (p: string, i: number) => (p.startsWith('/') ? p : `c${i}/${p}`);
  const lines = paths.map((p, i) => `${mode} ${BLOB}\t${under(p, i)}\0`).join('');
  git(['update-index', '-z', '--index-info'], lines);
  const listed = new Set(git(['ls-files', '-z']).stdout.split('\0'));
  return new Set(paths.filter((p, i) => listed.has(under(p, i))));
}

const cases = (): string[] => {
  const dotgit = ['.git', '.GIT', '.Git', 'git~1', 'GIT~1', 'Git~1'];
  const tails = [
    '',
    '.',
    ' ',
    '. .',
    ' . ',
    '..',
    '::$INDEX_ALLOCATION',
    ':$I30:$INDEX_ALLOCATION',
    ':stream',
    '. :x',
    'x',
    '~',
    '-',
    '1',
    'modules',
  ];
  const hfs = ['\u200c', '\u200d', '\u200e', '\u200f', '\u202a', '\u202e', '\u206a', '\u206f', '\ufeff'];
  const out = new Set<string>();
  for (const d of dotgit)
    for (const t of tails) {
      out.add(`${d}${t}/config`);
      out.add(`a/${d}${t}/hooks/pre-commit`);
      out.add(`a/b/${d}${t}`);
    }
  for (const c of hfs) {
    out.add(`${c}.git/config`);
    out.add(`.g${c}it/config`);
    out.add(`a/.git${c}/hooks/x`);
    out.add(`a/.G${c}I${c}T/x`);
    out.add(`.git${c}./x`); // HFS ignores the mark but keeps the dot; NTFS does not ignore the mark
    out.add(`.gitmodules${c}`);
    out.add(`a/.${c}gitmodules`);
  }
  for (const m of [
    '.gitmodules',
    '.GITMODULES',
    '.gitmodules.',
    '.gitmodules ::$DATA',
    'gitmod~1',
    'GITMOD~4',
    'gitmod~5',
    'gi7eba~1',
    'GI7EBA~9',
    'gi7eb~12',
    'g~123456',
    '~1234567',
    'gi7ebax~1',
    'gi7eba~0',
    'gi7eba~1x',
  ])
    for (const at of ['', 'a/', 'a/b/']) out.add(`${at}${m}`);
  for (const ok of [
    'git',
    '.gitignore',
    '.github/workflows/ci.yml',
    'git~2/x',
    'gitx~1/y',
    '.gi',
    '.gitx',
    'a.git/b',
    'x/.git-keep',
    'é/.gît/x',
    '...',
    'a/.../b',
    'ﬁle',
  ])
    out.add(ok);
  for (const bad of ['', '/abs', 'a//b', 'a/./b', 'a/../b', './a', '../a', 'a/', 'a/..', 'a/.']) out.add(bad);
  return [...out];
};

describe('verify_path as git decides it', () => {
  const paths = cases();
  const portable = paths.filter((p) => !p.includes('\\') && !/^[a-zA-Z]:/.test(p));

  it.each(['100644', '120000'] as const)('collab refuses exactly what git refuses, mode %s', (mode) => {
    const accepted = gitAccepts(
      portable.filter((p) => p !== ''),
      mode,
    );
    const disagree = portable
      .filter((p) => p !== '')
      .map((p) => ({ path: JSON.stringify(p), git: accepted.has(p), collab: verifyPathProblem(p, mode === '120000') === undefined }))
      .filter((d) => d.git !== d.collab);
    expect(disagree).toEqual([]);
    // The cases do cover both verdicts.
    expect(accepted.size).toBeGreaterThan(20);
    expect(portable.length - accepted.size).toBeGreaterThan(200);
  });

  it('a backslash is a separator to the .git rule, and refused on its own (git on Windows refuses it)', () => {
    expect(verifyPathProblem('.git\\hooks\\pre-commit')).toBe('names .git');
    expect(verifyPathProblem('a\\GIT~1\\config')).toBe('names .git');
    expect(verifyPathProblem('a\\.git. \\x')).toBe('names .git');
    expect(verifyPathProblem('src\\main.c')).toBe('holds a backslash, a directory separator on Windows');
    expect(verifyPathProblem('a\\..\\..\\x')).toMatch(/segment|backslash/);
    expect(verifyPathProblem('C:/Windows/x')).toBe('is an absolute path');
    expect(verifyPathProblem('c:x')).toBe('is an absolute path');
    // Git on Linux takes these with protectNTFS unless they hide .git: the .git ones agree.
    const accepted = gitAccepts(['.git\\hooks\\x', 'a\\git~1\\x', 'a\\.git::$INDEX_ALLOCATION\\x', 'src\\main.c'], '100644');
    expect([...accepted]).toEqual(['src\\main.c']);
  });

  it('namesDotGit: one segment', () => {
    expect(
      ['.git', '.GiT', '.git.', '.git ', '.git . .', 'git~1', 'GIT~1..', '.git::$INDEX_ALLOCATION', '\u200c.git', '.gi\ufefft'].every(
        namesDotGit,
      ),
    ).toBe(true);
    expect(['git', '.gitx', '.git x', 'git~2', '.gitignore', '.g\u0131t', '.\uff47it', '.git\u200b'].some(namesDotGit)).toBe(false);
  });
});
