import { projectAccess, requireUser } from '../access.js';
import type { Ctx } from '../context.js';
import { NOTE } from '../entities/notes.js';
import { show } from '../entity.js';
import { ApiError, forbidden, missingParam } from '../errors.js';
import { enumParam, sortItems } from '../filters.js';
import { type Note, type Project, REPORTER } from '../model.js';
import { paginate } from '../pagination.js';
import { created } from '../reply.js';
import type { RouteTable } from '../router.js';
import { parseTime } from '../time.js';
import { requireIssue } from './issues.js';
import { requireMergeRequest } from './merge-requests.js';

/** What a note is on: the issue or merge request of the path, and when it was last touched. */
interface Noteable {
  type: Note['noteableType'];
  id: number;
  project: Project;
  locked: boolean;
  touch: (at: number) => void;
}

const ACTIVITY: Record<string, (n: Note) => boolean> = {
  all_notes: () => true,
  only_comments: (n) => !n.system,
  only_activity: (n) => n.system,
};

/** `GET …/notes` (doc/api/notes.md): `sort` (default desc), `order_by` created_at or updated_at, `activity_filter`. */
function list(ctx: Ctx, target: Noteable) {
  const orderBy = enumParam(ctx, 'order_by', ['created_at', 'updated_at'] as const) ?? 'created_at';
  const sort = enumParam(ctx, 'sort', ['asc', 'desc'] as const) ?? 'desc';
  const filter = enumParam(ctx, 'activity_filter', ['all_notes', 'only_comments', 'only_activity'] as const) ?? 'all_notes';
  const notes = ctx.store.notesOf(target.type, target.id).filter(ACTIVITY[filter]);
  return paginate(
    ctx,
    sortItems(notes, (n) => (orderBy === 'created_at' ? n.createdAt : n.updatedAt), sort),
    (n) => show(ctx, NOTE, n),
  );
}

/** `POST …/notes`: `body` (required), `internal`, `created_at` (administrators and owners). */
function add(ctx: Ctx, target: Noteable) {
  const user = requireUser(ctx);
  const body = ctx.params.str('body');
  if (body === undefined) throw missingParam('body');
  if (body.trim() === '') throw new ApiError(400, { message: { note: ["can't be blank"] } });
  const member = user.admin || projectAccess(ctx.store, user, target.project) >= REPORTER;
  if (target.locked && !member) throw forbidden();
  let at = ctx.store.now();
  const createdAt = ctx.params.str('created_at');
  if (createdAt !== undefined && (user.admin || projectAccess(ctx.store, user, target.project) >= 50)) {
    const ms = parseTime(createdAt);
    if (ms === undefined) throw new ApiError(400, { error: 'created_at is invalid' });
    at = ms;
  }
  const note: Note = {
    id: ctx.store.nextId('note'),
    noteableType: target.type,
    noteableId: target.id,
    projectId: target.project.id,
    authorId: user.id,
    body,
    system: false,
    internal: ctx.params.bool('internal') ?? false,
    createdAt: at,
    updatedAt: at,
  };
  ctx.store.notesOf(target.type, target.id).push(note);
  target.touch(ctx.store.now());
  return created(show(ctx, NOTE, note));
}

const issueTarget = (ctx: Ctx): Noteable => {
  const { project, issue } = requireIssue(ctx);
  return { type: 'Issue', id: issue.id, project, locked: issue.discussionLocked, touch: (at) => void (issue.updatedAt = at) };
};

const mergeRequestTarget = (ctx: Ctx): Noteable => {
  const { project, mr } = requireMergeRequest(ctx);
  return { type: 'MergeRequest', id: mr.id, project, locked: mr.discussionLocked, touch: (at) => void (mr.updatedAt = at) };
};

const listIssueNotes = (ctx: Ctx) => list(ctx, issueTarget(ctx));
const addIssueNote = (ctx: Ctx) => add(ctx, issueTarget(ctx));
const listMergeRequestNotes = (ctx: Ctx) => list(ctx, mergeRequestTarget(ctx));
const addMergeRequestNote = (ctx: Ctx) => add(ctx, mergeRequestTarget(ctx));

const ISSUE_NOTES = '/projects/:id/issues/:issue_iid/notes';
const MR_NOTES = '/projects/:id/merge_requests/:merge_request_iid/notes';

/**
 * GitLab's notes of issues and merge requests (lib/api/notes.rb), outside the spec's endpoints: the
 * GitLab flavour only serves them (the spec flavour answers 404, as for any unknown route).
 */
export const noteRoutes: RouteTable = [
  { method: 'GET', path: ISSUE_NOTES, handler: listIssueNotes, options: { auth: 'optional' }, flavor: 'gitlab' },
  { method: 'POST', path: ISSUE_NOTES, handler: addIssueNote, flavor: 'gitlab' },
  { method: 'GET', path: MR_NOTES, handler: listMergeRequestNotes, options: { auth: 'optional' }, flavor: 'gitlab' },
  { method: 'POST', path: MR_NOTES, handler: addMergeRequestNote, flavor: 'gitlab' },
];
