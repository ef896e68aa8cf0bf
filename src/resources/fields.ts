import type { Fields } from '../output/columns.js';
import { SETTINGS } from './settings.js';

/**
 * The fields of each kind of answer, known before anything is sent: `--fields` names are checked
 * against them (exit 2 before any request), and `--fields` alone lists them. `spec` are the
 * attributes the API spec (shared/api) documents for the answer, exactly as the sandbox sends them
 * (test/sandbox/answer-fields.test.ts runs every command against it, in both dialects, so the
 * lists cannot drift); `gitlab` are attributes only real GitLab adds (its API documentation), which
 * a server that follows the spec answers as `null`. Either dialect's name of a renamed field is
 * accepted (the dialect layer, src/executor/host-dialect.ts). Anything else real GitLab sends:
 * `-o json --jq`, or `collab api`.
 *
 * This file: users and application settings; issue-fields.ts and project-fields.ts: the others.
 */

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

/** The application settings (part 2 §4.5): every setting of the table, with the record's id and times. */
export const SETTINGS_FIELDS: Fields = { spec: ['id', 'created_at', 'updated_at', ...SETTINGS.map((s) => s.name)] };
