/** Fitting a table to the terminal: which columns stay, and how wide each is. */
import type { Column, ColumnKind } from './columns.js';

/** Cells between two columns. */
const GAP = 2;

/** A plain column is not cut below this many cells (nor below its header) while another can go. */
const FLOOR = 12;

/** What cut would make useless: shown whole or not at all (dates and states are at most ~14 cells). */
const UNCUT_KINDS: ReadonlySet<ColumnKind> = new Set(['date', 'state', 'ref', 'number', 'bool']);

/** What the table holds, beyond its columns' widths. */
export interface FitOptions {
  /** Columns may be dropped (false: they were named with `--fields`). */
  mayDrop?: boolean;
  /** Columns shown whole or not at all besides those of an uncut kind (URLs). */
  whole?: readonly boolean[];
  /** Columns with nothing in any cell: the first to go. */
  empty?: readonly boolean[];
}

/**
 * How soon a column gives way, as declared (`Column.priority`), else by its kind: 0 never (the
 * title, ids and references), 1 late (states, dates), 2 for the rest.
 */
export function priorityOf(c: Column): number {
  if (c.priority !== undefined) return c.priority;
  switch (c.kind) {
    case 'title':
    case 'number':
    case 'ref':
      return 0;
    case 'state':
    case 'date':
      return 1;
    default:
      return 2;
  }
}

/** The cells these columns take at these widths, gaps included. */
function spread(columns: readonly number[], widths: readonly number[]): number {
  return columns.reduce((a, i) => a + widths[i]!, 0) + GAP * Math.max(0, columns.length - 1);
}

/**
 * Lays a table out in `total` cells. Every column first gets the least it can be shown in: a date,
 * state, reference, id or URL its whole width, the title a fair share (40%), any other column 12
 * cells. Empty columns are dropped, then others by their declared priority until that fits; the
 * room left goes to the title, then back to dropped columns that fit again, then to the cut ones.
 */
export function fitColumns(
  widths: readonly number[],
  columns: readonly Column[],
  total: number,
  options: FitOptions = {},
): { keep: number[]; widths: number[] } {
  const all = widths.map((_, i) => i);
  if (spread(all, widths) <= total) return { keep: all, widths: [...widths] };
  const title = columns.findIndex((c) => c.kind === 'title');
  const uncut = columns.map((c, i) => i !== title && (options.whole?.[i] === true || UNCUT_KINDS.has(c.kind ?? 'text')));
  const least = leastWidths(widths, columns, total, title, uncut);
  const order = options.mayDrop === false ? [] : dropOrder(columns, title, options.empty ?? []);
  let keep = all;
  const dropped: number[] = [];
  // A column with nothing in it goes as soon as the table does not fit; the others while their least does not.
  for (const i of order) {
    if (!options.empty?.[i] && spread(keep, least) <= total) break;
    keep = keep.filter((k) => k !== i);
    dropped.unshift(i);
  }
  const out = [...least];
  const room = () => total - spread(keep, out);
  if (title >= 0 && keep.includes(title)) out[title] = Math.min(widths[title]!, out[title]! + Math.max(0, room()));
  // Room freed by a column dropped too eagerly brings it back, the most valuable first.
  for (const i of dropped) {
    if (out[title] !== undefined && out[title]! < widths[title]!) break;
    if (room() >= GAP + least[i]!) keep = all.filter((k) => k === i || keep.includes(k));
  }
  widenNarrowest(keep, out, widths, room());
  shrinkWidest(keep, out, total, (i) => !uncut[i]);
  return { keep, widths: keep.map((i) => out[i]!) };
}

/** The least each column is shown in (see fitColumns). */
function leastWidths(widths: readonly number[], columns: readonly Column[], total: number, title: number, uncut: readonly boolean[]) {
  return widths.map((w, i) => {
    const c = columns[i]!;
    if (i === title) return Math.min(w, Math.max(20, Math.floor(total * 0.4)));
    if (uncut[i]) return w;
    return Math.min(w, Math.max(FLOOR, (c.header ?? c.key).length));
  });
}

/** The columns that may go, the first to go first: empty ones, then by priority, the rightmost first. */
function dropOrder(columns: readonly Column[], title: number, empty: readonly boolean[]): number[] {
  const rank = (i: number) => (empty[i] ? 100 : 0) + priorityOf(columns[i]!);
  return columns
    .map((_, i) => i)
    .filter((i) => i !== title && priorityOf(columns[i]!) > 0)
    .sort((a, b) => rank(b) - rank(a) || b - a);
}

/** The room left to the columns that were cut, a cell at a time to the narrowest: the widest stays cut the most. */
function widenNarrowest(keep: readonly number[], out: number[], widths: readonly number[], room: number): void {
  for (let left = room; left > 0; left--) {
    let narrowest = -1;
    for (const i of keep) if (out[i]! < widths[i]! && (narrowest < 0 || out[i]! < out[narrowest]!)) narrowest = i;
    if (narrowest < 0) return;
    out[narrowest] = out[narrowest]! + 1;
  }
}

/** What still does not fit: the widest column that may be cut gives up a cell at a time, down to four. */
function shrinkWidest(keep: readonly number[], out: number[], total: number, cuttable: (i: number) => boolean): void {
  const candidates = keep.filter(cuttable);
  while (spread(keep, out) > total) {
    let widest = -1;
    for (const i of candidates) if (out[i]! > 4 && (widest < 0 || out[i]! > out[widest]!)) widest = i;
    if (widest < 0) return;
    out[widest] = out[widest]! - 1;
  }
}
