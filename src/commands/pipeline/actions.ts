import type { Answer, Values } from '../../executor/inputs.js';
import { type CommandSpec, defineCommand } from '../../executor/spec.js';
import { tableText } from '../../output/sanitize.js';
import { pipelineStatusColumns } from '../../resources/pipeline.js';
import { givenPipeline, pipelineArg, pipelinesExplain } from './shared.js';

/** `current` (or a web URL) made the id the path takes. */
const pipelineIdFirst = (ctx: Parameters<NonNullable<CommandSpec['prepare']>>[0], v: Values) => {
  Object.assign(v.args, { pipeline_id: givenPipeline(ctx, v) });
};

/** A pipeline or job answered as ended otherwise than canceled: a cancel found nothing to stop (GitLab answers it all the same). */
const ended = (p: Answer): boolean => typeof p?.status === 'string' && ['success', 'failed', 'skipped'].includes(p.status);

const nowStatus = (p: Answer) => (typeof p?.status === 'string' ? `: now ${tableText(p.status)}` : '');

/** A pipeline action (lib/api/ci/pipelines.rb): the pipeline it answers with, as one row. */
function action(spec: Omit<CommandSpec, 'args' | 'project' | 'method' | 'columns' | 'row' | 'prepare' | 'explain'>): CommandSpec {
  return defineCommand({
    ...spec,
    args: [pipelineArg],
    project: 'required',
    method: 'POST',
    columns: pipelineStatusColumns,
    row: true,
    prepare: pipelineIdFirst,
    explain: pipelinesExplain,
  });
}

export const retry = action({
  name: 'retry',
  summary: "Retry a pipeline's failed and canceled jobs",
  description:
    'Retry the failed and canceled jobs of a pipeline (POST …/pipelines/:id/retry); GitLab ' +
    'does nothing when it has none. Then `collab pipeline wait <id>` follows it.',
  examples: ['collab pipeline retry 4711 -p acme/platform/api', 'collab pipeline retry current   # inside a CI job'],
  path: '/projects/:project/pipelines/:pipeline_id/retry',
  done: (v, p) => `Retried the failed jobs of pipeline ${String(v.args.pipeline_id)}${nowStatus(p)}`,
});

export const cancel = action({
  name: 'cancel',
  summary: 'Cancel the jobs of a running pipeline',
  description:
    'Cancel every job of a pipeline that has not ended (POST …/pipelines/:id/cancel). GitLab ' +
    'answers 200 whatever the state (doc/api/pipelines.md): the status printed says what it is now.',
  examples: ['collab pipeline cancel 4711 -p acme/platform/api'],
  path: '/projects/:project/pipelines/:pipeline_id/cancel',
  done: (v, p) =>
    ended(p)
      ? `Pipeline ${String(v.args.pipeline_id)} had ended (${tableText(String(p?.status))}): nothing to cancel`
      : `Canceled pipeline ${String(v.args.pipeline_id)}${nowStatus(p)}`,
});

export const remove = defineCommand({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete a pipeline, its jobs, logs and artifacts (irreversible)',
  description:
    'Delete a pipeline and what belongs to it: its jobs, their logs and artifacts (DELETE ' +
    '…/pipelines/:id; owners only). This cannot be undone: on a terminal it asks, elsewhere ' +
    'it needs --yes.',
  examples: ['collab pipeline delete 4711 -p acme/platform/api --yes'],
  args: [pipelineArg],
  project: 'required',
  prepare: pipelineIdFirst,
  confirm: {
    mode: 'yes',
    read: '/projects/:project/pipelines/:pipeline_id',
    question: (v, name) =>
      `Delete pipeline ${String(v.args.pipeline_id)}${name ? ` (${name})` : ''} in ${v.project}, with its jobs, logs and artifacts?`,
  },
  method: 'DELETE',
  path: '/projects/:project/pipelines/:pipeline_id',
  explain: pipelinesExplain,
  done: (v) => `Deleted pipeline ${String(v.args.pipeline_id)} in ${v.project}`,
});
