import fs from 'node:fs';
import path from 'node:path';
import { namesDotGit } from '../git-path.js';

/**
 * Whether a directory is a git directory, and whether a path lies in one: an archive is never
 * extracted into `.git` (however it is spelt or reached, through a link or `..`), into a bare
 * repository, or into a linked worktree's git directory, where its hooks and config would run.
 */

/** setup.c validate_headref: a link into `refs/`, `ref: refs/…`, or an object id. */
function validHead(head: string): boolean {
  const stat = fs.lstatSync(head, { throwIfNoEntry: false });
  if (stat?.isSymbolicLink()) return fs.readlinkSync(head).startsWith('refs/');
  if (!stat?.isFile()) return false;
  const text = readStart(head);
  return /^ref:\s*refs\//.test(text) || /^(?:[0-9a-f]{40}|[0-9a-f]{64})(?:\s|$)/.test(text);
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

const isDir = (p: string) => fs.statSync(p, { throwIfNoEntry: false })?.isDirectory() === true;

/**
 * setup.c is_git_directory, as git decides where a repository is: a valid `HEAD`, and `objects`
 * and `refs` (a linked worktree's git directory has a `commondir` file instead).
 */
export function isGitDirectory(dir: string): boolean {
  if (!validHead(path.join(dir, 'HEAD'))) return false;
  if (fs.statSync(path.join(dir, 'commondir'), { throwIfNoEntry: false })?.isFile()) return true;
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
