import { type Column, type Columns, columnSet } from '../output/format.js';

export { SORT, VISIBILITIES } from './project.js';

export const GROUP_ORDER_BY = ['name', 'path'] as const;
export const GROUP_PROJECT_ORDER_BY = ['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at'] as const;

/** Access levels by name, for `--group-access`; numbers are accepted as they are. */
export const ACCESS_LEVELS: Record<string, number> = { guest: 10, reporter: 20, developer: 30, maintainer: 40, owner: 50 };

export const groupColumns: Columns = columnSet([
  { key: 'id', header: 'ID', kind: 'number' },
  { key: 'full_path', header: 'path' },
  { key: 'visibility', kind: 'state' },
  { key: 'description', kind: 'title' },
], ['id', 'name', 'path', 'full_name', 'full_path', 'description', 'visibility', 'avatar_url', 'web_url', 'parent_id', 'created_at', 'lfs_enabled', 'request_access_enabled', 'share_with_group_lock', 'require_two_factor_authentication', 'two_factor_grace_period', 'project_creation_level', 'auto_devops_enabled', 'subgroup_creation_level', 'emails_disabled', 'emails_enabled', 'mentions_disabled', 'default_branch_protection', 'default_branch', 'organization_id', 'file_template_project_id', 'ldap_cn', 'ldap_access', 'ldap_group_links', 'saml_group_links', 'statistics', 'projects', 'shared_projects', 'shared_with_groups', 'runners_token', 'prevent_sharing_groups_outside_hierarchy', 'marked_for_deletion_on', 'wiki_access_level', 'duo_features_enabled', 'lock_duo_features_enabled', 'custom_attributes']);

export const ldapLinkColumns: Column[] = [{ key: 'cn', header: 'CN' }, { key: 'group_access', header: 'access' }, { key: 'provider' }];
