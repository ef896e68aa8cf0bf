import { both, entity, gitlab } from '../entity.js';
import type { MergeRequest, MrChange, MrCommit } from '../model.js';
import type { Store } from '../store.js';
import { iso } from '../time.js';

export type CommitOf = MrCommit & { webUrl: string; parentIds: string[] };

/** `Commit` (lib/api/entities/commit.rb): a merge request's commits, a job's commit. */
export const COMMIT = entity<CommitOf>('Commit: lib/api/entities/commit.rb', {
  id: both((c) => c.id),
  short_id: both((c) => c.short_id),
  created_at: both((c) => iso(c.created_at)),
  parent_ids: gitlab((c) => c.parentIds),
  title: both((c) => c.title),
  message: both((c) => c.message),
  author_name: both((c) => c.author_name),
  author_email: both((c) => c.author_email),
  authored_date: gitlab((c) => iso(c.created_at)),
  committer_name: gitlab((c) => c.author_name),
  committer_email: gitlab((c) => c.author_email),
  committed_date: gitlab((c) => iso(c.created_at)),
  trailers: gitlab(() => ({})),
  extended_trailers: gitlab(() => ({})),
  web_url: gitlab((c) => c.webUrl),
});

/** `Diff` (lib/api/entities/diff.rb): one file of a merge request's changes or of a version. */
export const DIFF = entity<MrChange>('Diff: lib/api/entities/diff.rb', {
  old_path: both((c) => c.old_path),
  new_path: both((c) => c.new_path),
  a_mode: both((c) => c.a_mode),
  b_mode: both((c) => c.b_mode),
  diff: both((c) => c.diff),
  new_file: both((c) => c.new_file),
  renamed_file: both((c) => c.renamed_file),
  deleted_file: both((c) => c.deleted_file),
  collapsed: gitlab(() => false),
  too_large: gitlab(() => false),
  generated_file: gitlab(() => false),
});

/** The merge request's `index`th commit (newest first) with its parent and the URL GitLab gives it. */
export function commitOf(store: Store, mr: MergeRequest, index: number): CommitOf {
  const commit = mr.commits[index];
  const project = store.projects.get(mr.sourceProjectId) ?? store.projects.get(mr.projectId);
  const parent = mr.commits[index + 1]?.id ?? mr.versions[0]?.base_commit_sha;
  return {
    ...commit,
    webUrl: `${project ? store.projectWebUrl(project) : store.baseUrl}/-/commit/${commit.id}`,
    parentIds: parent ? [parent] : [],
  };
}
