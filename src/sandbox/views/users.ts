import { inDialect } from '../dialect.js';
import type { User } from '../model.js';
import type { Store } from '../store.js';
import { dateOnly, iso, isoOrNull } from '../time.js';

/** The embedded user reference of part 1 §2.2. */
export function userRef(store: Store, user: User): Record<string, unknown> {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    state: user.state === 'active' ? 'active' : 'blocked',
    avatar_url: user.avatarUrl,
    web_url: `${store.baseUrl}/${user.username}`,
  };
}

export function userRefOrNull(store: Store, id: number | null | undefined): Record<string, unknown> | null {
  if (id == null) return null;
  const user = store.users.get(id);
  return user ? userRef(store, user) : null;
}

const profile = (store: Store, user: User): Record<string, unknown> =>
  inDialect(store.flavor, {
    bio: user.bio,
    location: user.location,
    messenger: user.messenger,
    professional_profile: user.professionalProfile,
    microblog: user.microblog,
    website_url: user.websiteUrl,
    organization: user.organization,
  });

function adminFields(store: Store, user: User): Record<string, unknown> {
  return {
    email: user.email,
    created_at: iso(user.createdAt),
    ...profile(store, user),
    last_sign_in_at: isoOrNull(user.lastSignInAt),
    current_sign_in_at: isoOrNull(user.currentSignInAt),
    confirmed_at: isoOrNull(user.confirmedAt),
    theme_id: user.themeId,
    last_activity_on: user.lastActivityAt == null ? null : dateOnly(user.lastActivityAt),
    color_scheme_id: user.colorSchemeId,
    projects_limit: user.projectsLimit,
    identities: user.identities.map((i) => ({ ...i })),
    can_create_group: user.canCreateGroup,
    can_create_project: user.canCreateProject,
    two_factor_enabled: user.twoFactorEnabled,
    external: user.external,
  };
}

/**
 * A user as `GET /users` and `GET /users/:id` show it: admins see the admin view (part 2 §2.4),
 * others the reference (lists) or the reference plus public profile (single).
 */
export function userView(store: Store, user: User, viewer: User | null, single: boolean): Record<string, unknown> {
  if (viewer?.admin) {
    const view: Record<string, unknown> = { ...userRef(store, user), ...adminFields(store, user), is_admin: user.admin };
    if (single) view.shared_runners_minutes_limit = user.sharedRunnersMinutesLimit;
    return view;
  }
  if (!single) return userRef(store, user);
  return { ...userRef(store, user), created_at: iso(user.createdAt), ...profile(store, user) };
}

/** `GET /user`: admins also get `is_admin` and `private_token`. */
export function currentUserView(store: Store, user: User): Record<string, unknown> {
  const view: Record<string, unknown> = { ...userRef(store, user), ...adminFields(store, user) };
  if (user.admin) {
    view.is_admin = true;
    view.shared_runners_minutes_limit = user.sharedRunnersMinutesLimit;
    view.private_token = user.privateToken;
  }
  return view;
}

/** Job `user`: reference plus a few profile fields (part 1 §2.10). */
export function jobUserView(store: Store, user: User): Record<string, unknown> {
  return {
    ...userRef(store, user),
    created_at: iso(user.createdAt),
    ...profile(store, user),
  };
}
