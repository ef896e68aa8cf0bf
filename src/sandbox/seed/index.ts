import type { Store } from '../store.js';
import { at } from '../time.js';
import { seedCiWorld } from './ci.js';
import { seedGitLabWorld } from './gitlab.js';
import { seedIssues } from './issues.js';
import { seedPipelines } from './jobs.js';
import { seedMergeRequests } from './merge-requests.js';
import { seedProjects } from './projects.js';
import { seedTodos } from './todos.js';
import { DEMO_TOKENS, type DemoUsers, seedUsers } from './users.js';

export { DEMO_TOKENS };
export const DEFAULT_DEMO_ISSUES = 250;

/** `empty`: root and alice with their tokens. `demo` (or a number of api issues): the full demo world. */
export function seedStore(store: Store, seed: 'demo' | 'empty' | number, largeArtifact: boolean): void {
  if (seed === 'empty') {
    seedUsers(store, false);
    return;
  }
  const issueCount = seed === 'demo' ? DEFAULT_DEMO_ISSUES : Math.max(0, Math.floor(seed));
  const users = seedUsers(store, true) as Required<DemoUsers>;
  const { root, alice, bob, carol, dave } = users;
  const projects = seedProjects(store, users);
  const { api, website, docs, dotfiles, experiments } = projects;
  const milestones = (projectId: number) => [...store.milestones.values()].filter((m) => m.projectId === projectId).map((m) => m.id);

  seedIssues(store, {
    project: api,
    count: issueCount,
    authors: [alice, carol, root, alice, dave],
    assignees: [alice, carol, root],
    reactors: [alice, carol, root],
    labels: ['bug', 'feature', 'docs', 'needs review', 'security', 'performance'],
    milestoneIds: milestones(api.id),
    from: at(2025, 1, 7),
    to: at(2026, 10, 31),
    seed: 0xa11ce,
  });
  seedIssues(store, {
    project: website,
    count: 12,
    authors: [alice, bob, carol],
    assignees: [alice, bob],
    reactors: [bob],
    labels: ['bug', 'docs', 'design'],
    milestoneIds: milestones(website.id),
    from: at(2025, 2, 1),
    to: at(2026, 9, 1),
    seed: 0xbeef,
  });
  seedIssues(store, {
    project: docs,
    count: 6,
    authors: [carol, alice],
    assignees: [carol],
    reactors: [],
    labels: ['docs'],
    milestoneIds: [],
    from: at(2025, 3, 1),
    to: at(2026, 8, 1),
    seed: 0xd0c5,
  });
  seedIssues(store, {
    project: dotfiles,
    count: 3,
    authors: [alice],
    assignees: [alice],
    reactors: [],
    labels: [],
    milestoneIds: [],
    from: at(2025, 4, 1),
    to: at(2026, 6, 1),
    seed: 0xd07,
  });
  seedIssues(store, {
    project: experiments,
    count: 4,
    authors: [bob],
    assignees: [bob],
    reactors: [],
    labels: ['idea'],
    milestoneIds: [],
    from: at(2025, 5, 1),
    to: at(2026, 7, 1),
    seed: 0xe4,
  });

  const v11 = store.milestoneByTitle(api.id, 'v1.1')?.id ?? null;
  seedMergeRequests(store, api, [
    {
      title: 'Add rate limiting to public endpoints',
      source: 'feature/rate-limit',
      author: alice,
      assignee: carol,
      state: 'opened',
      labels: ['feature'],
      milestoneId: v11,
      closesIssueIids: issueCount >= 3 ? [2, 3] : [],
      createdAt: at(2026, 10, 1),
    },
    {
      title: 'Fix token refresh race',
      source: 'fix/token-refresh',
      author: carol,
      assignee: alice,
      state: 'merged',
      labels: ['bug'],
      createdAt: at(2026, 9, 1),
    },
    { title: 'Experiment: switch to gRPC', source: 'spike/grpc', author: carol, state: 'closed', createdAt: at(2026, 8, 1) },
    {
      title: 'Refactor storage layer',
      source: 'refactor/storage',
      author: alice,
      state: 'opened',
      mergeStatus: 'cannot_be_merged',
      mergeError: 'Merge request is not mergeable',
      labels: ['performance'],
      createdAt: at(2026, 10, 5),
    },
    {
      title: 'Draft: New dashboard widgets',
      source: 'feature/dashboard',
      author: carol,
      state: 'opened',
      labels: ['feature'],
      createdAt: at(2026, 10, 8),
    },
    {
      title: 'Harden artifact downloads',
      source: 'security/artifacts',
      author: alice,
      assignee: root,
      state: 'opened',
      labels: ['security', 'needs review'],
      approvalsBeforeMerge: 2,
      approvedBy: [carol],
      createdAt: at(2026, 10, 10),
    },
    {
      title: 'Bump dependencies',
      source: 'chore/deps',
      author: root,
      state: 'opened',
      mergeWhenPipelineSucceeds: true,
      createdAt: at(2026, 10, 12),
    },
    {
      title: 'Feature X',
      source: 'feature/x',
      author: alice,
      assignee: alice,
      state: 'opened',
      labels: ['feature', 'needs review'],
      milestoneId: v11,
      createdAt: at(2026, 10, 15),
    },
  ]);
  seedMergeRequests(store, website, [
    {
      title: 'Update landing page copy',
      source: 'copy/landing',
      author: bob,
      state: 'opened',
      labels: ['design'],
      createdAt: at(2026, 9, 20),
    },
    { title: 'Fix footer links', source: 'fix/footer', author: alice, state: 'merged', labels: ['bug'], createdAt: at(2026, 8, 20) },
  ]);
  seedMergeRequests(store, experiments, [
    { title: 'Try a new build tool', source: 'try/build', author: bob, state: 'opened', createdAt: at(2026, 9, 2) },
  ]);

  seedPipelines(store, api, alice, [
    {
      ref: 'main',
      status: 'success',
      createdAt: at(2026, 10, 20, 8),
      jobs: [
        { name: 'build', status: 'success', artifact: {} },
        { name: 'test', status: 'success', coverage: 87.5 },
        { name: 'package', status: 'success', artifact: {} },
        { name: 'pages', status: 'success', artifact: { viaObjectStorage: true } },
      ],
    },
    {
      ref: 'main',
      status: 'failed',
      createdAt: at(2026, 10, 21, 8),
      jobs: [
        { name: 'build', status: 'success', artifact: {} },
        { name: 'test', status: 'failed' },
        { name: 'package', status: 'skipped' },
        { name: 'deploy', status: 'skipped' },
      ],
    },
    {
      ref: 'feature/x',
      status: 'success',
      createdAt: at(2026, 10, 22, 8),
      jobs: [
        { name: 'build', status: 'success', artifact: {} },
        { name: 'test', status: 'success', coverage: 85.1 },
        { name: 'package', status: 'success', artifact: {} },
      ],
    },
    {
      ref: 'feature/x',
      status: 'running',
      createdAt: at(2026, 10, 23, 8),
      jobs: [
        { name: 'build', status: 'success', artifact: {} },
        { name: 'test', status: 'running' },
        { name: 'package', status: 'pending' },
        { name: 'deploy', status: 'created' },
      ],
    },
    {
      ref: 'main',
      status: 'manual',
      createdAt: at(2026, 10, 24, 8),
      jobs: [
        { name: 'build', status: 'success', artifact: { quotedFilename: false } },
        { name: 'test', status: 'success', coverage: 88.2 },
        { name: 'package', status: 'success', artifact: { kind: largeArtifact ? 'large' : 'demo', expireAt: null } },
        { name: 'deploy', status: 'manual' },
      ],
    },
    {
      ref: 'main',
      status: 'canceled',
      createdAt: at(2026, 10, 25, 8),
      jobs: [
        { name: 'build', status: 'canceled' },
        { name: 'test', status: 'canceled' },
      ],
    },
    {
      ref: 'v1.0',
      tag: true,
      status: 'success',
      createdAt: at(2026, 10, 26, 8),
      jobs: [{ name: 'package', status: 'success', artifact: { expireAt: null } }],
    },
  ]);
  seedPipelines(store, website, alice, [
    {
      ref: 'main',
      status: 'success',
      createdAt: at(2026, 10, 2, 8),
      jobs: [
        { name: 'build', status: 'success', artifact: {} },
        { name: 'pages', status: 'success', artifact: {} },
      ],
    },
  ]);
  store.tokens.set(DEMO_TOKENS.job, {
    kind: 'job',
    userId: alice.id,
    projectId: api.id,
    note: 'CI job token: only artifact downloads of acme/platform/api',
  });
  store.tokens.set(DEMO_TOKENS.glcbt, {
    kind: 'job',
    userId: alice.id,
    projectId: api.id,
    note: "the same, in GitLab's job token format (COLLAB_TOKEN sends it as JOB-TOKEN)",
  });

  // A few more stars so the starred filters have something to show.
  website.starredBy.add(alice.id);
  experiments.starredBy.add(bob.id);
  if (store.flavor === 'gitlab') {
    seedGitLabWorld(store, users, projects);
    seedCiWorld(store, users, projects);
    seedTodos(store, users, projects);
  }
}
