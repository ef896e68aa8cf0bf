import { diffLines } from '../shared/diff-lines.js';

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
