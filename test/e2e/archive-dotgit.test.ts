/**
 * An artifact never writes into `.git`: `job artifacts --extract .` inside a checkout (what CI jobs
 * do) with archives built here whose entries name `.git` as git's verify_path reads it (read-cache.c;
 * path.c is_ntfs_dotgit; utf8.c is_hfs_dotgit): any case, trailing dots and spaces, the NTFS short
 * name `git~1`, NTFS data streams, code points HFS+ ignores, at any depth, or a link into it. The
 * built binary refuses the whole archive (exit 1, the entry named, "nothing was extracted"), the
 * checkout is byte for byte as it was, and the hooks and `core.fsmonitor` the archive carried never
 * run at the git commands a user runs next. The control: the same hook, put there by hand, runs.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin, tempDir } from '../helpers/e2e.js';
import { type HostileServer, startHostileServer } from '../helpers/hostile-server.js';
import { snapshot } from '../helpers/tree.js';
import { type RawEntry, SYMLINK, zipOf } from '../helpers/zip-writer.js';

let server: HostileServer;
let nextJob = 500;
beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(() => server?.close());

/** The archive of a new job served, then `job artifacts <id> --extract <target>` run by the binary in `cwd`. */
function extractArchive(entries: RawEntry[], cwd: string, target = '.') {
  const id = nextJob++;
  server.serve(id, { body: zipOf(entries) });
  return runBin(
    ['job', 'artifacts', String(id), '-p', '1', '--extract', target],
    { COLLAB_HOST: server.url, COLLAB_TOKEN: 'glpat-dotgit' },
    { cwd },
  );
}

/** A checkout as CI has one, with a home of its own (no user or system git config). */
function checkout() {
  const home = tempDir('collab-dotgit-home-');
  const dir = path.join(tempDir('collab-dotgit-'), 'repo');
  const env = { PATH: process.env.PATH, HOME: home, GIT_CONFIG_NOSYSTEM: '1', MARKER_DIR: home };
  const git = (...args: string[]) => spawnSync('git', args, { cwd: dir, env, encoding: 'utf8' });
  fs.mkdirSync(dir);
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'ci@example.com');
  git('config', 'user.name', 'CI');
  fs.writeFileSync(path.join(dir, 'README.md'), '# project\n');
  git('add', '-A');
  git('commit', '-qm', 'base');
  /** What a user does next: status (fsmonitor), a new branch (post-checkout), a commit (pre-commit, commit-msg). */
  const next = () => {
    git('status');
    git('switch', '-q', '-c', `next-${Math.random().toString(36).slice(2)}`);
    fs.writeFileSync(path.join(dir, 'change.txt'), `${Date.now()}\n`);
    git('add', 'change.txt');
    git('commit', '-qm', 'next');
    return fs.readdirSync(home).filter((f) => f.startsWith('RAN-'));
  };
  return { dir, home, next };
}

const HOOK = (name: string) => `#!/bin/sh\ntouch "$MARKER_DIR/RAN-${name}"\n`;
const hook = (name: string, as = name): RawEntry => ({ name: as, data: HOOK(path.basename(as)), mode: 0o100755 });
const FSMONITOR = '[core]\n\tfsmonitor = "touch \\"$MARKER_DIR/RAN-fsmonitor\\"; false"\n';

/** Each hostile archive: its entries, and the entry the refusal must name. */
const HOSTILE: [string, RawEntry[], string][] = [
  ['.git/hooks', [{ name: 'build/app.txt', data: 'ok\n' }, hook('post-checkout', '.git/hooks/post-checkout')], '.git/hooks/post-checkout'],
  ['.git/config with core.fsmonitor', [{ name: '.git/config', data: FSMONITOR }], '.git/config'],
  ['.GIT in capitals', [hook('pre-commit', '.GIT/hooks/pre-commit')], '.GIT/hooks/pre-commit'],
  ['.Git. with a trailing dot', [hook('pre-commit', '.Git./hooks/pre-commit')], '.Git./hooks/pre-commit'],
  ['.git with trailing spaces and dots', [hook('pre-commit', '.git . ./hooks/pre-commit')], '.git . ./hooks/pre-commit'],
  ['git~1, the NTFS short name', [hook('pre-commit', 'GIT~1/hooks/pre-commit')], 'GIT~1/hooks/pre-commit'],
  [
    'an NTFS data stream of .git',
    [hook('commit-msg', '.git::$INDEX_ALLOCATION/hooks/commit-msg')],
    '.git::$INDEX_ALLOCATION/hooks/commit-msg',
  ],
  ['a code point HFS+ ignores', [hook('pre-commit', '.g\u200cit/hooks/pre-commit')], '.g\u200cit/hooks/pre-commit'],
  ['a zero-width no-break space before it', [hook('pre-commit', '\ufeff.git/hooks/pre-commit')], '\ufeff.git/hooks/pre-commit'],
  // yauzl reads a Windows archive's backslashes as the separators they are.
  ['backslashes (a Windows archive)', [hook('post-checkout', '.git\\hooks\\post-checkout')], '.git/hooks/post-checkout'],
  ['a nested .git file pointing elsewhere', [{ name: 'vendor/lib/.git', data: 'gitdir: /tmp\n' }], 'vendor/lib/.git'],
  ['a link into .git', [{ name: 'hooks', data: '.git/hooks', mode: SYMLINK }], 'hooks'],
  ['a link named .gitmodules', [{ name: '.gitmodules', data: 'README.md', mode: SYMLINK }], '.gitmodules'],
];

describe('job artifacts --extract . in a checkout', () => {
  it('the control: a hook put into .git by hand runs at the next commit, and an ordinary archive extracts', async () => {
    const co = checkout();
    fs.writeFileSync(path.join(co.dir, '.git/hooks/pre-commit'), HOOK('pre-commit'), { mode: 0o755 });
    const r = await extractArchive(
      [
        { name: 'build/app.txt', data: 'ok\n' },
        { name: '.github/workflows/ci.yml', data: 'on: push\n' },
      ],
      co.dir,
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(fs.readFileSync(path.join(co.dir, 'build/app.txt'), 'utf8')).toBe('ok\n');
    expect(co.next()).toEqual(['RAN-pre-commit']);
  });

  it.each(HOSTILE)('%s: refused whole, nothing extracted, no hook ever runs', async (_name, entries, named) => {
    const co = checkout();
    const before = snapshot(path.dirname(co.dir));
    const r = await extractArchive(entries, co.dir);
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^collab: refusing to extract the archive: /);
    expect(r.stderr).toContain(`"${named.replace(/[\u200c\ufeff]/g, '')}" (`);
    expect(r.stderr).toMatch(/\.git.*; nothing was extracted$/);
    expect(snapshot(path.dirname(co.dir))).toEqual(before);
    expect(co.next()).toEqual([]);
  });
});

/**
 * Links git never follows: `.gitattributes`, `.gitignore` and `.mailmap` are opened with O_NOFOLLOW
 * since git 2.32 and reported by fsck.c (GITATTRIBUTES_SYMLINK, GITIGNORE_SYMLINK,
 * MAILMAP_SYMLINK); an older git followed them. Compared as path.c's is_ntfs_dot_generic and
 * utf8.c's is_hfs_dot_generic do, at any depth (git reads nested ones too).
 */
describe('job artifacts --extract: no link as a file git reads attributes or ignores from', () => {
  it.each([
    ['.gitattributes', '.gitattributes'],
    ['src/.GITIGNORE', '.gitignore'],
    ['.mailmap. ', '.mailmap'],
    ['gi7d29~1', '.gitattributes'],
    ['gitign~2', '.gitignore'],
    ['.gitattr\u200cibutes', '.gitattributes'],
  ])('a link named %s: refused whole', async (name, as) => {
    const co = checkout();
    const before = snapshot(path.dirname(co.dir));
    const r = await extractArchive(
      [
        { name: 'src/', mode: 0o040755 },
        { name, data: 'README.md', mode: SYMLINK },
      ],
      co.dir,
    );
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stderr).toContain(`(a symlink named ${as}, which git never follows); nothing was extracted`);
    expect(snapshot(path.dirname(co.dir))).toEqual(before);
  });

  it('the same names as regular files extract', async () => {
    const co = checkout();
    const r = await extractArchive(
      [
        { name: '.gitattributes', data: '* text=auto\n' },
        { name: 'src/.gitignore', data: 'dist/\n' },
      ],
      co.dir,
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(fs.readFileSync(path.join(co.dir, 'src/.gitignore'), 'utf8')).toBe('dist/\n');
  });
});

/**
 * The target itself: `--extract` naming a git directory or a place in one — `.git`, its `hooks`,
 * a link to it, `sub/../.git`, a bare repository (`bare.git/hooks`), a git directory kept apart
 * from its worktree (`git init --separate-git-dir`) — is refused before anything is sent (exit 2),
 * as git's setup.c is_git_directory recognises one (a valid HEAD, objects and refs). The archive
 * itself names nothing hostile: it is where it lands that would run.
 */
describe('job artifacts --extract into a git directory', () => {
  const PLAIN: RawEntry[] = [hook('pre-commit'), hook('post-checkout'), hook('post-update'), hook('pre-commit', 'hooks/pre-commit')];
  const bare = (dir: string) => spawnSync('git', ['init', '-q', '--bare', path.join(dir, 'bare.git')]);
  const TARGETS: [string, string, (dir: string) => void][] = [
    ['.git', '.git', () => {}],
    ['.git/hooks', '.git', () => {}],
    ['a new directory in .git', '.git', () => {}],
    ['g/hooks, g a link to .git', '.git', (dir) => fs.symlinkSync('.git', path.join(dir, 'g'))],
    ['sub/../.git/hooks', '.git', (dir) => fs.mkdirSync(path.join(dir, 'sub'))],
    ['bare.git/hooks', 'bare.git', bare],
    ['bare.git', 'bare.git', bare],
    [
      '../gd/hooks',
      'gd',
      (dir) => spawnSync('git', ['init', '-q', '--separate-git-dir', path.join(dir, '../gd'), path.join(dir, 'other')]),
    ],
  ];
  const targetOf = (label: string) => (label === 'a new directory in .git' ? '.git/new' : label.split(',')[0]!);

  it.each(TARGETS)('--extract %s: exit 2, nothing sent, nothing written', async (label, gitDir, setup) => {
    const co = checkout();
    setup(co.dir);
    const before = snapshot(path.dirname(co.dir));
    const sent = server.requests.length;
    const r = await extractArchive(PLAIN, co.dir, targetOf(label));
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`the git directory \\S*/${gitDir.replace('.', '\\.')}; an archive is never extracted into one`));
    expect(server.requests.length).toBe(sent);
    expect(snapshot(path.dirname(co.dir))).toEqual(before);
    expect(co.next()).toEqual([]);
  });

  it('--extract . refuses an entry that goes into a bare repository the checkout holds', async () => {
    const co = checkout();
    bare(co.dir);
    const before = snapshot(path.dirname(co.dir));
    const r = await extractArchive([{ name: 'build/app.txt', data: 'ok\n' }, hook('post-update', 'bare.git/hooks/post-update')], co.dir);
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stderr).toContain('"bare.git/hooks/post-update" (inside bare.git, a git directory in the target); nothing was extracted');
    expect(snapshot(path.dirname(co.dir))).toEqual(before);
  });
});

/**
 * A git directory under another name: `docs/HEAD`, `docs/objects/`, `docs/refs/` and a
 * `docs/config` make `docs` what git's setup.c is_git_directory takes for a repository, and git
 * run in `docs` finds it before the checkout's `.git` (safe.bareRepository is `all` by default):
 * its core.fsmonitor (with a core.worktree) runs at `git status`. In a checkout such an archive is refused whole; outside
 * one (a mirror kept as an artifact) it extracts.
 */
describe('job artifacts --extract: no git directory planted in a checkout', () => {
  const planted = (dir: string, marks: RawEntry[]): RawEntry[] => [
    { name: `${dir}/HEAD`, data: 'ref: refs/heads/main\n' },
    ...marks,
    // A work tree of its own (its parent), so that `git status` there reads core.fsmonitor.
    {
      name: `${dir}/config`,
      data: `[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tworktree = ..\n${FSMONITOR.split('\n')[1]}\n`,
    },
  ];
  const BARE: RawEntry[] = [
    { name: 'docs/objects/', mode: 0o040755 },
    { name: 'docs/refs/heads/', mode: 0o040755 },
  ];

  it.each([
    ['HEAD, objects and refs', planted('docs', BARE), 'docs'],
    ['HEAD and commondir', planted('docs', [{ name: 'docs/commondir', data: '../.git\n' }]), 'docs'],
    [
      'in capitals',
      planted('Docs', [
        { name: 'Docs/OBJECTS/', mode: 0o040755 },
        { name: 'Docs/Refs/', mode: 0o040755 },
      ]),
      'Docs',
    ],
  ])('%s: refused whole in a checkout, nothing written, no hook runs', async (_name, entries, dir) => {
    const co = checkout();
    const before = snapshot(path.dirname(co.dir));
    const r = await extractArchive(entries, co.dir);
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stderr).toContain(`"${dir}/HEAD" (would make ${dir} a git directory in a checkout); nothing was extracted`);
    expect(snapshot(path.dirname(co.dir))).toEqual(before);
    expect(co.next()).toEqual([]);
  });

  it('the threat, and a mirror outside a checkout: extracted there, git in it takes it for a repository', async () => {
    const home = tempDir('collab-dotgit-home-');
    const out = tempDir('collab-mirror-');
    const r = await extractArchive(planted('docs', BARE), out);
    expect(r.exitCode, r.stderr).toBe(0);
    spawnSync('git', ['status'], {
      cwd: path.join(out, 'docs'),
      env: { PATH: process.env.PATH, HOME: home, GIT_CONFIG_NOSYSTEM: '1', MARKER_DIR: home },
    });
    expect(fs.readdirSync(home)).toEqual(['RAN-fsmonitor']);
  });
});
