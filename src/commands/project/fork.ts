import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { ApiError } from '../../errors.js';
import { eitherWay } from '../../executor/host-dialect.js';
import { conditionalRead, pollUntil, type Reading } from '../../executor/poll.js';
import { defineCommand } from '../../executor/spec.js';
import { projectArg } from '../../executor/subject.js';
import { startSpinner } from '../../output/spinner.js';
import { IMPORT_FAILED, IMPORT_FINISHED, projectColumns } from '../../resources/project.js';

interface ProjectState {
  id: number;
  path_with_namespace?: string;
  import_status?: string;
  import_error?: string | null;
}

const FIRST_POLL_MS = 250;
const MAX_POLL_MS = 2_000;

/** The copy has ended: `finished`, `none` (nothing to copy) or `failed`. */
const copyEnded = (p: ProjectState) =>
  p.import_status === IMPORT_FINISHED || p.import_status === 'none' || p.import_status === IMPORT_FAILED;

/** The readings of the fork: first the answer to the fork itself (a copy already ended needs no poll), then the project. */
function forkReadings(ctx: Context, fork: ProjectState): () => Promise<Reading<ProjectState>> {
  const get = conditionalRead<ProjectState>(() => ctx.api(), {
    method: 'GET',
    path: fillPath('/projects/:id', { id: fork.id }),
    expect: { kind: 'object', key: 'id' },
  });
  let first: ProjectState | undefined = fork;
  return async () => {
    if (first !== undefined) {
      const value = first;
      first = undefined;
      return { value };
    }
    const { value, headers } = await get();
    return { value: eitherWay(value), headers };
  };
}

/**
 * Waits on the one polling loop (src/executor/poll.ts) until the new project's background copy
 * ends: `failed` is an error, and `timeoutMs` bounds the whole wait. A step of the copy
 * (scheduled → started) is no reason to poll sooner, so the waits grow from the first poll on.
 * The timeout stays this command's exit 1 and message, as before the loop was shared.
 */
async function waitForFork(ctx: Context, fork: ProjectState, timeoutMs: number): Promise<ProjectState> {
  const name = fork.path_with_namespace ?? String(fork.id);
  const spin = await startSpinner(ctx.io, `Waiting for the fork ${name} to finish copying`);
  try {
    const done = await pollUntil(
      ctx,
      { read: forkReadings(ctx, fork), settled: copyEnded },
      {
        intervalMs: FIRST_POLL_MS,
        maxIntervalMs: MAX_POLL_MS,
        timeoutMs,
        what: `the fork ${name}`,
        timeoutError: (last) =>
          new ApiError(
            `timed out after ${Math.round(timeoutMs / 1000)}s waiting for the fork ${name} (import_status: ${last.import_status ?? 'unknown'})`,
            undefined,
            undefined,
            'raise --wait-timeout, or check later with `collab project view`',
          ),
      },
    );
    if (done.import_status === IMPORT_FAILED)
      throw new ApiError(`fork ${name} failed: ${done.import_error ?? 'import_status is failed'}`, undefined);
    spin?.succeed(`Fork ${name} is ready`);
    return done;
  } catch (err) {
    spin?.fail();
    throw err;
  }
}

export const fork = defineCommand({
  name: 'fork',
  summary: 'Fork a project into a namespace',
  description:
    'Fork a project. The API answers at once and copies the repository in the ' +
    'background; with --wait, collab polls the new project until the copy has ' +
    'finished (exit 1 if it failed or --wait-timeout passed).',
  examples: ['collab project fork -p acme/website --namespace alice', 'collab project fork acme/platform/api --namespace 12 --wait'],
  args: [projectArg],
  project: 'required',
  flags: [
    {
      name: 'namespace',
      type: 'string',
      value: '<id|path>',
      prompt: 'Target namespace (id or path):',
      description: 'namespace to fork into: id or path',
    },
    { name: 'wait', param: false, type: 'bool', description: 'wait until the copy has finished' },
    {
      name: 'wait-timeout',
      param: false,
      type: 'number',
      min: 1,
      value: '<seconds>',
      description: 'longest wait with --wait (default 300)',
    },
  ],
  // What the run prints (and so -o, --fields and --jq apply).
  columns: projectColumns,
  effect: 'write',
  makesProject: true,
  run: async (ctx, v) => {
    const api = ctx.api();
    const namespace = v.flags.namespace ?? '';
    const body = { namespace: /^\d+$/.test(namespace) ? Number(namespace) : namespace };
    const res = await api.request({
      method: 'POST',
      path: fillPath('/projects/:project/fork', { project: v.project }),
      body,
      expect: { kind: 'object', key: 'id' },
    });
    let project = eitherWay(res.data) as ProjectState;
    const wait = v.flags.wait === true || v.flags['wait-timeout'] !== undefined;
    if (wait) project = await waitForFork(ctx, project, (v.flags['wait-timeout'] ?? 300) * 1000);
    const printer = ctx.printer();
    if (!printer.brief) await printer.object(project, projectColumns);
    const copying = !wait && project.import_status && project.import_status !== IMPORT_FINISHED;
    ctx.success(
      `Forked ${v.project} as ${project.path_with_namespace ?? project.id}${copying ? `; the copy continues in the background (import_status: ${project.import_status})` : ''}`,
    );
  },
});
