import type { Issue, Project, User } from '../model.js';
import type { Store } from '../store.js';
import { seedNotes } from './notes.js';
import { Random } from './random.js';

const SUBJECTS = [
  'login',
  'token refresh',
  'rate limiter',
  'pagination',
  'webhooks',
  'search',
  'artifact upload',
  'audit log',
  'billing export',
  'CSV import',
  'session cookies',
  'health check',
  'OpenAPI schema',
  'retry logic',
  'cache layer',
];
const PROBLEMS = [
  'fails when {s} is enabled',
  'is slow on large projects',
  'returns 500 for {s} requests',
  'ignores the timeout setting',
  'leaks memory under load',
  'breaks with non-ASCII names',
  'should support filtering',
  'needs better error messages',
  'drops the last page',
  'should be documented',
];
const DESCRIPTIONS = [
  'Steps to reproduce:\n\n1. Enable the feature\n2. Call the endpoint twice\n3. Observe the error\n\nExpected: a clean response.',
  'This came up in the last incident review. We should fix it before the next release.',
  'Customer report: the behaviour differs between the web UI and the API.',
  'Low priority, but it keeps coming up in support tickets.',
  null,
];
const EMOJI = ['thumbsup', 'thumbsdown', 'tada', 'eyes'];

export interface IssueSeedOptions {
  project: Project;
  count: number;
  authors: User[];
  assignees: User[];
  reactors: User[];
  labels: string[];
  milestoneIds: number[];
  from: number;
  to: number;
  seed: number;
}

/** Adds `count` deterministic issues spread between `from` and `to`. */
export function seedIssues(store: Store, o: IssueSeedOptions): void {
  const rng = new Random(o.seed);
  const step = o.count > 1 ? Math.floor((o.to - o.from) / o.count) : 0;
  for (let i = 0; i < o.count; i++) {
    const subject = SUBJECTS[i % SUBJECTS.length];
    const problem = PROBLEMS[(i * 7 + Math.floor(i / SUBJECTS.length)) % PROBLEMS.length].replace('{s}', subject);
    const createdAt = o.from + i * step + rng.int(Math.max(1, Math.floor(step / 2)));
    const closed = i % 4 === 3;
    const updatedAt = createdAt + rng.int(20) * 3_600_000 + (closed ? 86_400_000 : 0);
    const author = o.authors[(i * 5 + rng.int(2)) % o.authors.length];
    const labels = rng.chance(0.2) ? [] : rng.some(o.labels, 2);
    if (labels.length === 0 && i % 9 === 0 && o.labels.length > 0) labels.push(o.labels[0]);
    const milestoneId = o.milestoneIds.length > 0 && i % 5 !== 0 ? o.milestoneIds[i % o.milestoneIds.length] : null;
    const assigneeIds = rng.some(o.assignees, 2).map((u) => u.id);
    const comments = rng.int(13);
    const estimate = i % 6 === 0 ? (1 + (i % 5)) * 3600 + (i % 2) * 1800 : 0;
    const issue: Issue = {
      id: store.nextId('issue'),
      iid: store.nextIid('issue', o.project.id),
      projectId: o.project.id,
      title: `${subject[0].toUpperCase()}${subject.slice(1)} ${problem}`,
      description: DESCRIPTIONS[i % DESCRIPTIONS.length],
      state: closed ? 'closed' : 'opened',
      createdAt,
      updatedAt,
      closedAt: closed ? updatedAt : null,
      closedById: closed ? author.id : null,
      movedToId: null,
      labels,
      milestoneId,
      assigneeIds,
      authorId: author.id,
      dueDate: i % 7 === 0 ? new Date(createdAt + 30 * 86_400_000).toISOString().slice(0, 10) : null,
      confidential: i % 17 === 16,
      weight: i % 3 === 0 ? null : i % 10,
      discussionLocked: i % 23 === 22,
      timeEstimate: estimate,
      totalTimeSpent: estimate > 0 && i % 12 === 0 ? estimate / 2 : 0,
      subscribers: new Set([author.id, ...assigneeIds]),
      awards: [],
      userAgent: {
        user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36',
        ip_address: `10.0.${i % 256}.${(i * 7) % 256}`,
        spamfilter_submitted: false,
      },
    };
    for (const reactor of o.reactors) if (rng.chance(0.15)) issue.awards.push({ name: rng.pick(EMOJI), userId: reactor.id });
    store.addIssue(issue);
    const events = [
      ...(issue.description && i % 3 === 0 ? ['changed the description'] : []),
      ...(labels.length > 0 ? [`added ${labels.map((l) => `~"${l}"`).join(' ')} label${labels.length > 1 ? 's' : ''}`] : []),
      ...(closed ? ['closed'] : []),
    ];
    const authors = [author, ...o.assignees];
    seedNotes(store, { type: 'Issue', id: issue.id, projectId: o.project.id, createdAt, comments, authors, events, offset: i });
  }
  if (o.count > 0) o.project.lastActivityAt = Math.max(o.project.lastActivityAt, o.to);
}
