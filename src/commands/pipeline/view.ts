import { paginate } from '../../api/paginate.js';
import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { CollabError, UsageError } from '../../errors.js';
import type { Values } from '../../executor/inputs.js';
import { noPipelineOn, pipelineHere } from '../../executor/pipeline-ref.js';
import { defineCommand } from '../../executor/spec.js';
import { printFailedLogs } from '../../resources/failed-logs.js';
import { pipelineColumns } from '../../resources/pipeline.js';
import { jobsSection, type PipelineJob } from '../../resources/pipeline-card.js';
import { type PipelineState, pipelineVerdict, refuseOwnPipeline, waitForPipeline } from '../../resources/pipeline-wait.js';
import { givenPipeline, intervalFlag, pipelineHereArg, pipelinesExplain, refFlag } from './shared.js';

/** The pipeline's jobs, every page (what the card groups by stage); an error said in the card, not thrown. */
async function readJobs(ctx: Context, project: string, pipeline: number): Promise<PipelineJob[] | { error: string }> {
  const path = fillPath('/projects/:project/pipelines/:pipeline/jobs', { project, pipeline });
  const jobs: PipelineJob[] = [];
  try {
    for await (const job of paginate<PipelineJob>(ctx.api(), { method: 'GET', path }, { perPage: 100, all: true, unique: true }))
      if (typeof job?.id === 'number') jobs.push(job);
    return jobs;
  } catch (err) {
    if (err instanceof CollabError && err.exitCode === 1) return { error: err.message };
    throw err;
  }
}

/** The pipeline as people read it: on a terminal its card and jobs by stage, elsewhere its fields. */
async function show(ctx: Context, v: Values, pipeline: PipelineState): Promise<void> {
  const printer = ctx.printer();
  if (!printer.showsCard(pipelineColumns) || typeof pipeline.id !== 'number') return printer.object(pipeline, pipelineColumns);
  const jobs = await readJobs(ctx, v.project!, pipeline.id);
  await printer.object(pipeline, pipelineColumns, { sections: [jobsSection(jobs)] });
}

/** `--watch`: the pipeline followed to its end, then shown, and the exit status `pipeline wait` gives. */
async function watched(ctx: Context, v: Values, first: PipelineState): Promise<void> {
  const last = await waitForPipeline(ctx, v, first.id!, first);
  await show(ctx, v, last);
  pipelineVerdict(ctx, v, last);
}

export const view = defineCommand({
  name: 'view',
  aliases: ['show', 'status'],
  summary: 'Show a pipeline and its jobs by stage (default: the latest of the branch checked out)',
  description:
    'Show one pipeline: on a terminal a card (status, ref, commit, source, who, duration) and ' +
    "its jobs grouped by stage in the pipeline's order, failed ones marked; piped, its fields. " +
    'Without an id, the latest pipeline of --ref, else of the branch checked out, else of the ' +
    "default branch; inside a CI job its own (current: CI_PIPELINE_ID). --watch (glab's " +
    '`ci status --live`: --live) waits for it to end as `pipeline wait` does, with the same exit ' +
    'status. --log-failed prints the log of every failed job instead, each headed by its name ' +
    'and id.',
  examples: [
    'collab pipeline view',
    'collab pipeline view 4711 -p acme/platform/api',
    'collab pipeline view --ref main --watch',
    'collab pipeline view current --log-failed   # inside a CI job',
    'collab pipeline view 4711 --web',
  ],
  args: [pipelineHereArg],
  project: 'required',
  flags: [
    refFlag,
    { name: 'watch', param: false, type: 'bool', description: 'wait for it to end (exit as pipeline wait does)' },
    { name: 'live', param: false, type: 'bool', hidden: true, description: "glab's name of --watch" },
    { name: 'log-failed', param: false, type: 'bool', description: 'print the log of every failed job', conflicts: ['watch', 'live'] },
    intervalFlag,
  ],
  uses: ['wait'],
  prepare: (ctx, v) => {
    const given = givenPipeline(ctx, v);
    if (given !== undefined && v.flags.ref !== undefined) throw new UsageError('give a pipeline id or --ref, not both');
    const choice = given !== undefined ? { id: given } : pipelineHere(ctx, v);
    Object.assign(v.args, { pipeline_id: choice && 'id' in choice ? choice.id : 'latest' });
    if (choice && 'ref' in choice) v.params.ref = choice.ref;
    if (choice && 'id' in choice && (v.flags.watch === true || v.flags.live === true)) refuseOwnPipeline(ctx, v, choice.id);
  },
  method: 'GET',
  path: '/projects/:project/pipelines/:pipeline_id',
  columns: pipelineColumns,
  explain: {
    ...pipelinesExplain,
    403: async (ctx, v, err) =>
      pipelinesExplain[403](ctx, v, err) ??
      (v.args.pipeline_id === 'latest'
        ? ((await noPipelineOn(ctx, err, v.project!, String(v.params.ref ?? 'the default branch'))) as Error)
        : undefined),
  },
  print: async (ctx, v, data) => {
    const pipeline = (data ?? {}) as PipelineState;
    if (v.flags['log-failed'] === true && typeof pipeline.id === 'number') {
      await printFailedLogs(ctx, v.project!, pipeline.id);
      return;
    }
    if ((v.flags.watch === true || v.flags.live === true) && typeof pipeline.id === 'number') return watched(ctx, v, pipeline);
    await show(ctx, v, pipeline);
  },
});
