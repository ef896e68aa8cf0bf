import { requireUser } from '../access.js';
import { processAutoMerge } from '../auto-merge.js';
import type { Ctx } from '../context.js';
import { hasLine } from '../diff-lines.js';
import { DISCUSSION } from '../entities/discussions.js';
import { NOTE } from '../entities/notes.js';
import { show } from '../entity.js';
import { badRequest, forbidden, HttpError, missingParam, notFound } from '../errors.js';
import { DEVELOPER, type DiffPosition, type MergeRequest, type Note, type Project, type User } from '../model.js';
import { paginate } from '../pagination.js';
import { created, json, type Reply } from '../reply.js';
import type { RouteTable } from '../router.js';
import { sha } from '../shas.js';
import { canReadNote, discussionIdOf, lockedOut, resolvable, setResolved, type Thread, threadResolvable, threadsOf } from '../threads.js';
import { level, requireMergeRequest, touch } from './merge-requests.js';

/**
 * GitLab's discussions of a merge request (lib/api/discussions.rb, doc/api/discussions.md): its
 * notes grouped into threads, threads started (on a line of the diff too), replied to and resolved.
 * Every route wants a user (`before { authenticate! }`); a caller reads the notes it may
 * (`readable_discussion_notes`: internal ones from Reporter up). GitLab flavour only.
 */

interface Target {
  user: User;
  project: Project;
  mr: MergeRequest;
  notes: Note[];
}

function target(ctx: Ctx): Target {
  const user = requireUser(ctx);
  const { project, mr } = requireMergeRequest(ctx);
  return { user, project, mr, notes: ctx.store.notesOf('MergeRequest', mr.id) };
}

/** The threads as the caller may read them: notes it may not read left out, threads left empty dropped. */
function readableThreads(ctx: Ctx, t: Target): Thread[] {
  return threadsOf(t.notes.filter((n) => canReadNote(ctx.store, t.user, t.project, n)));
}

function readableThread(ctx: Ctx, t: Target): Thread {
  const thread = readableThreads(ctx, t).find((d) => d.id === ctx.path.discussion_id);
  if (!thread) throw notFound('Discussion');
  return thread;
}

function list(ctx: Ctx): Reply {
  const t = target(ctx);
  return paginate(ctx, readableThreads(ctx, t), (thread) => show(ctx, DISCUSSION, thread));
}

function one(ctx: Ctx): Reply {
  return json(show(ctx, DISCUSSION, readableThread(ctx, target(ctx))));
}

/** `authorize!(:create_note, …)`: a locked discussion refuses whoever is not a member (threads.ts `lockedOut`). */
function mayComment(ctx: Ctx, t: Target): void {
  if (lockedOut(ctx.store, t.user, t.project, t.mr.discussionLocked)) throw forbidden();
}

function requiredBody(ctx: Ctx): string {
  const body = ctx.params.str('body');
  if (body === undefined) throw missingParam('body');
  if (body.trim() === '') throw badRequest(`Note {:note=>["can't be blank"]}`);
  return body;
}

function newNote(ctx: Ctx, t: Target, fields: Pick<Note, 'body' | 'type' | 'discussionId' | 'internal'> & Partial<Note>): Note {
  const now = ctx.store.now();
  const note: Note = {
    id: fields.id ?? ctx.store.nextId('note'),
    noteableType: 'MergeRequest',
    noteableId: t.mr.id,
    projectId: t.project.id,
    authorId: t.user.id,
    system: false,
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
  t.notes.push(note);
  touch(ctx, t.mr);
  return note;
}

const INVALID_POSITION = 'Note {:line_code=>["can\'t be blank", "must be a valid line code"]}';

/**
 * `position[…]` (a hash: JSON, or `position[base_sha]=…` pairs): GitLab's required keys, then the
 * line found in the merge request's diff at those refs (`DiffNote`'s line code), else 400.
 */
function positionParam(ctx: Ctx, mr: MergeRequest): DiffPosition | undefined {
  const raw = ctx.params.hash('position');
  if (Object.keys(raw).length === 0) return undefined;
  for (const key of ['base_sha', 'start_sha', 'head_sha', 'position_type'])
    if (!raw[key]) throw new HttpError(400, { error: `position[${key}] is missing` });
  if (!['text', 'image', 'file'].includes(raw.position_type))
    throw new HttpError(400, { error: 'position[position_type] does not have a valid value' });
  const line = (name: string): number | null => {
    const value = raw[name];
    if (value === undefined || value === '' || value === 'null') return null;
    if (!/^\d+$/.test(value)) throw new HttpError(400, { error: `position[${name}] is invalid` });
    return Number(value);
  };
  const position: DiffPosition = {
    base_sha: raw.base_sha,
    start_sha: raw.start_sha,
    head_sha: raw.head_sha,
    old_path: raw.old_path ?? raw.new_path,
    new_path: raw.new_path ?? raw.old_path,
    position_type: 'text',
    old_line: line('old_line'),
    new_line: line('new_line'),
    line_range: null,
  };
  const refs = mr.versions.some(
    (v) => v.base_commit_sha === position.base_sha && v.start_commit_sha === position.start_sha && v.head_commit_sha === position.head_sha,
  );
  const change = mr.changes.find((c) => c.new_path === position.new_path && c.old_path === position.old_path);
  if (raw.position_type !== 'text' || !refs || !change || !hasLine(change.diff, position.old_line, position.new_line))
    throw badRequest(INVALID_POSITION);
  return position;
}

/** `POST …/discussions`: a thread, on a line of the diff with `position`. */
function start(ctx: Ctx): Reply {
  const t = target(ctx);
  mayComment(ctx, t);
  const body = requiredBody(ctx);
  const position = positionParam(ctx, t.mr);
  const id = ctx.store.nextId('note');
  const note = newNote(ctx, t, {
    id,
    body,
    type: position ? 'DiffNote' : 'DiscussionNote',
    discussionId: sha(`discussion:MergeRequest:${id}:thread`),
    internal: false,
    ...(position ? { position } : {}),
  });
  return created(show(ctx, DISCUSSION, { id: discussionIdOf(note), notes: [note], individual: false }));
}

/**
 * `POST …/discussions/:id/notes`: a reply. A comment on its own becomes a thread (GitLab converts
 * it); a system note cannot be replied to. A reply to an internal note is internal.
 */
function reply(ctx: Ctx): Reply {
  const t = target(ctx);
  const thread = readableThread(ctx, t);
  const first = thread.notes[0] as Note;
  if (first.system) throw badRequest('Discussion can not be replied to.');
  mayComment(ctx, t);
  const body = requiredBody(ctx);
  if (thread.individual) {
    first.type = 'DiscussionNote';
    first.discussionId = thread.id;
  }
  const note = newNote(ctx, t, { body, type: 'DiscussionNote', discussionId: thread.id, internal: first.internal });
  return created(show(ctx, NOTE, note));
}

/** `ResolvableDiscussion#can_resolve?`, `:resolve_note`: the merge request's author, or Developer and up. */
const mayResolve = (ctx: Ctx, t: Target, note?: Note): boolean =>
  t.user.id === t.mr.authorId || t.user.id === note?.authorId || level(ctx.store, t.user, t.project) >= DEVELOPER;

/**
 * `PUT …/discussions/:id` `resolved=true|false`. An unknown thread is 404 here (GitLab's
 * `resolve_discussion` calls `can_resolve?` on nil: a 500).
 */
function resolveThread(ctx: Ctx): Reply {
  const t = target(ctx);
  const resolved = ctx.params.bool('resolved');
  if (resolved === undefined) throw new HttpError(400, { error: 'resolved is missing' });
  const all = threadsOf(t.notes).find((d) => d.id === ctx.path.discussion_id);
  if (!all) throw notFound('Discussion');
  if (!threadResolvable(all) || !mayResolve(ctx, t)) throw forbidden();
  setResolved(all.notes, t.user, resolved, ctx.store.now());
  touch(ctx, t.mr);
  if (resolved) processAutoMerge(ctx.store, t.mr);
  return json(show(ctx, DISCUSSION, readableThread(ctx, t)));
}

/** `PUT …/discussions/:id/notes/:note_id`: exactly one of `body` (its author) and `resolved`. */
function updateNote(ctx: Ctx): Reply {
  const t = target(ctx);
  const note = t.notes.find((n) => n.id === Number(ctx.path.note_id));
  if (!note || !canReadNote(ctx.store, t.user, t.project, note)) throw notFound();
  const given = ['body', 'resolved'].filter((name) => ctx.params.has(name));
  if (given.length === 0) throw new HttpError(400, { error: 'body, resolved are missing, exactly one parameter must be provided' });
  if (given.length === 2) throw new HttpError(400, { error: 'body, resolved are mutually exclusive' });
  const resolved = ctx.params.bool('resolved');
  if (resolved !== undefined) {
    if (!mayResolve(ctx, t, note)) throw forbidden();
    if (!resolvable(note)) throw badRequest('Note is not resolvable');
    setResolved([note], t.user, resolved, ctx.store.now());
    if (resolved) processAutoMerge(ctx.store, t.mr);
  } else {
    if (note.authorId !== t.user.id && !t.user.admin) throw forbidden();
    note.body = requiredBody(ctx);
    note.updatedAt = ctx.store.now();
  }
  touch(ctx, t.mr);
  return json(show(ctx, NOTE, note));
}

const THREADS = '/projects/:id/merge_requests/:merge_request_iid/discussions';

/** A merge request's threads: listed, read, started, replied to, resolved. */
export const discussionRoutes: RouteTable = [
  { method: 'GET', path: THREADS, handler: list, flavor: 'gitlab' },
  { method: 'POST', path: THREADS, handler: start, flavor: 'gitlab' },
  { method: 'GET', path: `${THREADS}/:discussion_id`, handler: one, flavor: 'gitlab' },
  { method: 'PUT', path: `${THREADS}/:discussion_id`, handler: resolveThread, flavor: 'gitlab' },
  { method: 'POST', path: `${THREADS}/:discussion_id/notes`, handler: reply, flavor: 'gitlab' },
  { method: 'PUT', path: `${THREADS}/:discussion_id/notes/:note_id`, handler: updateNote, flavor: 'gitlab' },
];
