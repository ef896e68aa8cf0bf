import type { ColorLevel } from '../../output/io.js';
import { painter } from '../../output/paint.js';
import { messageText } from '../../output/sanitize.js';
import { diffStat, type MrChange } from '../../resources/mr-change.js';
import { patchPath } from './git-quote.js';

/**
 * `mr diff --name-only` and `--stat`, as git writes them (git diff --name-only, --stat): what a
 * review starts from before the patch itself.
 */

/** A path as git names it outside a patch: C-quoted when it holds a control character, a quote or a backslash. */
const quoted = (name: string): string => patchPath('', name);

/** The name of a changed file: its new path (its old one when deleted); `old => new` for a rename. */
function changeName(c: MrChange, forPeople: boolean): string {
  const text = (s: string | undefined) => quoted(forPeople ? messageText(s ?? '') : (s ?? ''));
  if (c.renamed_file && c.old_path !== c.new_path) return `${text(c.old_path)} => ${text(c.new_path)}`;
  return text(c.deleted_file ? (c.old_path ?? c.new_path) : (c.new_path ?? c.old_path));
}

/** `--name-only`: each changed file's path on a line of its own (a deleted file's old one). */
export function nameOnly(changes: MrChange[], forPeople: boolean): string {
  return changes
    .map((c) => `${quoted(forPeople ? messageText(c.deleted_file ? c.old_path : c.new_path) : c.deleted_file ? c.old_path : c.new_path)}\n`)
    .join('');
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** git's closing line: ` 3 files changed, 10 insertions(+), 2 deletions(-)` (a zero count left out). */
function totalLine(files: number, added: number, removed: number): string {
  const parts = [plural(files, 'file changed', 'files changed')];
  if (added > 0 || removed === 0) parts.push(plural(added, 'insertion(+)', 'insertions(+)'));
  if (removed > 0) parts.push(plural(removed, 'deletion(-)', 'deletions(-)'));
  return ` ${parts.join(', ')}`;
}

/**
 * `--stat`: ` path | 12 ++++++------` a file, the bar scaled to `width` as git scales it (a file
 * with changes keeps at least one mark), `Bin` for one the server sent no hunks for, then the total.
 */
export function diffStatText(
  changes: MrChange[],
  width: number,
  level: ColorLevel,
  hasDiff: (c: MrChange) => boolean,
  forPeople: boolean,
): string {
  const paint = painter(level);
  const rows = changes.map((c) => ({ name: changeName(c, forPeople), diff: hasDiff(c), ...diffStat(c.diff) }));
  const nameWidth = rows.reduce((w, r) => Math.max(w, r.name.length), 0);
  const counts = rows.map((r) => (r.diff ? String(r.additions + r.deletions) : 'Bin'));
  const countWidth = counts.reduce((w, c) => Math.max(w, c.length), 0);
  // As many files as the server sends: reduced, never spread into a call.
  const most = rows.reduce((m, r) => Math.max(m, r.additions + r.deletions), 0);
  // ` name | count bar`: five cells besides the name, the count and the bar.
  const room = Math.max(10, width - nameWidth - countWidth - 5);
  const scale = (n: number) => (most <= room ? n : n === 0 ? 0 : Math.max(1, Math.round((n * room) / most)));
  const lines = rows.map((r, i) => {
    const bar = r.diff ? paint('+'.repeat(scale(r.additions)), 'diff-added') + paint('-'.repeat(scale(r.deletions)), 'diff-removed') : '';
    return ` ${r.name.padEnd(nameWidth)} | ${counts[i]!.padStart(countWidth)}${bar === '' ? '' : ` ${bar}`}`;
  });
  const added = rows.reduce((n, r) => n + r.additions, 0);
  const removed = rows.reduce((n, r) => n + r.deletions, 0);
  return `${[...lines, totalLine(rows.length, added, removed)].join('\n')}\n`;
}
