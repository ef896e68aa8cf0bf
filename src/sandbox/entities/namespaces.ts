import { groupAccess } from '../access.js';
import { both, entity, extend, gitlab, type View } from '../entity.js';
import { type Group, MAINTAINER, type Project } from '../model.js';

/** Namespaces (a user's or a group's, by id), as GitLab 17.x answers them. */

export const namespaceWebUrl = (id: number, v: View): string => {
  const group = v.store.groups.get(id);
  return group ? `${v.store.baseUrl}/groups/${v.store.groupFullPath(group)}` : `${v.store.baseUrl}/${v.store.namespacePath(id)}`;
};

/** `NamespaceBasic` (lib/api/entities/namespace_basic.rb): a project's namespace; the spec shows five of its keys there. */
export const NAMESPACE_BASIC = entity<number>('NamespaceBasic: lib/api/entities/namespace_basic.rb', {
  id: both((id) => id),
  name: both((id, v) => v.store.namespaceName(id)),
  path: both((id, v) => v.store.namespacePath(id)),
  kind: both((id, v) => v.store.namespaceKind(id) ?? 'group'),
  full_path: both((id, v) => v.store.namespaceFullPath(id)),
  parent_id: gitlab((id, v) => v.store.groups.get(id)?.parentId ?? null),
  avatar_url: gitlab(() => null),
  web_url: gitlab(namespaceWebUrl),
});

/** Administrators of a group see its size and plan. */
export const adminOfGroup = (id: number, v: View): boolean => {
  const group = v.store.groups.get(id);
  return group !== undefined && v.viewer !== null && (v.viewer.admin || groupAccess(v.store, v.viewer, group) >= MAINTAINER);
};

function membersWithDescendants(id: number, v: View): number {
  const group = v.store.groups.get(id) as Group;
  const members = new Set<number>();
  for (const g of [group, ...v.store.groupDescendants(group)]) for (const uid of g.members.keys()) members.add(uid);
  return members.size;
}

/** `Namespace` (lib/api/entities/namespace.rb; EE adds the plan and seat counts): `GET /namespaces`. */
export const NAMESPACE = extend<number, number>(
  NAMESPACE_BASIC,
  'Namespace: lib/api/entities/namespace.rb, ee/lib/ee/api/entities/namespace.rb',
  {
    parent_id: both((id, v) => v.store.groups.get(id)?.parentId ?? null),
    members_count_with_descendants: both(membersWithDescendants, adminOfGroup),
    root_repository_size: gitlab((id, v) => projectsIn(id, v).reduce((n, p) => n + p.statistics.repository_size, 0), adminOfGroup),
    // `namespace.all_projects.count`: the projects of its subgroups too.
    projects_count: gitlab((id, v) => allProjectsIn(id, v).length, adminOfGroup),
    plan: both(() => 'free', adminOfGroup),
    billable_members_count: gitlab(membersWithDescendants, adminOfGroup),
    end_date: gitlab(() => null, adminOfGroup),
    trial_ends_on: gitlab(() => null, adminOfGroup),
    trial: gitlab(() => false, adminOfGroup),
  },
  { optional: { max_seats_used: 'GitLab.com subscriptions only', seats_in_use: 'GitLab.com subscriptions only' } },
);

export const projectsIn = (id: number, v: View): Project[] => [...v.store.projects.values()].filter((p) => p.namespaceId === id);

/** A group's projects and its subgroups' (GitLab's `Namespace#all_projects`). */
function allProjectsIn(id: number, v: View): Project[] {
  const group = v.store.groups.get(id);
  const ids = new Set([id, ...(group ? v.store.groupDescendants(group).map((g) => g.id) : [])]);
  return [...v.store.projects.values()].filter((p) => ids.has(p.namespaceId));
}
