/**
 * The threads of a merge request (GitLab's discussions, doc/api/discussions.md): read whole, told
 * apart by state (resolvable, resolved), found by id, id prefix or the id of one of their notes.
 * An issue's comments are read from the notes API, each a thread of its own.
 */
import { fillPath } from '../api/path.js';
import type { Context } from '../context.js';
import { ApiError, LocalError, UsageError } from '../errors.js';
import { pathValues } from '../executor/endpoint.js';
import { pagesIn } from '../executor/host-dialect.js';
import { commandLine, type FlagSpec, type Values } from '../executor/inputs.js';
import { tableText } from '../output/sanitize.js';
import { type NoteShape, type Thread, threadState } from '../output/thread-shape.js';
import { isObject } from '../shared/json.js';
import { ShellLine, shellLine } from '../shell-quote.js';
import type { Issuable } from './issuable.js';
import { noNotesApi, notesPath } from './notes.js';

/** A thread as `GET …/discussions` answers it (lib/api/entities/discussion.rb). */
export interface ThreadShape {
  id?: unknown;
  individual_note?: unknown;
  notes?: unknown;
}

export const threadsPath = (kind: Issuable): string => `${kind.path}/discussions`;

/** A thread's notes as sent: objects only, in their order (never spread: a thread may be long). */
function notesOf(thread: ThreadShape): NoteShape[] {
  const notes: NoteShape[] = [];
  if (Array.isArray(thread.notes)) for (const n of thread.notes) if (isObject(n)) notes.push(n as NoteShape);
  return notes;
}

export function asThread(item: unknown): Thread {
  const t = (isObject(item) ? item : {}) as ThreadShape;
  return { id: typeof t.id === 'string' ? t.id : undefined, individual: t.individual_note === true, notes: notesOf(t), raw: item };
}

/**
 * Every thread, oldest first: a merge request's from the discussions API, an issue's notes each a
 * thread. A 404 on a merge request or issue that exists (`exists`: it was just read) is a server
 * without the API (the spec's).
 */
export async function readThreads(
  ctx: Context,
  kind: Issuable,
  v: Values,
  options: { query?: Record<string, string>; exists?: boolean } = {},
): Promise<Thread[]> {
  const query = options.query ?? {};
  const path = fillPath(kind.discussions ? threadsPath(kind) : notesPath(kind), pathValues(v));
  const threads: Thread[] = [];
  try {
    const pages = await pagesIn(ctx, { path, query, expect: { kind: 'list' } }, { all: true, perPage: 100 });
    for await (const page of pages)
      for (const item of page)
        threads.push(kind.discussions ? asThread(item) : { individual: true, notes: [item as NoteShape], raw: item });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404)
      throw await noNotesApi(ctx, kind, v, err, options.exists, kind.discussions ? threadsPath(kind) : notesPath(kind));
    throw err;
  }
  return threads;
}

export const resolvedFlags: FlagSpec[] = [
  { name: 'unresolved', param: false, type: 'bool', description: 'only threads still to resolve', conflicts: ['resolved'] },
  { name: 'resolved', param: false, type: 'bool', description: 'only resolved threads' },
];

/** The threads --resolved or --unresolved keep (with neither, all); `--no-system` leaves system notes out. */
export function keptThreads(threads: readonly Thread[], v: Values): Thread[] {
  const wanted = v.flags.resolved === true ? 'resolved' : v.flags.unresolved === true ? 'unresolved' : undefined;
  const kept: Thread[] = [];
  for (const t of threads) {
    if (wanted !== undefined && threadState(t) !== wanted) continue;
    if (v.flags['no-system'] === true && t.notes[0]?.system === true) continue;
    kept.push(t);
  }
  return kept;
}

/**
 * The thread a reference names: the id of one of its notes (digits), a discussion id, or a prefix
 * of one (at least 4 characters; digits that are no note's id are read so too). None is exit 1
 * naming what lists them; a prefix two threads share is exit 2.
 */
export function findThread(threads: readonly Thread[], reference: string, kind: Issuable, v: Values): Thread {
  const ref = reference.trim().toLowerCase();
  if (!/^[0-9a-f]{4,40}$/.test(ref) && !/^\d+$/.test(ref))
    throw new UsageError(`"${tableText(reference)}" is no thread: give a discussion id (or its first characters) or a note id`);
  if (/^\d+$/.test(ref)) {
    const byNote = threads.find((t) => t.notes.some((n) => String(n.id) === ref));
    if (byNote) return byNote;
  }
  const found = /^[0-9a-f]{4,40}$/.test(ref) ? threads.filter((t) => t.id?.toLowerCase().startsWith(ref)) : [];
  if (found.length > 1)
    throw new UsageError(
      `${ref} is the start of ${found.length} threads' ids: give more of it`,
      `they are: ${found.map((t) => t.id).join(', ')}`,
    );
  const [thread] = found;
  if (!thread)
    throw new LocalError(
      `${kind.noun} ${kind.ref(v.args.iid)} has no thread ${ref} (no thread id starts so, no note has that id)`,
      `its threads and their ids: collab ${kind.command} discussions ${String(v.args.iid)}`,
    );
  return thread;
}

/**
 * A thread found to resolve or reopen: one nobody resolves (a comment on its own, a system note:
 * no note of it is resolvable) is exit 1 before anything is sent. GitLab answers it 403 with no
 * reason (lib/api/helpers/discussions_helpers.rb `resolve_discussion`: `forbidden! unless
 * discussion.can_resolve?(current_user)`, and `can_resolve?` is false for what is not resolvable).
 */
export function resolvableThread(thread: Thread, name: string, kind: Issuable, v: Values): Thread {
  if (threadState(thread) !== undefined) return thread;
  throw new LocalError(
    `${name} is a comment on its own, not a thread anyone resolves: nothing was sent`,
    `the threads to resolve: ${commandLine(v, shellLine`${new ShellLine(kind.command)} discussions ${String(v.args.iid)} --unresolved`)}`,
  );
}
