import type { MergeRequest, Project, User } from '../model.js';
import { mergeRequestContent } from '../mr-content.js';
import { sha } from '../shas.js';
import type { Store } from '../store.js';
import { seedNotes } from './notes.js';

export interface DemoMergeRequest {
  title: string;
  source: string;
  target?: string;
  author: User;
  assignee?: User;
  state: MergeRequest['state'];
  mergeStatus?: MergeRequest['mergeStatus'];
  labels?: string[];
  milestoneId?: number | null;
  approvalsBeforeMerge?: number;
  approvedBy?: User[];
  mergeWhenPipelineSucceeds?: boolean;
  closesIssueIids?: number[];
  createdAt: number;
  description?: string;
  /** Why an earlier merge failed (GitLab's `merge_error`). */
  mergeError?: string;
  divergedCommits?: number;
}

const DAY = 86_400_000;

export function seedMergeRequests(store: Store, project: Project, list: DemoMergeRequest[]): void {
  for (const d of list) {
    const id = store.nextId('mr');
    const base = { id, sourceBranch: d.source, title: d.title, createdAt: d.createdAt, authorId: d.author.id };
    const content = mergeRequestContent(store, base);
    const mr: MergeRequest = {
      ...base,
      iid: store.nextIid('mr', project.id),
      projectId: project.id,
      sourceProjectId: project.id,
      targetBranch: d.target ?? project.defaultBranch,
      description: d.description ?? `${d.title}.\n\nSee the linked issues for context.`,
      state: d.state,
      updatedAt: d.createdAt + 2 * DAY,
      assigneeId: d.assignee?.id ?? null,
      labels: d.labels ?? [],
      milestoneId: d.milestoneId ?? null,
      mergeWhenPipelineSucceeds: d.mergeWhenPipelineSucceeds ?? false,
      mergeStatus: d.mergeStatus ?? 'can_be_merged',
      sha: content.sha,
      mergeCommitSha: d.state === 'merged' ? sha(`merge:${id}`) : null,
      mergedById: d.state === 'merged' ? (d.assignee ?? d.author).id : null,
      mergedAt: d.state === 'merged' ? d.createdAt + 2 * DAY : null,
      closedById: d.state === 'closed' ? d.author.id : null,
      closedAt: d.state === 'closed' ? d.createdAt + 2 * DAY : null,
      mergeError: d.mergeError ?? null,
      divergedCommits: d.divergedCommits ?? 0,
      approvalsBeforeMerge: d.approvalsBeforeMerge ?? project.approvalsBeforeMerge,
      shouldRemoveSourceBranch: d.state === 'merged' ? true : null,
      forceRemoveSourceBranch: true,
      squash: false,
      discussionLocked: false,
      subscribers: new Set([d.author.id]),
      awards: [],
      approvedBy: (d.approvedBy ?? []).map((u) => u.id),
      commits: content.commits,
      changes: content.changes,
      versions: content.versions,
      closesIssueIids: d.closesIssueIids ?? [],
      timeEstimate: 0,
      totalTimeSpent: 0,
    };
    store.addMergeRequest(mr);
    const events = [
      'added 1 commit',
      ...(d.assignee ? [`assigned to @${d.assignee.username}`] : []),
      ...(d.approvedBy ?? []).map(() => 'approved this merge request'),
      ...(d.state === 'merged' ? [`merged`] : d.state === 'closed' ? ['closed'] : []),
    ];
    const authors = [d.author, ...(d.assignee ? [d.assignee] : []), ...(d.approvedBy ?? [])];
    seedNotes(store, {
      type: 'MergeRequest',
      id,
      projectId: project.id,
      createdAt: d.createdAt,
      comments: (id * 3) % 7,
      authors,
      events,
      offset: id,
    });
  }
}
