/**
 * GitLab's CI statuses, one list for jobs and pipelines alike (`Ci::HasStatus`,
 * app/models/concerns/ci/has_status.rb, as of GitLab 17: `waiting_for_callback` and `canceling`
 * included), and the sources a pipeline is started from. The client offers them as choices
 * (`--scope`, `--status`, `--source`) and waits on them; the sandbox checks its parameters against
 * them as GitLab's API does (lib/api/ci/jobs.rb and lib/api/ci/pipelines.rb: `values:
 * ::Ci::HasStatus::AVAILABLE_STATUSES`, `values: ::Ci::Pipeline.sources.keys`).
 */

/** `AVAILABLE_STATUSES`: every status a job or a pipeline can have. */
export const CI_STATUSES = [
  'created',
  'waiting_for_resource',
  'preparing',
  'waiting_for_callback',
  'pending',
  'running',
  'success',
  'failed',
  'canceling',
  'canceled',
  'skipped',
  'manual',
  'scheduled',
] as const;

/** `COMPLETED_STATUSES`: the statuses a job or pipeline ends in. */
export const COMPLETED_STATUSES: readonly string[] = ['success', 'failed', 'canceled', 'skipped'];

/** `ALIVE_STATUSES`: `ACTIVE_STATUSES` (and `canceling`) and `created`: neither ended nor waiting for a person or a time. */
export const ALIVE_STATUSES: readonly string[] = [
  'created',
  'waiting_for_resource',
  'preparing',
  'waiting_for_callback',
  'pending',
  'running',
  'canceling',
];

/**
 * Whether a job or pipeline in this status will not change unless someone acts: it completed, or
 * it waits for a person (`manual`). Every other status still changes by itself (`scheduled` waits
 * for a time, `canceling` for the runner, `started` is what a job's play answers), and so does any
 * status GitLab adds later. A status that is no string: nothing to wait for.
 */
export const ciSettled = (status: unknown): boolean =>
  typeof status !== 'string' || status === 'manual' || COMPLETED_STATUSES.includes(status);

/** `Ci::Pipeline.sources` (app/models/ci/pipeline.rb, `Enums::Ci::Pipeline.sources`): how a pipeline was started. */
export const PIPELINE_SOURCES = [
  'push',
  'web',
  'trigger',
  'schedule',
  'api',
  'external',
  'pipeline',
  'chat',
  'webide',
  'merge_request_event',
  'external_pull_request_event',
  'parent_pipeline',
  'ondemand_dast_scan',
  'ondemand_dast_validation',
  'security_orchestration_policy',
  'container_registry_push',
  'duo_workflow',
  'pipeline_execution_policy_schedule',
] as const;
