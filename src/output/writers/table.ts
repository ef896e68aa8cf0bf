import { isObject } from '../../shared/json.js';
import type { CardExtras } from '../card.js';
import { type CellStyle, cellValue, drawCell } from '../cells.js';
import type { Column } from '../columns.js';
import { cellWidth } from '../graphemes.js';
import { painter } from '../paint.js';
import { columnHeader, spansProjects } from '../references.js';
import { tableText } from '../sanitize.js';
import { stripSgr } from '../sgr.js';
import type { ListOptions } from '../summary.js';
import { fitColumns } from '../table-fit.js';
import { plainValue } from '../values.js';
import { printView } from '../view.js';
import { truncate, truncateStart } from '../wrap.js';
import type { Output, Writer } from '../writer.js';

/** `-o table`: for people (the default on a terminal): a list fitted to the terminal, an object as a view. */
export const table: Writer = {
  records: false,
  forPeople: true,

  async list(out: Output, pages: AsyncIterable<unknown[]>, columns: Column[], list: ListOptions): Promise<number> {
    const all = await out.collect(pages, (item) => item);
    if (all.length > 0) await drawTable(out, all, out.columns(columns), spansProjects(all, list));
    return all.length;
  },

  async object(out: Output, item: unknown, columns: Column[] | undefined, extras?: CardExtras): Promise<void> {
    if (!isObject(item)) await out.write(`${tableText(plainValue(item))}\n`);
    else await printView(out, item, columns, extras);
  },
};

const URL_CELL = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;

/** Below this many columns dates are `5m`, `3w`, `2mo`. */
const COMPACT_DATES_BELOW = 60;

async function drawTable(out: Output, items: unknown[], columns: Column[], crossProject: boolean): Promise<void> {
  const { io } = out;
  const compactDates = io.columns < COMPACT_DATES_BELOW;
  const style: CellStyle = { paint: painter(io.colorLevel), now: out.options.now, crossProject, compactDates, named: out.options.fields };
  const measure = await cellWidth();
  const header = (c: Column) => tableText(columnHeader(c, crossProject)).toUpperCase();
  const rows = items.map((item) => columns.map((c) => drawCell(c, cellValue(c, item, out.options), item, style)));
  // Each cell's text without colour, and its width, worked out once.
  const plain = rows.map((r) => r.map(stripSgr));
  const cellWidths = plain.map((r) => r.map(measure));
  const widths = columns.map((c, i) => cellWidths.reduce((w, r) => Math.max(w, r[i]!), measure(header(c))));
  // Columns named with --fields are what the user asked for: none is dropped.
  const urls = columns.map((_, i) => plain.some((r) => URL_CELL.test(r[i]!)));
  const empty = columns.map((_, i) => plain.every((r) => r[i] === '-' || r[i] === ''));
  const layout = fitColumns(widths, columns, io.columns, { mayDrop: !out.options.fields?.length, whole: urls, empty });
  const cells = rows.map((r, j) =>
    layout.keep.map((i, k) => {
      const w = layout.widths[k]!;
      if (cellWidths[j]![i]! <= w || urls[i]) return r[i]!;
      return (columns[i]!.cut === 'start' ? truncateStart : truncate)(plain[j]![i]!, w, measure);
    }),
  );
  const head = layout.keep.map((i) => style.paint(header(columns[i]!), 'header'));
  await out.emit(await render(head, cells, layout.widths));
}

/** No borders: columns apart by two spaces, nothing after the last. */
const BORDERLESS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: '  ',
};

async function render(head: string[], rows: string[][], colWidths: number[]): Promise<string> {
  const { default: Table } = await import('cli-table3');
  const table = new Table({
    head,
    chars: BORDERLESS,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
    colWidths,
    wordWrap: false,
  });
  for (const row of rows) table.push(row);
  const lines = table.toString().split('\n');
  return `${lines.map((l) => l.trimEnd()).join('\n')}\n`;
}
