import { FilterError } from '../../errors.js';
import type { Column } from '../columns.js';
import { jsonText } from '../sanitize.js';
import type { Output, Writer } from '../writer.js';
import { throughJq } from './jq.js';

/** `-o ndjson`: one JSON value a line, each page written as it arrives; `--jq` runs on each item. */
export const ndjson: Writer = {
  records: true,
  forPeople: false,

  async list(out: Output, pages: AsyncIterable<unknown[]>, columns: Column[]): Promise<number> {
    const pick = out.picker(columns);
    let count = 0;
    let failed = 0;
    for await (const page of pages) {
      let text = '';
      for (const item of page) text += `${jsonText(JSON.stringify(pick(item)))}\n`;
      count += page.length;
      if (out.options.jq) failed += text ? (await throughJq(out, text, true, false)).length : 0;
      else if (text) await out.write(text);
    }
    if (failed > 0) throw new FilterError(`jq: the filter failed on ${failed} of ${count} items`);
    return count;
  },

  async object(out: Output, item: unknown, columns: Column[] | undefined): Promise<void> {
    const picked = JSON.stringify(out.picker(columns)(item));
    if (out.options.jq) await throughJq(out, picked, true, true);
    else await out.write(`${jsonText(picked)}\n`);
  },
};
