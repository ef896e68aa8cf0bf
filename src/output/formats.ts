/** The `-o` formats, each by its writer: a new format is a new file in writers/ and a line here. */
import type { Writer } from './writer.js';
import { json } from './writers/json.js';
import { ndjson } from './writers/ndjson.js';
import { table } from './writers/table.js';
import { tsv } from './writers/tsv.js';

/** In the order help and messages list them. */
export const WRITERS = { table, tsv, json, ndjson } as const satisfies Record<string, Writer>;

export type OutputFormat = keyof typeof WRITERS;

export const OUTPUT_FORMATS = Object.keys(WRITERS) as readonly OutputFormat[];

export function isOutputFormat(name: string): name is OutputFormat {
  return Object.hasOwn(WRITERS, name);
}
