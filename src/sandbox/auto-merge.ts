import { detailedMergeStatus } from './entities/merge-requests.js';
import { headPipelineOf } from './entities/pipelines.js';
import type { MergeMessages, MergeRequest, Project, User } from './model.js';
import type { Pipeline } from './model-ci.js';
import { sha } from './shas.js';
import type { Store } from './store.js';

/** The merge itself: merged by `user`, its commits named, the issues it closes closed. */
export function mergeNow(store: Store, project: Project, mr: MergeRequest, user: User, messages: MergeMessages): void {
  mr.state = 'merged';
  mr.mergeWhenPipelineSucceeds = false;
  mr.mergedById = user.id;
  mr.mergedAt = store.now();
  mr.mergeError = null;
  mr.mergeCommitSha = sha(`merge:${mr.id}:${mr.sha}:${messages.merge ?? ''}`);
  if (store.flavor === 'gitlab' && mr.squash) mr.squashCommitSha = sha(`squash:${mr.id}:${mr.sha}:${messages.squash ?? mr.title}`);
  mr.updatedAt = store.now();
  for (const iid of mr.closesIssueIids) {
    const issue = store.findIssue(project.id, iid);
    if (issue && issue.state === 'opened') {
      issue.state = 'closed';
      issue.closedAt = mr.updatedAt;
      issue.updatedAt = mr.updatedAt;
    }
  }
}

/**
 * What GitLab does when a pipeline succeeds: AutoMergeProcessWorker takes the pipeline's merge
 * requests set to auto-merge (`pipeline.all_merge_requests.with_auto_merge_enabled`) and
 * AutoMerge::MergeWhenChecksPassService#process merges each whose head pipeline is this successful
 * one and which is mergeable now, as the user who set it (`merge_user`) with the messages it was
 * set with (`merge_params`). One still waiting for something else (approvals, a draft, threads)
 * stays set. A failed pipeline processes nothing, so auto-merge stays set there too: a retry that
 * succeeds merges it (doc/user/project/merge_requests/auto_merge.md).
 */
export function processAutoMerges(store: Store, pipeline: Pipeline): void {
  for (const mr of store.mergeRequests.values()) if (headPipelineOf(store, mr)?.id === pipeline.id) mergeIfReady(store, mr);
}

/**
 * What GitLab does on the other events that may end an auto-merge's wait
 * (MergeRequests::ProcessAutoMergeFromEventWorker on ApprovedEvent, DiscussionsResolvedEvent,
 * DraftStateChangeEvent): the merge request merged now when its head pipeline succeeded (or it has
 * none) and nothing else holds it.
 */
export function processAutoMerge(store: Store, mr: MergeRequest): void {
  const status = headPipelineOf(store, mr)?.status;
  if (status === undefined || status === 'success') mergeIfReady(store, mr);
}

function mergeIfReady(store: Store, mr: MergeRequest): void {
  if (!mr.mergeWhenPipelineSucceeds || (mr.state !== 'opened' && mr.state !== 'reopened')) return;
  const status = detailedMergeStatus(store, mr, store.flavor);
  if (status !== 'mergeable' && status !== 'unchecked') return;
  const project = store.projects.get(mr.projectId);
  const user = store.users.get(mr.autoMergeById ?? mr.authorId);
  if (project && user) mergeNow(store, project, mr, user, mr.autoMergeMessages ?? {});
}
