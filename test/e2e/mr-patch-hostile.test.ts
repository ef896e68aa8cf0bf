/**
 * `mr diff` piped is a patch that carries only what a diff of a git tree can: a server that puts
 * `.git/hooks/pre-commit`, `../x`, `/x` or a control character in a path, a mode git does not
 * write, a file under a link the patch makes, or lines in a hunk beyond what its header counts
 * (a second file smuggled in) gets exit 1 naming the file and nothing on stdout. Each patch the
 * built binary prints is applied with `git apply` and GNU `patch -p1` in a repository made here.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MrChange } from '../../src/resources/mr-change.js';
import { runBin, tempDir } from '../helpers/e2e.js';
import { type HostileServer, startHostileServer } from '../helpers/hostile.js';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: cwd } });

type Change = Required<
  Pick<MrChange, 'old_path' | 'new_path' | 'a_mode' | 'b_mode' | 'diff' | 'new_file' | 'renamed_file' | 'deleted_file'>
>;

const change = (p: string, diff: string, extra: Partial<Change> = {}): Change => ({
  old_path: p,
  new_path: p,
  a_mode: '100644',
  b_mode: '100644',
  diff,
  new_file: false,
  renamed_file: false,
  deleted_file: false,
  ...extra,
});
const added = (p: string, lines: string[], mode = '100644') =>
  change(p, `@@ -0,0 +1,${lines.length} @@\n${lines.map((l) => `+${l}\n`).join('')}`, { a_mode: '0', b_mode: mode, new_file: true });

/** What the merge request really changes: an edit, an executable script, a symbolic link. */
const LEGIT: Change[] = [
  change('src/app.txt', '@@ -1,3 +1,3 @@\n one\n-two\n+2\n three\n'),
  added('bin/run.sh', ['#!/bin/sh', 'echo hi'], '100755'),
  change('latest', '@@ -0,0 +1 @@\n+src/app.txt\n\\ No newline at end of file\n', { a_mode: '0', b_mode: '120000', new_file: true }),
];

const HOOK = ['#!/bin/sh', 'touch "$HOME/PWNED"'];

/** Each one hostile change, the file named in the refusal, and the reason. */
const HOSTILE: [string, Change, RegExp][] = [
  ['a hook in .git', added('.git/hooks/pre-commit', HOOK, '100755'), /"\.git\/hooks\/pre-commit" names \.git/],
  ['.git deeper down', added('vendor/lib/.git/config', ['[core]']), /names \.git/],
  ['.GIT in capitals', added('.GIT/hooks/post-checkout', HOOK, '100755'), /names \.git/],
  ['.git. as Windows reads it', added('.git./hooks/x', HOOK), /names \.git/],
  ['git~1, the 8.3 name', added('GIT~1/hooks/x', HOOK), /names \.git/],
  ['.git with a code point HFS+ ignores', added('.g\u200cit/hooks/x', HOOK), /names \.git/],
  // What git's verify_path refuses with core.protectNTFS (read-cache.c, path.c is_ntfs_dotgit), its default everywhere.
  ['.git as an NTFS data stream', added('.git::$INDEX_ALLOCATION/hooks/pre-commit', HOOK, '100755'), /names \.git/],
  ['.git through $I30', added('.git:$I30:$INDEX_ALLOCATION/config', ['[core]']), /names \.git/],
  ['git~1 with dots and spaces after it', added('vendor/Git~1 . ./hooks/x', HOOK), /names \.git/],
  ['.git behind backslashes', added('.git\\hooks\\pre-commit', HOOK, '100755'), /names \.git/],
  ['backslashes climbing out', added('src\\..\\..\\outside.txt', ['x']), /has a "\.\." segment/],
  ['a backslash, a separator on Windows', added('docs\\readme.md', ['x']), /"docs\\\\readme\.md" holds a backslash/],
  ['a Windows drive', added('C:/Users/Public/x.txt', ['x']), /is an absolute path/],
  [
    'a link named .gitmodules',
    change('.gitmodules', '@@ -0,0 +1 @@\n+/etc/passwd\n\\ No newline at end of file\n', { a_mode: '0', b_mode: '120000', new_file: true }),
    /is a symbolic link named \.gitmodules/,
  ],
  [
    "a link named by .gitmodules' NTFS short name",
    change('sub/GI7EBA~1', '@@ -0,0 +1 @@\n+/etc/passwd\n\\ No newline at end of file\n', {
      a_mode: '0',
      b_mode: '120000',
      new_file: true,
    }),
    /is a symbolic link named \.gitmodules/,
  ],
  ['.. out of the checkout', added('../outside.txt', ['x']), /"\.\.\/outside\.txt" has a "\.\." segment/],
  ['.. inside the path', added('src/../../outside.txt', ['x']), /has a "\.\." segment/],
  ['an absolute path', added('/tmp/collab-absolute.txt', ['x']), /is an absolute path/],
  ['an empty segment', added('src//x.txt', ['x']), /has a "" segment/],
  ['a . segment', added('src/./x.txt', ['x']), /has a "\." segment/],
  ['an escape sequence', added('evil\u001b]0;pwned\u0007.txt', ['x']), /holds a control character/],
  ['a tab', added('tab\there.txt', ['x']), /holds a control character/],
  ['a line break', added('a\nnew file mode 100755', ['x']), /holds a control character/],
  ['DEL', added('del\u007f.txt', ['x']), /holds a control character/],
  ['a C1 control', added('c1\u009b.txt', ['x']), /holds a control character/],
  ['a renamed file coming from .git', change('docs/x.md', '', { old_path: '.git/config', renamed_file: true }), /names \.git/],
  ['mode 100777', added('x.sh', ['x'], '100777'), /has mode "100777", which is not a mode git writes/],
  ['mode 040000 (a directory)', added('x', ['x'], '040000'), /has mode "040000"/],
  ['a mode carrying a header of its own', added('y.txt', ['x'], '100644\nnew file mode 100755'), /which is not a mode git writes/],
  ['mode 0 on a side that exists', change('src/app.txt', '@@ -1 +1 @@\n-one\n+1\n', { a_mode: '0' }), /has mode "0"/],
  [
    'a second file smuggled after the hunk',
    change(
      'src/app.txt',
      '@@ -1,3 +1,3 @@\n one\n-two\n+2\n three\ndiff --git a/.git/hooks/pre-commit ' +
        'b/.git/hooks/pre-commit\nnew file mode 100755\n--- /dev/null\n+++ ' +
        'b/.git/hooks/pre-commit\n@@ -0,0 +1,2 @@\n+#!/bin/sh\n+touch "$HOME/PWNED"\n',
    ),
    /"src\/app\.txt" has a line that is not a hunk line \(line 6 of its diff\)/,
  ],
  [
    'a hunk header counting fewer lines than follow',
    change('src/app.txt', '@@ -1,1 +1,1 @@\n-one\n+1\n+++ b/.git/hooks/pre-commit\n'),
    /has a line that is not a hunk line \(line 4/,
  ],
  [
    'text before the first hunk',
    change('src/app.txt', '--- a/x\n+++ b/.git/hooks/pre-commit\n@@ -1 +1 @@\n-one\n+1\n'),
    /line 1 of its diff/,
  ],
  ['a hunk shorter than its header', change('src/app.txt', '@@ -1,3 +1,3 @@\n one\n-two\n+2\n'), /has a hunk shorter than its header says/],
  ['an empty line in a hunk', change('src/app.txt', '@@ -1,3 +1,3 @@\n one\n\n-two\n+2\n three\n'), /not a hunk line \(line 3/],
  [
    'a file under a link the patch makes',
    change('docs', '@@ -0,0 +1 @@\n+/etc\n\\ No newline at end of file\n', { a_mode: '0', b_mode: '120000', new_file: true }),
    /"docs\/passwd" is placed under "docs", which it makes a symbolic link/,
  ],
];

describe('mr diff piped carries only what a diff can', () => {
  let repo: string;
  let server: HostileServer;
  let env: Record<string, string>;
  const MR = '/api/v4/projects/acme%2Fapi/merge_requests';

  beforeAll(async () => {
    repo = tempDir('collab-patch-repo-');
    git(repo, 'init', '-q');
    git(repo, 'config', 'user.email', 'test@example.com');
    git(repo, 'config', 'user.name', 'Test');
    fs.mkdirSync(path.join(repo, 'src'));
    fs.writeFileSync(path.join(repo, 'src/app.txt'), 'one\ntwo\nthree\n');
    fs.writeFileSync(path.join(repo, 'README.md'), '# r\n');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'base');
    const routes: Record<string, { body: unknown }> = {
      [`GET ${MR}/1/changes`]: { body: { iid: 1, changes: LEGIT } },
    };
    HOSTILE.forEach(([, bad], i) => {
      const extra = bad.new_path === 'docs' ? [bad, added('docs/passwd', ['root::0:0::/:/bin/sh'])] : [bad];
      routes[`GET ${MR}/${i + 2}/changes`] = { body: { iid: i + 2, changes: [...LEGIT, ...extra] } };
    });
    server = await startHostileServer(routes);
    env = { COLLAB_HOST: server.url, COLLAB_TOKEN: 'glpat-patch-test' };
  });
  afterAll(() => server?.close());

  /** A fresh clone of the base, inside a directory of its own (so `../x` lands where it can be seen). */
  const checkout = () => {
    const outer = tempDir('collab-patch-apply-');
    const dir = path.join(outer, 'repo');
    git(outer, 'clone', '-q', repo, 'repo');
    return { outer, dir };
  };
  /** Applies `patch` with git apply and with GNU patch -p1, each in its own checkout. */
  const applyBoth = (patch: string) => {
    const file = path.join(tempDir('collab-patch-'), 'mr.patch');
    fs.writeFileSync(patch === '' ? `${file}.empty` : file, patch);
    return (['git', 'patch'] as const).map((tool) => {
      const { outer, dir } = checkout();
      const home = tempDir('collab-patch-home-');
      const args = tool === 'git' ? ['apply', file] : ['-p1', '--batch', '-i', file];
      const r = spawnSync(tool, args, { cwd: dir, encoding: 'utf8', env: { ...process.env, HOME: home } });
      return { tool, outer, dir, home, status: r.status, stderr: r.stderr };
    });
  };

  it('the real change applies with git apply and patch -p1 alike (the control)', async () => {
    const r = await runBin(['mr', 'diff', '1', '-p', 'acme/api'], env, { stripFinalNewline: false });
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    for (const applied of applyBoth(r.stdout)) {
      expect(applied.status, `${applied.tool}: ${applied.stderr}`).toBe(0);
      expect(fs.readFileSync(path.join(applied.dir, 'src/app.txt'), 'utf8')).toBe('one\n2\nthree\n');
      expect(fs.statSync(path.join(applied.dir, 'bin/run.sh')).mode & 0o111, applied.tool).not.toBe(0);
      expect(fs.readlinkSync(path.join(applied.dir, 'latest')), applied.tool).toBe('src/app.txt');
    }
  });

  it.each(HOSTILE.map(([name, , reason], i) => [name, i + 2, reason] as const))(
    '%s: exit 1 naming the file, nothing printed, nothing written by either tool',
    async (_name, mr, reason) => {
      const r = await runBin(['mr', 'diff', String(mr), '-p', 'acme/api'], env, { stripFinalNewline: false });
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toMatch(/^collab: the diff cannot be a patch: /);
      expect(r.stderr).toMatch(reason);
      expect(r.stderr).toMatch(/; nothing was written\n/);
      expect(r.stdout).toBe('');
      // Whatever reached stdout goes through both tools, as a user's pipe would take it.
      if (r.stdout === '') return;
      for (const applied of applyBoth(r.stdout)) {
        const hooks = path.join(applied.dir, '.git', 'hooks');
        expect(
          fs.readdirSync(hooks).filter((f) => !f.endsWith('.sample')),
          applied.tool,
        ).toEqual([]);
        expect(fs.existsSync(path.join(applied.outer, 'outside.txt')), applied.tool).toBe(false);
        expect(fs.existsSync(path.join(applied.dir, 'docs/passwd')), applied.tool).toBe(false);
      }
    },
  );
});
