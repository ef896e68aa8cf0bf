import type { Fields } from '../output/columns.js';
import { METRICS_SETTINGS } from '../shared/spec-names.js';

/**
 * The application settings of part 2 §4.5, as data: the `settings update` flags and the
 * conditional-requirement checks are both generated from this table.
 */

export type SettingType = 'string' | 'bool' | 'int' | 'decimal' | 'list' | 'enum';

export interface Setting {
  name: string;
  type: SettingType;
  note: string;
  /** Enum values, or the allowed entries of a list. */
  choices?: readonly string[];
  min?: number;
  max?: number;
  /** Bounds that the value may not reach (`0 < x < 1`). */
  exclusive?: boolean;
  /** Settings that must be given too when this boolean is turned on. */
  requires?: readonly string[];
}

const VISIBILITY = ['private', 'internal', 'public'] as const;

const s = (name: string, type: SettingType, note: string, extra: Partial<Setting> = {}): Setting => ({ name, type, note, ...extra });

export const SETTINGS: readonly Setting[] = [
  s('admin_notification_email', 'string', 'receives abuse reports when set'),
  s('after_sign_out_path', 'string', 'redirect after logout'),
  s('after_sign_up_text', 'string', 'text shown after sign-up'),
  s('spamfilter_api_key', 'string', 'spam filter API key'),
  s('spamfilter_enabled', 'bool', 'spam filter'),
  s('allow_group_owners_to_manage_ldap', 'bool', 'group owners may manage LDAP'),
  s('authorized_keys_enabled', 'bool', 'write authorized_keys; disable only if the SSH server looks keys up from the database'),
  s('clientside_errtracker_dsn', 'string', 'client-side error tracker DSN'),
  s('clientside_errtracker_enabled', 'bool', 'client-side error reporting', { requires: ['clientside_errtracker_dsn'] }),
  s('container_registry_token_expire_delay', 'int', 'container registry token lifetime in minutes', { min: 0 }),
  s('default_artifacts_expire_in', 'string', 'default artifact expiry (e.g. "30 days")'),
  s('default_branch_protection', 'int', '0 not protected, 1 partially (developers push), 2 fully protected', { min: 0, max: 2 }),
  s('default_group_visibility', 'enum', 'default visibility of new groups', { choices: VISIBILITY }),
  s('default_project_visibility', 'enum', 'default visibility of new projects', { choices: VISIBILITY }),
  s('default_snippet_visibility', 'enum', 'default visibility of new snippets', { choices: VISIBILITY }),
  s('default_projects_limit', 'int', 'projects per user', { min: 0 }),
  s('disabled_oauth_sign_in_sources', 'list', 'OAuth sign-in sources to disable'),
  s('domain_blacklist_enabled', 'bool', 'refuse sign-up from the --domain-blacklist domains', { requires: ['domain_blacklist'] }),
  s('domain_blacklist', 'list', 'email domains refused at sign-up'),
  s('domain_whitelist', 'list', 'only these email domains may sign up (empty: no restriction)'),
  s('rsa_key_restriction', 'int', 'minimum RSA key size in bits (0 no restriction, -1 disables the type)', { min: -1 }),
  s('dsa_key_restriction', 'int', 'minimum DSA key size in bits (0 no restriction, -1 disables the type)', { min: -1 }),
  s('ecdsa_key_restriction', 'int', 'minimum ECDSA key size in bits (0 no restriction, -1 disables the type)', { min: -1 }),
  s('ed25519_key_restriction', 'int', 'minimum ED25519 key size in bits (0 no restriction, -1 disables the type)', { min: -1 }),
  s('searchengine_cloud', 'bool', 'use a cloud-hosted search engine'),
  s('searchengine_cloud_access_key', 'string', 'cloud search engine access key'),
  s('searchengine_cloud_secret_access_key', 'string', 'cloud search engine secret access key'),
  s('searchengine_cloud_region', 'string', 'cloud search engine region'),
  s('searchengine_experimental_indexer', 'bool', 'experimental search indexer'),
  s('searchengine_indexing', 'bool', 'search engine indexing'),
  s('searchengine_search', 'bool', 'search through the search engine'),
  s('searchengine_url', 'string', 'search engine URL (comma-separated for clusters)'),
  s('email_author_in_body', 'bool', 'put the author in the email body'),
  // Both: `nil` in the spec and older GitLab, `all` in newer GitLab (each refuses the other's word).
  s('enabled_git_access_protocol', 'enum', "git access protocol (both: nil on the spec's servers and older GitLab, all on newer GitLab)", {
    choices: ['ssh', 'http', 'nil', 'all'],
  }),
  s('geo_status_timeout', 'int', 'seconds', { min: 0 }),
  s('avatarservice_enabled', 'bool', 'avatar service'),
  s('help_page_hide_commercial_content', 'bool', 'hide commercial content on the help page'),
  s('help_page_support_url', 'string', 'support URL on the help page'),
  s('help_text', 'string', 'help text'),
  s('home_page_url', 'string', 'redirect target when not logged in'),
  s('housekeeping_enabled', 'bool', 'repository housekeeping'),
  s('housekeeping_bitmaps_enabled', 'bool', 'housekeeping bitmaps'),
  s('housekeeping_full_repack_period', 'int', 'pushes between full repacks', { min: 0 }),
  s('housekeeping_gc_period', 'int', 'pushes between garbage collections', { min: 0 }),
  s('housekeeping_incremental_repack_period', 'int', 'pushes between incremental repacks', { min: 0 }),
  s('html_emails_enabled', 'bool', 'HTML emails'),
  s('import_sources', 'list', 'sources allowed for project import'),
  s('webide_enabled', 'bool', 'web IDE', { requires: ['webide_url'] }),
  s('webide_url', 'string', 'web IDE URL'),
  s('max_artifacts_size', 'int', 'MB', { min: 0 }),
  s('max_attachment_size', 'int', 'MB', { min: 0 }),
  s('max_pages_size', 'int', 'MB', { min: 0 }),
  s('metrics_enabled', 'bool', 'time-series metrics', {
    requires: [...METRICS_SETTINGS],
  }),
  s('metrics_host', 'string', 'metrics host'),
  s('metrics_method_call_threshold', 'int', 'ms', { min: 0 }),
  s('metrics_packet_size', 'int', 'datapoints per UDP packet', { min: 0 }),
  s('metrics_pool_size', 'int', 'connections', { min: 0 }),
  s('metrics_sample_interval', 'int', 'seconds', { min: 0 }),
  s('metrics_timeout', 'int', 'seconds', { min: 0 }),
  s('metrics_port', 'int', 'UDP port', { min: 1, max: 65535 }),
  s('password_authentication_enabled', 'bool', 'password sign-in'),
  s('performance_bar_allowed_group_id', 'string', 'group allowed to see the performance bar'),
  s('performance_bar_enabled', 'bool', 'performance bar'),
  s('diagram_enabled', 'bool', 'diagram rendering', { requires: ['diagram_url'] }),
  s('diagram_url', 'string', 'diagram service URL'),
  s('polling_interval_multiplier', 'decimal', '0 disables polling', { min: 0 }),
  s('project_export_enabled', 'bool', 'project export'),
  s('prometheus_metrics_enabled', 'bool', 'Prometheus metrics'),
  s('captcha_enabled', 'bool', 'captcha at sign-up', { requires: ['captcha_private_key', 'captcha_site_key'] }),
  s('captcha_private_key', 'string', 'captcha private key'),
  s('captcha_site_key', 'string', 'captcha site key'),
  s('repository_checks_enabled', 'bool', 'periodic repository integrity check'),
  s('repository_size_limit', 'int', 'MB', { min: 0 }),
  s('repository_storages', 'list', 'enabled storage names (new projects land in one at random)'),
  s('require_two_factor_authentication', 'bool', 'require two-factor authentication'),
  s('restricted_visibility_levels', 'list', 'visibility levels non-admins cannot use', { choices: VISIBILITY }),
  s('send_user_confirmation_email', 'bool', 'confirmation email at sign-up'),
  s('errtracker_enabled', 'bool', 'error tracker', { requires: ['errtracker_dsn'] }),
  s('errtracker_dsn', 'string', 'error tracker DSN'),
  s('session_expire_delay', 'int', 'minutes; restart needed', { min: 0 }),
  s('shared_runners_enabled', 'bool', 'shared runners for new projects', { requires: ['shared_runners_minutes'] }),
  s('shared_runners_minutes', 'int', 'monthly pipeline minutes per group', { min: 0 }),
  s('shared_runners_text', 'string', 'shared runners text'),
  s('jobqueue_throttling_enabled', 'bool', 'job queue throttling', {
    requires: ['jobqueue_throttling_factor', 'jobqueue_throttling_queues'],
  }),
  s('jobqueue_throttling_factor', 'decimal', 'strictly between 0 and 1', { min: 0, max: 1, exclusive: true }),
  s('jobqueue_throttling_queues', 'list', 'throttled queues'),
  s('sign_in_text', 'string', 'text on the sign-in page'),
  s('signup_enabled', 'bool', 'sign-up'),
  s('chat_app_enabled', 'bool', 'chat app', { requires: ['chat_app_id', 'chat_app_secret', 'chat_app_verification_token'] }),
  s('chat_app_id', 'string', 'chat app id'),
  s('chat_app_secret', 'string', 'chat app secret'),
  s('chat_app_verification_token', 'string', 'chat app verification token'),
  s('terminal_max_session_time', 'int', 'seconds; 0 unlimited', { min: 0 }),
  s('two_factor_grace_period', 'int', 'hours', { min: 0 }),
  s('unique_ips_limit_enabled', 'bool', 'limit sign-ins from distinct IPs', {
    requires: ['unique_ips_limit_per_user', 'unique_ips_limit_time_window'],
  }),
  s('unique_ips_limit_per_user', 'int', 'distinct IPs per user', { min: 0 }),
  s('unique_ips_limit_time_window', 'int', 'seconds', { min: 0 }),
  s('usage_ping_enabled', 'bool', 'weekly usage report'),
  s('user_default_external', 'bool', 'new users are external'),
  s('user_oauth_applications', 'bool', 'users may register OAuth applications'),
  s('version_check_enabled', 'bool', 'version check'),
];

export const settingFlag = (name: string): string => `--${name.replace(/_/g, '-')}`;

/** The application settings (part 2 §4.5): every setting of the table, with the record's id and times. */
export const SETTINGS_FIELDS: Fields = { spec: ['id', 'created_at', 'updated_at', ...SETTINGS.map((s) => s.name)] };
