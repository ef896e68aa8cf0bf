import { both, entity, extend, gitlab } from '../entity.js';
import type { Email, GpgKey, ImpersonationToken, SshKey, User } from '../model.js';
import { dateOnly, iso } from '../time.js';

/** What users own: keys, emails, tokens, and when they were last active. */

/** `SSHKey` (lib/api/entities/ssh_key.rb). */
export const SSH_KEY = entity<SshKey>('SSHKey: lib/api/entities/ssh_key.rb', {
  id: both((k) => k.id),
  title: both((k) => k.title),
  key: both((k) => k.key),
  created_at: both((k) => iso(k.createdAt)),
  expires_at: both(() => null),
  last_used_at: gitlab(() => null),
  usage_type: both(() => 'auth_and_signing'),
});

/** `GpgKey` (lib/api/entities/gpg_key.rb). */
export const GPG_KEY = entity<GpgKey>('GpgKey: lib/api/entities/gpg_key.rb', {
  id: both((k) => k.id),
  key: both((k) => k.key),
  created_at: both((k) => iso(k.createdAt)),
});

/** `Email` (lib/api/entities/email.rb). */
export const EMAIL = entity<Email>('Email: lib/api/entities/email.rb', {
  id: both((e) => e.id),
  email: both((e) => e.email),
  confirmed_at: gitlab((e, v) => iso(v.store.users.get(e.userId)?.createdAt ?? 0)),
});

export type TokenSubject = { token: ImpersonationToken; now: number };

export const tokenActive = ({ token, now }: TokenSubject): boolean =>
  !token.revoked && (token.expiresAt === null || Date.parse(`${token.expiresAt}T23:59:59Z`) >= now);

/** `PersonalAccessToken` (lib/api/entities/personal_access_token.rb): also what `GET /personal_access_tokens/self` answers. */
export const PERSONAL_ACCESS_TOKEN = entity<TokenSubject>('PersonalAccessToken: lib/api/entities/personal_access_token.rb', {
  id: both(({ token }) => token.id),
  name: both(({ token }) => token.name),
  revoked: both(({ token }) => token.revoked),
  created_at: both(({ token }) => iso(token.createdAt)),
  description: gitlab(() => null),
  scopes: both(({ token }) => [...token.scopes]),
  user_id: both(({ token }) => token.userId),
  last_used_at: gitlab(() => null),
  active: both(tokenActive),
  expires_at: both(({ token }) => token.expiresAt),
  last_used_ips: gitlab(() => []),
});

/** `ImpersonationToken` (lib/api/entities/impersonation_token.rb): a personal access token marked so. */
export const IMPERSONATION_TOKEN = extend<TokenSubject, TokenSubject>(
  PERSONAL_ACCESS_TOKEN,
  'ImpersonationToken: lib/api/entities/impersonation_token.rb',
  { impersonation: both(() => true) },
);

/** `ImpersonationTokenWithToken`: the answer of a creation carries the secret once. */
export const IMPERSONATION_TOKEN_WITH_TOKEN = extend<TokenSubject, TokenSubject>(
  IMPERSONATION_TOKEN,
  'ImpersonationTokenWithToken: lib/api/entities/impersonation_token_with_token.rb',
  { token: both(({ token }) => token.token) },
);

/** `UserActivity` (lib/api/entities/user_activity.rb, with GitLab's `last_activity_at` of the same day). */
export const USER_ACTIVITY = entity<User>('UserActivity: lib/api/entities/user_activity.rb', {
  username: both((u) => u.username),
  last_activity_on: both((u) => dateOnly(u.lastActivityAt as number)),
  last_activity_at: both((u) => dateOnly(u.lastActivityAt as number)),
});
