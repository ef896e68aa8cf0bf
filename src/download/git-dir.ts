import fs from 'node:fs';
import path from 'node:path';
import { namesDotGit } from '../git-path.js';

/**
 * Whether a directory is a git directory, and whether a path lies in one: an archive is never
 * extracted into `.git` (however it is spelt or reached, through a link or `..`), into a bare
 * repository, or into a linked worktree's git directory, where its hooks and config would run.
 */

/** A stat, or undefined for anything that cannot be looked at (absent, ENOTDIR, EACCES). */
function statOf(p: string, stat: typeof fs.statSync = fs.statSync): fs.Stats | undefined {
  try {
    return stat(p, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** setup.c validate_headref: a link into `refs/`, `ref: refs/…`, or an object id. */
function validHead(head: string): boolean {
  const stat = statOf(head, fs.lstatSync);
  if (stat?.isSymbolicLink()) return readLink(head).startsWith('refs/');
  if (!stat?.isFile()) return false;
  const text = readStart(head);
  return /^ref:\s*refs\//.test(text) || /^(?:[0-9a-f]{40}|[0-9a-f]{64})(?:\s|$)/.test(text);
}

function readLink(file: string): string {
  try {
    return fs.readlinkSync(file);
  } catch {
    return '';
  }
}

function readStart(file: string): string {
  try {
    const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
    try {
      const buf = Buffer.alloc(256);
      return buf.subarray(0, fs.readSync(fd, buf, 0, buf.length, 0)).toString('latin1');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return '';
  }
}

const isDir = (p: string) => statOf(p)?.isDirectory() === true;

/**
 * setup.c is_git_directory, as git decides where a repository is: a valid `HEAD`, and `objects`
 * and `refs` (a linked worktree's git directory has a `commondir` file instead).
 */
export function isGitDirectory(dir: string): boolean {
  if (!validHead(path.join(dir, 'HEAD'))) return false;
  if (statOf(path.join(dir, 'commondir'))?.isFile()) return true;
  return isDir(path.join(dir, 'objects')) && isDir(path.join(dir, 'refs'));
}

/** `p` with its longest existing part replaced by its real path (links and `..` resolved). */
function realPath(p: string): string {
  const rest: string[] = [];
  let at = p;
  for (;;) {
    try {
      return path.join(fs.realpathSync.native(at), rest.reverse().join(path.sep));
    } catch {
      const up = path.dirname(at);
      if (up === at) return p;
      rest.push(path.basename(at));
      at = up;
    }
  }
}

/** The git directory that the directory `dir` (absolute) is or lies in, or undefined. */
export function gitDirectoryHolding(dir: string): string | undefined {
  const real = realPath(dir);
  for (const p of [dir, real]) {
    const parts = p.split(path.sep);
    const at = parts.findIndex(namesDotGit);
    if (at >= 0) return parts.slice(0, at + 1).join(path.sep);
  }
  for (let d = real; ; d = path.dirname(d)) {
    if (isGitDirectory(d)) return d;
    if (path.dirname(d) === d) return undefined;
  }
}

/** The work tree `dir` (absolute, existing) lies in: the nearest folder up from it holding a `.git`; undefined outside one. */
export function checkoutHolding(dir: string): string | undefined {
  for (let d = realPath(dir); ; d = path.dirname(d)) {
    if (statOf(path.join(d, '.git'), fs.lstatSync)) return d;
    if (path.dirname(d) === d) return undefined;
  }
}

const MARKS = new Set(['head', 'objects', 'refs', 'commondir']);

/**
 * The folders (relative, `''` the root) that an extraction would turn into what git takes for a
 * repository (setup.c is_git_directory: `HEAD` with `objects` and `refs`, or with `commondir`),
 * with at least one of those from the archive. Git run in such a folder inside a checkout finds it
 * before the checkout's `.git` and runs its config (`core.fsmonitor`) and hooks. Names compare as
 * a case-insensitive file system would have them.
 */
export function plantedGitDirs(names: readonly string[], inTarget: (relative: string) => boolean): string[] {
  const added = new Set(names.map((n) => n.toLowerCase()));
  const candidates = new Set<string>();
  for (const name of names) {
    const cut = name.lastIndexOf('/');
    if (MARKS.has(name.slice(cut + 1).toLowerCase())) candidates.add(cut < 0 ? '' : name.slice(0, cut));
  }
  return [...candidates].filter((dir) => {
    const has = (mark: string) => {
      const rel = dir === '' ? mark : `${dir}/${mark}`;
      return added.has(rel.toLowerCase()) || inTarget(rel);
    };
    return has('HEAD') && ((has('objects') && has('refs')) || has('commondir'));
  });
}
