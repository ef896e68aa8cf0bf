import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Values } from '../../executor/inputs.js';
import { branchHere, jobTokenOnly } from '../../executor/pipeline-ref.js';
import { defineCommand } from '../../executor/spec.js';
import { pipelineStatusColumns } from '../../resources/pipeline.js';
import { type PipelineState, pipelineVerdict, waitForPipeline } from '../../resources/pipeline-wait.js';
import { intervalFlag, pipelinesExplain } from './shared.js';
import { mergeVariables, type PipelineVariable, parseVariable, readVariablesFile } from './variables.js';

/** The ref to run for when --ref is not given: the branch checked out (of the checkout's own project), else a CI job's ref. */
async function refHere(ctx: Context, v: Values): Promise<string | undefined> {
  return branchHere(ctx, v) ?? (v.projectGiven === undefined ? ctx.settings.ciJob.ref()?.ref : undefined);
}

/**
 * The request that starts it: `POST /projects/:id/pipeline` (lib/api/ci/pipelines.rb, which does
 * not take the CI job token); with only the job token, the trigger route, which takes it as its
 * `token` (lib/api/ci/triggers.rb `post ":id/(ref/:ref/)trigger/pipeline"`: variables a map of
 * strings, so file variables cannot go that way).
 */
function startRequest(ctx: Context, v: Values, ref: string, variables: PipelineVariable[]) {
  const project = v.project!;
  if (!jobTokenOnly(ctx)) {
    const body = { ref, ...(variables.length > 0 ? { variables } : {}) };
    return { method: 'POST', path: fillPath('/projects/:project/pipeline', { project }), body };
  }
  const file = variables.find((x) => x.variable_type === 'file');
  if (file)
    throw new UsageError(
      `${file.key} is a file variable, which the trigger route the CI job token starts pipelines with does not take`,
      'set COLLAB_TOKEN to a token with the api scope to start it with POST /projects/:id/pipeline',
    );
  const token = ctx.settings.auth().credentials;
  const jobToken = token.token?.kind === 'job' ? token.token.value : token.jobToken!;
  const body = { token: jobToken, ref, variables: Object.fromEntries(variables.map((x) => [x.key, x.value])) };
  return { method: 'POST', path: fillPath('/projects/:project/trigger/pipeline', { project }), body, auth: 'none' as const };
}

export const run = defineCommand({
  name: 'run',
  aliases: ['create', 'start'],
  summary: 'Start a pipeline on a ref, with variables (--wait: then wait for it)',
  description:
    'Start a pipeline (POST /projects/:id/pipeline) for --ref (default: the branch checked out; ' +
    'inside a CI job its ref), with --variable KEY=VALUE (repeatable) and --variables-file (JSON: ' +
    '[{"key", "value", "variable_type"}] or {"KEY": "value"}; or KEY=VALUE lines), sent as the ' +
    'array GitLab expects. Prints the new pipeline (id, status, ref, URL); --wait then waits for ' +
    'it as `pipeline wait` does, with its exit status. Inside a CI job with only the job token, ' +
    'the pipeline is started with the trigger route, which takes that token (env_var variables only).',
  examples: [
    'collab pipeline run --ref main',
    'collab pipeline run --ref main --variable DEPLOY_ENV=staging --variable DRY_RUN=1 --wait',
    'collab pipeline run -p acme/platform/deploy --ref main --variables-file vars.json -o json',
  ],
  project: 'required',
  flags: [
    {
      name: 'ref',
      short: 'b',
      param: false,
      type: 'string',
      required: true,
      suggest: refHere,
      description: 'branch or tag (default: the branch checked out; inside a CI job, its ref)',
      value: '<ref>',
    },
    {
      name: 'variable',
      param: false,
      type: 'string',
      repeatable: true,
      description: 'a variable for the pipeline, KEY=VALUE (repeatable)',
      value: '<KEY=VALUE>',
    },
    {
      name: 'variables-file',
      param: false,
      type: 'string',
      disk: 'read',
      description: 'variables from a file (- for stdin): JSON, or KEY=VALUE lines',
      value: '<file>',
    },
    { name: 'wait', short: 'w', param: false, type: 'bool', description: 'then wait for it to end (exit as pipeline wait does)' },
    intervalFlag,
  ],
  columns: pipelineStatusColumns,
  uses: ['output', 'wait'],
  explain: pipelinesExplain,
  effect: 'write',
  run: async (ctx, v) => {
    const ref = v.flags.ref!;
    if (ref.trim() === '') throw new UsageError('invalid value for --ref: empty');
    const fromFile = v.flags['variables-file'] === undefined ? [] : await readVariablesFile(ctx, v.flags['variables-file']);
    const variables = mergeVariables([fromFile, (v.flags.variable ?? []).map((raw) => parseVariable(raw))]);
    // The trigger route takes the job token, the reads a wait makes do not: said before a pipeline starts unwatched.
    if (v.flags.wait === true && jobTokenOnly(ctx))
      throw new UsageError(
        '--wait reads the pipeline, which GitLab refuses to the CI job token (lib/api/ci/pipelines.rb: no job_token_allowed there)',
        'set COLLAB_TOKEN to a token with api (it starts and reads pipelines), or start it without --wait',
      );
    const printer = ctx.printer();
    const res = await ctx
      .api()
      .request<PipelineState>({ ...startRequest(ctx, v as Values, ref, variables), expect: { kind: 'object', key: 'id' } });
    const started = res.data;
    if (printer.json) await printer.object(started, pipelineStatusColumns);
    else if (!printer.brief) await printer.list([started], pipelineStatusColumns);
    ctx.success(`Started pipeline ${started.id} on ${ref}${typeof started.web_url === 'string' ? `: ${started.web_url}` : ''}`);
    if (v.flags.wait !== true) return;
    const last = await waitForPipeline(ctx, v as Values, started.id!, started);
    pipelineVerdict(ctx, v as Values, last);
  },
});
