import { both, entity, extend, gitlab, render, type View } from '../entity.js';
import type { Issue } from '../model.js';
import type { Store } from '../store.js';
import { isoOrNull } from '../time.js';
import { ISSUABLE, milestoneOf, references, TIME_STATS, taskCompletion, taskStatus, userBasic, usersBasic, votes } from './common.js';

export function issueWebUrl(store: Store, issue: Issue): string {
  const project = store.projects.get(issue.projectId);
  return `${project ? store.projectWebUrl(project) : store.baseUrl}/issues/${issue.iid}`;
}

const mergeRequestsCount = (issue: Issue, v: View): number =>
  v.store.projectMergeRequests(issue.projectId).filter((mr) => mr.closesIssueIids.includes(issue.iid)).length;

const links = (issue: Issue, v: View): Record<string, string> => {
  const api = `${v.store.baseUrl}/api/v4/projects/${issue.projectId}`;
  return {
    self: `${api}/issues/${issue.iid}`,
    notes: `${api}/issues/${issue.iid}/notes`,
    award_emoji: `${api}/issues/${issue.iid}/award_emoji`,
    project: api,
  };
};

/**
 * `Issue` (lib/api/entities/issuable_entity.rb, issue_basic.rb, issue.rb; EE's issue_basic.rb adds
 * weight, blocking_issues_count, epic, iteration and health_status): GitLab answers it for lists
 * too, without `subscribed`; the spec sends `subscribed` and `_links` for one issue only.
 */
export const ISSUE = extend<Issue, Issue>(
  ISSUABLE,
  'Issue: lib/api/entities/issue_basic.rb, lib/api/entities/issue.rb',
  {
    closed_at: both((i) => isoOrNull(i.closedAt)),
    closed_by: gitlab((i, v) => userBasic(v, i.closedById)),
    labels: both((i) => [...i.labels]),
    milestone: both((i, v) => milestoneOf(v, i.milestoneId, v.single === true)),
    assignees: both((i, v) => usersBasic(v, i.assigneeIds)),
    author: both((i, v) => userBasic(v, i.authorId)),
    type: both(() => 'ISSUE'),
    assignee: both((i, v) => usersBasic(v, i.assigneeIds)[0] ?? null),
    user_notes_count: both((i, v) => v.store.userNotesCount('Issue', i.id)),
    merge_requests_count: gitlab(mergeRequestsCount),
    upvotes: gitlab((i) => votes(i.awards, 'thumbsup')),
    downvotes: gitlab((i) => votes(i.awards, 'thumbsdown')),
    due_date: both((i) => i.dueDate),
    confidential: both((i) => i.confidential),
    discussion_locked: both((i) => i.discussionLocked),
    issue_type: both(() => 'issue'),
    web_url: both((i, v) => issueWebUrl(v.store, i)),
    time_stats: both((i, v) => render(TIME_STATS, i, v)),
    task_completion_status: both((i) => taskCompletion(i.description)),
    weight: both((i) => i.weight),
    blocking_issues_count: gitlab(() => 0),
    has_tasks: gitlab((i) => taskCompletion(i.description).count > 0),
    task_status: gitlab(
      (i) => taskStatus(i.description),
      (i) => taskCompletion(i.description).count > 0,
    ),
    _links: both(links, (_, v) => v.single === true || v.flavor === 'gitlab'),
    references: both((i, v) => references(v.store, i.projectId, `#${i.iid}`)),
    subscribed: both(
      (i, v) => (v.viewer ? i.subscribers.has(v.viewer.id) : false),
      (_, v) => v.single === true,
    ),
    moved_to_id: gitlab((i) => i.movedToId),
    imported: gitlab(() => false),
    imported_from: gitlab(() => 'none'),
    service_desk_reply_to: gitlab(() => null),
    epic_iid: gitlab(() => null),
    epic: gitlab(() => null),
    iteration: gitlab(() => null),
    health_status: gitlab(() => null),
  },
  { optional: { title_html: 'only with render_html=true', description_html: 'only with render_html=true' } },
);

/** A to-do item's issue: the spec adds the votes GitLab sends with every issue. */
export const TODO_ISSUE = extend<Issue, Issue>(ISSUE, 'Issue', {
  upvotes: both((i) => votes(i.awards, 'thumbsup')),
  downvotes: both((i) => votes(i.awards, 'thumbsdown')),
});

/** `UserAgentDetail` (lib/api/entities/user_agent_detail.rb). */
export const USER_AGENT_DETAIL = entity<Issue>('UserAgentDetail: lib/api/entities/user_agent_detail.rb', {
  user_agent: both((i) => i.userAgent.user_agent),
  ip_address: both((i) => i.userAgent.ip_address),
  spamfilter_submitted: both((i) => i.userAgent.spamfilter_submitted),
});
