import { projectAccess, requireUser } from '../access.js';
import type { Ctx } from '../context.js';
import { NOTE } from '../entities/notes.js';
import { show } from '../entity.js';
import { forbidden, HttpError, missingParam } from '../errors.js';
import { enumParam, sortItems } from '../filters.js';
import type { Issue, MergeRequest, Note, Project } from '../model.js';
import { paginate } from '../pagination.js';
import { runQuickActions } from '../quick-actions.js';
import { created, json, type Reply } from '../reply.js';
import type { RouteTable } from '../router.js';
import { canReadNote, lockedOut } from '../threads.js';
import { parseTime } from '../time.js';
import { requireIssue } from './issues.js';
import { quickMerge } from './merge.js';
import { requireMergeRequest } from './merge-requests.js';

/** What a note is on: the issue or merge request of the path, and when it was last touched. */
interface Noteable {
  type: Note['noteableType'];
  id: number;
  project: Project;
  locked: boolean;
  touch: (at: number) => void;
  issue?: Issue;
  mr?: MergeRequest;
}

const ACTIVITY: Record<string, (n: Note) => boolean> = {
  all_notes: () => true,
  only_comments: (n) => !n.system,
  only_activity: (n) => n.system,
};

/**
 * `GET …/notes` (doc/api/notes.md): `sort` (default desc), `order_by` created_at or updated_at,
 * `activity_filter`. As lib/api/notes.rb does, the page is cut first and the notes the reader may
 * not read (internal ones below Reporter: threads.ts `canReadNote`) are dropped after: "the
 * current page can have less elements than :per_page even if there's more than one page".
 */
function list(ctx: Ctx, target: Noteable): Reply {
  const user = requireUser(ctx);
  const orderBy = enumParam(ctx, 'order_by', ['created_at', 'updated_at'] as const) ?? 'created_at';
  const sort = enumParam(ctx, 'sort', ['asc', 'desc'] as const) ?? 'desc';
  const filter = enumParam(ctx, 'activity_filter', ['all_notes', 'only_comments', 'only_activity'] as const) ?? 'all_notes';
  const notes = ctx.store.notesOf(target.type, target.id).filter(ACTIVITY[filter]);
  const sorted = sortItems(notes, (n) => (orderBy === 'created_at' ? n.createdAt : n.updatedAt), sort);
  const page = paginate(ctx, sorted, (n) => n);
  if (page.kind !== 'json') return page;
  const readable = (page.body as Note[]).filter((n) => canReadNote(ctx.store, user, target.project, n));
  return json(
    readable.map((n) => show(ctx, NOTE, n)),
    page.status,
    page.headers,
  );
}

/** `POST …/notes`: `body` (required), `internal`, `created_at` (administrators and owners); quick actions run first. */
function add(ctx: Ctx, target: Noteable): Reply {
  const user = requireUser(ctx);
  const text = ctx.params.str('body');
  if (text === undefined) throw missingParam('body');
  if (text.trim() === '') throw new HttpError(400, { message: { note: ["can't be blank"] } });
  if (lockedOut(ctx.store, user, target.project, target.locked)) throw forbidden();
  let at = ctx.store.now();
  const createdAt = ctx.params.str('created_at');
  if (createdAt !== undefined && (user.admin || projectAccess(ctx.store, user, target.project) >= 50)) {
    const ms = parseTime(createdAt);
    if (ms === undefined) throw new HttpError(400, { error: 'created_at is invalid' });
    at = ms;
  }
  const quick = runQuickActions(ctx, { project: target.project, user, issue: target.issue, mr: target.mr }, text, (c, t) =>
    t.mr ? quickMerge(c, { project: t.project, mr: t.mr, user: t.user }) : undefined,
  );
  if (quick.ran && quick.errors.length === 0) target.touch(ctx.store.now());
  // A comment made only of quick actions saves nothing: 202 NoteCommands, or 400 when the update
  // was refused (notes_helpers.rb `process_note_creation_result`: `note.errors` present).
  if (quick.ran && quick.body === '' && quick.errors.length > 0) throw quickActionsRefused(quick.errors);
  if (quick.ran && quick.body === '') return json({ commands_changes: quick.changes, summary: summaryOf(quick.summary) }, 202);
  const note: Note = {
    id: ctx.store.nextId('note'),
    noteableType: target.type,
    noteableId: target.id,
    projectId: target.project.id,
    authorId: user.id,
    body: quick.body,
    system: false,
    internal: ctx.params.bool('internal') ?? false,
    createdAt: at,
    updatedAt: at,
  };
  ctx.store.notesOf(target.type, target.id).push(note);
  target.touch(ctx.store.now());
  // GitLab checks `note.errors` before `note.persisted?`: the comment is saved, and still 400.
  if (quick.errors.length > 0) throw quickActionsRefused(quick.errors);
  return created({ ...(show(ctx, NOTE, note) as object), commands_changes: quick.changes });
}

/**
 * NoteCommands' `summary` is `quick_actions_status.messages`: the one message InterpretService
 * makes of every command's (`execution_messages_for`: `.uniq.join(' ')`), none when it is blank.
 */
const summaryOf = (messages: readonly string[]): string[] => (messages.length === 0 ? [] : [[...new Set(messages)].join(' ')]);

/** `bad_request!("Note #{note.errors.messages}")`, the errors as Ruby's Hash#inspect writes them. */
const quickActionsRefused = (errors: readonly string[]) =>
  new HttpError(400, { message: `400 Bad request - Note {:validation=>[${errors.map((e) => JSON.stringify(e)).join(', ')}]}` });

const issueTarget = (ctx: Ctx): Noteable => {
  const { project, issue } = requireIssue(ctx);
  return { type: 'Issue', id: issue.id, project, locked: issue.discussionLocked, touch: (at) => void (issue.updatedAt = at), issue };
};

const mergeRequestTarget = (ctx: Ctx): Noteable => {
  const { project, mr } = requireMergeRequest(ctx);
  return { type: 'MergeRequest', id: mr.id, project, locked: mr.discussionLocked, touch: (at) => void (mr.updatedAt = at), mr };
};

const listIssueNotes = (ctx: Ctx) => list(ctx, issueTarget(ctx));
const addIssueNote = (ctx: Ctx) => add(ctx, issueTarget(ctx));
const listMergeRequestNotes = (ctx: Ctx) => list(ctx, mergeRequestTarget(ctx));
const addMergeRequestNote = (ctx: Ctx) => add(ctx, mergeRequestTarget(ctx));

const ISSUE_NOTES = '/projects/:id/issues/:issue_iid/notes';
const MR_NOTES = '/projects/:id/merge_requests/:merge_request_iid/notes';

/**
 * GitLab's notes of issues and merge requests (lib/api/notes.rb), outside the spec's endpoints: the
 * GitLab flavour only serves them (the spec flavour answers 404, as for any unknown route). Every
 * route wants a token (`before { authenticate! }`), public projects too; a merge request's notes
 * take the CI job token (`job_token_allowed`).
 */
export const noteRoutes: RouteTable = [
  { method: 'GET', path: ISSUE_NOTES, handler: listIssueNotes, flavor: 'gitlab' },
  { method: 'POST', path: ISSUE_NOTES, handler: addIssueNote, flavor: 'gitlab' },
  { method: 'GET', path: MR_NOTES, handler: listMergeRequestNotes, options: { jobToken: true }, flavor: 'gitlab' },
  { method: 'POST', path: MR_NOTES, handler: addMergeRequestNote, flavor: 'gitlab' },
];
