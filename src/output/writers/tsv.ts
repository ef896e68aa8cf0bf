import { isObject } from '../../json.js';
import { cellValue } from '../cells.js';
import type { Column } from '../columns.js';
import { columnHeader, referenceCell, spansProjects } from '../references.js';
import { cellText } from '../sanitize.js';
import type { ListOptions } from '../summary.js';
import { plainValue } from '../values.js';
import type { Output, Writer } from '../writer.js';

/**
 * `-o tsv`: a line an item, tab-separated, for scripts (the default in a pipe); a header with
 * `--header`. A list spanning projects starts each line with the item's full reference.
 */
export const tsv: Writer = {
  records: false,
  forPeople: false,

  async list(out: Output, pages: AsyncIterable<unknown[]>, columns: Column[], list: ListOptions): Promise<number> {
    const all = await out.collect(pages, (item) => item);
    const cols = out.columns(columns);
    const cross = spansProjects(all, list);
    const lines: string[] = [];
    if (out.options.header) lines.push(cols.map((c) => cellText(columnHeader(c, cross))).join('\t'));
    for (const item of all)
      lines.push(cols.map((c) => cellText(referenceCell(c, item, cross) ?? plainValue(cellValue(c, item, out.options)))).join('\t'));
    if (lines.length) await out.write(`${lines.join('\n')}\n`);
    return all.length;
  },

  /** `field\tvalue` lines, newlines folded: the Markdown of a description stays as written. */
  async object(out: Output, item: unknown, columns: Column[] | undefined): Promise<void> {
    if (!isObject(item)) {
      await out.write(`${cellText(plainValue(item))}\n`);
      return;
    }
    const lines = out.fieldsOf(item, columns).map((c) => `${cellText(c.key)}\t${cellText(plainValue(cellValue(c, item, out.options)))}`);
    if (lines.length) await out.write(`${lines.join('\n')}\n`);
  },
};
