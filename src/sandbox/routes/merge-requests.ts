import { canReadProject, projectAccess, requireProject, requireUser } from '../access.js';
import { processAutoMerge } from '../auto-merge.js';
import type { Ctx } from '../context.js';
import { COMMIT, commitOf } from '../entities/commits.js';
import { ISSUE } from '../entities/issues.js';
import {
  isDraft,
  MERGE_REQUEST,
  MERGE_REQUEST_BASIC,
  MERGE_REQUEST_CHANGES,
  MERGE_REQUEST_SIMPLE,
  MR_VERSION,
  MR_VERSION_FULL,
  reviewersOf,
} from '../entities/merge-requests.js';
import { show } from '../entity.js';
import { forbidden, HttpError, missingParam, notFound } from '../errors.js';
import { applyCommonFilters, enumParam } from '../filters.js';
import { subscriptionHandlers, todoHandler } from '../issuable-actions.js';
import { DEVELOPER, type MergeRequest, OWNER, type Project, type User } from '../model.js';
import { mergeRequestContent } from '../mr-content.js';
import { paginate } from '../pagination.js';
import { created, json, noContent, type Reply } from '../reply.js';
import type { RouteTable } from '../router.js';
import { editedLabels, LABEL_CHANGES, labelsParam, milestoneParam, requireOneOf, stateEventParam } from '../shared.js';
import type { Store } from '../store.js';

function visibleMergeRequests(ctx: Ctx, projects: Iterable<Project>): MergeRequest[] {
  const result: MergeRequest[] = [];
  for (const project of projects) {
    if (!canReadProject(ctx.store, ctx.user, project) || !project.features.merge_requests_enabled) continue;
    for (const mr of ctx.store.projectMergeRequests(project.id)) result.push(mr);
  }
  return result;
}

function listReply(ctx: Ctx, mrs: MergeRequest[], defaultScope: 'created-by-me' | 'all', iids: boolean) {
  const filtered = applyCommonFilters(ctx, mrs, ctx.user, {
    states: ['opened', 'closed', 'merged', 'locked'],
    defaultScope,
    assignees: (mr) => (mr.assigneeId == null ? [] : [mr.assigneeId]),
    reviewers: reviewersOf,
    milestoneTitle: (mr) => (mr.milestoneId == null ? undefined : ctx.store.milestones.get(mr.milestoneId)?.title),
    iids,
  });
  const view = ctx.params.str('view');
  if (view !== undefined && view !== 'simple') throw new HttpError(400, { error: 'view does not have a valid value' });
  return paginate(ctx, ctx.store.flavor === 'gitlab' ? gitlabFilters(ctx, filtered) : filtered, (mr) =>
    show(ctx, view === 'simple' ? MERGE_REQUEST_SIMPLE : MERGE_REQUEST_BASIC, mr),
  );
}

/**
 * The list filters GitLab has and the spec does not (lib/api/helpers/merge_requests_helpers.rb):
 * `source_branch`, `target_branch`, and `wip=yes|no` (drafts). The spec's servers ignore them.
 */
function gitlabFilters(ctx: Ctx, mrs: MergeRequest[]): MergeRequest[] {
  const source = ctx.params.str('source_branch');
  const target = ctx.params.str('target_branch');
  const wip = enumParam(ctx, 'wip', ['yes', 'no']);
  return mrs.filter(
    (mr) =>
      (source === undefined || mr.sourceBranch === source) &&
      (target === undefined || mr.targetBranch === target) &&
      (wip === undefined || isDraft(mr.title, 'gitlab') === (wip === 'yes')),
  );
}

/** GitLab's `reviewer_ids` (known users; 0 or an empty list clears them); the spec has no reviewers. */
function reviewerIdsParam(ctx: Ctx): number[] | undefined {
  if (ctx.store.flavor !== 'gitlab' || !ctx.params.has('reviewer_ids')) return undefined;
  return (ctx.params.intArray('reviewer_ids') ?? []).filter((id) => id !== 0 && ctx.store.users.has(id));
}

export function requireMergeRequest(ctx: Ctx): { project: Project; mr: MergeRequest } {
  const project = requireProject(ctx);
  if (!project.features.merge_requests_enabled) throw forbidden();
  const mr = ctx.store.findMergeRequest(project.id, Number(ctx.path.merge_request_iid));
  if (!mr) throw notFound();
  return { project, mr };
}

export const level = (store: Store, user: User, project: Project): number => (user.admin ? OWNER : projectAccess(store, user, project));

export function touch(ctx: Ctx, mr: MergeRequest): void {
  mr.updatedAt = ctx.store.now();
}

function listAllMergeRequests(ctx: Ctx): Reply {
  requireUser(ctx);
  return listReply(ctx, visibleMergeRequests(ctx, ctx.store.projects.values()), 'created-by-me', false);
}

function listProjectMergeRequests(ctx: Ctx): Reply {
  return listReply(ctx, visibleMergeRequests(ctx, [requireProject(ctx)]), 'all', true);
}

function showMergeRequest(ctx: Ctx): Reply {
  const rebaseInProgress = ctx.store.flavor === 'gitlab' && ctx.params.bool('include_rebase_in_progress') === true;
  return json(show(ctx, MERGE_REQUEST, requireMergeRequest(ctx).mr, { single: true, rebaseInProgress }));
}

function listCommits(ctx: Ctx): Reply {
  const { mr } = requireMergeRequest(ctx);
  return paginate(
    ctx,
    mr.commits.map((_, i) => i),
    (i) => show(ctx, COMMIT, commitOf(ctx.store, mr, i)),
  );
}

function showChanges(ctx: Ctx): Reply {
  const { mr } = requireMergeRequest(ctx);
  return json(show(ctx, MERGE_REQUEST_CHANGES, mr, { single: true }));
}

function listVersions(ctx: Ctx): Reply {
  const { mr } = requireMergeRequest(ctx);
  return paginate(ctx, [...mr.versions].reverse(), (version) => show(ctx, MR_VERSION, { mr, version }));
}

function showVersion(ctx: Ctx): Reply {
  const { mr } = requireMergeRequest(ctx);
  const version = mr.versions.find((v) => v.id === Number(ctx.path.version_id));
  if (!version) throw notFound();
  return json(show(ctx, MR_VERSION_FULL, { mr, version }));
}

function listClosesIssues(ctx: Ctx): Reply {
  const { project, mr } = requireMergeRequest(ctx);
  const issues = mr.closesIssueIids.map((iid) => ctx.store.findIssue(project.id, iid)).filter((i) => i !== undefined);
  return paginate(ctx, issues, (i) => show(ctx, ISSUE, i));
}

interface NewMergeRequest {
  user: User;
  sourceProject: Project;
  /** The target project. */
  project: Project;
  sourceBranch: string;
  targetBranch: string;
}

/** The checks of `POST /projects/:id/merge_requests` before anything is created. */
function checkNewMergeRequest(ctx: Ctx): NewMergeRequest {
  const user = requireUser(ctx);
  const sourceProject = requireProject(ctx);
  for (const name of ['source_branch', 'target_branch', 'title']) if (!ctx.params.str(name)) throw missingParam(name);
  const targetId = ctx.params.int('target_project_id') ?? sourceProject.id;
  const project = ctx.store.projects.get(targetId);
  if (!project || !canReadProject(ctx.store, user, project)) throw notFound('Project');
  if (level(ctx.store, user, sourceProject) < DEVELOPER || !project.features.merge_requests_enabled) throw forbidden();
  const sourceBranch = ctx.params.str('source_branch') as string;
  const targetBranch = ctx.params.str('target_branch') as string;
  if (sourceBranch === targetBranch && project.id === sourceProject.id) {
    throw new HttpError(400, { message: ["You can't use same project/branch for source and target"] });
  }
  const existing = ctx.store
    .projectMergeRequests(project.id)
    .find(
      (m) =>
        m.state === 'opened' &&
        m.sourceBranch === sourceBranch &&
        m.targetBranch === targetBranch &&
        m.sourceProjectId === sourceProject.id,
    );
  if (existing)
    throw new HttpError(409, { message: [`Another open merge request already exists for this source branch: !${existing.iid}`] });
  return { user, sourceProject, project, sourceBranch, targetBranch };
}

function newMergeRequest(ctx: Ctx, { user, sourceProject, project, sourceBranch, targetBranch }: NewMergeRequest): MergeRequest {
  const requested = ctx.params.int('approvals_before_merge');
  const inherited = project.approvalsBeforeMerge;
  const approvals = requested !== undefined && inherited > 0 && requested > inherited ? requested : inherited;
  const now = ctx.store.now();
  const assigneeId = ctx.params.int('assignee_id');
  const id = ctx.store.nextId('mr');
  const base = { id, sourceBranch, title: ctx.params.str('title') as string, createdAt: now, authorId: user.id };
  const content = mergeRequestContent(ctx.store, base);
  return {
    ...base,
    iid: ctx.store.nextIid('mr', project.id),
    projectId: project.id,
    sourceProjectId: sourceProject.id,
    targetBranch,
    description: ctx.params.str('description') ?? '',
    state: 'opened',
    updatedAt: now,
    assigneeId: assigneeId && ctx.store.users.has(assigneeId) ? assigneeId : null,
    labels: labelsParam(ctx, project) ?? [],
    milestoneId: milestoneParam(ctx, project) ?? null,
    mergeWhenPipelineSucceeds: false,
    mergeStatus: 'can_be_merged',
    sha: content.sha,
    mergeCommitSha: null,
    mergedById: null,
    mergedAt: null,
    closedById: null,
    closedAt: null,
    mergeError: null,
    divergedCommits: 0,
    approvalsBeforeMerge: approvals,
    shouldRemoveSourceBranch: null,
    forceRemoveSourceBranch: ctx.params.bool('remove_source_branch') ?? false,
    squash: ctx.params.bool('squash') ?? false,
    discussionLocked: false,
    subscribers: new Set([user.id]),
    awards: [],
    approvedBy: [],
    commits: content.commits,
    changes: content.changes,
    versions: content.versions,
    closesIssueIids: [],
    ...(reviewerIdsParam(ctx) ? { reviewerIds: reviewerIdsParam(ctx) } : {}),
    timeEstimate: 0,
    totalTimeSpent: 0,
  };
}

function createMergeRequest(ctx: Ctx): Reply {
  const request = checkNewMergeRequest(ctx);
  const mr = newMergeRequest(ctx, request);
  ctx.store.addMergeRequest(mr);
  request.project.lastActivityAt = mr.createdAt;
  return created(show(ctx, MERGE_REQUEST, mr, { single: true }));
}

function updateMergeRequest(ctx: Ctx): Reply {
  const { project, mr } = requireMergeRequest(ctx);
  const user = requireUser(ctx);
  if (mr.authorId !== user.id && level(ctx.store, user, project) < DEVELOPER) throw forbidden();
  requireOneOf(ctx, [
    'target_branch',
    'title',
    'assignee_id',
    'description',
    'state_event',
    'labels',
    'milestone_id',
    'remove_source_branch',
    'squash',
    'discussion_locked',
    ...(ctx.store.flavor === 'gitlab' ? ['reviewer_ids', ...LABEL_CHANGES] : []),
  ]);
  const title = ctx.params.str('title');
  if (title !== undefined && title.trim() === '') throw new HttpError(400, { message: { title: ["can't be blank"] } });
  const stateEvent = stateEventParam(ctx);
  const labels = editedLabels(ctx, project, mr.labels);
  const milestoneId = milestoneParam(ctx, project);
  const wasDraft = isDraft(mr.title, ctx.store.flavor);
  if (title !== undefined) mr.title = title;
  const target = ctx.params.str('target_branch');
  if (target) mr.targetBranch = target;
  if (ctx.params.has('description')) mr.description = ctx.params.str('description') ?? '';
  if (ctx.params.has('assignee_id')) {
    const assignee = ctx.params.int('assignee_id');
    mr.assigneeId = assignee && ctx.store.users.has(assignee) ? assignee : null;
  }
  if (labels !== undefined) mr.labels = labels;
  if (milestoneId !== undefined) mr.milestoneId = milestoneId;
  const reviewerIds = reviewerIdsParam(ctx);
  if (reviewerIds !== undefined) mr.reviewerIds = reviewerIds;
  const remove = ctx.params.bool('remove_source_branch');
  if (remove !== undefined) mr.forceRemoveSourceBranch = remove;
  const squash = ctx.params.bool('squash');
  if (squash !== undefined) mr.squash = squash;
  const locked = ctx.params.bool('discussion_locked');
  if (locked !== undefined) mr.discussionLocked = locked;
  if (stateEvent === 'close' && (mr.state === 'opened' || mr.state === 'reopened')) {
    mr.state = 'closed';
    mr.mergeWhenPipelineSucceeds = false;
    mr.closedById = user.id;
    mr.closedAt = ctx.store.now();
  } else if (stateEvent === 'reopen' && mr.state === 'closed') {
    mr.state = 'opened';
  }
  touch(ctx, mr);
  if (wasDraft && !isDraft(mr.title, ctx.store.flavor)) processAutoMerge(ctx.store, mr);
  return json(show(ctx, MERGE_REQUEST, mr, { single: true }));
}

function deleteMergeRequest(ctx: Ctx): Reply {
  const { project, mr } = requireMergeRequest(ctx);
  const user = requireUser(ctx);
  if (level(ctx.store, user, project) < OWNER) throw forbidden();
  ctx.store.removeMergeRequest(mr);
  return noContent();
}

const theMergeRequest = (ctx: Ctx) => requireMergeRequest(ctx).mr;
const createMergeRequestTodo = todoHandler(theMergeRequest, 'MergeRequest');
const { subscribe: subscribeToMergeRequest, unsubscribe: unsubscribeFromMergeRequest } = subscriptionHandlers(
  theMergeRequest,
  MERGE_REQUEST,
);

const MRS = '/projects/:id/merge_requests';
const MR = `${MRS}/:merge_request_iid`;
const PUBLIC = { auth: 'optional' } as const;

/** GitLab takes the CI job token on a merge request's reads (lib/api/merge_requests.rb `job_token_allowed`). */
const PUBLIC_JOB_TOKEN = { auth: 'optional', jobToken: true } as const;

/** Merge requests: lists, one, its commits, changes and versions, creating, updating, subscribing. */
export const mergeRequestRoutes: RouteTable = [
  { method: 'GET', path: '/merge_requests', handler: listAllMergeRequests },
  { method: 'GET', path: MRS, handler: listProjectMergeRequests, options: PUBLIC_JOB_TOKEN },
  { method: 'GET', path: MR, handler: showMergeRequest, options: PUBLIC_JOB_TOKEN },
  { method: 'GET', path: `${MR}/commits`, handler: listCommits, options: PUBLIC },
  { method: 'GET', path: `${MR}/changes`, handler: showChanges, options: PUBLIC },
  { method: 'GET', path: `${MR}/versions`, handler: listVersions, options: PUBLIC },
  { method: 'GET', path: `${MR}/versions/:version_id`, handler: showVersion, options: PUBLIC },
  { method: 'GET', path: `${MR}/closes_issues`, handler: listClosesIssues, options: PUBLIC },
  { method: 'POST', path: MRS, handler: createMergeRequest },
  { method: 'PUT', path: MR, handler: updateMergeRequest },
  { method: 'DELETE', path: MR, handler: deleteMergeRequest },
  { method: 'POST', path: `${MR}/subscribe`, handler: subscribeToMergeRequest },
  { method: 'POST', path: `${MR}/unsubscribe`, handler: unsubscribeFromMergeRequest },
  { method: 'POST', path: `${MR}/todo`, handler: createMergeRequestTodo },
];
