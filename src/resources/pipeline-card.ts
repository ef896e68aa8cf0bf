/** What `pipeline view` shows people on a terminal: the pipeline's card, then its jobs by stage. */
import { type Card, type CardFrame, type CardLayout, type CardSection, type Span, span, text, whoWhen } from '../output/card.js';
import { tableText } from '../output/sanitize.js';
import { humanDuration, relativeTime, shortSha } from '../output/values.js';
import { truncate } from '../output/wrap.js';

interface Pipeline {
  id?: number;
  iid?: number;
  name?: string | null;
  status?: string;
  ref?: string;
  tag?: boolean;
  sha?: string;
  source?: string;
  user?: unknown;
  created_at?: string;
  started_at?: string | null;
  finished_at?: string | null;
  duration?: number | null;
  queued_duration?: number | null;
  coverage?: string | number | null;
  yaml_errors?: string | null;
  web_url?: string;
}

/** A job of a pipeline, as its job list gives it (`Entities::Ci::Job`). */
export interface PipelineJob {
  id: number;
  name?: string;
  stage?: string;
  status?: string;
  duration?: number | null;
  allow_failure?: boolean;
  failure_reason?: string;
}

/**
 * The jobs grouped by stage, stages in the pipeline's order. The job list does not say a stage's
 * position, but GitLab creates a pipeline's jobs stage by stage (Ci::CreatePipelineService), so
 * the stage whose first job has the lower id comes first; within a stage, jobs in id order.
 */
export function jobsByStage(jobs: readonly PipelineJob[]): { stage: string; jobs: PipelineJob[] }[] {
  const stages = new Map<string, PipelineJob[]>();
  for (const job of [...jobs].sort((a, b) => a.id - b.id)) {
    const stage = typeof job.stage === 'string' ? job.stage : '';
    if (!stages.has(stage)) stages.set(stage, []);
    stages.get(stage)!.push(job);
  }
  return [...stages].map(([stage, list]) => ({ stage, jobs: list }));
}

const when = (iso: unknown, now: Date): Span[] | undefined => (typeof iso === 'string' ? span(relativeTime(iso, now)) : undefined);

/** `1m 05s (queued 30s)`. */
function durations(p: Pipeline): Span[] | undefined {
  const ran = humanDuration(p.duration);
  const queued = humanDuration(p.queued_duration);
  if (ran === undefined && queued === undefined) return undefined;
  return [...span(ran ?? '-'), ...(queued !== undefined ? span(` (queued ${queued})`, 'dim') : [])];
}

export const pipelineCard: CardLayout<Pipeline> = {
  card: (p, _extra, now): Card => ({
    title: typeof p.name === 'string' && p.name !== '' ? p.name : `Pipeline ${p.id ?? ''}`.trim(),
    reference: p.id !== undefined ? `#${p.id}` : undefined,
    status: [
      typeof p.status === 'string' ? span(p.status, 'state', p.status) : undefined,
      text(p.source ? `by ${p.source.replaceAll('_', ' ')}` : undefined, 'dim'),
      whoWhen(p.user, 'started it', p.created_at, now),
    ],
    fields: [
      { label: p.tag ? 'Tag' : 'Ref', value: text(p.ref) },
      { label: 'Commit', value: typeof p.sha === 'string' ? span(shortSha(p.sha)) : undefined },
      { label: 'Duration', value: durations(p) },
      { label: 'Started', value: when(p.started_at, now) },
      { label: 'Finished', value: when(p.finished_at, now) },
      { label: 'Coverage', value: p.coverage !== null && p.coverage !== undefined ? span(`${p.coverage}%`) : undefined },
      { label: 'Errors', value: text(p.yaml_errors, 'failed') },
    ],
    url: p.web_url,
  }),
};

/** The mark of a job's status: ✓ passed, ✗ failed (! allowed to), ● going, ○ waiting, – the rest. */
function mark(job: PipelineJob): { sign: string; tone: 'done' | 'failed' | 'dim' | 'state' } {
  switch (job.status) {
    case 'success':
      return { sign: '✓', tone: 'done' };
    case 'failed':
      return job.allow_failure ? { sign: '!', tone: 'state' } : { sign: '✗', tone: 'failed' };
    case 'running':
    case 'canceling':
      return { sign: '●', tone: 'state' };
    case 'canceled':
    case 'skipped':
      return { sign: '–', tone: 'dim' };
    default:
      return { sign: '○', tone: 'dim' };
  }
}

/** One job's line: its mark, name, status and time; a failed one ends with the command that reads its log. */
function jobLine(job: PipelineJob, frame: CardFrame, nameWidth: number): string {
  const { paint, measure, width } = frame;
  const { sign, tone } = mark(job);
  const name = tableText(job.name ?? '?');
  const padded = name + ' '.repeat(Math.max(0, nameWidth - measure(name)));
  const status = job.status === 'failed' && job.allow_failure ? 'failed (allowed to fail)' : (job.status ?? '?');
  const time = humanDuration(job.duration ?? undefined);
  const rest = [status, time, `job ${job.id}`].filter((x) => x !== undefined).join('  ');
  const line = `    ${sign} ${padded}  ${rest}`;
  const cut = truncate(line, width, measure);
  const failed = job.status === 'failed' && !job.allow_failure;
  // Coloured after the cut, on whole pieces: the mark, and the status of a failed job.
  const painted = cut.replace(sign, paint(sign, tone === 'state' ? 'state' : tone, job.status));
  return failed ? painted.replace(` ${status}`, ` ${paint(status, 'failed')}`) : painted;
}

/** The pipeline's jobs, stage by stage in the pipeline's order, failed ones marked. */
export function jobsSection(jobs: readonly PipelineJob[] | { error: string }): CardSection {
  return async (frame) => {
    if (!Array.isArray(jobs)) return [frame.paint(`Jobs could not be read: ${tableText((jobs as { error: string }).error)}`, 'dim')];
    if (jobs.length === 0) return [frame.paint('No jobs.', 'dim')];
    const nameWidth = jobs.reduce((w, j) => Math.max(w, Math.min(40, frame.measure(tableText(j.name ?? '?')))), 0);
    const lines = [frame.paint('Jobs', 'header')];
    for (const { stage, jobs: list } of jobsByStage(jobs)) {
      lines.push(`  ${frame.paint(tableText(stage || '(no stage)'), 'key')}`);
      for (const job of list) lines.push(jobLine(job, frame, nameWidth));
    }
    return lines;
  };
}
