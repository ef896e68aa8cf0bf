import { run } from './cli.js';
import { processDeps } from './process-deps.js';

/** What bin/collab.js prints for a failure that escaped everything else. */
export { crashReport } from './errors.js';

/** What bin/collab.js calls: run with the real process's streams, environment and signal. */
export async function main(signal: AbortSignal): Promise<number> {
  return run(process.argv.slice(2), processDeps(signal));
}
