import type { MergeRequest } from './model.js';
import { sha } from './shas.js';
import type { Store } from './store.js';

/** Commits, diff and version of a new merge request, derived from its id. */
export function mergeRequestContent(store: Store, mr: Pick<MergeRequest, 'id' | 'sourceBranch' | 'title' | 'createdAt' | 'authorId'>) {
  const author = store.users.get(mr.authorId);
  const head = sha(`mr:${mr.id}:head`);
  const parent = sha(`mr:${mr.id}:parent`);
  const base = sha(`mr:${mr.id}:base`);
  const commit = (id: string, title: string, at: number) => ({
    id,
    short_id: id.slice(0, 8),
    title,
    message: `${title}\n`,
    author_name: author?.name ?? 'Administrator',
    author_email: author?.email ?? 'admin@example.com',
    created_at: at,
  });
  const file = `src/${mr.sourceBranch.replace(/[^a-z0-9]+/gi, '_')}.ts`;
  return {
    sha: head,
    commits: [commit(head, mr.title, mr.createdAt), commit(parent, `Prepare ${mr.sourceBranch}`, mr.createdAt - 3_600_000)],
    changes: [
      {
        old_path: file,
        new_path: file,
        a_mode: '100644',
        b_mode: '100644',
        diff:
          `@@ -1,2 +1,3 @@\n export const feature = '${mr.sourceBranch}';\n-export const ` +
          `enabled = false;\n+export const enabled = true;\n+export const owner = ` +
          `'${author?.username ?? 'root'}';\n`,
        new_file: false,
        renamed_file: false,
        deleted_file: false,
      },
      {
        old_path: 'CHANGELOG.md',
        new_path: 'CHANGELOG.md',
        a_mode: '100644',
        b_mode: '100644',
        diff: `@@ -1 +1,2 @@\n # Changelog\n+- ${mr.title}\n`,
        new_file: false,
        renamed_file: false,
        deleted_file: false,
      },
    ],
    versions: [
      {
        id: store.nextId('version'),
        head_commit_sha: head,
        base_commit_sha: base,
        start_commit_sha: base,
        created_at: mr.createdAt,
        state: 'collected',
        real_size: '2',
      },
    ],
  };
}
