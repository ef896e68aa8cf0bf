#!/usr/bin/env node
import { run } from '../dist/cli.js';
import { processDeps } from '../dist/process-deps.js';

// The one place that touches the process: signals and the exit code. process.exitCode (not
// process.exit) lets piped stdout drain; process.exit is used only where waiting is wrong.
const controller = new AbortController();
let interrupts = 0;
const onSignal = (signal) => {
  interrupts++;
  controller.abort(new Error(signal));
  // A second Ctrl-C ends at once; the first gives running work 2 s to clean up (temp files).
  if (interrupts > 1) process.exit(130);
  setTimeout(() => process.exit(130), 2000).unref();
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
// A closed pipe (`collab ... | head`) is not worth a stack trace.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
});

process.exitCode = await run(process.argv.slice(2), processDeps(controller.signal));
