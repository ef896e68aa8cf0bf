import { fillPath } from '../api/path.js';
import type { Context } from '../context.js';
import { ApiError, type CollabError, UsageError } from '../errors.js';
import { pathValues } from '../executor/endpoint.js';
import { readIn } from '../executor/host-dialect.js';
import { commandLine, type Values } from '../executor/inputs.js';
import { readStdin } from '../executor/read-input.js';
import { type CommandSpec, defineCommand } from '../executor/spec.js';
import { type Columns, columnSet, type Fields } from '../output/columns.js';
import { shellLine } from '../shell-quote.js';
import type { Issuable } from './issuable.js';
import { ORDER_BY_CREATED_UPDATED } from './issue.js';
import { sortFlag } from './sort.js';

/**
 * A note: a comment, or a system note recording what happened (GitLab's `Note`, doc/api/notes.md).
 * The spec's API has no notes: every field is GitLab's.
 */
export const NOTE_FIELDS: Fields = {
  spec: [],
  gitlab: [
    'id',
    'type',
    'body',
    'attachment',
    'author',
    'created_at',
    'updated_at',
    'system',
    'noteable_id',
    'noteable_type',
    'project_id',
    'noteable_iid',
    'resolvable',
    'resolved',
    'resolved_by',
    'resolved_at',
    'confidential',
    'internal',
    'imported',
    'imported_from',
    'commit_id',
    'position',
    'commands_changes',
  ],
};

/**
 * Comments on issues and merge requests (GitLab's notes, doc/api/notes.md): `note` writes one,
 * `notes` lists them. The endpoints are GitLab's, outside the spec's API.
 */

export const noteColumns: Columns = columnSet(
  [
    { key: 'id', header: 'ID', kind: 'number' },
    { key: 'author', kind: 'users' },
    { key: 'body', kind: 'title' },
    { key: 'system', kind: 'bool', priority: 3 },
    { key: 'created_at', header: 'created', kind: 'date' },
  ],
  NOTE_FIELDS,
);

/** A comment made only of quick actions: GitLab ran them and saved no note (202, `NoteCommands`). */
export const quickActionColumns: Columns = [{ key: 'summary', kind: 'title' }];

export function isNoteCommands(status: number, answer: unknown): answer is { summary?: unknown } {
  return status === 202 && answer !== null && typeof answer === 'object' && 'summary' in answer && !('id' in answer);
}

/** What the quick actions did, in GitLab's words (its `summary`), or that they ran. */
export function quickActionsDone(kind: Issuable, v: Values, answer: { summary?: unknown }): string {
  const said = Array.isArray(answer.summary) ? answer.summary.filter((l) => typeof l === 'string' && l.trim() !== '') : [];
  const what = said.length > 0 ? `: ${said.join(' ')}` : '';
  return `Ran the quick actions on ${kind.noun} ${kind.ref(v.args.iid)} (no comment saved)${what}`;
}

/** `/projects/:project/issues/:iid/notes`. */
export const notesPath = (kind: Issuable): string => `${kind.path}/notes`;

/**
 * A 404 of the notes route is either the issue (or merge request) missing or a server without
 * GitLab's notes API (one that follows the spec): the object read tells them apart, and a missing
 * one is reported as such. `exists`: it was just read.
 */
export async function noNotesApi(
  ctx: Context,
  kind: Issuable,
  v: Values,
  err: CollabError,
  exists = false,
  path = notesPath(kind),
): Promise<Error> {
  if (!exists) await readIn(ctx, fillPath(kind.path, pathValues(v)), { kind: 'object', key: 'iid' });
  const status = err instanceof ApiError ? err.status : 404;
  return new ApiError(
    `this server has no notes API: ${kind.noun} ${kind.ref(v.args.iid)} exists, but ` + `${path.replace(/:(\w+)/g, '<$1>')} answered 404`,
    status,
    err instanceof ApiError ? err.body : undefined,
    "comments are GitLab's notes, which the spec's API does not have",
  );
}

/**
 * A 403 on a comment: a locked discussion refuses whoever is not a member of the project
 * (app/policies/issuable_policy.rb: `locked & ~is_project_member` prevents `create_note`), whatever
 * their role elsewhere. The object read says whether it is locked.
 */
export async function lockedDiscussion(ctx: Context, kind: Issuable, v: Values): Promise<string | undefined> {
  try {
    const current = (await readIn(ctx, fillPath(kind.path, pathValues(v)), { kind: 'object', key: 'iid' })) as {
      discussion_locked?: unknown;
    };
    if (current?.discussion_locked !== true) return undefined;
  } catch {
    return undefined;
  }
  return `the discussion of ${kind.noun} ${kind.ref(v.args.iid)} is locked: only members of the project can comment (a maintainer can unlock it)`;
}

/**
 * A 400 for a comment whose quick actions GitLab refused: app/services/notes/create_service.rb puts
 * an update the issuable refused in `note.errors[:validation]` (or "Failed to apply commands."),
 * and lib/api/helpers/notes_helpers.rb `process_note_creation_result` answers 400 — after saving
 * the comment's text, when it had any. A script that sends it again would say it twice.
 */
export function quickActionsRefused(kind: Issuable, v: Values, err: CollabError): string | undefined {
  const body = typeof v.params.body === 'string' ? v.params.body : '';
  if (!/^\s*\//m.test(body) || !/Note \{:validation=>|Failed to apply commands|Commands did not apply/.test(err.message)) return undefined;
  const text = body.split('\n').some((line) => line.trim() !== '' && !line.trim().startsWith('/'));
  const check = commandLine(v, shellLine`${kind.command} notes ${String(v.args.iid)}`);
  return (
    `GitLab refused the comment's quick actions (what they would change is unchanged)` +
    (text ? `; its text was saved as a comment all the same: check with ${check} before sending it again` : '')
  );
}

/** The comment's text: -m, the editor (the executor's), or standard input when it is piped; never empty. */
export async function commentText(ctx: Context, v: Values): Promise<void> {
  // `echo text |` and `git log -1 --format=%B |` end in line breaks nobody means to send.
  if (v.params.body === undefined && !ctx.io.stdinIsTTY) v.params.body = (await readStdin(ctx)).trimEnd();
  const body = v.params.body;
  if (body === undefined) throw new UsageError('no comment to send', `give it with -m <text>, write it with --editor, or pipe it in`);
  if (String(body).trim() === '') throw new UsageError('the comment is empty: nothing was sent');
}

function note(kind: Issuable): CommandSpec {
  const where = `${kind.example} -p acme/platform/api`;
  return defineCommand({
    name: 'note',
    aliases: ['comment'],
    summary: `Comment on ${kind.one}`,
    description:
      `Add a comment to ${kind.one} (GitLab's notes API; a server that follows the spec has ` +
      `none: exit 1). The text is -m, written in the editor (--editor, offered on a ` +
      `terminal), or read from standard input when it is piped. An empty comment is not sent ` +
      `(exit 2).`,
    examples: [
      `collab ${kind.command} note ${where} -m 'Looks good to me'`,
      `collab ${kind.command} note ${where} --editor`,
      `git log -1 --format=%B | collab ${kind.command} comment ${where}`,
    ],
    args: [kind.iidArg],
    project: 'required',
    flags: [{ name: 'message', short: 'm', param: 'body', type: 'string', markdown: true, description: 'the comment (Markdown)' }],
    method: 'POST',
    path: notesPath(kind),
    // A comment made only of quick actions (`/approve`, `/label ~bug`) answers 202 NoteCommands: done, never sent again.
    answer: { kind: 'object', key: 'id', accepted: 'summary' },
    columns: noteColumns,
    print: (ctx, _v, data) =>
      ctx.printer().object(data, data && typeof data === 'object' && !('id' in data) ? quickActionColumns : noteColumns),
    prepare: commentText,
    explain: {
      400: (_ctx, v, err) => quickActionsRefused(kind, v, err),
      403: (ctx, v) => lockedDiscussion(ctx, kind, v),
      404: (ctx, v, err) => noNotesApi(ctx, kind, v, err),
    },
    done: (v, answer, status) =>
      isNoteCommands(status, answer) ? quickActionsDone(kind, v, answer) : `Commented on ${kind.noun} ${kind.ref(v.args.iid)}`,
  });
}

function notes(kind: Issuable): CommandSpec {
  const where = `${kind.example} -p acme/platform/api`;
  return defineCommand({
    name: 'notes',
    aliases: ['comments'],
    summary: `List the comments and system notes of ${kind.one}`,
    description:
      `List the notes of ${kind.one}: comments, and the system notes that record what ` +
      `happened ("changed the description"). Newest first unless --sort asc. GitLab's notes ` +
      `API: a server that follows the spec has none (exit 1).`,
    examples: [
      `collab ${kind.command} notes ${where}`,
      `collab ${kind.command} notes ${where} --sort asc --all -o ndjson`,
      `collab ${kind.command} notes ${where} --order-by updated_at --fields id,author,body`,
    ],
    args: [kind.iidArg],
    project: 'required',
    flags: [
      { name: 'order-by', type: 'enum', choices: ORDER_BY_CREATED_UPDATED, description: 'sort field (default created_at)' },
      sortFlag('desc'),
    ],
    method: 'GET',
    path: notesPath(kind),
    list: true,
    columns: noteColumns,
    explain: { 404: (ctx, v, err) => noNotesApi(ctx, kind, v, err) },
  });
}

/** note (alias comment), notes. */
export function noteVerbs(kind: Issuable): CommandSpec[] {
  return [note(kind), notes(kind)];
}
