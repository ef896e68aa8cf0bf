/**
 * Waiting for a pipeline to end (`pipeline wait`, `view --watch`, `run --wait`, `mr checks
 * --watch`), on the one waiting loop (src/executor/poll.ts): one request per poll, asked with the
 * last ETag; on a terminal one status line redrawn in place, elsewhere one line per change. Exit
 * 0 when it succeeded, 1 when it failed, was canceled or skipped, or waits for a person (manual),
 * 124 when --timeout passed first.
 */
import { fillPath } from '../api/path.js';
import type { Context } from '../context.js';
import { LocalError, UsageError } from '../errors.js';
import { commandLine, type Values } from '../executor/inputs.js';
import { conditionalRead, pollUntil, type Reading } from '../executor/poll.js';
import { cellWidth } from '../output/graphemes.js';
import { StatusLine } from '../output/status-line.js';
import { ciSettled } from '../shared/ci-statuses.js';
import { shellLine } from '../shell-quote.js';

/** What a wait reads of a pipeline. */
export interface PipelineState {
  id?: number;
  status?: string;
  ref?: string;
  web_url?: string;
}

/** The wait between polls unless `--interval` says otherwise: gh's `run watch` polls every 3 s. */
export const DEFAULT_INTERVAL_MS = 3000;

/** `pipeline 42 on main: running`. */
export function pipelineWords(p: PipelineState | undefined, id?: number): string {
  const which = `pipeline ${p?.id ?? id ?? '?'}${typeof p?.ref === 'string' ? ` on ${p.ref}` : ''}`;
  return `${which}: ${typeof p?.status === 'string' ? p.status.replaceAll('_', ' ') : 'no status'}`;
}

/** The status line of a wait, on stderr: in place on a terminal, one line per change elsewhere. */
export async function waitLine(ctx: Context): Promise<StatusLine> {
  const { io } = ctx;
  return new StatusLine(io.stderr, { inPlace: io.stderrIsTTY, columns: () => io.stderrColumns ?? io.columns, measure: await cellWidth() });
}

/** `--interval` in ms, or the default. */
export const intervalOf = (v: Values): number =>
  typeof v.flags.interval === 'number' ? Math.round(v.flags.interval * 1000) : DEFAULT_INTERVAL_MS;

/** Reads one pipeline, each read asking only for a change (If-None-Match). */
export function pipelineReader(ctx: Context, project: string, id: number): () => Promise<Reading<PipelineState>> {
  return conditionalRead<PipelineState>(() => ctx.api(), {
    method: 'GET',
    path: fillPath('/projects/:project/pipelines/:pipeline', { project, pipeline: id }),
    expect: { kind: 'object', key: 'id' },
  });
}

/**
 * Inside a CI job, its own pipeline cannot end while the job runs, and so never while the job
 * waits for it: only --timeout would end the wait. Said at once instead (exit 2, nothing sent).
 */
export function refuseOwnPipeline(ctx: Context, v: Values, id: number): void {
  const ci = ctx.settings.ciJob;
  if (ci.pipeline() !== String(id)) return;
  if (v.project !== ci.projectId() && v.project !== ci.projectPath()) return;
  throw ownPipeline(id);
}

const ownPipeline = (id: number) =>
  new UsageError(
    `pipeline ${id} is this CI job's own: it cannot end while this job waits for it`,
    'wait for another pipeline (its id, or --ref with -p); jobs of one pipeline wait for each other with stages or needs:',
  );

/**
 * Polls pipeline `id` of `project` until it ends or waits for a person; `first` (what was just
 * read or created) stands for the first poll. Returns the pipeline as last read.
 */
export async function waitForPipeline(ctx: Context, v: Values, id: number, first?: PipelineState): Promise<PipelineState> {
  refuseOwnPipeline(ctx, v, id);
  const read = pipelineReader(ctx, v.project!, id);
  let pending = first;
  const reader = async (): Promise<Reading<PipelineState>> => {
    if (pending === undefined) return read();
    const value = pending;
    pending = undefined;
    return { value };
  };
  return pollUntil(
    ctx,
    { read: reader, settled: (p) => ciSettled(p.status), describe: (p) => pipelineWords(p, id) },
    {
      intervalMs: intervalOf(v),
      timeoutMs: ctx.settings.givenTimeoutMs(),
      what: `pipeline ${id}`,
      timeoutHint: `${commandLine(v, shellLine`pipeline wait ${id}`)} goes on waiting`,
      status: await waitLine(ctx),
    },
  );
}

/**
 * How a pipeline ended, as the exit status says it: nothing (exit 0, ✓ on a terminal) when it
 * succeeded, else exit 1 naming how, with what to run next.
 */
export function pipelineVerdict(ctx: Context, v: Values, p: PipelineState): void {
  const id = p.id ?? '?';
  const status = p.status;
  if (status === 'success') {
    if (ctx.io.stderrIsTTY) ctx.success(`Pipeline ${id} succeeded`);
    return;
  }
  if (status === 'manual')
    throw new LocalError(
      `pipeline ${id} is manual: it waits for someone to start a job`,
      `${commandLine(v, shellLine`pipeline view ${id}`)} lists its jobs; ${commandLine(v, shellLine`job play <name> --pipeline ${id}`)} starts one`,
    );
  const how = status === 'canceled' ? 'was canceled' : status === 'skipped' ? 'was skipped' : (status ?? 'has no status');
  throw new LocalError(`pipeline ${id} ${how}`, `${commandLine(v, shellLine`pipeline view ${id} --log-failed`)} prints the failed logs`);
}

/** How many polls find no head pipeline before a wait says there is none (a push's pipeline takes a moment to appear). */
const NO_PIPELINE_POLLS = 10;

interface HeadPipeline {
  pipeline?: PipelineState;
  /** Polls in a row without one. */
  without: number;
}

/**
 * `mr checks --watch`: the merge request read at each poll (one request, with the last ETag), so
 * that a new push's pipeline is followed; waits for its head pipeline to end. Undefined when it
 * has had none for NO_PIPELINE_POLLS polls.
 */
export async function waitForHeadPipeline(ctx: Context, v: Values, path: string, which: string): Promise<PipelineState | undefined> {
  const read = conditionalRead<{ head_pipeline?: PipelineState | null }>(() => ctx.api(), {
    method: 'GET',
    path,
    expect: { kind: 'object', key: 'iid' },
  });
  let without = 0;
  const reader = async (): Promise<Reading<HeadPipeline>> => {
    const { value, headers } = await read();
    const pipeline = value?.head_pipeline ?? undefined;
    // A merge request pipeline's job waiting for that very pipeline (pipeline ids are the instance's).
    if (typeof pipeline?.id === 'number' && ctx.settings.ciJob.pipeline() === String(pipeline.id)) throw ownPipeline(pipeline.id);
    without = pipeline ? 0 : without + 1;
    return { value: { pipeline, without }, headers };
  };
  const last = await pollUntil(
    ctx,
    {
      read: reader,
      settled: (h) => (h.pipeline ? ciSettled(h.pipeline.status) : h.without >= NO_PIPELINE_POLLS),
      describe: (h) => `merge request ${which}: ${h.pipeline ? pipelineWords(h.pipeline) : 'no pipeline yet'}`,
    },
    {
      intervalMs: intervalOf(v),
      timeoutMs: ctx.settings.givenTimeoutMs(),
      what: `the pipeline of merge request ${which}`,
      status: await waitLine(ctx),
    },
  );
  return last.pipeline;
}
