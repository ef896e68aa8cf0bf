import { canReadProject, projectAccess } from '../access.js';
import type { PipelineVariable } from '../ci-state.js';
import type { Ctx } from '../context.js';
import { PIPELINE } from '../entities/pipelines.js';
import { show } from '../entity.js';
import { HttpError, invalid } from '../errors.js';
import { DEVELOPER } from '../model.js';
import { createPipeline } from '../pipeline-runner.js';
import { created, type Reply } from '../reply.js';
import type { RouteTable } from '../router.js';

/**
 * `POST /projects/:id/trigger/pipeline` (lib/api/ci/triggers.rb, Ci::PipelineTriggerService), GitLab
 * flavour only: a pipeline started with a token in the body. The sandbox has no trigger tokens; the
 * CI job token is taken (`create_pipeline_from_job`: a multi-project pipeline, source `pipeline`,
 * run as the job's user), so `collab pipeline run` from a CI job can be tried offline.
 */

const notFound = () => new HttpError(404, { message: '404 Not Found' });

/** `variables`: a map of strings (`variables[KEY]=value`, or a JSON object), and GitLab's TRIGGER_PAYLOAD of the request. */
function triggerVariables(ctx: Ctx, ref: string): PipelineVariable[] {
  const raw = ctx.params.raw('variables') ?? {};
  const map = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : undefined;
  if (!map || !Object.values(map).every((v) => typeof v === 'string'))
    throw new HttpError(400, { message: 'variables needs to be a map of key-valued strings' });
  const given = Object.entries(map).map(([key, value]) => ({ key, value: String(value), variableType: 'env_var' as const }));
  // The request's parameters but the token, as Ci::PipelineTriggerService#payload_variable writes them.
  const payload = { ref, id: ctx.path.id, variables: map };
  return [...given, { key: 'TRIGGER_PAYLOAD', value: JSON.stringify(payload), variableType: 'file' }];
}

function trigger(ctx: Ctx): Reply {
  const ref = ctx.path.ref ?? ctx.params.str('ref');
  if (ref === undefined) throw new HttpError(400, { error: 'ref is missing' });
  if (ref === '') throw new HttpError(400, { error: 'ref is empty' });
  const token = ctx.params.str('token');
  if (token === undefined) throw new HttpError(400, { error: 'token is missing' });
  const variables = triggerVariables(ctx, ref);
  const project = ctx.store.findProject(ctx.path.id ?? '');
  if (!project) throw notFound();
  const record = ctx.store.tokens.get(token);
  const user = record?.kind === 'job' ? ctx.store.users.get(record.userId) : undefined;
  // An unknown token, or a job whose user cannot read the project: GitLab's `not_found!` (not to leak it).
  if (!user || !canReadProject(ctx.store, user, project)) throw notFound();
  if (!user.admin && projectAccess(ctx.store, user, project) < DEVELOPER)
    throw invalid({ base: ['Insufficient permissions to create a new pipeline'] });
  const pipeline = createPipeline(ctx.store, project, { ref, user, variables, source: 'pipeline' }, ctx.artifacts);
  return created(show(ctx, PIPELINE, pipeline, { single: true }));
}

const OPTIONAL = { auth: 'optional' } as const;

export const triggerRoutes: RouteTable = [
  { method: 'POST', path: '/projects/:id/trigger/pipeline', handler: trigger, options: OPTIONAL, flavor: 'gitlab' },
  { method: 'POST', path: '/projects/:id/ref/*ref/trigger/pipeline', handler: trigger, options: OPTIONAL, flavor: 'gitlab' },
];
