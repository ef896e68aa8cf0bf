/**
 * The threads of a merge request or an issue, as GitLab groups its notes into discussions
 * (app/models/discussion.rb, individual_note_discussion.rb), which of them can be resolved
 * (app/models/concerns/resolvable_note.rb, resolvable_discussion.rb), and who may read a note.
 */
import { projectAccess } from './access.js';
import { type MergeRequest, type Note, type Project, REPORTER, type User } from './model.js';
import { sha } from './shas.js';
import type { Store } from './store.js';

/** A thread: its id, its notes oldest first, and whether it is a comment on its own. */
export interface Thread {
  id: string;
  notes: Note[];
  /** GitLab's `individual_note`: a comment nobody replied to as a thread (its class is `Note`). */
  individual: boolean;
}

/** The thread a note belongs to; a comment on its own is a thread of one, with an id of its own. */
export const discussionIdOf = (note: Note): string => note.discussionId ?? sha(`discussion:${note.noteableType}:${note.id}`);

/** Notes grouped by thread, the threads in the order of their first note. */
export function threadsOf(notes: readonly Note[]): Thread[] {
  const byId = new Map<string, Thread>();
  for (const note of notes) {
    const id = discussionIdOf(note);
    const thread = byId.get(id);
    if (thread) thread.notes.push(note);
    else byId.set(id, { id, notes: [note], individual: note.discussionId === undefined });
  }
  return [...byId.values()];
}

/** `ResolvableNote#resolvable?`: a `DiffNote` or `DiscussionNote` on a merge request, not a system note. */
export const resolvable = (note: Note): boolean =>
  note.noteableType === 'MergeRequest' && (note.type === 'DiffNote' || note.type === 'DiscussionNote') && !note.system;

export const isResolved = (note: Note): boolean => resolvable(note) && note.resolvedAt != null;

/** `ResolvableDiscussion#resolvable?`: a thread with a note that can be resolved. */
export const threadResolvable = (thread: Thread): boolean => thread.notes.some(resolvable);

/** `ResolvableDiscussion#resolved?`: resolvable, and none of its notes left to resolve. */
export const threadResolved = (thread: Thread): boolean =>
  threadResolvable(thread) && thread.notes.every((n) => !resolvable(n) || isResolved(n));

/** The threads of a merge request still to resolve (what `discussions_not_resolved` waits for). */
export function unresolvedThreads(store: Store, mr: MergeRequest): number {
  return threadsOf(store.notesOf('MergeRequest', mr.id)).filter((t) => threadResolvable(t) && !threadResolved(t)).length;
}

/**
 * `Note#readable_by?` for internal notes: only members from Reporter up (and administrators) read
 * them; anyone who can read the issue or merge request reads the rest.
 */
export function canReadNote(store: Store, user: User | null, project: Project, note: Note): boolean {
  if (!note.internal) return true;
  return user !== null && (user.admin || projectAccess(store, user, project) >= REPORTER);
}

/** Resolves (or unresolves) the notes of a thread that can be, as `Discussions::ResolveService` does. */
export function setResolved(notes: readonly Note[], by: User, resolved: boolean, now: number): void {
  for (const note of notes) {
    if (!resolvable(note)) continue;
    if (resolved && note.resolvedAt == null) {
      note.resolvedAt = now;
      note.resolvedById = by.id;
    } else if (!resolved) {
      note.resolvedAt = null;
      note.resolvedById = null;
    }
  }
}

/**
 * Whether a locked discussion shuts `user` out of commenting: app/policies/issuable_policy.rb
 * (`locked & ~is_project_member` prevents `create_note`) — members of any role comment, and
 * administrators; everyone else is refused.
 */
export function lockedOut(store: Store, user: User, project: Project, locked: boolean): boolean {
  return locked && !user.admin && projectAccess(store, user, project) <= 0;
}
