import { type Card, type CardLayout, span, text, whoWhen } from '../output/card.js';
import { type Columns, columnSet, type Fields, withCard } from '../output/columns.js';
import { yes } from './card-parts.js';

/** A group; one group also carries its `projects` and `shared_projects`. */
export const GROUP_FIELDS: Fields = {
  spec: [
    'id',
    'name',
    'path',
    'description',
    'visibility',
    'lfs_enabled',
    'avatar_url',
    'web_url',
    'request_access_enabled',
    'full_name',
    'full_path',
    'parent_id',
    'shared_runners_minutes_limit',
    'projects',
    'shared_projects',
  ],
  gitlab: [
    'created_at',
    'share_with_group_lock',
    'require_two_factor_authentication',
    'two_factor_grace_period',
    'project_creation_level',
    'auto_devops_enabled',
    'subgroup_creation_level',
    'emails_disabled',
    'emails_enabled',
    'mentions_disabled',
    'default_branch_protection',
    'default_branch',
    'organization_id',
    'file_template_project_id',
    'ldap_cn',
    'ldap_access',
    'ldap_group_links',
    'saml_group_links',
    'statistics',
    'shared_with_groups',
    'runners_token',
    'prevent_sharing_groups_outside_hierarchy',
    'marked_for_deletion_on',
    'wiki_access_level',
    'duo_features_enabled',
    'lock_duo_features_enabled',
    'custom_attributes',
    'show_diff_preview_in_email',
    'archived',
    'math_rendering_limits_enabled',
    'lock_math_rendering_limits_enabled',
    'default_branch_protection_defaults',
    'shared_runners_setting',
    'max_artifacts_size',
    'extra_shared_runners_minutes_limit',
    'prevent_forking_outside_group',
    'membership_lock',
  ],
};

/** An LDAP group link. */
export const LDAP_LINK_FIELDS: Fields = {
  spec: ['cn', 'group_access', 'provider'],
  gitlab: ['filter', 'member_role_id'],
};

interface Group {
  name?: string;
  full_name?: string;
  full_path?: string;
  description?: string | null;
  visibility?: string;
  created_at?: string;
  parent_id?: number | null;
  archived?: boolean;
  web_url?: string;
}

export const groupCard: CardLayout<Group> = {
  card: (g, _extra, now): Card => ({
    title: String(g.full_name ?? g.name ?? g.full_path ?? ''),
    reference: g.full_path,
    status: [text(g.visibility, 'dim'), yes(g.archived, 'Archived', 'failed'), whoWhen(undefined, 'created', g.created_at, now)],
    fields: [{ label: 'Parent', value: typeof g.parent_id === 'number' ? span(`group ${g.parent_id}`) : undefined }],
    body: { text: g.description, what: 'description' },
    url: g.web_url,
  }),
};

export const GROUP_ORDER_BY = ['name', 'path'] as const;

/** Access levels by name, for `--group-access`; numbers are accepted as they are. */
export const ACCESS_LEVELS: Record<string, number> = { guest: 10, reporter: 20, developer: 30, maintainer: 40, owner: 50 };

/** A group list: the description takes the room left; VISIBILITY goes on a narrow terminal. */
export const groupColumns: Columns = withCard(
  columnSet(
    [
      { key: 'id', header: 'ID', kind: 'number', priority: 0 },
      { key: 'full_path', header: 'path', priority: 0 },
      { key: 'visibility', kind: 'state', priority: 1 },
      { key: 'description', kind: 'title', priority: 0 },
    ],
    GROUP_FIELDS,
  ),
  groupCard,
);

export const ldapLinkColumns: Columns = columnSet(
  [{ key: 'cn', header: 'CN' }, { key: 'group_access', header: 'access' }, { key: 'provider' }],
  LDAP_LINK_FIELDS,
);
