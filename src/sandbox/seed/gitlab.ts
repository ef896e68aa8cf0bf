import { startCanceling } from '../job-states.js';
import type { Store } from '../store.js';
import { at } from '../time.js';
import { seedPipelines } from './jobs.js';
import { seedMergeRequests } from './merge-requests.js';
import type { DemoProjects } from './projects.js';
import { seedThreads, type ThreadSeed } from './threads.js';
import type { DemoUsers } from './users.js';

/** The seeded job that is canceling stays so for an hour of the sandbox's clock, as one whose runner went away. */
const STUCK_CANCELING_MS = 3_600_000;

/**
 * What only GitLab's side of the demo world has, added after everything both flavours share (so
 * their ids stay the same): a merge request pipeline whose job is canceling, and merge requests of
 * acme/website waiting for what its settings require (resolved discussions, a green pipeline, a
 * rebase for its fast-forward merges).
 */
export function seedGitLabWorld(store: Store, users: Required<DemoUsers>, projects: DemoProjects): void {
  const { alice, bob, carol } = users;
  const { api, website } = projects;
  const [build, test] = seedPipelines(store, api, alice, [
    {
      ref: 'refs/merge-requests/1/head',
      status: 'running',
      createdAt: at(2026, 10, 27, 8),
      jobs: [
        { name: 'build', status: 'success', artifact: {} },
        { name: 'test', status: 'running' },
      ],
    },
  ]);
  if (build && test) startCanceling(store, test, STUCK_CANCELING_MS);

  website.features.only_allow_merge_if_all_discussions_are_resolved = true;
  website.features.only_allow_merge_if_pipeline_succeeds = true;
  website.mergeMethod = 'ff';
  const landing = store.projectMergeRequests(website.id).find((mr) => mr.sourceBranch === 'copy/landing');
  if (landing)
    seedThreads(store, landing, [
      { author: carol, body: 'Say which page changed.', line: { change: 1, old: null, new: 2 } },
      { author: bob, body: 'The hero text is too long on mobile.' },
    ]);
  const hardening = store.projectMergeRequests(api.id).find((mr) => mr.sourceBranch === 'security/artifacts');
  if (hardening) {
    seedThreads(store, hardening, reviewOf(users));
    // Two rules of one approval each: anyone's (carol's is given), and the security team's (root).
    hardening.approvalRules = [
      { id: 601, name: 'All Members', ruleType: 'any_approver', approvalsRequired: 1, userIds: [] },
      { id: 602, name: 'Security', ruleType: 'regular', approvalsRequired: 1, userIds: [users.root.id] },
    ];
  }
  seedMergeRequests(store, website, [
    { title: 'Refresh the press kit', source: 'press/kit', author: carol, state: 'opened', createdAt: at(2026, 10, 3) },
    { title: 'Move fonts to a CDN', source: 'perf/fonts', author: bob, state: 'opened', divergedCommits: 3, createdAt: at(2026, 10, 4) },
  ]);
  seedPipelines(store, website, bob, [
    { ref: 'copy/landing', status: 'success', createdAt: at(2026, 10, 5, 8), jobs: [{ name: 'build', status: 'success' }] },
    { ref: 'press/kit', status: 'failed', createdAt: at(2026, 10, 5, 9), jobs: [{ name: 'build', status: 'failed' }] },
    { ref: 'perf/fonts', status: 'success', createdAt: at(2026, 10, 5, 10), jobs: [{ name: 'build', status: 'success' }] },
  ]);
}

/**
 * The review of acme/platform/api's "Harden artifact downloads": diff comments on an added and a
 * removed line (one resolved), a thread on the merge request, and an internal note.
 */
function reviewOf({ alice, carol, root }: Required<DemoUsers>): ThreadSeed[] {
  return [
    {
      author: carol,
      body: 'Should this stay `false` until the rollout is done?',
      line: { change: 0, old: null, new: 2 },
      replies: [{ author: alice, body: 'It is behind the `artifacts_hardened` flag already.' }],
    },
    {
      author: root,
      body: 'Keep a note of why the old default was off.',
      line: { change: 0, old: 2, new: null },
      replies: [{ author: alice, body: 'Added to the changelog.' }],
      resolvedBy: alice,
    },
    { author: carol, body: 'Can someone from the storage team look at the download limits too?' },
    {
      author: root,
      body: 'Internal: a customer escalation waits on this one; leave it out of the release notes.',
      internal: true,
      individual: true,
    },
  ];
}
