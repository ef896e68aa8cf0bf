import type { ArtifactStore } from './artifacts.js';
import { processAutoMerges } from './auto-merge.js';
import { type CiJob, jobsFor, readConfig } from './ci-config.js';
import type { PipelineVariable } from './ci-state.js';
import { invalid } from './errors.js';
import { cancel as cancelJob } from './job-states.js';
import type { Project, User } from './model.js';
import type { Job, JobStatus, Pipeline } from './model-ci.js';
import { demoTrace } from './seed/jobs.js';
import { sha } from './shas.js';
import type { Store } from './store.js';

/**
 * Pipelines the sandbox runs: created by `POST /projects/:id/pipeline` or retried, they advance
 * with the sandbox's clock as a runner would move them (created → pending → running → success or
 * failed), stage by stage in the order of the project's `.gitlab-ci.yml`. A variable of the
 * pipeline, the project or its groups makes jobs fail: `SANDBOX_FAIL=test` (every run of `test`),
 * `SANDBOX_FLAKY=test` (its first run only, so a retry passes). The statuses are GitLab's
 * composite (lib/gitlab/ci/status/composite.rb).
 */

/** How long each step takes on the sandbox's clock. */
export const PIPELINE_TIMING = {
  /** created (or retried) → pending */
  queueMs: 1_000,
  /** a stage's jobs: pending → running */
  pickupMs: 2_000,
  /** a stage's jobs: running → success or failed */
  jobMs: 5_000,
};

/** A pipeline's jobs that count: not replaced by a retry. */
export const currentJobs = (store: Store, pipeline: Pipeline): Job[] =>
  store.projectJobs(pipeline.projectId).filter((j) => j.pipelineId === pipeline.id && !store.ci.retriedJobs.has(j.id));

/** GitLab's composite status of jobs; a manual job that may fail, or a failure allowed, does not block. */
export function compositeStatus(store: Store, jobs: readonly Job[]): string {
  const set = new Set<string>();
  for (const job of jobs) {
    const plan = store.ci.jobPlans.get(job.id);
    if (job.status === 'manual' && plan?.allowFailure !== false) set.add('ignored');
    else if (job.status === 'failed' && plan?.allowFailure) set.add('success_with_warnings');
    else set.add(job.status);
  }
  const only = (...allowed: string[]) => [...set].every((s) => allowed.includes(s));
  const any = (...wanted: string[]) => wanted.some((s) => set.has(s));
  if (set.size === 0 || only('skipped', 'ignored')) return 'skipped';
  if (only('success', 'skipped', 'success_with_warnings', 'ignored')) return 'success';
  if (only('created', 'success_with_warnings', 'ignored')) return 'created';
  if (any('canceling')) return 'canceling';
  if (only('canceled', 'success', 'skipped', 'success_with_warnings', 'ignored')) return 'canceled';
  if (only('pending', 'created', 'skipped', 'success_with_warnings', 'ignored')) return 'pending';
  if (any('running', 'pending')) return 'running';
  if (any('manual')) return 'manual';
  if (any('created')) return 'running';
  return 'failed';
}

/** The pipeline's status from its jobs; on its transition to success, the auto-merges waiting for it (auto-merge.ts). */
function settle(store: Store, pipeline: Pipeline): void {
  const before = pipeline.status;
  pipeline.status = compositeStatus(store, currentJobs(store, pipeline));
  pipeline.updatedAt = store.now();
  if (pipeline.status === 'success' && before !== 'success') processAutoMerges(store, pipeline);
}

/** The refs a project has: its default branch, its merge requests' branches, the refs of its pipelines, its tags and branches. */
export function refKind(store: Store, project: Project, ref: string): 'branch' | 'tag' | undefined {
  if (store.ci.projectTags(project.id).has(ref)) return 'tag';
  if (ref === project.defaultBranch || store.ci.branches.get(project.id)?.has(ref)) return 'branch';
  if (store.projectMergeRequests(project.id).some((mr) => mr.sourceBranch === ref)) return 'branch';
  for (const p of store.pipelines.values()) if (p.projectId === project.id && p.ref === ref) return 'branch';
  return undefined;
}

/** The commit a ref points at: a tag's, else the sha of its latest pipeline. */
export function headOf(store: Store, project: Project, ref: string): string {
  const tagged = store.ci.projectTags(project.id).get(ref);
  if (tagged) return tagged;
  let latest: Pipeline | undefined;
  for (const p of store.pipelines.values()) if (p.projectId === project.id && p.ref === ref && (!latest || p.id > latest.id)) latest = p;
  return latest?.sha ?? sha(`${project.id}:${ref}:head`);
}

/** Variables of the project and its groups (outer groups first), then the pipeline's own. */
export function effectiveVariables(store: Store, pipeline: Pipeline): Record<string, string> {
  const vars: Record<string, string> = {};
  const project = store.projects.get(pipeline.projectId);
  const group = project ? store.groups.get(project.namespaceId) : undefined;
  for (const g of group ? store.groupAncestors(group) : []) for (const v of store.ci.variablesOf('group', g.id)) vars[v.key] = v.value;
  for (const v of project ? store.ci.variablesOf('project', project.id) : []) vars[v.key] = v.value;
  for (const v of store.ci.pipelineVariables.get(pipeline.id) ?? []) vars[v.key] = v.value;
  return vars;
}

export interface NewPipeline {
  ref: string;
  user: User;
  variables: PipelineVariable[];
  source: Pipeline['source'];
}

/** Creates a pipeline from the project's `.gitlab-ci.yml` and starts it; GitLab's 400 `{"message":{"base":[…]}}` when it cannot. */
export function createPipeline(store: Store, project: Project, request: NewPipeline, artifacts?: ArtifactStore): Pipeline {
  const content = store.ci.configs.get(project.id);
  if (content === undefined) throw invalid({ base: ['Missing CI config file'] });
  const kind = refKind(store, project, request.ref);
  if (!kind) throw invalid({ base: ['Reference not found'] });
  const { config, errors } = readConfig(content);
  if (!config) throw invalid({ base: errors });
  const variables = Object.fromEntries(request.variables.map((v) => [v.key, v.value]));
  const context = { ref: request.ref, tag: kind === 'tag', source: request.source, defaultBranch: project.defaultBranch, variables };
  const planned = jobsFor(config, context);
  if (planned.length === 0)
    throw invalid({
      base: [
        'Pipeline will not run for the selected trigger. The rules configuration prevented any jobs from being added to the pipeline.',
      ],
    });
  const now = store.now();
  const pipeline: Pipeline = {
    id: store.nextId('pipeline'),
    iid: store.nextIid('pipeline', project.id),
    projectId: project.id,
    ref: request.ref,
    sha: headOf(store, project, request.ref),
    status: 'created',
    source: request.source,
    userId: request.user.id,
    createdAt: now,
    updatedAt: now,
  };
  store.pipelines.set(pipeline.id, pipeline);
  store.ci.pipelineVariables.set(pipeline.id, request.variables);
  const order = (job: CiJob) => config.stages.indexOf(job.stage);
  for (const plan of [...planned].sort((a, b) => order(a) - order(b))) addJob(store, pipeline, plan, kind === 'tag');
  start(store, pipeline, artifacts);
  return pipeline;
}

function addJob(store: Store, pipeline: Pipeline, plan: CiJob, tag: boolean): void {
  const job: Job = {
    id: store.nextId('job'),
    projectId: pipeline.projectId,
    pipelineId: pipeline.id,
    name: plan.name,
    stage: plan.stage,
    ref: pipeline.ref,
    tag,
    status: 'created',
    coverage: null,
    createdAt: pipeline.createdAt,
    startedAt: null,
    finishedAt: null,
    erasedAt: null,
    userId: pipeline.userId,
    commitSha: pipeline.sha,
    commitTitle: `Update ${plan.stage} of ${pipeline.ref}`,
    artifact: null,
    trace: null,
  };
  store.addJob(job);
  store.ci.jobPlans.set(job.id, { when: plan.when, allowFailure: plan.allowFailure, artifacts: plan.artifacts });
}

/** Retries the failed and canceled jobs (and resets the skipped ones after them); true when anything is to run again. */
export function retryPipeline(store: Store, pipeline: Pipeline, user: User, artifacts?: ArtifactStore): boolean {
  const jobs = currentJobs(store, pipeline);
  const retryable = jobs.filter((j) => j.status === 'failed' || j.status === 'canceled');
  if (retryable.length === 0) return false;
  const now = store.now();
  for (const old of retryable) {
    store.ci.retriedJobs.add(old.id);
    const job: Job = {
      ...old,
      ...{ id: store.nextId('job'), status: 'created', coverage: null, createdAt: now, startedAt: null, finishedAt: null },
      ...{ erasedAt: null, userId: user.id, artifact: null, trace: null },
    };
    store.addJob(job);
    store.ci.jobPlans.set(job.id, planOf(store, old));
  }
  for (const job of jobs) if (job.status === 'skipped') job.status = 'created';
  pipeline.status = 'pending';
  pipeline.updatedAt = now;
  start(store, pipeline, artifacts);
  return true;
}

/**
 * A job retried on its own (`POST …/jobs/:job_id/retry`): the old one is replaced, the new one runs
 * with the clock, and the skipped jobs after it run again, as GitLab processes the pipeline anew.
 */
export function runRetriedJob(store: Store, old: Job, job: Job, artifacts?: ArtifactStore): void {
  const pipeline = store.pipelines.get(old.pipelineId);
  if (!pipeline) return;
  store.ci.retriedJobs.add(old.id);
  store.ci.jobPlans.set(job.id, planOf(store, old));
  for (const other of currentJobs(store, pipeline)) if (other.status === 'skipped') other.status = 'created';
  settle(store, pipeline);
  start(store, pipeline, artifacts);
}

/** Cancels what can be: created, pending and running jobs (a running one is `canceling` a moment on GitLab). */
export function cancelPipeline(store: Store, pipeline: Pipeline): void {
  store.ci.runs.delete(pipeline.id);
  for (const job of currentJobs(store, pipeline))
    if (job.status === 'created' || job.status === 'pending' || job.status === 'running') cancelJob(store, job);
  settle(store, pipeline);
}

/** Deletes a pipeline with its jobs and variables. */
export function deletePipeline(store: Store, pipeline: Pipeline): void {
  store.ci.runs.delete(pipeline.id);
  store.pipelines.delete(pipeline.id);
  store.ci.pipelineVariables.delete(pipeline.id);
  store.ci.pipelineNames.delete(pipeline.id);
  const list = store.projectJobs(pipeline.projectId);
  for (let i = list.length - 1; i >= 0; i--) {
    if (list[i].pipelineId !== pipeline.id) continue;
    store.jobs.delete(list[i].id);
    store.ci.jobPlans.delete(list[i].id);
    store.ci.retriedJobs.delete(list[i].id);
    list.splice(i, 1);
  }
}

/** Jobs of the demo world that keep artifacts, as their seed made them. */
const SEEDED_ARTIFACT_JOBS = ['build', 'package', 'pages'];

/** How a job runs: as its configuration said, or for a seeded job, as the demo world's jobs do. */
const planOf = (store: Store, job: Job) =>
  store.ci.jobPlans.get(job.id) ?? { when: 'on_success', allowFailure: false, artifacts: SEEDED_ARTIFACT_JOBS.includes(job.name) };

function start(store: Store, pipeline: Pipeline, artifacts: ArtifactStore | undefined): void {
  const run = store.ci.newRun(pipeline.id);
  void advance(store, pipeline, run, artifacts);
}

/** Moves the pipeline on, stage by stage, while this run is its current one. */
async function advance(store: Store, pipeline: Pipeline, run: number, artifacts: ArtifactStore | undefined): Promise<void> {
  const live = () => store.ci.runs.get(pipeline.id) === run && store.pipelines.has(pipeline.id);
  await store.clock.sleep(PIPELINE_TIMING.queueMs);
  if (!live()) return;
  for (const stage of stagesOf(store, pipeline)) {
    const next = await runStage(store, pipeline, stage, live, artifacts);
    if (next === 'stale') return;
    if (next === 'stop') break;
  }
  if (live()) {
    store.ci.runs.delete(pipeline.id);
    settle(store, pipeline);
  }
}

/**
 * Runs a stage's jobs that wait (a manual one waits for a person instead). The later stages do not
 * run after a job that may not fail failed (they are skipped), nor while a manual job that may not
 * fail waits in this stage (they stay `created` until it is played), as GitLab processes a pipeline.
 */
async function runStage(
  store: Store,
  pipeline: Pipeline,
  stage: string,
  live: () => boolean,
  artifacts: ArtifactStore | undefined,
): Promise<'next' | 'stop' | 'stale'> {
  const inStage = () => currentJobs(store, pipeline).filter((j) => j.stage === stage);
  const waiting = inStage().filter((j) => j.status === 'created' || j.status === 'pending');
  // A job already pending (played, or retried on its own) runs; a created manual one waits.
  for (const job of waiting) if (job.status === 'created') job.status = planOf(store, job).when === 'manual' ? 'manual' : 'pending';
  if (waiting.length > 0) settle(store, pipeline);
  const runnable = waiting.filter((j) => j.status === 'pending');
  if (runnable.length > 0) {
    await store.clock.sleep(PIPELINE_TIMING.pickupMs);
    if (!live()) return 'stale';
    for (const job of runnable) if (job.status === 'pending') begin(store, job);
    settle(store, pipeline);
    await store.clock.sleep(PIPELINE_TIMING.jobMs);
    if (!live()) return 'stale';
    const vars = effectiveVariables(store, pipeline);
    for (const job of runnable) if (job.status === 'running') finish(store, job, failureOf(store, job, vars), artifacts);
  }
  const jobs = inStage();
  if (jobs.some((j) => j.status === 'failed' && !planOf(store, j).allowFailure)) {
    for (const later of currentJobs(store, pipeline)) if (later.status === 'created') later.status = 'skipped';
    return 'stop';
  }
  return jobs.some((j) => j.status === 'manual' && planOf(store, j).allowFailure === false) ? 'stop' : 'next';
}

/**
 * A manual job played (`POST …/jobs/:job_id/play`: Ci::PlayBuildService → Ci::EnqueueJobService):
 * `pending` at once, then picked up and run on the clock like any job; when it ends, the stages it
 * held back run (unless a run of the pipeline is under way: that one goes on by itself).
 */
export function playManualJob(store: Store, job: Job, user: User, artifacts?: ArtifactStore): void {
  job.status = 'pending';
  job.userId = user.id;
  const pipeline = store.pipelines.get(job.pipelineId);
  if (!pipeline) return;
  settle(store, pipeline);
  void runPlayed(store, pipeline, job, artifacts);
}

async function runPlayed(store: Store, pipeline: Pipeline, job: Job, artifacts: ArtifactStore | undefined): Promise<void> {
  // Still so after the wait: not canceled, its pipeline not deleted.
  const still = (status: JobStatus) => job.status === status && store.pipelines.has(pipeline.id);
  await store.clock.sleep(PIPELINE_TIMING.pickupMs);
  if (!still('pending')) return;
  begin(store, job);
  settle(store, pipeline);
  await store.clock.sleep(PIPELINE_TIMING.jobMs);
  if (!still('running')) return;
  finish(store, job, failureOf(store, job, effectiveVariables(store, pipeline)), artifacts);
  settle(store, pipeline);
  if (!store.ci.runs.has(pipeline.id) && currentJobs(store, pipeline).some((j) => j.status === 'created'))
    start(store, pipeline, artifacts);
}

/** The stages of the pipeline's jobs, in the order they first appear (jobs are created in stage order). */
function stagesOf(store: Store, pipeline: Pipeline): string[] {
  const stages: string[] = [];
  const all = store.projectJobs(pipeline.projectId).filter((j) => j.pipelineId === pipeline.id);
  for (const job of [...all].sort((a, b) => a.id - b.id)) if (!stages.includes(job.stage)) stages.push(job.stage);
  return stages;
}

function begin(store: Store, job: Job): void {
  job.status = 'running';
  job.startedAt = store.now();
  job.trace = demoTrace({ ...job, status: 'running' });
}

/** Why this run of the job fails, or null. */
function failureOf(store: Store, job: Job, vars: Record<string, string>): string | null {
  const named = (key: string) => (vars[key] ?? '').split(',').some((name) => name.trim() === job.name || name.trim() === '*');
  if (named('SANDBOX_FAIL')) return `SANDBOX_FAIL names job "${job.name}": failing on purpose`;
  const earlier = store
    .projectJobs(job.projectId)
    .some((j) => j.pipelineId === job.pipelineId && j.name === job.name && store.ci.retriedJobs.has(j.id));
  if (named('SANDBOX_FLAKY') && !earlier) return `SANDBOX_FLAKY names job "${job.name}": failing on its first run`;
  return null;
}

function finish(store: Store, job: Job, failure: string | null, artifacts: ArtifactStore | undefined): void {
  job.status = failure ? 'failed' : 'success';
  job.finishedAt = store.now();
  const trace = demoTrace(job);
  job.trace = failure ? trace.replace(/(\u001b\[31;1mERROR: Job failed)/, `${failure}\n$1`) : trace;
  if (job.stage === 'test' && !failure) job.coverage = 87.5;
  if (!failure && planOf(store, job).artifacts) {
    job.artifact = { kind: 'demo', quotedFilename: true, viaObjectStorage: false, expireAt: job.finishedAt + 30 * 86_400_000, kept: false };
    void artifacts?.prepare([job]);
  }
}
