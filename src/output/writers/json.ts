import type { Column } from '../columns.js';
import { jsonText } from '../sanitize.js';
import type { Output, Writer } from '../writer.js';
import { throughJq } from './jq.js';

/** `-o json`: one JSON document, a list as one array; pretty (and paged) on a terminal. */
export const json: Writer = {
  records: true,
  forPeople: false,

  async list(out: Output, pages: AsyncIterable<unknown[]>, columns: Column[]): Promise<number> {
    const pick = out.picker(columns);
    if (!out.options.jq) {
      const all = await out.collect(pages, pick);
      await writeJson(out, all);
      return all.length;
    }
    // Only the items' JSON text is kept while the pages arrive; jq then parses the whole array
    // (README: the memory `--jq` with `--all` needs).
    const parts = await out.collect(pages, (item) => JSON.stringify(pick(item)));
    await throughJq(out, `[${parts.join(',')}]`, false, true);
    return parts.length;
  },

  async object(out: Output, item: unknown, columns: Column[] | undefined): Promise<void> {
    const picked = out.picker(columns)(item);
    if (out.options.jq) await throughJq(out, JSON.stringify(picked), false, true);
    else await writeJson(out, picked);
  },
};

async function writeJson(out: Output, value: unknown): Promise<void> {
  const pretty = out.io.stdoutIsTTY;
  const text = `${jsonText(pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value))}\n`;
  if (pretty) await out.emit(text);
  else await out.write(text);
}
