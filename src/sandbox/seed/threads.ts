import type { DiffPosition, MergeRequest, Note, User } from '../model.js';
import { sha } from '../shas.js';
import type { Store } from '../store.js';

const HOUR = 3_600_000;

/** A line of the merge request's diff: its file (by index in its changes) and old and new numbers. */
interface LineSeed {
  change: number;
  old: number | null;
  new: number | null;
}

/** A thread of the review, or (`individual`) a comment on its own. */
export interface ThreadSeed {
  author: User;
  body: string;
  /** A diff comment on this line. */
  line?: LineSeed;
  replies?: { author: User; body: string }[];
  resolvedBy?: User;
  internal?: boolean;
  individual?: boolean;
}

function positionOf(mr: MergeRequest, line: LineSeed): DiffPosition {
  const version = mr.versions[mr.versions.length - 1]!;
  const change = mr.changes[line.change]!;
  return {
    base_sha: version.base_commit_sha,
    start_sha: version.start_commit_sha,
    head_sha: version.head_commit_sha,
    old_path: change.old_path,
    new_path: change.new_path,
    position_type: 'text',
    old_line: line.old,
    new_line: line.new,
    line_range: null,
  };
}

/** The review's threads on a merge request, a day after it was opened, an hour apart. */
export function seedThreads(store: Store, mr: MergeRequest, threads: ThreadSeed[]): void {
  const list = store.notesOf('MergeRequest', mr.id);
  let at = mr.createdAt + 24 * HOUR;
  for (const [index, t] of threads.entries()) {
    const id = store.nextId('note');
    // From the merge request's reference and the thread's place, not from note ids: the ids people
    // see in the demo (and the README's examples) stay the same when seeds elsewhere grow.
    const discussionId = t.individual ? undefined : sha(`review:${mr.projectId}!${mr.iid}:${index}`);
    const type = t.individual ? null : t.line ? 'DiffNote' : 'DiscussionNote';
    const add = (noteId: number, author: User, body: string, noteType: Note['type'], extra: Partial<Note> = {}) => {
      at += HOUR;
      list.push({
        id: noteId,
        noteableType: 'MergeRequest',
        noteableId: mr.id,
        projectId: mr.projectId,
        authorId: author.id,
        body,
        system: false,
        internal: t.internal ?? false,
        createdAt: at,
        updatedAt: at,
        type: noteType,
        ...(discussionId ? { discussionId } : {}),
        ...(t.resolvedBy ? { resolvedAt: at + HOUR, resolvedById: t.resolvedBy.id } : {}),
        ...extra,
      });
    };
    add(id, t.author, t.body, type, t.line ? { position: positionOf(mr, t.line) } : {});
    for (const r of t.replies ?? []) add(store.nextId('note'), r.author, r.body, 'DiscussionNote');
  }
}
