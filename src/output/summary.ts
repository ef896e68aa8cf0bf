/**
 * The lines a list says on stderr for people: under it, what it leaves out and where it looks
 * (`Showing 20 of 142 open issues in acme/platform/api · --all for every page`); in its place when
 * it is empty, what was asked (`No open issues match --search "x" in acme/platform/api`).
 */

import { cellWidth, type Measure } from './graphemes.js';
import type { IO } from './io.js';
import { cellText } from './sanitize.js';
import { truncate } from './wrap.js';

/** What a list holds, in words. */
export interface ListWhat {
  /** `open issues`, `merge requests assigned to you`. */
  items: string;
  /** The filters given, as typed: `--search "x"`, `--labels bug`. */
  filters: readonly string[];
  /** The project or group asked for. */
  place?: string;
  /** No project nor group was asked for: the list reaches every project (said under it). */
  everywhere?: boolean;
  /** The flag that shows more than this scope (`--scope all`). */
  widen?: string;
}

/** What a list printed, for the lines that say what it holds. */
export interface ListOptions {
  /** No one project was asked for (every project, or a group's): `ref` columns show full references. */
  crossProject?: boolean;
  /** The project asked for: items from elsewhere make the list span projects too. */
  project?: string;
  what?: ListWhat;
  /** `--page`: the page asked for. */
  page?: number;
  /** Filled by the paginator while the list is read: `X-Total`, `X-Total-Pages`, items left unread. */
  stats?: { total?: number; pages?: number; more?: boolean };
}

/** `open issues created by you matching --search "x", all projects`: under the list. */
export function describeList(what: ListWhat): string {
  const filters = what.filters.length ? ` matching ${what.filters.join(' ')}` : '';
  const place = what.place !== undefined ? ` in ${what.place}` : what.everywhere ? ', all projects' : '';
  return `${what.items}${filters}${place}`;
}

/** `No open issues match --search "x" in acme/platform/api`, or the page asked for is past the last. */
export function emptyMessage(list: ListOptions): string {
  const pages = list.stats?.pages;
  if (list.page !== undefined && pages !== undefined && pages >= 1 && list.page > pages)
    return `page ${list.page} is past the last page (${pages})`;
  const what = list.what;
  if (!what) return 'No results';
  const filters = what.filters.length ? ` match ${what.filters.join(' ')}` : '';
  return `No ${what.items}${filters}${what.place !== undefined ? ` in ${what.place}` : ''}`;
}

/**
 * The line under a list on a terminal: when the list was cut short (`Showing 20 of 142 …`), or
 * when it reaches every project (`open issues created by you, all projects · --scope all`).
 * In one line of stderr's width: the hints shorten, then go, then what the list holds is cut.
 */
export async function printSummary(io: IO, count: number, list: ListOptions): Promise<void> {
  if (!io.stderrIsTTY || count === 0) return;
  const total = list.stats?.total;
  const more = list.stats?.more === true && !(total !== undefined && total <= count);
  const widen = list.what?.everywhere ? list.what.widen : undefined;
  if (!more && !list.what?.everywhere) return;
  const head = !more ? '' : total !== undefined ? `Showing ${count} of ${total}` : `Showing ${count}`;
  const tail = more && total === undefined ? '; more available' : '';
  const what = list.what ? cellText(describeList(list.what)) : '';
  const width = (io.stderrColumns ?? io.columns) - 1;
  io.stderr.write(`${fitSummary(head, what, tail, width, await cellWidth(), summaryHints(more, widen))}\n`);
}

/** The hints after the line, longest first: `· --all for every page · --scope all`, … , none. */
function summaryHints(more: boolean, widen: string | undefined): string[] {
  const forms = [[more && '--all for every page', widen], [more && '--all', widen], [more && '--all']].map((f) =>
    f
      .filter((h): h is string => typeof h === 'string')
      .map((h) => ` · ${h}`)
      .join(''),
  );
  return [...new Set(forms)].filter((f) => f !== '');
}

const PAGE_HINTS = [' · --all for every page', ' · --all'];

/**
 * The summary line in `width` cells: with the longest hint that fits, else without one, else with
 * the description of the list cut (`open issues in acme/pl…`); the counts are never cut.
 */
export function fitSummary(head: string, what: string, tail: string, width: number, measure: Measure, hints = PAGE_HINTS): string {
  const line = (w: string) => `${[head, w].filter(Boolean).join(' ')}${tail}`;
  for (const hint of [...hints, '']) if (measure(line(what) + hint) <= width) return line(what) + hint;
  const room = width - measure(line('')) - 1;
  if (what && room >= 2) return line(truncate(what, room, measure));
  return truncate(line(''), Math.max(width, 1), measure);
}
