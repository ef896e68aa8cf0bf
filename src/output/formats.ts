/** The `-o` formats, each by its writer: a new format is a new file in writers/, a line here and its name in OUTPUT_FORMATS. */
import type { OutputFormat } from '../global-flags.js';
import type { Writer } from './writer.js';
import { json } from './writers/json.js';
import { ndjson } from './writers/ndjson.js';
import { table } from './writers/table.js';
import { tsv } from './writers/tsv.js';

/** A writer for each format of `-o` (OUTPUT_FORMATS, src/global-flags.ts names them). */
export const WRITERS: Readonly<Record<OutputFormat, Writer>> = { table, tsv, json, ndjson };
