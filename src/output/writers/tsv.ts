import { isObject } from '../../shared/json.js';
import { cellValue } from '../cells.js';
import { type Column, isMarkdown } from '../columns.js';
import { columnHeader, referenceCell, spansProjects } from '../references.js';
import { cellText, writtenText } from '../sanitize.js';
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

  /**
   * `field\tvalue` lines (newlines folded), then each Markdown field that has text (a
   * description), after a blank line, as written: its lists, code and logs keep their lines.
   */
  async object(out: Output, item: unknown, columns: Column[] | undefined): Promise<void> {
    if (!isObject(item)) {
      await out.write(`${cellText(plainValue(item))}\n`);
      return;
    }
    const fields = out.fieldsOf(item, columns).map((c) => ({ c, value: plainValue(cellValue(c, item, out.options)) }));
    const below = fields.filter(({ c, value }) => isMarkdown(c) && value.trim() !== '');
    const lines = fields.filter((f) => !below.includes(f)).map(({ c, value }) => `${cellText(c.key)}\t${cellText(value)}`);
    const texts = below.map(({ value }) => writtenText(value).replace(/\n*$/, '\n'));
    const blocks = [...(lines.length ? [`${lines.join('\n')}\n`] : []), ...texts];
    if (blocks.length) await out.write(blocks.join('\n'));
  },
};
