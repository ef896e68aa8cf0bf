/**
 * The lines of a unified diff as GitLab numbers them for positions (lib/gitlab/diff/parser.rb): an
 * added line has a new number only, a removed one an old number only, an unchanged one both.
 */
export interface DiffLine {
  old: number | null;
  new: number | null;
}

const HUNK = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

export function diffLines(diff: string): DiffLine[] {
  const lines: DiffLine[] = [];
  let oldLine = 0;
  let newLine = 0;
  for (const text of diff.split('\n')) {
    const hunk = HUNK.exec(text);
    if (hunk) {
      oldLine = Number(hunk[1]);
      newLine = Number(hunk[2]);
    } else if (text.startsWith('+')) lines.push({ old: null, new: newLine++ });
    else if (text.startsWith('-')) lines.push({ old: oldLine++, new: null });
    else if (text.startsWith(' ')) lines.push({ old: oldLine++, new: newLine++ });
  }
  return lines;
}

/** Whether a position's lines name one line of the diff: both numbers for an unchanged line, one for a change. */
export function hasLine(diff: string, oldLine: number | null, newLine: number | null): boolean {
  if (oldLine === null && newLine === null) return false;
  return diffLines(diff).some(
    (l) =>
      (oldLine === null || l.old === oldLine) &&
      (newLine === null || l.new === newLine) &&
      (l.old === null) === (oldLine === null) &&
      (l.new === null) === (newLine === null),
  );
}
