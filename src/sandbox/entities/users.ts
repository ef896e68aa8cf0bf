import { both, entity, extend, gitlab, spec } from '../entity.js';
import type { User } from '../model.js';
import type { Store } from '../store.js';
import { dateOnly, iso, isoOrNull } from '../time.js';

/**
 * Users, as GitLab 17.x answers them (lib/api/users.rb picks the entity):
 * UserBasic in lists and wherever a user is embedded, User for one user seen by a non-admin (and a
 * job's user), UserPublic for `GET /user`, UserWithAdmin for administrators' lists, `GET /user`,
 * create and update, UserDetailsWithAdmin for one user seen by an administrator.
 */

/** `UserBasic` (lib/api/entities/user_safe.rb, user_basic.rb; `locked` since 16.x, doc/api/users.md). */
export const USER_BASIC = entity<User>(
  'UserBasic: lib/api/entities/user_safe.rb, lib/api/entities/user_basic.rb',
  {
    id: both((u) => u.id),
    username: both((u) => u.username),
    name: both((u) => u.name),
    state: both((u) => (u.state === 'active' ? 'active' : 'blocked')),
    locked: gitlab(() => false),
    avatar_url: both((u) => u.avatarUrl),
    web_url: both((u, v) => `${v.store.baseUrl}/${u.username}`),
  },
  { optional: { avatar_path: 'only with only_path (avatar uploads)', custom_attributes: 'only with with_custom_attributes=true' } },
);

/** The spec's profile fields and GitLab's (`messenger` is GitLab's `skype`, and so on). */
const profile = {
  bio: both<User>((u) => u.bio),
  location: both<User>((u) => u.location),
  public_email: gitlab<User>(() => null),
  messenger: both<User>((u) => u.messenger),
  professional_profile: both<User>((u) => u.professionalProfile),
  microblog: both<User>((u) => u.microblog),
  discord: gitlab<User>(() => ''),
  website_url: both<User>((u) => u.websiteUrl),
  organization: both<User>((u) => u.organization),
  job_title: gitlab<User>(() => ''),
  pronouns: gitlab<User>(() => null),
  bot: gitlab<User>(() => false),
  work_information: gitlab<User>((u) => u.organization || null),
  followers: gitlab<User>(() => 0),
  following: gitlab<User>(() => 0),
  is_followed: gitlab<User>(() => false),
  local_time: gitlab<User>(() => null),
};

/** `User` (lib/api/entities/user.rb): one user seen by a non-admin; a job's user. */
export const USER = extend<User, User>(USER_BASIC, 'User: lib/api/entities/user.rb', {
  created_at: both((u) => iso(u.createdAt)),
  ...profile,
});

/** `UserPublic` (lib/api/entities/user_public.rb): what a user sees of themself. */
export const USER_PUBLIC = extend<User, User>(USER, 'UserPublic: lib/api/entities/user_public.rb', {
  email: both((u) => u.email),
  last_sign_in_at: both((u) => isoOrNull(u.lastSignInAt)),
  current_sign_in_at: both((u) => isoOrNull(u.currentSignInAt)),
  confirmed_at: both((u) => isoOrNull(u.confirmedAt)),
  theme_id: both((u) => u.themeId),
  last_activity_on: both((u) => (u.lastActivityAt == null ? null : dateOnly(u.lastActivityAt))),
  color_scheme_id: both((u) => u.colorSchemeId),
  projects_limit: both((u) => u.projectsLimit),
  identities: both((u) => u.identities.map((i) => ({ ...i }))),
  can_create_group: both((u) => u.canCreateGroup),
  can_create_project: both((u) => u.canCreateProject),
  two_factor_enabled: both((u) => u.twoFactorEnabled),
  external: both((u) => u.external),
  private_profile: gitlab(() => false),
  commit_email: gitlab((u) => u.email),
});

/** `UserWithAdmin` (lib/api/entities/user_with_admin.rb, and EE's minutes limits): an administrator's list. */
export const USER_WITH_ADMIN = extend<User, User>(USER_PUBLIC, 'UserWithAdmin: lib/api/entities/user_with_admin.rb', {
  is_admin: both((u) => u.admin),
  note: gitlab(() => null),
  namespace_id: gitlab((u) => u.namespaceId),
  created_by: gitlab(() => null),
  email_reset_offered_at: gitlab(() => null),
  shared_runners_minutes_limit: gitlab((u) => u.sharedRunnersMinutesLimit),
  extra_shared_runners_minutes_limit: gitlab(() => null),
  is_auditor: gitlab(() => false),
  using_license_seat: gitlab((u) => u.state === 'active'),
});

/** `UserWithAdmin` as one user (create, update): the spec shows the minutes limit there too. */
export const USER_WITH_ADMIN_ONE = extend<User, User>(USER_WITH_ADMIN, 'UserWithAdmin', {
  shared_runners_minutes_limit: both((u) => u.sharedRunnersMinutesLimit),
});

/** `UserDetailsWithAdmin` (lib/api/entities/user_details_with_admin.rb): one user seen by an administrator. */
export const USER_DETAILS_WITH_ADMIN = extend<User, User>(
  USER_WITH_ADMIN_ONE,
  'UserDetailsWithAdmin: lib/api/entities/user_details_with_admin.rb',
  {
    highest_role: gitlab((u, v) => highestRole(v.store, u)),
    current_sign_in_ip: gitlab((u) => (u.currentSignInAt == null ? null : '127.0.0.1')),
    last_sign_in_ip: gitlab((u) => (u.lastSignInAt == null ? null : '127.0.0.1')),
    sign_in_count: gitlab((u) => (u.lastSignInAt == null ? 0 : 1) + (u.currentSignInAt == null ? 0 : 1)),
  },
);

/** `GET /user` of an administrator: GitLab's UserWithAdmin; the spec adds the caller's private token. */
export const CURRENT_ADMIN = extend<User, User>(USER_WITH_ADMIN_ONE, 'UserWithAdmin (GET /user)', {
  private_token: spec((u) => u.privateToken),
});

/** The highest access level the user has anywhere (GitLab's `highest_role`: 0 without membership). */
function highestRole(store: Store, user: User): number {
  let level = 0;
  for (const group of store.groups.values()) level = Math.max(level, group.members.get(user.id) ?? 0);
  for (const project of store.projects.values()) level = Math.max(level, project.members.get(user.id) ?? 0);
  return level;
}
