/**
 * The lines of a unified diff as GitLab numbers them for positions (lib/gitlab/diff/parser.rb): an
 * added line has a new number only, a removed one an old number only, an unchanged one both. The
 * client places `mr note --line` by them and the sandbox checks a position against them.
 */
export interface DiffLine {
  old: number | null;
  new: number | null;
}

const HUNK = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/**
 * Lines before the first hunk are the header (`--- a/…`, `+++ b/…`), as GitLab's parser takes
 * file names only there: inside a hunk, `+++ x` is an added line `++ x`.
 */
export function diffLines(diff: string): DiffLine[] {
  const lines: DiffLine[] = [];
  let inHunk = false;
  let oldLine = 0;
  let newLine = 0;
  for (const text of diff.split('\n')) {
    const hunk = HUNK.exec(text);
    if (hunk) {
      inHunk = true;
      oldLine = Number(hunk[1]);
      newLine = Number(hunk[2]);
    } else if (!inHunk) continue;
    else if (text.startsWith('+')) lines.push({ old: null, new: newLine++ });
    else if (text.startsWith('-')) lines.push({ old: oldLine++, new: null });
    else if (text.startsWith(' ')) lines.push({ old: oldLine++, new: newLine++ });
  }
  return lines;
}
