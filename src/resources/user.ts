import { type Column, type Columns, columnSet } from '../output/format.js';

/** Impersonation token list filter (part 2 §4.4). */
export const TOKEN_STATES = ['all', 'active', 'inactive'] as const;
/** Scopes an impersonation token may carry (part 2 §2.5). */
export const TOKEN_SCOPES = ['api', 'read_user'] as const;

export const userColumns: Columns = columnSet([
  { key: 'id', kind: 'number' },
  { key: 'username' },
  { key: 'name' },
  { key: 'state', kind: 'state' },
  { key: 'email' },
  { key: 'web_url', header: 'url' },
], ['id', 'username', 'name', 'state', 'locked', 'avatar_url', 'web_url', 'email', 'public_email', 'created_at', 'bio', 'location', 'pronouns', 'bot', 'job_title', 'messenger', 'professional_profile', 'microblog', 'skype', 'linkedin', 'twitter', 'discord', 'website_url', 'organization', 'last_sign_in_at', 'current_sign_in_at', 'confirmed_at', 'theme_id', 'last_activity_on', 'color_scheme_id', 'projects_limit', 'identities', 'can_create_group', 'can_create_project', 'two_factor_enabled', 'external', 'private_profile', 'is_admin', 'is_auditor', 'note', 'commit_email', 'namespace_id', 'created_by', 'shared_runners_minutes_limit', 'extra_shared_runners_minutes_limit', 'using_license_seat', 'followers', 'following', 'local_time', 'work_information', 'current_sign_in_ip', 'last_sign_in_ip', 'sign_in_count', 'scim_identities']);

export const sshKeyColumns: Column[] = [
  { key: 'id', kind: 'number' },
  { key: 'title' },
  { key: 'usage_type', header: 'usage' },
  { key: 'created_at', header: 'created', kind: 'date' },
];

export const gpgKeyColumns: Column[] = [
  { key: 'id', kind: 'number' },
  { key: 'created_at', header: 'created', kind: 'date' },
  // The armored block is long; its first line of key material is enough to tell keys apart.
  { key: 'key', get: (k: { key?: unknown }) => armoredSummary(k.key) },
];

export const emailColumns: Column[] = [
  { key: 'id', kind: 'number' },
  { key: 'email' },
];

export const tokenColumns: Column[] = [
  { key: 'id', kind: 'number' },
  { key: 'name' },
  { key: 'active', kind: 'bool' },
  { key: 'revoked', kind: 'bool' },
  { key: 'scopes' },
  { key: 'expires_at', header: 'expires' },
  { key: 'created_at', header: 'created', kind: 'date' },
];

export const activityColumns: Column[] = [
  { key: 'username' },
  { key: 'last_activity_on', header: 'last activity' },
];

function armoredSummary(key: unknown): string {
  if (typeof key !== 'string') return '';
  const body = key
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('-----') && !/^[A-Za-z-]+: /.test(l));
  const first = body[0] ?? key.trim().split('\n')[0] ?? '';
  return first.length > 40 ? `${first.slice(0, 40)}…` : first;
}
