/**
 * Which paths git refuses to track, as its `verify_path` decides with `core.protectNTFS` and
 * `core.protectHFS` on (git's read-cache.c, path.c `is_ntfs_dotgit`, utf8.c `is_hfs_dotgit`): the
 * one predicate the archive extractor and `mr diff`'s patch check share. A leaf: imports nothing.
 */

// utf8.c next_hfs_char: code points HFS+ ignores in names (`.g\u200cit` is `.git` there).
const HFS_IGNORED = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;

/** ASCII letters lowered, nothing else: git compares its needles with tolower() on ASCII only. */
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));

/**
 * path.c is_ntfs_dotgit: `.git` or its short name `git~1`, then only dots and spaces (which NTFS
 * drops), up to the end or a `:` (an alternate data stream: `.git::$INDEX_ALLOCATION`).
 */
const NTFS_DOTGIT = /^(?:\.git|git~1)[. ]*(?::|$)/;

/** utf8.c is_hfs_dot_generic: `.` + `needle` once the ignored code points are gone, ASCII case folded. */
const hfsIs = (segment: string, needle: string) => asciiLower(segment.replace(HFS_IGNORED, '')) === `.${needle}`;

/**
 * path.c is_ntfs_dot_generic: `.<name>`, its regular short name (the name's first six characters,
 * `~1`…`~4`) or the fall-back one (up to six characters of `prefix`, `~`, digits, 8 in all), then
 * only dots and spaces up to the end or a `:`.
 */
function ntfsIsDot(segment: string, name: string, prefix: string): boolean {
  const s = asciiLower(segment);
  const tail = (rest: string) => /^[. ]*(?::|$)/.test(rest);
  if (s.startsWith(`.${name}`) && tail(s.slice(name.length + 1))) return true;
  if (s.startsWith(`${name.slice(0, 6)}~`) && /^[1-4]$/.test(s.charAt(7)) && tail(s.slice(8))) return true;
  const m = /^([^~]{0,6})~[1-9]/.exec(s);
  if (!m || !prefix.startsWith(m[1]!)) return false;
  const short = s.slice(0, 8);
  return short.length === 8 && /^[^~]*~[1-9][0-9]*$/.test(short) && tail(s.slice(8));
}

/** A path segment (between `/` or `\`) that git, on any file system it protects, reads as `.git`. */
export function namesDotGit(segment: string): boolean {
  return asciiLower(segment) === '.git' || NTFS_DOTGIT.test(asciiLower(segment)) || hfsIs(segment, 'git');
}

/** A segment git reads as `.gitmodules` (refused for a symbolic link: git would read it as one). */
export function namesDotGitmodules(segment: string): boolean {
  return asciiLower(segment) === '.gitmodules' || ntfsIsDot(segment, 'gitmodules', 'gi7eba') || hfsIs(segment, 'gitmodules');
}

/**
 * A segment git reads as `.gitattributes`, `.gitignore` or `.mailmap` (path.c: the NTFS short-name
 * prefixes `gi7d29`, `gi250a`, `maba30`): files git opens without following a link (since 2.32),
 * and whose link fsck.c reports (GITATTRIBUTES_SYMLINK, GITIGNORE_SYMLINK, MAILMAP_SYMLINK).
 */
export function namesNoFollowDotfile(segment: string): string | undefined {
  const files: [string, string][] = [
    ['gitattributes', 'gi7d29'],
    ['gitignore', 'gi250a'],
    ['mailmap', 'maba30'],
  ];
  const hit = files.find(
    ([name, prefix]) => asciiLower(segment) === `.${name}` || ntfsIsDot(segment, name, prefix) || hfsIs(segment, name),
  );
  return hit && `.${hit[0]}`;
}

/**
 * Why git's verify_path refuses `path` (with core.protectNTFS, its default everywhere, and
 * core.protectHFS), or undefined: a drive prefix or leading `/`; an empty, `.` or `..` segment; a
 * backslash (a directory separator to git on Windows, where it refuses one in a name); a segment
 * that is `.git` there; for a symbolic link, one that is `.gitmodules`.
 */
export function verifyPathProblem(path: string, symlink = false): string | undefined {
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path)) return 'is an absolute path';
  // Before the backslash rule: `.git\hooks` names .git, which says more.
  const segments = path.split(/[/\\]/);
  if (segments.some(namesDotGit)) return 'names .git';
  if (symlink && segments.some(namesDotGitmodules)) return 'is a symbolic link named .gitmodules';
  const odd = segments.find((s) => s === '' || s === '.' || s === '..');
  if (odd !== undefined) return `has a ${JSON.stringify(odd)} segment`;
  if (path.includes('\\')) return 'holds a backslash, a directory separator on Windows';
  return undefined;
}
