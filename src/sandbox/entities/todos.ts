import { both, entity, gitlab, render } from '../entity.js';
import type { Todo } from '../model.js';
import { iso } from '../time.js';
import { userBasic } from './common.js';
import { issueWebUrl, TODO_ISSUE } from './issues.js';
import { MERGE_REQUEST, MERGE_REQUEST_BASIC, mergeRequestWebUrl } from './merge-requests.js';
import { PROJECT_IDENTITY } from './projects.js';

/** `Todo` (lib/api/entities/todo.rb): its target is the issue or merge request (GitLab's MergeRequest entity, the spec's list one). */
export const TODO = entity<Todo>('Todo: lib/api/entities/todo.rb', {
  id: both((t) => t.id),
  project: both((t, v) => {
    const project = v.store.projects.get(t.projectId);
    return project ? render(PROJECT_IDENTITY, project, v) : null;
  }),
  author: both((t, v) => userBasic(v, t.authorId)),
  action_name: both((t) => t.action ?? 'marked'),
  target_type: both((t) => t.targetType),
  target: both((t, v) => {
    if (t.targetType === 'Issue') {
      const issue = v.store.issues.get(t.targetId);
      return issue ? render(TODO_ISSUE, issue, { ...v, single: false }) : {};
    }
    const mr = v.store.mergeRequests.get(t.targetId);
    return mr ? render(v.flavor === 'gitlab' ? MERGE_REQUEST : MERGE_REQUEST_BASIC, mr, v) : {};
  }),
  target_url: both((t, v) => {
    const issue = t.targetType === 'Issue' ? v.store.issues.get(t.targetId) : undefined;
    const mr = t.targetType === 'MergeRequest' ? v.store.mergeRequests.get(t.targetId) : undefined;
    return issue ? issueWebUrl(v.store, issue) : mr ? mergeRequestWebUrl(v.store, mr) : '';
  }),
  body: both(
    (t, v) => (t.targetType === 'Issue' ? v.store.issues.get(t.targetId)?.title : v.store.mergeRequests.get(t.targetId)?.title) ?? '',
  ),
  state: both((t) => t.state),
  created_at: both((t) => iso(t.createdAt)),
  updated_at: gitlab((t) => iso(t.createdAt)),
});
