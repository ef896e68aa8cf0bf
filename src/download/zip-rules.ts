import type fs from 'node:fs';
import path from 'node:path';
import { namesDotGit } from '../git-path.js';
import { describeKind, lstatOrUndefined, MAX_NAME_BYTES } from './disk.js';

/**
 * What an archive's entry may be, one entry at a time: its name, where its link leads, and what it
 * may replace in the target directory. zip-plan.ts applies these to the whole archive.
 */

export type EntryKind = 'file' | 'dir' | 'symlink';

/** How names compare on a case-insensitive or normalising file system: links are matched this way. */
export const fold = (name: string) => name.normalize('NFC').toLowerCase();

export function parents(name: string): string[] {
  const parts = name.split('/');
  return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join('/'));
}

/** Checks an entry name; returns the normalised relative path, or the reason to refuse it. */
export function checkEntryName(raw: string): { name: string } | { reason: string } {
  if (raw.includes('\u0000')) return { reason: 'NUL in the name' };
  const name = raw.replace(/\\/g, '/');
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return { reason: 'absolute path' };
  const segments = name.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) return { reason: 'path escapes the directory' };
  // Hooks or a config written into a checkout's .git run as whoever extracted it.
  if (segments.some(namesDotGit)) return { reason: 'a path into .git, which git itself refuses' };
  if (segments.some((s) => Buffer.byteLength(s) > MAX_NAME_BYTES)) return { reason: `a name longer than ${MAX_NAME_BYTES} bytes` };
  return { name: segments.join('/') };
}

/** What a path inside the extraction root is, as far as a link's resolution is concerned. */
export type LinkLookup = (relative: string) => 'archive-link' | 'existing-link' | 'other';

/**
 * Where a link stored at `name` and pointing to `target` leads (a path relative to the root), or
 * why it is refused. Only targets of the form `../../a/b` are accepted — `..` only at the start,
 * so each one climbs out of a real directory that holds the link (never a link) — and the names
 * after them may not pass through a link, the archive's or one already in the target. The last
 * name may be another link of the archive (checked by the same rule), not one already there.
 * A chain of links can therefore only ever lead to a place inside the root.
 */
export function resolveLink(name: string, target: string, lookup: LinkLookup): { path: string } | { reason: string } {
  if (target === '') return { reason: 'empty link target' };
  if (target.includes('\u0000')) return { reason: 'NUL in the link target' };
  if (target.includes('\\')) return { reason: `backslash in the link target (${target})` };
  if (target.startsWith('/') || /^[a-zA-Z]:/.test(target)) return { reason: `symlink pointing outside the directory (${target})` };
  const stack = name.split('/').slice(0, -1);
  const segments = target.split('/').filter((s) => s !== '' && s !== '.');
  let climbing = true;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    if (seg === '..') {
      if (!climbing) return { reason: `symlink target with ".." after a name (${target})` };
      if (stack.length === 0) return { reason: `symlink pointing outside the directory (${target})` };
      stack.pop();
      continue;
    }
    climbing = false;
    if (namesDotGit(seg)) return { reason: `symlink into .git (${target})` };
    stack.push(seg);
    const last = i === segments.length - 1;
    const kind = lookup(stack.join('/'));
    if (kind === 'existing-link') return { reason: `symlink through the existing link ${stack.join('/')}` };
    if (kind === 'archive-link' && !last) return { reason: `symlink through the symlink ${stack.join('/')}` };
  }
  return { path: stack.join('/') };
}

/** lstat of paths under the target, each looked at once; nothing below an absent path is looked at. */
export function targetInspector(target: string): (relative: string) => fs.Stats | undefined {
  const seen = new Map<string, fs.Stats | undefined>();
  const look = (rel: string): fs.Stats | undefined => {
    if (seen.has(rel)) return seen.get(rel);
    const parent = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
    const parentStat = parent === '' ? lstatOrUndefined(target) : look(parent);
    const stat = parentStat?.isDirectory() ? lstatOrUndefined(path.join(target, rel)) : undefined;
    seen.set(rel, stat);
    return stat;
  };
  return look;
}

/**
 * Whether writing this entry would delete or replace something of another kind in the target:
 * a file may replace a regular file only, a directory merges into a directory only, a link
 * replaces nothing (an identical link is left as it is), and no entry goes through a link.
 */
export function conflictInTarget(
  p: { name: string; kind: EntryKind; target?: string },
  inTarget: (relative: string) => fs.Stats | undefined,
  readLink: (relative: string) => string,
): string | undefined {
  for (const dir of parents(p.name)) {
    const stat = inTarget(dir);
    if (!stat) return undefined;
    if (stat.isSymbolicLink()) return `${dir} is a symbolic link in the target; nothing is written through a link`;
    if (!stat.isDirectory()) return `${dir} is a ${describeKind(stat)} in the target, not a directory`;
  }
  const stat = inTarget(p.name);
  if (!stat) return undefined;
  const exists = `${p.name} exists in the target as a ${describeKind(stat)}`;
  if (p.kind === 'file') return stat.isFile() ? undefined : `${exists}; a file replaces only a regular file`;
  if (p.kind === 'dir') return stat.isDirectory() ? undefined : `${exists}; a directory is never put in its place`;
  if (stat.isSymbolicLink() && p.target !== undefined && readLink(p.name) === p.target) return undefined;
  return `${exists}; a link replaces nothing`;
}
