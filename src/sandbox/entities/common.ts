import { formatDuration } from '../durations.js';
import { both, entity, extend, gitlab, render, spec, type View } from '../entity.js';
import type { Issue, Milestone, TimeTracked } from '../model.js';
import type { Store } from '../store.js';
import { iso, isoOrNull } from '../time.js';
import { USER_BASIC } from './users.js';

/** What issues and merge requests share and embed: users, milestones, time statistics, references (labels: labels.ts). */

type Issuable = Pick<Issue, 'id' | 'iid' | 'projectId' | 'title' | 'createdAt' | 'updatedAt'> & {
  state: string;
  description: string | null;
};

/** `IssuableEntity` (lib/api/entities/issuable_entity.rb): what every issue and merge request answer starts with. */
export const ISSUABLE = entity<Issuable>('IssuableEntity: lib/api/entities/issuable_entity.rb', {
  id: both((i) => i.id),
  iid: both((i) => i.iid),
  project_id: both((i) => i.projectId),
  title: both((i) => i.title),
  description: both((i) => i.description),
  state: both((i) => i.state),
  created_at: both((i) => iso(i.createdAt)),
  updated_at: both((i) => iso(i.updatedAt)),
});

/** A user as GitLab embeds one (UserBasic), or null. */
export function userBasic(view: View, id: number | null | undefined): Record<string, unknown> | null {
  const user = id == null ? undefined : view.store.users.get(id);
  return user ? render(USER_BASIC, user, view) : null;
}

/** Users by id, those that exist. */
export const usersBasic = (view: View, ids: readonly number[]): Record<string, unknown>[] =>
  ids.map((id) => userBasic(view, id)).filter((u) => u !== null);

const milestoneWebUrl = (m: Milestone, v: View): string => {
  const project = v.store.projects.get(m.projectId);
  return `${project ? v.store.projectWebUrl(project) : v.store.baseUrl}/-/milestones/${m.iid}`;
};

/** `Milestone` (lib/api/entities/milestone.rb). */
export const MILESTONE = entity<Milestone>('Milestone: lib/api/entities/milestone.rb', {
  id: both((m) => m.id),
  iid: both((m) => m.iid),
  project_id: both((m) => m.projectId),
  title: both((m) => m.title),
  description: both((m) => m.description),
  state: both((m) => m.state),
  created_at: both((m) => iso(m.createdAt)),
  updated_at: both((m) => iso(m.updatedAt)),
  due_date: both((m) => m.dueDate),
  start_date: gitlab(() => null),
  expired: gitlab((m, v) => m.dueDate !== null && Date.parse(`${m.dueDate}T23:59:59Z`) < v.store.now()),
  web_url: gitlab(milestoneWebUrl),
});

/** The spec adds `closed_at` in one issue's milestone and in milestone lists; GitLab's entity has no such key. */
export const MILESTONE_CLOSED = extend<Milestone, Milestone>(MILESTONE, 'Milestone', { closed_at: spec((m) => isoOrNull(m.closedAt)) });

export function milestoneOf(view: View, id: number | null, withClosedAt = false): Record<string, unknown> | null {
  const milestone = id == null ? undefined : view.store.milestones.get(id);
  return milestone ? render(withClosedAt ? MILESTONE_CLOSED : MILESTONE, milestone, view) : null;
}

/** `IssuableTimeStats` (lib/api/entities/issuable_time_stats.rb). */
export const TIME_STATS = entity<TimeTracked>('IssuableTimeStats: lib/api/entities/issuable_time_stats.rb', {
  time_estimate: both((t) => t.timeEstimate),
  total_time_spent: both((t) => t.totalTimeSpent),
  human_time_estimate: both((t) => formatDuration(t.timeEstimate)),
  human_total_time_spent: both((t) => formatDuration(t.totalTimeSpent)),
});

/** `IssuableReferences` (lib/api/entities/issuable_references.rb): `#12` for issues, `!3` for merge requests. */
export function references(store: Store, projectId: number, ref: string): Record<string, string> {
  const project = store.projects.get(projectId);
  return { short: ref, relative: ref, full: `${project ? store.projectFullPath(project) : ''}${ref}` };
}

/** Checkboxes of a Markdown task list, as GitLab counts them (`task_completion_status`). */
export function taskCompletion(description: string | null): { count: number; completed_count: number } {
  const tasks = (description ?? '').match(/^\s*[-*+] \[[ xX]\]/gm) ?? [];
  return { count: tasks.length, completed_count: tasks.filter((t) => /\[[xX]\]/.test(t)).length };
}

/** GitLab's `task_status`: `1 of 3 checklist items completed`. */
export function taskStatus(description: string | null): string {
  const { count, completed_count } = taskCompletion(description);
  return `${completed_count} of ${count} checklist item${count === 1 ? '' : 's'} completed`;
}

export const votes = (awards: readonly { name: string }[], name: 'thumbsup' | 'thumbsdown'): number =>
  awards.filter((a) => a.name === name).length;
