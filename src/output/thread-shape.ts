/**
 * A thread of a merge request's review as collab reads it (GitLab's `Discussion` and `Note`,
 * lib/api/entities/discussion.rb, note.rb), and what people are told about it: its state, who
 * resolved it, where in the diff it sits. Shapes only: nothing of what the server sent is trusted.
 */
import { tableText } from './sanitize.js';

/** A note as the server sent it: nothing of it is trusted to be there. */
export interface NoteShape {
  id?: unknown;
  type?: unknown;
  author?: { username?: unknown; name?: unknown } | null;
  created_at?: unknown;
  updated_at?: unknown;
  body?: unknown;
  system?: unknown;
  internal?: unknown;
  confidential?: unknown;
  resolvable?: unknown;
  resolved?: unknown;
  resolved_by?: { username?: unknown } | null;
  position?: {
    old_path?: unknown;
    new_path?: unknown;
    old_line?: unknown;
    new_line?: unknown;
  } | null;
}

/** A thread read: its id (none for an issue's note), whether it is a comment on its own, its notes oldest first. */
export interface Thread {
  id?: string;
  individual: boolean;
  notes: NoteShape[];
  /** The thread as the server sent it (JSON prints it so). */
  raw?: unknown;
}

/** `resolved`, `unresolved`, or undefined for a thread nobody resolves (a comment on its own, a system note). */
export function threadState(thread: Thread): 'resolved' | 'unresolved' | undefined {
  const resolvable = thread.notes.filter((n) => n.resolvable === true);
  if (resolvable.length === 0) return undefined;
  return resolvable.every((n) => n.resolved === true) ? 'resolved' : 'unresolved';
}

/** Who resolved it: the last note's resolver (a thread resolves as a whole). */
export function resolvedBy(thread: Thread): string | undefined {
  let by: string | undefined;
  for (const n of thread.notes) if (typeof n.resolved_by?.username === 'string') by = tableText(n.resolved_by.username);
  return by;
}

export const isInternal = (note: NoteShape): boolean => note.internal === true || note.confidential === true;

/** `src/app.ts:12`, `src/app.ts:12 (old)` for a removed line: where a diff comment sits. */
export function whereOf(note: NoteShape | undefined): string | undefined {
  const p = note?.position;
  if (!p) return undefined;
  const path = typeof p.new_path === 'string' ? p.new_path : typeof p.old_path === 'string' ? p.old_path : undefined;
  if (path === undefined) return undefined;
  if (typeof p.new_line === 'number') return `${tableText(path)}:${p.new_line}`;
  if (typeof p.old_line === 'number') return `${tableText(path)}:${p.old_line} (old)`;
  return tableText(path);
}

/** The first characters of a discussion id, as people read and type it. */
export const shortId = (id: string | undefined): string => tableText((id ?? '').slice(0, 8));
