import { FilterError } from '../../errors.js';
import { jsonText, messageText } from '../sanitize.js';
import type { Output } from '../writer.js';

/**
 * Runs `--jq` on JSON text and prints what it printed; jq's own messages (`debug`) go to stderr.
 * A failure ends the command (exit 5) when `fail`, else it is reported and counted (NDJSON: jq
 * goes on with the next item). Returns the failures.
 */
export async function throughJq(out: Output, json: string, compact: boolean, fail: boolean): Promise<string[]> {
  const jq = out.options.jq!;
  const run = jq.run(json, compact);
  // jq's JSON like ours; its raw strings (-r) exact in a pipe, sanitised for a terminal.
  const output = !jq.raw ? jsonText(run.output) : out.io.stdoutIsTTY ? messageText(run.output) : run.output;
  // One answer's output may be paged on a terminal; a stream's is written as it comes.
  if (output && fail) await out.emit(output);
  else if (output) await out.write(output);
  const { stderr } = out.io;
  for (const m of run.messages) stderr.write(`${messageText(m)}\n`);
  if (fail && run.errors.length > 0) throw new FilterError(`jq: error: ${run.errors[0]}`);
  for (const e of run.errors) stderr.write(`collab: jq: error: ${messageText(e)}\n`);
  return run.errors;
}
