import type { Answer, Values } from '../../executor/inputs.js';
import { type CommandSpec, defineCommand } from '../../executor/spec.js';
import { objectName, referenceText, titled } from '../../output/names.js';
import { tableText } from '../../output/sanitize.js';
import { jobStatusColumns } from '../../resources/job.js';
import { checkJobNaming, jobIdArg, jobNameFlags } from './by-name.js';
import { jobTokenExplain } from './job-token.js';

/** `job 12 (build)`: the job of the answer (or the one confirmed), by its name. */
const jobNamed = (v: Values, job: Answer, id: unknown = v.args.id) => `job ${titled(String(id), objectName(job ?? v.seen))}`;
/** A job answered as ended otherwise than canceled: a cancel found nothing to stop (GitLab answers it all the same). */
const ended = (job: Answer): boolean => typeof job?.status === 'string' && ['success', 'failed', 'skipped'].includes(job.status);
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** `, pending`: the job's status after an action, unless it only repeats the verb (play answers `started`). */
const statusOf = (job: Answer, verb?: string) =>
  typeof job?.status === 'string' && job.status !== verb ? `, now ${tableText(job.status)}` : '';

/** A job action: the job it answers with is printed as one row (id, name, new status) in table and tsv. */
function action(spec: Omit<CommandSpec, 'args' | 'project' | 'method' | 'columns' | 'row'>): CommandSpec {
  return defineCommand({
    ...spec,
    args: [jobIdArg],
    flags: [...jobNameFlags, ...(spec.flags ?? [])],
    prepare: (_ctx, v) => checkJobNaming(v),
    project: 'required',
    method: 'POST',
    explain: { ...jobTokenExplain('api'), ...spec.explain },
    columns: jobStatusColumns,
    row: true,
  });
}

/** lib/api/ci/jobs.rb `POST :id/jobs/:job_id/cancel`: `force` ends a job stuck in `canceling` (maintainers). */
export const cancel = action({
  name: 'cancel',
  summary: 'Cancel a job',
  description:
    'Cancel a job. A job the runner is still stopping stays `canceling`; --force ends it at once ' +
    '(GitLab 17.x+, the Maintainer role: POST …/cancel?force=true).',
  examples: ['collab job cancel 1234 -p acme/platform/api', 'collab job cancel 1234 -p acme/platform/api --force   # stuck in canceling'],
  flags: [{ name: 'force', param: false, type: 'bool', description: 'force-cancel a job stuck in `canceling` (maintainers)' }],
  path: (v) => `/projects/:project/jobs/:id/cancel${v.flags.force === true ? '?force=true' : ''}`,
  explain: {
    403: (_ctx, v) =>
      v.flags.force === true ? 'force-cancelling a job takes the Maintainer role in the project (and GitLab 17.x or later)' : undefined,
  },
  done: (v, job) =>
    ended(job)
      ? `${capitalized(jobNamed(v, job))} had ended (${tableText(String(job?.status))}): nothing to cancel`
      : `${v.flags.force === true ? 'Force-cancelled' : 'Cancelled'} ${jobNamed(v, job)}${statusOf(job, 'canceled')}`,
  bulk: 'id',
});

export const retry = action({
  name: 'retry',
  summary: 'Retry a job (prints the new job)',
  examples: [
    'collab job retry 1234 -p acme/platform/api',
    'collab job retry 1234 -o json | jq .id',
    'collab job list --scope failed -o ndjson | collab job retry --stdin',
  ],
  path: '/projects/:project/jobs/:id/retry',
  done: (v, job) =>
    `Retried job ${String(v.args.id)}${referenceText(job?.id) !== undefined ? `: new ${jobNamed(v, job, job?.id)}` : ''}${statusOf(job)}`,
  bulk: 'id',
  // The records of a batch are the new jobs (as `job retry 1234 -o json` prints one), the job retried in retried_id.
  bulkAnswer: 'retried_id',
});

export const erase = action({
  name: 'erase',
  summary: "Erase a job's artifacts and trace",
  examples: ['collab job erase 1234 -p acme/platform/api --yes'],
  path: '/projects/:project/jobs/:id/erase',
  confirm: {
    mode: 'yes',
    read: '/projects/:project/jobs/:id',
    question: (v, name) => `Erase the artifacts and trace of job ${titled(String(v.args.id), name)} in ${v.project}?`,
  },
  done: (v, job) => `Erased the artifacts and trace of ${jobNamed(v, job)}`,
});

export const keep = action({
  name: 'keep',
  summary: "Keep a job's artifacts (no expiry)",
  examples: ['collab job keep 1234 -p acme/platform/api'],
  path: '/projects/:project/jobs/:id/artifacts/keep',
  done: (v, job) => `Kept the artifacts of ${jobNamed(v, job)}: they no longer expire`,
});

export const play = action({
  name: 'play',
  summary: 'Start a manual job',
  examples: ['collab job play 1234 -p acme/platform/api'],
  path: '/projects/:project/jobs/:id/play',
  done: (v, job) => `Started ${jobNamed(v, job)}${statusOf(job, 'started')}`,
});
