/** The cards of a job, a project, a group and a user: what people read first on a terminal. */
import { type Card, type CardLayout, type Span, span, text, whoWhen } from '../output/card.js';
import { humanDuration, relativeTime, shortSha } from '../output/values.js';

const when = (iso: unknown, now: Date): Span[] | undefined => (typeof iso === 'string' ? span(relativeTime(iso, now)) : undefined);

const yes = (flag: unknown, word: string, tone: Span['tone'] = 'dim'): Span[] | undefined => (flag === true ? span(word, tone) : undefined);

interface Job {
  id?: number;
  name?: string;
  status?: string;
  stage?: string;
  ref?: string;
  tag?: boolean;
  user?: unknown;
  created_at?: string;
  started_at?: string | null;
  finished_at?: string | null;
  duration?: number | null;
  queued_duration?: number | null;
  commit?: { id?: string; short_id?: string; title?: string };
  pipeline?: { id?: number; status?: string };
  runner?: { description?: string } | null;
  failure_reason?: string;
  allow_failure?: boolean;
  coverage?: number | null;
  artifacts_file?: { filename?: string; size?: number } | null;
  web_url?: string;
}

/** `1m 05s (queued 30s)`. */
function durations(job: Job): Span[] | undefined {
  const ran = humanDuration(job.duration);
  const queued = humanDuration(job.queued_duration);
  if (ran === undefined && queued === undefined) return undefined;
  return [...span(ran ?? '-'), ...(queued !== undefined ? span(` (queued ${queued})`, 'dim') : [])];
}

function commit(c: Job['commit']): Span[] | undefined {
  const sha = c?.short_id ?? c?.id;
  if (typeof sha !== 'string') return undefined;
  return [...span(shortSha(sha)), ...(c?.title ? span(` ${c.title}`, 'dim') : [])];
}

export const jobCard: CardLayout<Job> = {
  card: (job, _extra, now): Card => ({
    title: String(job.name ?? ''),
    reference: job.id !== undefined ? `job ${job.id}` : undefined,
    status: [
      typeof job.status === 'string' ? span(job.status, 'state', job.status) : undefined,
      yes(job.allow_failure, 'allowed to fail'),
      text(job.stage ? `stage ${job.stage}` : undefined, 'dim'),
      whoWhen(job.user, 'created it', job.created_at, now),
    ],
    fields: [
      { label: job.tag ? 'Tag' : 'Ref', value: text(job.ref) },
      { label: 'Commit', value: commit(job.commit) },
      {
        label: 'Pipeline',
        value: job.pipeline?.id !== undefined ? span(`#${job.pipeline.id} ${job.pipeline.status ?? ''}`.trim()) : undefined,
      },
      { label: 'Duration', value: durations(job) },
      { label: 'Started', value: when(job.started_at, now) },
      { label: 'Finished', value: when(job.finished_at, now) },
      { label: 'Failure', value: text(job.failure_reason?.replaceAll('_', ' '), 'failed') },
      { label: 'Runner', value: text(job.runner?.description) },
      { label: 'Coverage', value: typeof job.coverage === 'number' ? span(`${job.coverage}%`) : undefined },
      { label: 'Artifacts', value: text(job.artifacts_file?.filename) },
    ],
    url: job.web_url,
  }),
};

interface Project {
  name?: string;
  name_with_namespace?: string;
  path_with_namespace?: string;
  description?: string | null;
  visibility?: string;
  archived?: boolean;
  created_at?: string;
  last_activity_at?: string;
  default_branch?: string;
  topics?: string[];
  tag_list?: string[];
  star_count?: number;
  forks_count?: number;
  open_issues_count?: number;
  http_url_to_repo?: string;
  ssh_url_to_repo?: string;
  forked_from_project?: { path_with_namespace?: string } | null;
  web_url?: string;
}

function counts(parts: [unknown, string][]): Span[] | undefined {
  const shown = parts.filter(([n]) => typeof n === 'number').map(([n, word]) => `${n} ${word}`);
  return shown.length ? span(shown.join(', ')) : undefined;
}

export const projectCard: CardLayout<Project> = {
  card: (p, _extra, now): Card => ({
    title: String(p.name ?? p.path_with_namespace ?? ''),
    reference: p.path_with_namespace,
    status: [
      text(p.visibility, 'dim'),
      yes(p.archived, 'Archived', 'failed'),
      whoWhen(undefined, 'created', p.created_at, now),
      whoWhen(undefined, 'last active', p.last_activity_at, now),
    ],
    fields: [
      { label: 'Default branch', value: text(p.default_branch) },
      { label: 'Topics', value: text((p.topics ?? p.tag_list)?.join(', '), 'label') },
      { label: 'Forked from', value: text(p.forked_from_project?.path_with_namespace) },
      {
        label: 'Counts',
        value: counts([
          [p.star_count, 'stars'],
          [p.forks_count, 'forks'],
          [p.open_issues_count, 'open issues'],
        ]),
      },
      { label: 'Clone', value: text(p.http_url_to_repo) },
      { label: 'SSH', value: text(p.ssh_url_to_repo) },
    ],
    body: { text: p.description, what: 'description' },
    url: p.web_url,
  }),
};

interface Group {
  name?: string;
  full_name?: string;
  full_path?: string;
  description?: string | null;
  visibility?: string;
  created_at?: string;
  parent_id?: number | null;
  archived?: boolean;
  web_url?: string;
}

export const groupCard: CardLayout<Group> = {
  card: (g, _extra, now): Card => ({
    title: String(g.full_name ?? g.name ?? g.full_path ?? ''),
    reference: g.full_path,
    status: [text(g.visibility, 'dim'), yes(g.archived, 'Archived', 'failed'), whoWhen(undefined, 'created', g.created_at, now)],
    fields: [{ label: 'Parent', value: typeof g.parent_id === 'number' ? span(`group ${g.parent_id}`) : undefined }],
    body: { text: g.description, what: 'description' },
    url: g.web_url,
  }),
};

interface User {
  name?: string;
  username?: string;
  state?: string;
  bot?: boolean;
  is_admin?: boolean;
  external?: boolean;
  created_at?: string;
  bio?: string | null;
  email?: string;
  public_email?: string | null;
  organization?: string;
  job_title?: string;
  location?: string;
  website_url?: string;
  last_sign_in_at?: string | null;
  last_activity_on?: string | null;
  web_url?: string;
}

export const userCard: CardLayout<User> = {
  card: (u, _extra, now): Card => ({
    title: String(u.name ?? u.username ?? ''),
    reference: u.username !== undefined ? `@${u.username}` : undefined,
    status: [
      typeof u.state === 'string' ? span(u.state, 'state', u.state) : undefined,
      yes(u.is_admin, 'Administrator', 'label'),
      yes(u.bot, 'Bot'),
      yes(u.external, 'External'),
      whoWhen(undefined, 'joined', u.created_at, now),
    ],
    fields: [
      { label: 'Email', value: text(u.public_email || u.email) },
      { label: 'Works at', value: text([u.job_title, u.organization].filter((s) => s).join(', ')) },
      { label: 'Location', value: text(u.location) },
      { label: 'Website', value: text(u.website_url) },
      { label: 'Signed in', value: when(u.last_sign_in_at, now) },
      { label: 'Active', value: typeof u.last_activity_on === 'string' ? when(`${u.last_activity_on}T00:00:00Z`, now) : undefined },
    ],
    body: u.bio ? { text: u.bio, what: 'bio' } : undefined,
    url: u.web_url,
  }),
};
