import { LocalError } from '../../errors.js';
import { verifyPathProblem } from '../../git-path.js';
import type { MrChange } from '../../resources/mr-change.js';

/**
 * What a diff of a git tree can hold, checked before any of it is written: paths, modes and hunks
 * come from the server, and `patch -p1` writes whatever a patch names (git apply refuses less than
 * all of it). A path git's verify_path refuses (src/git-path.ts: absolute, with a `.`, `..` or
 * empty segment, a backslash, naming `.git` at any depth as Windows and macOS file systems read the
 * name too, a link named `.gitmodules`) or holding a control character, a mode git does not
 * write, a file placed under a path the patch makes a file or a link, or a hunk whose lines are
 * not the ones its header counts, fails the whole diff.
 */
export function checkPatchable(changes: MrChange[], written: (c: MrChange) => boolean): void {
  const leaves = new Map<string, string>();
  for (const c of changes) {
    const sides = (
      [
        [c.old_path, c.a_mode],
        [c.new_path, c.b_mode],
      ] as const
    ).filter(([p]) => p !== undefined && p !== null);
    const named = typeof c.new_path === 'string' ? c.new_path : typeof c.old_path === 'string' ? c.old_path : '(unnamed)';
    const fail = (reason: string): never => {
      throw new LocalError(`the diff cannot be a patch: ${JSON.stringify(named)} ${reason}; nothing was written`);
    };
    if (sides.length === 0) fail('has no path');
    for (const [p, mode] of sides) {
      const why = pathProblem(p, mode === '120000');
      if (why) fail(why);
    }
    // A file the server sent no hunks for is only named (and said to be left out), never written.
    if (!written(c)) continue;
    const modes: [unknown, boolean][] = [
      [c.a_mode, c.new_file !== true],
      [c.b_mode, c.deleted_file !== true],
    ];
    for (const [mode, exists] of modes)
      if (!modeAllowed(mode, exists)) fail(`has mode ${JSON.stringify(mode)}, which is not a mode git writes`);
    const hunks = hunkProblem(c.diff);
    if (hunks) fail(hunks);
    if (c.deleted_file !== true) leaves.set(c.new_path, c.b_mode === '120000' ? 'a symbolic link' : 'a file');
  }
  for (const c of changes) {
    if (c.deleted_file === true || !written(c)) continue;
    const segments = c.new_path.split('/');
    for (let i = 1; i < segments.length; i++) {
      const above = leaves.get(segments.slice(0, i).join('/'));
      if (above)
        throw new LocalError(
          `the diff cannot be a patch: ${JSON.stringify(c.new_path)} is placed under ` +
            `${JSON.stringify(segments.slice(0, i).join('/'))}, which it makes ${above}; nothing ` +
            `was written`,
        );
    }
  }
}

const MODES = new Set(['100644', '100755', '120000', '160000']);

/** A side of the change that does not exist (a new file's old side) may say `0`, as GitLab writes it. */
function modeAllowed(mode: unknown, exists: boolean): boolean {
  if (mode === undefined || mode === null) return true;
  if (typeof mode !== 'string') return false;
  return MODES.has(mode) || (!exists && /^0+$/.test(mode));
}

/** Paths git would refuse (src/git-path.ts, as its verify_path decides), and control characters. */
function pathProblem(p: unknown, symlink: boolean): string | undefined {
  if (typeof p !== 'string' || p === '') return 'has no path';
  if (/[\u0000-\u001f\u007f-\u009f]/.test(p)) return 'holds a control character';
  return verifyPathProblem(p, symlink);
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** The diff text is hunks alone: each header, then exactly the lines it counts (and `\ No newline` notes). */
function hunkProblem(diff: unknown): string | undefined {
  if (diff === undefined || diff === null || diff === '') return undefined;
  if (typeof diff !== 'string') return 'has a diff that is not text';
  const lines = diff.replace(/\n$/, '').split('\n');
  let old = 0;
  let added = 0;
  let previous = '';
  for (const [i, line] of lines.entries()) {
    const bad = `has a line that is not a hunk line (line ${i + 1} of its diff)`;
    if (old === 0 && added === 0) {
      const m = HUNK_HEADER.exec(line);
      if (m) {
        old = m[2] === undefined ? 1 : Number(m[2]);
        added = m[4] === undefined ? 1 : Number(m[4]);
      } else if (!(line.startsWith('\\') && previous !== '' && !previous.startsWith('@@'))) return bad;
      previous = line;
      continue;
    }
    const mark = line[0];
    if (mark === ' ') {
      old--;
      added--;
    } else if (mark === '-') old--;
    else if (mark === '+') added--;
    else if (mark !== '\\' || previous.startsWith('@@')) return bad;
    if (old < 0 || added < 0) return bad;
    previous = line;
  }
  return old === 0 && added === 0 ? undefined : 'has a hunk shorter than its header says';
}
