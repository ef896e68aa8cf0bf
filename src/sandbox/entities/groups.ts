import { canReadProject } from '../access.js';
import { both, entity, extend, gitlab, render, type View } from '../entity.js';
import type { Group, Project } from '../model.js';
import { iso } from '../time.js';
import { adminOfGroup, namespaceWebUrl, projectsIn } from './namespaces.js';
import { PROJECT } from './projects.js';

/** Groups as GitLab 17.x answers them (lib/api/groups.rb picks the entity). */

const visible = (v: View, keep: (p: Project) => boolean): Project[] =>
  [...v.store.projects.values()].filter((p) => keep(p) && canReadProject(v.store, v.viewer, p));

function groupStatistics(g: Group, v: View): Record<string, number> {
  let storage = 0;
  for (const p of projectsIn(g.id, v)) storage += p.statistics.storage_size;
  const base = { storage_size: storage, repository_size: storage, lfs_objects_size: 0, job_artifacts_size: 0 };
  if (v.flavor === 'spec') return base;
  return { ...base, wiki_size: 0, pipeline_artifacts_size: 0, packages_size: 0, snippets_size: 0, uploads_size: 0 };
}

/** `Group` (lib/api/entities/basic_group_details.rb, group.rb; EE adds LDAP and the Duo settings): group lists. */
export const GROUP = entity<Group>('Group: lib/api/entities/basic_group_details.rb, lib/api/entities/group.rb', {
  id: both((g) => g.id),
  web_url: both((g, v) => namespaceWebUrl(g.id, v)),
  name: both((g) => g.name),
  path: both((g) => g.path),
  description: both((g) => g.description),
  visibility: both((g) => g.visibility),
  share_with_group_lock: gitlab((g) => g.shareWithGroupLock),
  require_two_factor_authentication: gitlab(() => false),
  two_factor_grace_period: gitlab(() => 48),
  project_creation_level: gitlab(() => 'developer'),
  auto_devops_enabled: gitlab(() => null),
  subgroup_creation_level: gitlab(() => 'maintainer'),
  emails_disabled: gitlab(() => false),
  emails_enabled: gitlab(() => true),
  show_diff_preview_in_email: gitlab(() => true),
  mentions_disabled: gitlab(() => null),
  lfs_enabled: both((g) => g.lfsEnabled),
  archived: gitlab(() => false),
  math_rendering_limits_enabled: gitlab(() => true),
  lock_math_rendering_limits_enabled: gitlab(() => false),
  default_branch: gitlab(() => null),
  default_branch_protection: gitlab(() => 2),
  default_branch_protection_defaults: gitlab(() => ({
    allowed_to_push: [{ access_level: 40 }],
    allow_force_push: false,
    allowed_to_merge: [{ access_level: 40 }],
  })),
  avatar_url: both(() => null),
  request_access_enabled: both((g) => g.requestAccessEnabled),
  full_name: both((g, v) => v.store.groupFullName(g)),
  full_path: both((g, v) => v.store.groupFullPath(g)),
  created_at: gitlab((g) => iso(g.createdAt)),
  parent_id: both((g) => g.parentId),
  organization_id: gitlab(() => 1),
  shared_runners_setting: gitlab(() => 'enabled'),
  max_artifacts_size: gitlab(() => null),
  statistics: both(groupStatistics, (_, v) => v.statistics === true),
  marked_for_deletion_on: gitlab(() => null),
  ldap_cn: gitlab(() => null),
  ldap_access: gitlab(() => null),
  wiki_access_level: gitlab(() => 'enabled'),
  duo_features_enabled: gitlab(() => true),
  lock_duo_features_enabled: gitlab(() => false),
  file_template_project_id: gitlab(() => null),
});

/** `GroupDetail` (lib/api/entities/group_detail.rb; EE adds LDAP links and minutes): one group, with its projects. */
export const GROUP_DETAIL = extend<Group, Group>(GROUP, 'GroupDetail: lib/api/entities/group_detail.rb', {
  shared_with_groups: gitlab(() => []),
  runners_token: gitlab(
    (g) => `sandbox-group-runners-${g.id}`,
    (g, v) => adminOfGroup(g.id, v),
  ),
  prevent_sharing_groups_outside_hierarchy: gitlab(
    () => false,
    (g) => g.parentId === null,
  ),
  shared_runners_minutes_limit: both((g) => g.sharedRunnersMinutesLimit),
  extra_shared_runners_minutes_limit: gitlab(() => null),
  prevent_forking_outside_group: gitlab(() => false),
  membership_lock: gitlab((g) => g.membershipLock),
  ldap_group_links: gitlab(
    (g) => g.ldapLinks.map((l) => ({ ...l, filter: null, member_role_id: null })),
    (g) => g.ldapLinks.length > 0,
  ),
  projects: both((g, v) => visible(v, (p) => p.namespaceId === g.id).map((p) => render(PROJECT, p, v))),
  shared_projects: both((g, v) => visible(v, (p) => p.sharedWithGroups.some((s) => s.group_id === g.id)).map((p) => render(PROJECT, p, v))),
});
