import { paginate } from '../../api/paginate.js';
import { fillPath } from '../../api/path.js';
import { CollabError } from '../../errors.js';
import { readPath } from '../../executor/confirm.js';
import { pathValues } from '../../executor/endpoint.js';
import { defineCommand } from '../../executor/spec.js';
import { jobColumns } from '../../resources/job.js';
import type { MergeRequest } from '../../resources/mr.js';
import { pipelineVerdict, waitForHeadPipeline } from '../../resources/pipeline-wait.js';
import { iidArg, MR_PATH, ref } from './shared.js';

/**
 * `mr checks`: gh's `pr checks`. The jobs of the merge request's head pipeline; `--watch` (and
 * glab's `--live`) waits for that pipeline to end as `pipeline wait` does, with its exit status.
 */
export const checks = defineCommand({
  name: 'checks',
  summary: "A merge request's checks: its head pipeline's jobs (--watch: wait for it to end)",
  description:
    "List the jobs of the merge request's head pipeline. --watch (--live) waits for that " +
    'pipeline to end, reading the merge request at each poll (a new push is followed): on a ' +
    'terminal one status line redrawn in place, elsewhere one line per change; exit 0 when it ' +
    'succeeded, 1 when it failed, was canceled or skipped, is manual, or none came; 124 on ' +
    '--timeout.',
  examples: ['collab mr checks 3 -p acme/platform/api', 'collab mr checks --watch   # the merge request of the branch checked out'],
  args: [iidArg],
  project: 'required',
  flags: [
    { name: 'watch', param: false, type: 'bool', description: 'wait for the head pipeline to end (exit as pipeline wait does)' },
    { name: 'live', param: false, type: 'bool', hidden: true, description: "glab's name of --watch" },
    {
      name: 'interval',
      param: false,
      type: 'number',
      min: 0,
      max: 3600,
      description: 'seconds between polls at first (default 3)',
      value: '<seconds>',
    },
  ],
  columns: jobColumns,
  uses: ['output', 'wait'],
  effect: 'read',
  run: async (ctx, v) => {
    const path = fillPath(MR_PATH, pathValues(v));
    if (v.flags.watch === true || v.flags.live === true) {
      const last = await waitForHeadPipeline(ctx, v, path, ref(v.args.iid));
      if (!last) throw new CollabError(`merge request ${ref(v.args.iid)} has no pipeline`, 1, 'its source branch has not run CI');
      return pipelineVerdict(ctx, v, last);
    }
    const mr = (await readPath(ctx, MR_PATH, v)) as MergeRequest | undefined;
    const pipeline = mr?.head_pipeline;
    if (!pipeline || pipeline.id === undefined)
      throw new CollabError(`merge request ${ref(v.args.iid)} in ${v.project} has no pipeline`, 1, 'its source branch has not run CI yet');
    const jobsPath = fillPath('/projects/:project/pipelines/:pipeline/jobs', {
      project: pipeline.project_id ?? v.project,
      pipeline: pipeline.id,
    });
    const jobs: unknown[] = [];
    for await (const job of paginate(ctx.api(), { method: 'GET', path: jobsPath }, { perPage: 100, all: true, unique: true }))
      jobs.push(job);
    await ctx.printer().list(jobs, jobColumns);
  },
});
