import type { Token } from 'markdown-it';
import type { Measure } from '../graphemes.js';
import { textWidth } from '../graphemes.js';
import { messageText } from '../sanitize.js';
import { SgrState, stripSgr } from '../sgr.js';
import { fill } from '../wrap.js';
import { type InlineContext, renderInline } from './inline.js';

type Align = 'left' | 'right' | 'center';

interface Cell {
  /** Rendered, `\n` where the author broke the line. */
  text: string;
  /** As written. */
  source: string;
  align: Align;
}

interface Row {
  header: boolean;
  cells: Cell[];
}

/** A column narrower than this (unless its widest cell is) does not make a readable table. */
const MIN_COLUMN = 6;

/**
 * A table fitted to `width` cells: columns as wide as their widest cell when that fits, otherwise
 * the wide ones share what is left and their cells wrap (a URL too, never past the border). When
 * not even narrow columns fit, the table is shown as its source.
 */
export function renderTable(tokens: Token[], width: number, ctx: InlineContext & { measure: Measure }): string[] {
  const rows = readRows(tokens, ctx);
  const columns = rows[0]?.cells.length ?? 0;
  if (columns === 0) return [];
  const room = width - (3 * columns + 1);
  const natural = new Array<number>(columns).fill(1);
  for (const row of rows)
    row.cells.forEach((cell, c) => {
      for (const l of cell.text.split('\n')) natural[c] = Math.max(natural[c]!, textWidth(stripSgr(l), ctx.measure, room));
    });
  const widths = columnWidths(natural, room);
  if (!widths) return source(rows);
  const cellLines = rows.map((r) =>
    r.cells.map((cell, c) => {
      const state = new SgrState();
      return cell.text.split('\n').flatMap((l) => fill(l, widths[c]!, ctx.measure, state, { keepUrls: false }));
    }),
  );
  const rule = (left: string, mid: string, right: string) => left + widths.map((w) => '─'.repeat(w + 2)).join(mid) + right;
  const ruled = cellLines.some((cells, k) => !rows[k]!.header && cells.some((lines) => lines.length > 1));
  const out = [rule('┌', '┬', '┐')];
  cellLines.forEach((cells, k) => {
    if (k > 0 && (rows[k - 1]!.header || ruled)) out.push(rule('├', '┼', '┤'));
    const height = cells.reduce((h, lines) => Math.max(h, lines.length), 0);
    for (let line = 0; line < height; line++)
      out.push(`│ ${cells.map((lines, c) => pad(lines[line] ?? '', widths[c]!, rows[k]!.cells[c]!.align, ctx.measure)).join(' │ ')} │`);
  });
  out.push(rule('└', '┴', '┘'));
  return out;
}

function readRows(tokens: Token[], ctx: InlineContext): Row[] {
  const rows: Row[] = [];
  let header = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === 'thead_open' || t.type === 'thead_close') header = t.nesting > 0;
    else if (t.type === 'tr_open') rows.push({ header, cells: [] });
    else if (t.type === 'th_open' || t.type === 'td_open') {
      const align = (/text-align:(left|right|center)/.exec(String(t.attrGet('style') ?? ''))?.[1] ?? 'left') as Align;
      const inline = tokens[i + 1]!;
      const text = renderInline(inline.children ?? [], ctx, { look: header ? { bold: true } : {} });
      rows.at(-1)!.cells.push({ text, source: messageText(inline.content), align });
    }
  }
  return rows;
}

/**
 * Column widths within `room`: each column its natural width if all fit; otherwise, narrowest
 * first, each takes its natural width or an equal share of what is left, whichever is less.
 * undefined when the columns cannot all have MIN_COLUMN cells (or their natural width, if less).
 */
function columnWidths(natural: number[], room: number): number[] | undefined {
  const sum = (ws: number[]) => ws.reduce((a, b) => a + b, 0);
  if (sum(natural) <= room) return natural;
  const floors = natural.map((w) => Math.min(w, MIN_COLUMN));
  if (sum(floors) > room) return undefined;
  const widths = new Array<number>(natural.length);
  let left = room;
  const order = natural.map((_, c) => c).sort((a, b) => natural[a]! - natural[b]!);
  order.forEach((c, k) => {
    const share = Math.floor(left / (order.length - k));
    widths[c] = Math.min(natural[c]!, Math.max(share, floors[c]!));
    left -= widths[c]!;
  });
  return left >= 0 ? widths : undefined;
}

function pad(line: string, width: number, align: Align, measure: Measure): string {
  const gap = Math.max(0, width - textWidth(stripSgr(line), measure));
  if (align === 'right') return ' '.repeat(gap) + line;
  if (align === 'center') return ' '.repeat(Math.floor(gap / 2)) + line + ' '.repeat(gap - Math.floor(gap / 2));
  return line + ' '.repeat(gap);
}

/** The table as Markdown source, one line per row: what it says, when it cannot be drawn. */
function source(rows: Row[]): string[] {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const out: string[] = [];
  for (const [k, row] of rows.entries()) {
    out.push(line(row.cells.map((c) => c.source)));
    if (row.header && !rows[k + 1]?.header)
      out.push(line(row.cells.map((c) => (c.align === 'right' ? '---:' : c.align === 'center' ? ':---:' : '---'))));
  }
  return out;
}
