import { both, entity } from '../entity.js';
import type { Note } from '../model.js';
import { iso } from '../time.js';
import { userBasic } from './common.js';

/**
 * `Note` (lib/api/entities/note.rb; `internal`, `project_id`, `imported` and `imported_from` as
 * GitLab 17.x answers them, doc/api/notes.md): a comment on an issue or a merge request. Only the
 * GitLab flavour serves notes.
 */
export const NOTE = entity<Note>(
  'Note: lib/api/entities/note.rb',
  {
    id: both((n) => n.id),
    type: both(() => null),
    body: both((n) => n.body),
    attachment: both(() => null),
    author: both((n, v) => userBasic(v, n.authorId)),
    created_at: both((n) => iso(n.createdAt)),
    updated_at: both((n) => iso(n.updatedAt)),
    system: both((n) => n.system),
    noteable_id: both((n) => n.noteableId),
    noteable_type: both((n) => n.noteableType),
    project_id: both((n) => n.projectId),
    resolvable: both(() => false),
    confidential: both((n) => n.internal),
    internal: both((n) => n.internal),
    imported: both(() => false),
    imported_from: both(() => 'none'),
    noteable_iid: both((n, v) =>
      n.noteableType === 'Issue' ? v.store.issues.get(n.noteableId)?.iid : v.store.mergeRequests.get(n.noteableId)?.iid,
    ),
    commands_changes: both(() => ({})),
  },
  {
    optional: {
      commit_id: 'diff notes on a merge request only',
      position: 'diff notes only',
      resolved: 'resolvable notes (diff discussions) only',
      resolved_by: 'resolvable notes only',
      resolved_at: 'resolvable notes only',
    },
  },
);
