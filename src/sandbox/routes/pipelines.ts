import { CI_STATUSES, COMPLETED_STATUSES, PIPELINE_SOURCES } from '../../shared/ci-statuses.js';
import { requireBuildsReader, requireRole } from '../ci-access.js';
import { lint } from '../ci-config.js';
import type { PipelineVariable, VariableType } from '../ci-state.js';
import type { Ctx } from '../context.js';
import {
  LINT_RESULT,
  PIPELINE,
  PIPELINE_BASIC_WITH_METADATA,
  PIPELINE_VARIABLE,
  PIPELINE_WITH_METADATA,
  type SuiteSummary,
  TEST_REPORT_SUMMARY,
} from '../entities/pipelines.js';
import { show } from '../entity.js';
import { forbidden, HttpError, notFound } from '../errors.js';
import { conditionalJson, conditionalReply } from '../etag.js';
import { enumParam, sortItems, timeParam } from '../filters.js';
import { DEVELOPER, OWNER, type Project, REPORTER } from '../model.js';
import type { Pipeline } from '../model-ci.js';
import { paginate } from '../pagination.js';
import { cancelPipeline, createPipeline, currentJobs, deletePipeline, refKind, retryPipeline } from '../pipeline-runner.js';
import { created, json, noContent, type Reply } from '../reply.js';
import type { RouteTable } from '../router.js';

/**
 * GitLab's pipelines API (lib/api/ci/pipelines.rb, doc/api/pipelines.md) and CI lint
 * (lib/api/lint.rb, doc/api/lint.md), GitLab flavour only. GitLab takes the CI job token on none of
 * these but `PUT …/metadata` (and a pipeline's job list, in routes/jobs.ts). Reads carry Rack's weak
 * ETag and answer 304 to `If-None-Match` (etag.ts).
 */

const ORDER_BY = ['id', 'status', 'ref', 'updated_at', 'user_id'] as const;
const VARIABLE_TYPES: readonly VariableType[] = ['env_var', 'file'];

const invalidParam = (name: string): HttpError => new HttpError(400, { error: `${name} is invalid` });

function requirePipeline(ctx: Ctx, project: Project): Pipeline {
  const raw = ctx.path.pipeline_id;
  if (!/^\d+$/.test(raw)) throw invalidParam('pipeline_id');
  const pipeline = ctx.store.pipelines.get(Number(raw));
  if (!pipeline || pipeline.projectId !== project.id) throw notFound();
  return pipeline;
}

/** `scope`: `running`, `pending`, `finished`, or the latest pipeline of each branch or tag. */
function byScope(ctx: Ctx, project: Project, list: Pipeline[], scope: string | undefined): Pipeline[] {
  if (scope === 'running' || scope === 'pending') return list.filter((p) => p.status === scope);
  if (scope === 'finished') return list.filter((p) => COMPLETED_STATUSES.includes(p.status));
  if (scope !== 'branches' && scope !== 'tags') return list;
  const latest = new Map<string, Pipeline>();
  for (const p of list) {
    const kind = refKind(ctx.store, project, p.ref);
    if ((kind === 'tag') === (scope === 'tags') && p.source !== 'merge_request_event' && (latest.get(p.ref)?.id ?? 0) < p.id)
      latest.set(p.ref, p);
  }
  return list.filter((p) => latest.get(p.ref) === p);
}

function listPipelines(ctx: Ctx): Reply {
  const project = requireBuildsReader(ctx);
  const scope = enumParam(ctx, 'scope', ['running', 'pending', 'finished', 'branches', 'tags']);
  const status = enumParam(ctx, 'status', CI_STATUSES);
  const source = enumParam(ctx, 'source', PIPELINE_SOURCES);
  const orderBy = enumParam(ctx, 'order_by', ORDER_BY) ?? 'id';
  const sort = enumParam(ctx, 'sort', ['asc', 'desc']) ?? 'desc';
  const [ref, sha, name, username] = ['ref', 'sha', 'name', 'username'].map((n) => ctx.params.str(n));
  const [updatedAfter, updatedBefore, createdAfter, createdBefore] = [
    'updated_after',
    'updated_before',
    'created_after',
    'created_before',
  ].map((n) => timeParam(ctx, n));
  const user = username === undefined ? undefined : ctx.store.userByName(username);
  let list = [...ctx.store.pipelines.values()].filter((p) => p.projectId === project.id);
  list = byScope(ctx, project, list, scope).filter(
    (p) =>
      (status === undefined || p.status === status) &&
      (source === undefined || p.source === source) &&
      (ref === undefined || p.ref === ref) &&
      (sha === undefined || p.sha === sha) &&
      (name === undefined || ctx.store.ci.pipelineNames.get(p.id) === name) &&
      (username === undefined || p.userId === user?.id) &&
      (updatedAfter === undefined || p.updatedAt > updatedAfter) &&
      (updatedBefore === undefined || p.updatedAt < updatedBefore) &&
      (createdAfter === undefined || p.createdAt > createdAfter) &&
      (createdBefore === undefined || p.createdAt < createdBefore),
  );
  if (ctx.params.bool('yaml_errors')) list = [];
  const key = (p: Pipeline): number | string =>
    orderBy === 'id' ? p.id : orderBy === 'updated_at' ? p.updatedAt : orderBy === 'user_id' ? p.userId : p[orderBy];
  const rendered = paginate(ctx, sortItems(list, key, sort), (p) => show(ctx, PIPELINE_BASIC_WITH_METADATA, p));
  return conditionalReply(ctx, rendered);
}

/** GitLab answers 403 when the ref has no pipeline (`authorize! :read_pipeline, nil`). */
function latestPipeline(ctx: Ctx): Reply {
  const project = requireBuildsReader(ctx);
  const ref = ctx.params.str('ref') || project.defaultBranch;
  let latest: Pipeline | undefined;
  for (const p of ctx.store.pipelines.values())
    if (p.projectId === project.id && p.ref === ref && (!latest || p.id > latest.id)) latest = p;
  if (!latest) throw forbidden();
  return conditionalJson(ctx, show(ctx, PIPELINE_WITH_METADATA, latest, { single: true }));
}

function showPipeline(ctx: Ctx): Reply {
  const project = requireBuildsReader(ctx);
  return conditionalJson(ctx, show(ctx, PIPELINE_WITH_METADATA, requirePipeline(ctx, project), { single: true }));
}

/** `variables`: `[{key, value, variable_type}]` as JSON, or Rack's `variables[][key]=…` (params.ts). */
function pipelineVariables(ctx: Ctx): PipelineVariable[] {
  const raw = ctx.params.raw('variables');
  if (raw === undefined || raw === null || raw === '') return [];
  if (!Array.isArray(raw)) throw invalidParam('variables');
  return raw.map((item, i) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw invalidParam(`variables[${i}]`);
    const { key, value, variable_type } = item as Record<string, unknown>;
    const type = variable_type === undefined || variable_type === null ? 'env_var' : String(variable_type);
    if (!VARIABLE_TYPES.includes(type as VariableType))
      throw new HttpError(400, { error: `variables[${i}][variable_type] does not have a valid value` });
    if (typeof key !== 'string' || !/^[a-zA-Z0-9_]+$/.test(key))
      throw new HttpError(400, { message: { base: ["Variables key can contain only letters, digits and '_'."] } });
    return { key, value: value === undefined || value === null ? '' : String(value), variableType: type as VariableType };
  });
}

function runPipeline(ctx: Ctx): Reply {
  const project = requireBuildsReader(ctx);
  const user = requireRole(ctx, project, DEVELOPER);
  const ref = ctx.params.str('ref');
  if (ref === undefined || ref === '') throw new HttpError(400, { error: 'ref is missing' });
  const variables = pipelineVariables(ctx);
  const pipeline = createPipeline(ctx.store, project, { ref, user, variables, source: 'api' }, ctx.artifacts);
  return created(show(ctx, PIPELINE, pipeline, { single: true }));
}

/** "Retry failed or canceled jobs … If there are none, this endpoint has no effect" (doc/api/pipelines.md). */
function retry(ctx: Ctx): Reply {
  const project = requireBuildsReader(ctx);
  const user = requireRole(ctx, project, DEVELOPER);
  const pipeline = requirePipeline(ctx, project);
  retryPipeline(ctx.store, pipeline, user, ctx.artifacts);
  return created(show(ctx, PIPELINE, pipeline, { single: true }));
}

/** 200 whatever the pipeline's state (doc/api/pipelines.md, issue 414963). */
function cancel(ctx: Ctx): Reply {
  const project = requireBuildsReader(ctx);
  requireRole(ctx, project, DEVELOPER);
  const pipeline = requirePipeline(ctx, project);
  cancelPipeline(ctx.store, pipeline);
  return json(show(ctx, PIPELINE, pipeline, { single: true }));
}

/** `destroy_pipeline` is the project owner's (app/policies/ci/pipeline_policy.rb). */
function remove(ctx: Ctx): Reply {
  const project = requireBuildsReader(ctx);
  requireRole(ctx, project, OWNER);
  deletePipeline(ctx.store, requirePipeline(ctx, project));
  return noContent();
}

function updateMetadata(ctx: Ctx): Reply {
  const project = requireBuildsReader(ctx);
  requireRole(ctx, project, DEVELOPER);
  const pipeline = requirePipeline(ctx, project);
  const name = ctx.params.str('name');
  if (name === undefined) throw new HttpError(400, { error: 'name is missing' });
  ctx.store.ci.pipelineNames.set(pipeline.id, name);
  pipeline.updatedAt = ctx.store.now();
  return json(show(ctx, PIPELINE_WITH_METADATA, pipeline, { single: true }));
}

function variables(ctx: Ctx): Reply {
  const project = requireBuildsReader(ctx);
  requireRole(ctx, project, DEVELOPER);
  const pipeline = requirePipeline(ctx, project);
  return json((ctx.store.ci.pipelineVariables.get(pipeline.id) ?? []).map((v) => show(ctx, PIPELINE_VARIABLE, v)));
}

/** One suite per finished job of the `test` stage: 118 tests, 2 of them failed when the job failed (as its log says). */
function testSuites(ctx: Ctx, pipeline: Pipeline): SuiteSummary[] {
  return currentJobs(ctx.store, pipeline)
    .filter((j) => j.stage === 'test' && (j.status === 'success' || j.status === 'failed'))
    .map((j) => {
      const failed = j.status === 'failed' ? 2 : 0;
      const time = j.startedAt !== null && j.finishedAt !== null ? (j.finishedAt - j.startedAt) / 1000 : 0;
      return { name: j.name, totalTime: time, total: 118, success: 118 - failed, failed, skipped: 0, error: 0, buildIds: [j.id] };
    });
}

function testReportSummary(ctx: Ctx): Reply {
  const project = requireBuildsReader(ctx);
  const pipeline = requirePipeline(ctx, project);
  return conditionalJson(ctx, show(ctx, TEST_REPORT_SUMMARY, testSuites(ctx, pipeline)));
}

function lintContent(ctx: Ctx): Reply {
  const project = requireBuildsReader(ctx);
  requireRole(ctx, project, DEVELOPER);
  const content = ctx.params.str('content');
  if (content === undefined) throw new HttpError(400, { error: 'content is missing' });
  return json(show(ctx, LINT_RESULT, { ...lint(content), includeJobs: ctx.params.bool('include_jobs') === true }));
}

/** The project's own `.gitlab-ci.yml`; none is linted as empty, as GitLab does. */
function lintProject(ctx: Ctx): Reply {
  const project = requireBuildsReader(ctx);
  requireRole(ctx, project, REPORTER);
  const content = ctx.store.ci.configs.get(project.id) ?? '';
  return json(show(ctx, LINT_RESULT, { ...lint(content), includeJobs: ctx.params.bool('include_jobs') === true }));
}

const P = '/projects/:id';
const G = 'gitlab';

export const pipelineRoutes: RouteTable = [
  { method: 'GET', path: `${P}/pipelines`, handler: listPipelines, options: { auth: 'optional' }, flavor: G },
  { method: 'GET', path: `${P}/pipelines/latest`, handler: latestPipeline, options: { auth: 'optional' }, flavor: G },
  { method: 'GET', path: `${P}/pipelines/:pipeline_id`, handler: showPipeline, options: { auth: 'optional' }, flavor: G },
  { method: 'POST', path: `${P}/pipeline`, handler: runPipeline, flavor: G },
  { method: 'POST', path: `${P}/pipelines/:pipeline_id/retry`, handler: retry, flavor: G },
  { method: 'POST', path: `${P}/pipelines/:pipeline_id/cancel`, handler: cancel, flavor: G },
  { method: 'DELETE', path: `${P}/pipelines/:pipeline_id`, handler: remove, flavor: G },
  // lib/api/ci/pipelines.rb: `route_setting :authentication, job_token_allowed: true` (job_token_policies: :admin_pipelines).
  { method: 'PUT', path: `${P}/pipelines/:pipeline_id/metadata`, handler: updateMetadata, options: { jobToken: true }, flavor: G },
  { method: 'GET', path: `${P}/pipelines/:pipeline_id/variables`, handler: variables, flavor: G },
  {
    method: 'GET',
    path: `${P}/pipelines/:pipeline_id/test_report_summary`,
    handler: testReportSummary,
    options: { auth: 'optional' },
    flavor: G,
  },
  { method: 'POST', path: `${P}/ci/lint`, handler: lintContent, flavor: G },
  { method: 'GET', path: `${P}/ci/lint`, handler: lintProject, flavor: G },
];
