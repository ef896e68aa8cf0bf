import { defineCommand } from '../../executor/spec.js';
import { pipelineColumns } from '../../resources/pipeline.js';
import { pipelineVerdict, waitForPipeline } from '../../resources/pipeline-wait.js';
import { intervalFlag, pipelineHereArg, pipelineMeant, pipelinesExplain, refFlag } from './shared.js';

export const wait = defineCommand({
  name: 'wait',
  aliases: ['watch'],
  summary: 'Wait for a pipeline to end: exit 0 when it succeeded, 1 when not, 124 on --timeout',
  description:
    'Poll a pipeline until it ends (default: the latest of --ref or of the branch checked out). ' +
    'Inside a CI job its own pipeline is refused (exit 2): it cannot end while the job waits. ' +
    'On a terminal one status line is redrawn in place; ' +
    'piped or in a CI log, one plain line per change. Exit 0 when it succeeded; 1 when it ' +
    'failed, was canceled or skipped, or is manual (it waits for someone to start a job, which ' +
    'is said, not waited for); 124 when --timeout (90s, 10m, 1h) passes first. Polls back off ' +
    "while nothing changes and honour the server's Retry-After; each asks only for a change " +
    '(If-None-Match). With -o json (or --fields, --jq) the pipeline as it ended is printed.',
  examples: [
    'collab pipeline wait',
    'collab pipeline wait 4711 -p acme/platform/api --timeout 30m',
    'collab pipeline wait --ref main -p acme/platform/deploy && ./release.sh',
    'collab pipeline wait 4711 -o json | jq -r .status',
  ],
  args: [pipelineHereArg],
  project: 'required',
  flags: [refFlag, intervalFlag],
  columns: pipelineColumns,
  uses: ['output', 'wait'],
  explain: pipelinesExplain,
  effect: 'read',
  run: async (ctx, v) => {
    const id = await pipelineMeant(ctx, v);
    const last = await waitForPipeline(ctx, v, id);
    const { output, fields, jq } = ctx.settings.flags;
    if (output !== undefined || fields !== undefined || jq !== undefined) await ctx.printer().object(last, pipelineColumns);
    pipelineVerdict(ctx, v, last);
  },
});
