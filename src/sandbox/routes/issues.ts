import { canReadProject, projectAccess, requireAdmin, requireGroup, requireProject, requireUser } from '../access.js';
import type { Ctx } from '../context.js';
import { parseDuration } from '../durations.js';
import { TIME_STATS } from '../entities/common.js';
import { ISSUE, USER_AGENT_DETAIL } from '../entities/issues.js';
import { MERGE_REQUEST_BASIC } from '../entities/merge-requests.js';
import { show } from '../entity.js';
import { HttpError, invalid, missingParam, notFound } from '../errors.js';
import { applyCommonFilters } from '../filters.js';
import { subscriptionHandlers, todoHandler } from '../issuable-actions.js';
import { type Issue, OWNER, type Project, REPORTER, type User } from '../model.js';
import { cachedList, paginate, paginateCached } from '../pagination.js';
import { created, json, noContent, type Reply } from '../reply.js';
import type { RouteTable } from '../router.js';
import { dueDateParam, editedLabels, LABEL_CHANGES, labelsParam, milestoneParam, requireOneOf, stateEventParam } from '../shared.js';
import type { Store } from '../store.js';
import { parseTime } from '../time.js';

export function canReadIssue(store: Store, user: User | null, project: Project, issue: Issue): boolean {
  if (!canReadProject(store, user, project)) return false;
  if (!issue.confidential) return true;
  if (!user) return false;
  return user.admin || issue.authorId === user.id || issue.assigneeIds.includes(user.id) || projectAccess(store, user, project) >= REPORTER;
}

export function requireIssue(ctx: Ctx): { project: Project; issue: Issue } {
  const project = requireProject(ctx);
  const iid = Number(ctx.path.issue_iid);
  const issue = Number.isInteger(iid) ? ctx.store.findIssue(project.id, iid) : undefined;
  if (!issue || !canReadIssue(ctx.store, ctx.user, project, issue)) throw notFound();
  return { project, issue };
}

function requireEditable(ctx: Ctx, project: Project, issue: Issue): User {
  const user = requireUser(ctx);
  if (user.admin || issue.authorId === user.id || projectAccess(ctx.store, user, project) >= REPORTER) return user;
  throw new HttpError(403, { message: '403 Forbidden' });
}

const isOwnerOrAdmin = (store: Store, user: User, project: Project): boolean => user.admin || projectAccess(store, user, project) >= OWNER;

function weightParam(ctx: Ctx): number | null | undefined {
  if (!ctx.params.has('weight')) return undefined;
  if (ctx.params.raw('weight') === null) return null;
  const weight = ctx.params.int('weight') as number;
  if (weight < 0) throw invalid({ weight: ['must be greater than or equal to 0'] });
  if (weight > 9) throw invalid({ weight: ['must be less than or equal to 9'] });
  return weight;
}

function assigneesParam(ctx: Ctx): number[] | undefined {
  let ids = ctx.params.intArray('assignee_ids');
  if (ids === undefined && ctx.params.has('assignee_id')) ids = [ctx.params.int('assignee_id') ?? 0];
  return ids?.filter((id) => id !== 0 && ctx.store.users.has(id));
}

function listFilters(ctx: Ctx, issues: Issue[], defaultScope: 'created-by-me' | 'all'): Issue[] {
  return applyCommonFilters(ctx, issues, ctx.user, {
    states: ['opened', 'closed'],
    defaultScope,
    assignees: (issue) => issue.assigneeIds,
    milestoneTitle: (issue) => (issue.milestoneId == null ? undefined : ctx.store.milestones.get(issue.milestoneId)?.title),
    iids: true,
  });
}

function visibleIssues(ctx: Ctx, projects: Iterable<Project>): Issue[] {
  const result: Issue[] = [];
  for (const project of projects) {
    if (!canReadProject(ctx.store, ctx.user, project) || !project.features.issues_enabled) continue;
    for (const issue of ctx.store.projectIssues(project.id)) if (canReadIssue(ctx.store, ctx.user, project, issue)) result.push(issue);
  }
  return result;
}

const render = (ctx: Ctx) => (issue: Issue) => show(ctx, ISSUE, issue);

function updateTime(ctx: Ctx, issue: Issue): void {
  issue.updatedAt = ctx.store.now();
  const project = ctx.store.projects.get(issue.projectId);
  if (project) project.lastActivityAt = issue.updatedAt;
}

function durationParam(ctx: Ctx, field: string): number {
  const text = ctx.params.str('duration');
  if (text === undefined || text === '') throw missingParam('duration');
  const seconds = parseDuration(text);
  if (seconds === undefined) throw invalid({ [field]: ['is invalid'] });
  return seconds;
}

/** A moved issue keeps its conversation, as on GitLab: the notes are copied to the new issue. */
function copyNotes(store: Store, from: Issue, to: Issue): void {
  const target = store.notesOf('Issue', to.id);
  for (const note of store.notesOf('Issue', from.id))
    target.push({ ...note, id: store.nextId('note'), noteableId: to.id, projectId: to.projectId });
}

function listAllIssues(ctx: Ctx): Reply {
  requireUser(ctx);
  const issues = cachedList(ctx, () => listFilters(ctx, visibleIssues(ctx, ctx.store.projects.values()), 'created-by-me'));
  return paginateCached(ctx, issues, render(ctx));
}

function listGroupIssues(ctx: Ctx): Reply {
  requireUser(ctx);
  const group = requireGroup(ctx);
  const ids = new Set([group.id, ...ctx.store.groupDescendants(group).map((g) => g.id)]);
  const projects = [...ctx.store.projects.values()].filter((p) => ids.has(p.namespaceId));
  return paginateCached(
    ctx,
    cachedList(ctx, () => listFilters(ctx, visibleIssues(ctx, projects), 'all')),
    render(ctx),
  );
}

function listProjectIssues(ctx: Ctx): Reply {
  requireUser(ctx);
  const project = requireProject(ctx);
  return paginateCached(
    ctx,
    cachedList(ctx, () => listFilters(ctx, visibleIssues(ctx, [project]), 'all')),
    render(ctx),
  );
}

function showIssue(ctx: Ctx): Reply {
  return json(show(ctx, ISSUE, requireIssue(ctx).issue, { single: true }));
}

function createIssue(ctx: Ctx): Reply {
  const user = requireUser(ctx);
  const project = requireProject(ctx);
  if (!project.features.issues_enabled) throw new HttpError(403, { message: '403 Forbidden' });
  const title = ctx.params.str('title');
  if (title === undefined) throw missingParam('title');
  if (title.trim() === '') throw invalid({ title: ["can't be blank"] });
  const weight = weightParam(ctx);
  const dueDate = dueDateParam(ctx);
  const milestoneId = milestoneParam(ctx, project);
  const now = ctx.store.now();
  let createdAt = now;
  const createdAtParam = ctx.params.str('created_at');
  if (createdAtParam && isOwnerOrAdmin(ctx.store, user, project)) {
    const ms = parseTime(createdAtParam);
    if (ms === undefined) throw new HttpError(400, { error: 'created_at is invalid' });
    createdAt = ms;
  }
  let description = ctx.params.str('description') ?? null;
  const mrIid = ctx.params.int('merge_request_to_resolve_discussions_of');
  if (mrIid !== undefined && description === null) {
    const mr = ctx.store.findMergeRequest(project.id, mrIid);
    if (mr) description = `Follow-up of !${mr.iid} (${mr.title}): resolve its open discussions.`;
  }
  const issue: Issue = {
    id: ctx.store.nextId('issue'),
    iid: ctx.store.nextIid('issue', project.id),
    projectId: project.id,
    title,
    description,
    state: 'opened',
    createdAt,
    updatedAt: createdAt,
    closedAt: null,
    closedById: null,
    movedToId: null,
    labels: labelsParam(ctx, project) ?? [],
    milestoneId: milestoneId ?? null,
    assigneeIds: assigneesParam(ctx) ?? [],
    authorId: user.id,
    dueDate: dueDate ?? null,
    confidential: ctx.params.bool('confidential') ?? false,
    weight: weight ?? null,
    discussionLocked: false,
    timeEstimate: 0,
    totalTimeSpent: 0,
    subscribers: new Set([user.id]),
    awards: [],
    userAgent: { user_agent: String(ctx.headers['user-agent'] ?? ''), ip_address: '127.0.0.1', spamfilter_submitted: false },
  };
  ctx.store.addIssue(issue);
  project.lastActivityAt = now;
  return created(show(ctx, ISSUE, issue, { single: true }));
}

function updateIssue(ctx: Ctx): Reply {
  const { project, issue } = requireIssue(ctx);
  const user = requireEditable(ctx, project, issue);
  const editable = [
    'title',
    'description',
    'confidential',
    'assignee_ids',
    'assignee_id',
    'milestone_id',
    'labels',
    'state_event',
    'updated_at',
    'due_date',
    'weight',
    'discussion_locked',
  ];
  requireOneOf(ctx, ctx.store.flavor === 'gitlab' ? [...editable, ...LABEL_CHANGES] : editable);
  const title = ctx.params.str('title');
  if (title !== undefined && title.trim() === '') throw invalid({ title: ["can't be blank"] });
  const weight = weightParam(ctx);
  const dueDate = dueDateParam(ctx);
  const milestoneId = milestoneParam(ctx, project);
  const stateEvent = stateEventParam(ctx);
  const labels = editedLabels(ctx, project, issue.labels);
  const assignees = assigneesParam(ctx);
  if (title !== undefined) issue.title = title;
  if (ctx.params.has('description')) issue.description = ctx.params.nullableStr('description') ?? null;
  const confidential = ctx.params.bool('confidential');
  if (confidential !== undefined) issue.confidential = confidential;
  if (assignees !== undefined) issue.assigneeIds = assignees;
  if (milestoneId !== undefined) issue.milestoneId = milestoneId;
  if (labels !== undefined) issue.labels = labels;
  if (dueDate !== undefined) issue.dueDate = dueDate;
  if (weight !== undefined) issue.weight = weight;
  const locked = ctx.params.bool('discussion_locked');
  if (locked !== undefined) issue.discussionLocked = locked;
  updateTime(ctx, issue);
  if (stateEvent === 'close' && issue.state !== 'closed') {
    issue.state = 'closed';
    issue.closedAt = issue.updatedAt;
    issue.closedById = user.id;
  } else if (stateEvent === 'reopen' && issue.state === 'closed') {
    issue.state = 'opened';
    issue.closedAt = null;
  }
  const updatedAt = ctx.params.str('updated_at');
  if (updatedAt && isOwnerOrAdmin(ctx.store, user, project)) {
    const ms = parseTime(updatedAt);
    if (ms === undefined) throw new HttpError(400, { error: 'updated_at is invalid' });
    issue.updatedAt = ms;
  }
  return json(show(ctx, ISSUE, issue, { single: true }));
}

function deleteIssue(ctx: Ctx): Reply {
  const { project, issue } = requireIssue(ctx);
  const user = requireUser(ctx);
  if (!isOwnerOrAdmin(ctx.store, user, project)) throw new HttpError(403, { message: '403 Forbidden' });
  ctx.store.removeIssue(issue);
  const kept = ctx.store.todos.filter((t) => !(t.targetType === 'Issue' && t.targetId === issue.id));
  ctx.store.todos.length = 0;
  for (const todo of kept) ctx.store.todos.push(todo);
  return noContent();
}

function moveIssue(ctx: Ctx): Reply {
  const { project, issue } = requireIssue(ctx);
  const user = requireUser(ctx);
  const targetId = ctx.params.requiredInt('to_project_id');
  const target = ctx.store.projects.get(targetId);
  if (!target || !canReadProject(ctx.store, user, target)) throw notFound('Project');
  if (target.id === project.id) throw new HttpError(400, { message: 'Cannot move issue to project it originates from!' });
  const allowed = (p: Project): boolean => user.admin || projectAccess(ctx.store, user, p) >= REPORTER;
  if (!allowed(project) || !allowed(target) || !target.features.issues_enabled) {
    throw new HttpError(400, { message: 'Cannot move issue due to insufficient permissions!' });
  }
  const sourceMilestone = issue.milestoneId == null ? undefined : ctx.store.milestones.get(issue.milestoneId);
  const now = ctx.store.now();
  const moved: Issue = {
    ...issue,
    id: ctx.store.nextId('issue'),
    iid: ctx.store.nextIid('issue', target.id),
    projectId: target.id,
    labels: issue.labels.map((name) => ctx.store.labelByName(target.id, name)?.name).filter((n): n is string => n !== undefined),
    milestoneId: sourceMilestone ? (ctx.store.milestoneByTitle(target.id, sourceMilestone.title)?.id ?? null) : null,
    assigneeIds: [...issue.assigneeIds],
    subscribers: new Set(issue.subscribers),
    awards: issue.awards.map((a) => ({ ...a })),
    updatedAt: now,
    movedToId: null,
  };
  ctx.store.addIssue(moved);
  copyNotes(ctx.store, issue, moved);
  issue.state = 'closed';
  issue.closedAt = now;
  issue.closedById = user.id;
  issue.movedToId = moved.id;
  issue.updatedAt = now;
  issue.description = `${issue.description ?? ''}\n\nMoved to ${ctx.store.projectFullPath(target)}#${moved.iid}`.trim();
  target.lastActivityAt = now;
  return created(show(ctx, ISSUE, moved, { single: true }));
}

const theIssue = (ctx: Ctx) => requireIssue(ctx).issue;
const createIssueTodo = todoHandler(theIssue, 'Issue');

function setTimeEstimate(ctx: Ctx): Reply {
  const { project, issue } = requireIssue(ctx);
  requireEditable(ctx, project, issue);
  const seconds = durationParam(ctx, 'time_estimate');
  if (seconds < 0) throw invalid({ time_estimate: ['must have a valid format and be greater than or equal to zero.'] });
  issue.timeEstimate = seconds;
  updateTime(ctx, issue);
  return json(show(ctx, TIME_STATS, issue));
}

function resetTimeEstimate(ctx: Ctx): Reply {
  const { project, issue } = requireIssue(ctx);
  requireEditable(ctx, project, issue);
  issue.timeEstimate = 0;
  updateTime(ctx, issue);
  return json(show(ctx, TIME_STATS, issue));
}

function addSpentTime(ctx: Ctx): Reply {
  const { project, issue } = requireIssue(ctx);
  requireEditable(ctx, project, issue);
  const seconds = durationParam(ctx, 'time_spent');
  if (issue.totalTimeSpent + seconds < 0) throw invalid({ time_spent: ['Time to subtract exceeds the total time spent'] });
  issue.totalTimeSpent += seconds;
  updateTime(ctx, issue);
  return created(show(ctx, TIME_STATS, issue));
}

function resetSpentTime(ctx: Ctx): Reply {
  const { project, issue } = requireIssue(ctx);
  requireEditable(ctx, project, issue);
  issue.totalTimeSpent = 0;
  updateTime(ctx, issue);
  return json(show(ctx, TIME_STATS, issue));
}

function showTimeStats(ctx: Ctx): Reply {
  return json(show(ctx, TIME_STATS, requireIssue(ctx).issue));
}

function listClosedBy(ctx: Ctx): Reply {
  const { project, issue } = requireIssue(ctx);
  const mrs = ctx.store.projectMergeRequests(project.id).filter((mr) => mr.closesIssueIids.includes(issue.iid));
  return paginate(ctx, mrs, (mr) => show(ctx, MERGE_REQUEST_BASIC, mr));
}

function showUserAgentDetail(ctx: Ctx): Reply {
  requireAdmin(ctx);
  const { issue } = requireIssue(ctx);
  return json(show(ctx, USER_AGENT_DETAIL, issue));
}

const { subscribe: subscribeToIssue, unsubscribe: unsubscribeFromIssue } = subscriptionHandlers(theIssue, ISSUE);

export const issueRoutes: RouteTable = [
  { method: 'GET', path: '/issues', handler: listAllIssues },
  { method: 'GET', path: '/groups/:id/issues', handler: listGroupIssues },
  { method: 'GET', path: '/projects/:id/issues', handler: listProjectIssues },
  { method: 'GET', path: '/projects/:id/issues/:issue_iid', handler: showIssue },
  { method: 'POST', path: '/projects/:id/issues', handler: createIssue },
  { method: 'PUT', path: '/projects/:id/issues/:issue_iid', handler: updateIssue },
  { method: 'DELETE', path: '/projects/:id/issues/:issue_iid', handler: deleteIssue },
  { method: 'POST', path: '/projects/:id/issues/:issue_iid/move', handler: moveIssue },
  { method: 'POST', path: '/projects/:id/issues/:issue_iid/subscribe', handler: subscribeToIssue },
  { method: 'POST', path: '/projects/:id/issues/:issue_iid/unsubscribe', handler: unsubscribeFromIssue },
  { method: 'POST', path: '/projects/:id/issues/:issue_iid/todo', handler: createIssueTodo },
  { method: 'POST', path: '/projects/:id/issues/:issue_iid/time_estimate', handler: setTimeEstimate },
  { method: 'POST', path: '/projects/:id/issues/:issue_iid/reset_time_estimate', handler: resetTimeEstimate },
  { method: 'POST', path: '/projects/:id/issues/:issue_iid/add_spent_time', handler: addSpentTime },
  { method: 'POST', path: '/projects/:id/issues/:issue_iid/reset_spent_time', handler: resetSpentTime },
  { method: 'GET', path: '/projects/:id/issues/:issue_iid/time_stats', handler: showTimeStats },
  { method: 'GET', path: '/projects/:id/issues/:issue_iid/closed_by', handler: listClosedBy },
  { method: 'GET', path: '/projects/:id/issues/:issue_iid/user_agent_detail', handler: showUserAgentDetail },
];
