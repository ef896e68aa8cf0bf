/**
 * What `mr discussions` and `mr notes` print: a thread a row (its id, state, where it sits, who
 * started it, how many notes), or a note a row under its thread. JSON is GitLab's objects as sent.
 */
import { type Columns, columnSet, type Fields } from '../output/columns.js';
import { isInternal, type NoteShape, shortId, type Thread, threadState, whereOf } from '../output/thread-shape.js';
import { NOTE_FIELDS } from './notes.js';
import { asThread } from './threads.js';

/** A thread (`Discussion`, lib/api/entities/discussion.rb): only GitLab has them. */
export const DISCUSSION_FIELDS: Fields = { spec: [], gitlab: ['id', 'individual_note', 'notes'] };

const first = (item: unknown): NoteShape | undefined => asThread(item).notes[0];
const last = (item: unknown): NoteShape | undefined => {
  const notes = asThread(item).notes;
  return notes[notes.length - 1];
};

export const discussionColumns: Columns = columnSet(
  [
    { key: 'id', header: 'ID' },
    {
      key: 'state',
      kind: 'state',
      priority: 1,
      get: (t: unknown) => threadState(asThread(t)) ?? (first(t)?.system ? 'system' : 'comment'),
    },
    { key: 'where', priority: 2, cut: 'start', get: (t: unknown) => whereOf(first(t)) },
    { key: 'author', kind: 'users', priority: 2, get: (t: unknown) => first(t)?.author },
    { key: 'notes', kind: 'number', priority: 3, get: (t: unknown) => asThread(t).notes.length },
    { key: 'internal', kind: 'bool', priority: 1, get: (t: unknown) => asThread(t).notes.some(isInternal) || undefined },
    { key: 'body', kind: 'title', get: (t: unknown) => first(t)?.body },
    { key: 'updated_at', header: 'updated', kind: 'date', priority: 1, get: (t: unknown) => last(t)?.updated_at ?? last(t)?.created_at },
  ],
  DISCUSSION_FIELDS,
);

/** The thread a note was read in, kept beside it (a symbol: JSON and `--fields` never see it). */
const THREAD = Symbol('thread');

/** A note of a thread, for `mr notes`: the note as sent, its thread beside it. */
export function inThread(note: NoteShape, thread: Thread): NoteShape {
  Object.defineProperty(note, THREAD, { value: thread, enumerable: false });
  return note;
}

const threadOf = (note: unknown): Thread | undefined => (note as { [THREAD]?: Thread })[THREAD];

/** `6c268146`, or `↳ 6c268146` for a reply: the thread a note belongs to, and whether it started it. */
function threadCell(note: NoteShape): string | undefined {
  const thread = threadOf(note);
  if (!thread || thread.individual || !thread.id) return undefined;
  return thread.notes[0] === note ? shortId(thread.id) : `↳ ${shortId(thread.id)}`;
}

export const threadNoteColumns: Columns = columnSet(
  [
    { key: 'id', header: 'ID', kind: 'number' },
    { key: 'thread', priority: 1, get: threadCell },
    { key: 'author', kind: 'users', priority: 1 },
    { key: 'body', kind: 'title' },
    { key: 'where', priority: 2, cut: 'start', get: (n: NoteShape) => whereOf(n) },
    {
      key: 'resolved',
      kind: 'bool',
      priority: 2,
      get: (n: NoteShape) => {
        const thread = threadOf(n);
        const state = thread && thread.notes[0] === n ? threadState(thread) : undefined;
        return state === undefined ? undefined : state === 'resolved';
      },
    },
    // An internal note is marked as long as there is room for the mark: it must not be quoted outside.
    { key: 'internal', kind: 'bool', priority: 1, get: (n: NoteShape) => isInternal(n) || undefined },
    { key: 'system', kind: 'bool', priority: 3 },
    { key: 'created_at', header: 'created', kind: 'date' },
  ],
  NOTE_FIELDS,
);
