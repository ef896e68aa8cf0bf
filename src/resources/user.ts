import { type Card, type CardLayout, span, text, whoWhen } from '../output/card.js';
import { type Columns, columnSet, type Fields, withCard } from '../output/columns.js';
import { when, yes } from './card-parts.js';

/** A user (part 2 §2.5); administrators and the user themself see more. */
export const USER_FIELDS: Fields = {
  spec: [
    'id',
    'username',
    'name',
    'state',
    'avatar_url',
    'web_url',
    'email',
    'created_at',
    'bio',
    'location',
    'messenger',
    'professional_profile',
    'microblog',
    'website_url',
    'organization',
    'last_sign_in_at',
    'current_sign_in_at',
    'confirmed_at',
    'theme_id',
    'last_activity_on',
    'color_scheme_id',
    'projects_limit',
    'identities',
    'can_create_group',
    'can_create_project',
    'two_factor_enabled',
    'external',
    'is_admin',
    'shared_runners_minutes_limit',
  ],
  gitlab: [
    'locked',
    'public_email',
    'pronouns',
    'bot',
    'job_title',
    'discord',
    'private_profile',
    'is_auditor',
    'note',
    'commit_email',
    'namespace_id',
    'created_by',
    'extra_shared_runners_minutes_limit',
    'using_license_seat',
    'followers',
    'following',
    'local_time',
    'work_information',
    'current_sign_in_ip',
    'last_sign_in_ip',
    'sign_in_count',
    'scim_identities',
    'is_followed',
    'email_reset_offered_at',
    'highest_role',
  ],
};

/** When a user was last active. */
export const ACTIVITY_FIELDS: Fields = {
  spec: ['username', 'last_activity_on', 'last_activity_at'],
};

/** An SSH key. */
export const SSH_KEY_FIELDS: Fields = {
  spec: ['id', 'title', 'key', 'created_at', 'expires_at', 'usage_type'],
  gitlab: ['last_used_at'],
};

/** A GPG key. */
export const GPG_KEY_FIELDS: Fields = {
  spec: ['id', 'key', 'created_at'],
};

/** An email address of a user. */
export const EMAIL_FIELDS: Fields = {
  spec: ['id', 'email'],
  gitlab: ['confirmed_at'],
};

/** An impersonation token; `token` only when it is created. */
export const IMPERSONATION_TOKEN_FIELDS: Fields = {
  spec: ['id', 'name', 'revoked', 'created_at', 'scopes', 'user_id', 'active', 'expires_at', 'impersonation', 'token'],
  gitlab: ['description', 'last_used_at', 'last_used_ips'],
};

interface User {
  name?: string;
  username?: string;
  state?: string;
  bot?: boolean;
  is_admin?: boolean;
  external?: boolean;
  created_at?: string;
  bio?: string | null;
  email?: string;
  public_email?: string | null;
  organization?: string;
  job_title?: string;
  location?: string;
  website_url?: string;
  last_sign_in_at?: string | null;
  last_activity_on?: string | null;
  web_url?: string;
}

export const userCard: CardLayout<User> = {
  card: (u, _extra, now): Card => ({
    title: String(u.name ?? u.username ?? ''),
    reference: u.username !== undefined ? `@${u.username}` : undefined,
    status: [
      typeof u.state === 'string' ? span(u.state, 'state', u.state) : undefined,
      yes(u.is_admin, 'Administrator', 'label'),
      yes(u.bot, 'Bot'),
      yes(u.external, 'External'),
      whoWhen(undefined, 'joined', u.created_at, now),
    ],
    fields: [
      { label: 'Email', value: text(u.public_email || u.email) },
      { label: 'Works at', value: text([u.job_title, u.organization].filter((s) => s).join(', ')) },
      { label: 'Location', value: text(u.location) },
      { label: 'Website', value: text(u.website_url) },
      { label: 'Signed in', value: when(u.last_sign_in_at, now) },
      { label: 'Active', value: typeof u.last_activity_on === 'string' ? when(`${u.last_activity_on}T00:00:00Z`, now) : undefined },
    ],
    body: u.bio ? { text: u.bio, what: 'bio' } : undefined,
    url: u.web_url,
  }),
};

/** Impersonation token list filter (part 2 §4.4). */
export const TOKEN_STATES = ['all', 'active', 'inactive'] as const;
/** Scopes an impersonation token may carry (part 2 §2.5). */
export const TOKEN_SCOPES = ['api', 'read_user'] as const;

export const userColumns: Columns = withCard(
  columnSet(
    [
      { key: 'id', kind: 'number', priority: 0 },
      { key: 'username', priority: 0 },
      { key: 'name', priority: 2 },
      { key: 'state', kind: 'state', priority: 1 },
      { key: 'email', priority: 2 },
      { key: 'web_url', header: 'url', priority: 3 },
    ],
    USER_FIELDS,
  ),
  userCard,
);

export const sshKeyColumns: Columns = columnSet(
  [
    { key: 'id', kind: 'number' },
    { key: 'title' },
    { key: 'usage_type', header: 'usage' },
    { key: 'created_at', header: 'created', kind: 'date' },
  ],
  SSH_KEY_FIELDS,
);

export const gpgKeyColumns: Columns = columnSet(
  [
    { key: 'id', kind: 'number' },
    { key: 'created_at', header: 'created', kind: 'date' },
    // The armored block is long; its first line of key material is enough to tell keys apart.
    { key: 'key', get: (k: { key?: unknown }) => armoredSummary(k.key) },
  ],
  GPG_KEY_FIELDS,
);

export const emailColumns: Columns = columnSet([{ key: 'id', kind: 'number' }, { key: 'email' }], EMAIL_FIELDS);

export const tokenColumns: Columns = columnSet(
  [
    { key: 'id', kind: 'number' },
    { key: 'name' },
    { key: 'active', kind: 'bool' },
    { key: 'revoked', kind: 'bool' },
    { key: 'scopes' },
    { key: 'expires_at', header: 'expires' },
    { key: 'created_at', header: 'created', kind: 'date' },
  ],
  IMPERSONATION_TOKEN_FIELDS,
);

export const activityColumns: Columns = columnSet(
  [{ key: 'username' }, { key: 'last_activity_on', header: 'last activity' }],
  ACTIVITY_FIELDS,
);

function armoredSummary(key: unknown): string {
  if (typeof key !== 'string') return '';
  const body = key
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('-----') && !/^[A-Za-z-]+: /.test(l));
  const first = body[0] ?? key.trim().split('\n')[0] ?? '';
  return first.length > 40 ? `${first.slice(0, 40)}…` : first;
}
