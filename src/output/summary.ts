/** The line under a list on a terminal that says what it leaves out: `Showing 20 of 142 …`. */

import { cellWidth, type Measure } from './graphemes.js';
import type { IO } from './io.js';
import { cellText } from './sanitize.js';
import { truncate } from './wrap.js';

/** What a list printed, for the line that says what it hides. */
export interface ListOptions {
  /** The table shows full references (`acme/web#3`): the list spans projects. */
  crossProject?: boolean;
  /** `open issues in acme/platform/api`, for `Showing 20 of 142 …`. */
  what?: string;
  /** Filled by the paginator while the list is read. */
  stats?: { total?: number; more?: boolean };
}

const SUMMARY_HINTS = [' · --all for every page', ' · --all'];

/**
 * `Showing 20 of 142 open issues in acme/platform/api · --all for every page`, on a terminal, in
 * one line of stderr's width: the hint shortens, then goes, then what the list holds is cut.
 */
export async function printSummary(io: IO, count: number, list: ListOptions): Promise<void> {
  if (!io.stderrIsTTY || !list.stats?.more || count === 0) return;
  const total = list.stats.total;
  if (total !== undefined && total <= count) return;
  const head = total !== undefined ? `Showing ${count} of ${total}` : `Showing ${count}`;
  const tail = total !== undefined ? '' : '; more available';
  const what = list.what ? cellText(list.what) : '';
  io.stderr.write(`${fitSummary(head, what, tail, (io.stderrColumns ?? io.columns) - 1, await cellWidth())}\n`);
}

/**
 * The summary line in `width` cells: with the longest hint that fits, else without one, else with
 * the description of the list cut (`open issues in acme/pl…`); the counts are never cut.
 */
export function fitSummary(head: string, what: string, tail: string, width: number, measure: Measure): string {
  const line = (w: string) => `${head}${w ? ` ${w}` : ''}${tail}`;
  for (const hint of [...SUMMARY_HINTS, '']) if (measure(line(what) + hint) <= width) return line(what) + hint;
  const room = width - measure(line('')) - 1;
  if (what && room >= 2) return line(truncate(what, room, measure));
  return truncate(line(''), Math.max(width, 1), measure);
}
