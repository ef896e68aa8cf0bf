/** Fitting a table to the terminal: which columns stay, and how wide each is. */
import type { Column } from './columns.js';

/** Cells between two columns. */
const GAP = 2;

/** A table being fitted: the columns still shown (`keep`) and the width each has now (`out`). */
interface Fit {
  readonly widths: readonly number[];
  readonly columns: readonly Column[];
  readonly total: number;
  /** Columns shown whole or not at all (URLs). */
  readonly whole: readonly boolean[];
  keep: number[];
  readonly out: number[];
}

function priorityOf(c: Column): number {
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

function headerWidth(c: Column): number {
  return (c.header ?? c.key).length;
}

/** The cells these columns take at these widths, gaps included. */
function spread(columns: readonly number[], widths: readonly number[]): number {
  return columns.reduce((a, i) => a + widths[i]!, 0) + GAP * Math.max(0, columns.length - 1);
}

/**
 * Lays a table out in `total` cells. The title (the column of kind `title`) gets the room: other
 * columns are capped, then the least valuable are dropped until the title has a fair share; only
 * then does everything shrink, widest first.
 */
export function fitColumns(
  widths: number[],
  columns: Column[],
  total: number,
  mayDrop = true,
  whole: boolean[] = [],
): { keep: number[]; widths: number[] } {
  const all = widths.map((_, i) => i);
  if (spread(all, widths) <= total) return { keep: all, widths: [...widths] };
  // A column of URLs is shown whole or not at all: a cut URL is useless.
  const fit: Fit = { widths, columns, total, whole, keep: mayDrop ? all.filter((i) => !whole[i]) : all, out: [...widths] };
  const title = columns.findIndex((c) => c.kind === 'title');
  if (title >= 0) fitAroundTitle(fit, title, mayDrop);
  else if (mayDrop) dropLeastValuable(fit);
  shrinkWidest(fit);
  return { keep: fit.keep, widths: fit.keep.map((i) => fit.out[i]!) };
}

/** Whether a column other than the title may give up cells (nor an id, nor a URL). */
function yields(fit: Fit, i: number, title: number): boolean {
  return i !== title && priorityOf(fit.columns[i]!) > 0 && !fit.whole[i];
}

function fitAroundTitle(fit: Fit, title: number, mayDrop: boolean): void {
  const { widths, columns, total, out } = fit;
  // A plain column rarely needs more than a quarter of the line.
  const cap = Math.max(12, Math.floor(total / 4));
  for (let i = 0; i < out.length; i++) if (yields(fit, i, title) && out[i]! > cap) out[i] = Math.max(cap, headerWidth(columns[i]!));
  const want = Math.min(widths[title]!, Math.max(20, Math.floor(total * 0.3)));
  const roomForTitle = () => total - (spread(fit.keep, out) - out[title]!);
  while (mayDrop && roomForTitle() < want) {
    let drop = -1;
    for (const i of fit.keep) {
      const p = priorityOf(columns[i]!);
      if (p === 0 || i === title) continue;
      if (drop < 0 || p > priorityOf(columns[drop]!) || (p === priorityOf(columns[drop]!) && i > drop)) drop = i;
    }
    if (drop < 0) break;
    fit.keep = fit.keep.filter((i) => i !== drop);
  }
  // Then the others give up cells, widest first, down to a readable floor, for the whole title.
  const floor = (i: number) => Math.max(headerWidth(columns[i]!), Math.min(widths[i]!, 12));
  while (roomForTitle() < widths[title]!) {
    let widest = -1;
    for (const i of fit.keep) if (yields(fit, i, title) && out[i]! > floor(i) && (widest < 0 || out[i]! > out[widest]!)) widest = i;
    if (widest < 0) break;
    out[widest] = out[widest]! - 1;
  }
  out[title] = Math.min(widths[title]!, Math.max(roomForTitle(), 1));
}

/** No title: only the columns declared least valuable go. */
function dropLeastValuable(fit: Fit): void {
  while (spread(fit.keep, fit.out) > fit.total) {
    const drop = fit.keep.filter((i) => priorityOf(fit.columns[i]!) >= 3).pop();
    if (drop === undefined) return;
    fit.keep = fit.keep.filter((i) => i !== drop);
  }
}

/** What still does not fit: the widest column gives up a cell at a time, down to four. */
function shrinkWidest(fit: Fit): void {
  const { out, total } = fit;
  let guard = 10_000;
  while (spread(fit.keep, out) > total && guard-- > 0) {
    const shrinkable = fit.keep.filter((i) => !fit.whole[i]);
    if (shrinkable.length === 0) return;
    let idx = shrinkable[0]!;
    for (const i of shrinkable) if (out[i]! > out[idx]!) idx = i;
    if (out[idx]! <= 4) return;
    out[idx] = out[idx]! - 1;
  }
}
