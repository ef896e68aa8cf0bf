import type { Job } from './model-ci.js';
import type { Store } from './store.js';

/** How long a runner takes to stop a running job GitLab asked it to cancel. */
export const CANCELING_MS = 3_000;

/**
 * Cancels a job. GitLab 17 lets the runner of a running job finish its `after_script` first: the
 * job (and its pipeline) is `canceling`, then `canceled`; the spec's job is `canceled` at once.
 */
export function cancel(store: Store, job: Job): void {
  if (store.flavor === 'gitlab' && job.status === 'running') {
    startCanceling(store, job, CANCELING_MS);
    return;
  }
  job.status = 'canceled';
  job.finishedAt = store.now();
}

/**
 * `POST …/cancel?force=true` on a `canceling` job (app/services/ci/build_cancel_service.rb:
 * `build.force_cancel` where `allowed_to_force?`, a maintainer): canceled now, its runner not
 * waited for. Whether it applied.
 */
export function forceCancel(store: Store, job: Job): boolean {
  if (store.flavor !== 'gitlab' || job.status !== 'canceling') return false;
  job.status = 'canceled';
  job.finishedAt = store.now();
  const stillCanceling = store.projectJobs(job.projectId).some((j) => j.pipelineId === job.pipelineId && j.status === 'canceling');
  if (store.pipelines.get(job.pipelineId)?.status === 'canceling' && !stillCanceling) setPipelineStatus(store, job.pipelineId, 'canceled');
  return true;
}

/** Puts a running job in `canceling` until its runner stops it, `ms` later on the store's clock. */
export function startCanceling(store: Store, job: Job, ms: number): void {
  job.status = 'canceling';
  setPipelineStatus(store, job.pipelineId, 'canceling');
  void store.clock.sleep(ms).then(() => {
    if (job.status !== 'canceling') return;
    job.status = 'canceled';
    job.finishedAt = store.now();
    if (job.trace !== null) job.trace += '\u001b[31;1mERROR: Job failed: canceled\u001b[0;m\n';
    const pipeline = store.pipelines.get(job.pipelineId);
    const stillCanceling = store.projectJobs(job.projectId).some((j) => j.pipelineId === job.pipelineId && j.status === 'canceling');
    if (pipeline?.status === 'canceling' && !stillCanceling) setPipelineStatus(store, pipeline.id, 'canceled');
  });
}

function setPipelineStatus(store: Store, id: number, status: string): void {
  const pipeline = store.pipelines.get(id);
  if (!pipeline) return;
  pipeline.status = status;
  pipeline.updatedAt = store.now();
}
