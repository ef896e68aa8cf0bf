import type { Measure } from '../../output/graphemes.js';
import type { Painter } from '../../output/paint.js';
import { tableText } from '../../output/sanitize.js';
import { truncate } from '../../output/wrap.js';

/**
 * A board drawn for a terminal: its columns side by side, each as wide as the width allows (never
 * narrower than MIN cells: then the columns that do not fit go on below, in rows of columns), a
 * column's name and how many issues it holds, then one issue a line, cut to the column's width.
 */

export interface BoardColumn {
  name: string;
  /** The issues shown (the first of the list). */
  issues: { iid?: unknown; title?: unknown }[];
  /** How many the server says the list holds, when it says. */
  total?: number;
  /** Issues were left unread (said `12+` when the total is not known). */
  more?: boolean;
}

const MIN = 22;
const GAP = ' │ ';

interface Frame {
  width: number;
  measure: Measure;
  paint: Painter;
}

/** `text` cut to `width` cells and padded to it, so the next column starts where it should. */
function cell(text: string, width: number, measure: Measure): string {
  const cut = truncate(text, width, measure);
  return cut + ' '.repeat(Math.max(0, width - measure(cut)));
}

/** A column's lines: its header (bold), a rule, its issues (`#12 Title`), `(none)` when empty. */
function columnLines(column: BoardColumn, width: number, frame: Frame): string[] {
  const { measure, paint } = frame;
  const shown = column.issues.length;
  const count =
    column.total !== undefined && column.total > shown
      ? `${shown} of ${column.total}`
      : column.more && column.total === undefined
        ? `${shown}+`
        : String(shown);
  const head = paint(cell(`${tableText(column.name)} (${count})`, width, measure), 'header');
  const rows = column.issues.map((i) => cell(`#${String(i.iid)} ${tableText(String(i.title ?? ''))}`, width, measure));
  return [head, paint('─'.repeat(width), 'dim'), ...(rows.length > 0 ? rows : [paint(cell('(none)', width, measure), 'dim')])];
}

/** The columns in rows as wide as `frame.width`; each row's columns side by side, rows apart by a blank line. */
export function drawBoard(columns: BoardColumn[], frame: Frame): string {
  const perRow = Math.max(1, Math.min(columns.length, Math.floor((frame.width + GAP.length) / (MIN + GAP.length))));
  const width = Math.max(1, Math.floor((frame.width - GAP.length * (perRow - 1)) / perRow));
  const blocks: string[] = [];
  for (let start = 0; start < columns.length; start += perRow) {
    const drawn = columns.slice(start, start + perRow).map((c) => columnLines(c, width, frame));
    const height = drawn.reduce((most, lines) => Math.max(most, lines.length), 0);
    const lines: string[] = [];
    for (let i = 0; i < height; i++)
      lines.push(
        drawn
          .map((c) => c[i] ?? ' '.repeat(width))
          .join(frame.paint(GAP, 'dim'))
          .trimEnd(),
      );
    blocks.push(lines.join('\n'));
  }
  return `${blocks.join('\n\n')}\n`;
}
