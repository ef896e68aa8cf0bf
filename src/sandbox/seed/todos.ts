import type { Issue, MergeRequest, Todo, User } from '../model.js';
import type { Store } from '../store.js';
import { at } from '../time.js';
import type { DemoProjects } from './projects.js';
import type { DemoUsers } from './users.js';

/**
 * The to-do lists of the demo world (GitLab's side: the spec has no to-do API): what GitLab's
 * TodoService would have left alice and root — an issue assigned, a review asked, a mention, an
 * approval required — and one alice marked done.
 */
export function seedTodos(store: Store, users: Required<DemoUsers>, projects: DemoProjects): void {
  const { root, alice, carol } = users;
  const issues = store.projectIssues(projects.api.id).filter((i) => i.state === 'opened');
  const mrs = store.projectMergeRequests(projects.api.id).filter((m) => m.state === 'opened');
  const todo = (user: User, author: User, action: string, target: Issue | MergeRequest, day: number, state: Todo['state'] = 'pending') =>
    void store.todos.push({
      id: store.nextId('todo'),
      userId: user.id,
      authorId: author.id,
      projectId: target.projectId,
      targetType: 'sourceBranch' in target ? 'MergeRequest' : 'Issue',
      targetId: target.id,
      state,
      createdAt: at(2026, 11, day),
      action,
    });
  const assigned = issues.find((i) => i.assigneeIds.includes(alice.id) && i.authorId !== alice.id);
  const review = mrs.find((m) => (m.reviewerIds ?? []).includes(alice.id));
  const mention = issues.find((i) => i.authorId === carol.id && i !== assigned);
  if (assigned) todo(alice, root, 'assigned', assigned, 10);
  if (review) todo(alice, store.users.get(review.authorId) ?? root, 'review_requested', review, 12);
  if (mention) todo(alice, carol, 'mentioned', mention, 14);
  if (issues[0]) todo(alice, alice, 'marked', issues[0], 2, 'done');
  const forRoot = issues.find((i) => i.assigneeIds.includes(root.id));
  if (forRoot) todo(root, alice, 'assigned', forRoot, 11);
  const approval = mrs.find((m) => m.sourceBranch === 'security/artifacts');
  if (approval) todo(root, alice, 'approval_required', approval, 13);
}
