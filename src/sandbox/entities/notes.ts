import { both, entity } from '../entity.js';
import type { Note } from '../model.js';
import { isResolved, resolvable } from '../threads.js';
import { iso, isoOrNull } from '../time.js';
import { userBasic } from './common.js';

/**
 * `Note` (lib/api/entities/note.rb; `internal`, `project_id`, `imported` and `imported_from` as
 * GitLab 17.x answers them, doc/api/notes.md): a comment on an issue or a merge request. Only the
 * GitLab flavour serves notes. A diff note has its `position` (`Gitlab::Diff::Position#to_h`:
 * lib/gitlab/diff/formatters/base_formatter.rb and text_formatter.rb); a resolvable one (a note of
 * a thread on a merge request) says whether, when and by whom it was resolved.
 */
export const NOTE = entity<Note>('Note: lib/api/entities/note.rb', {
  id: both((n) => n.id),
  type: both((n) => n.type ?? null),
  body: both((n) => n.body),
  attachment: both(() => null),
  author: both((n, v) => userBasic(v, n.authorId)),
  created_at: both((n) => iso(n.createdAt)),
  updated_at: both((n) => iso(n.updatedAt)),
  system: both((n) => n.system),
  noteable_id: both((n) => n.noteableId),
  noteable_type: both((n) => n.noteableType),
  project_id: both((n) => n.projectId),
  commit_id: both(
    () => null,
    (n) => n.noteableType === 'MergeRequest' && n.type === 'DiffNote',
  ),
  position: both(
    (n) => n.position,
    (n) => n.type === 'DiffNote',
  ),
  resolvable: both((n) => resolvable(n)),
  resolved: both(isResolved, resolvable),
  resolved_by: both((n, v) => userBasic(v, n.resolvedById ?? null), resolvable),
  resolved_at: both((n) => isoOrNull(n.resolvedAt ?? null), resolvable),
  confidential: both((n) => n.internal),
  internal: both((n) => n.internal),
  imported: both(() => false),
  imported_from: both(() => 'none'),
  noteable_iid: both((n, v) =>
    n.noteableType === 'Issue' ? v.store.issues.get(n.noteableId)?.iid : v.store.mergeRequests.get(n.noteableId)?.iid,
  ),
  commands_changes: both(() => ({})),
});
