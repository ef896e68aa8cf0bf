import { METRICS_SETTINGS } from '../shared/spec-names.js';

/** Instance settings as a fresh GitLab reports them (names as in part 2 §4.5). */
export function defaultSettings(): Record<string, unknown> {
  return {
    admin_notification_email: null,
    after_sign_out_path: null,
    after_sign_up_text: null,
    spamfilter_api_key: null,
    spamfilter_enabled: false,
    allow_group_owners_to_manage_ldap: true,
    authorized_keys_enabled: true,
    clientside_errtracker_dsn: null,
    clientside_errtracker_enabled: false,
    container_registry_token_expire_delay: 5,
    default_artifacts_expire_in: '30 days',
    default_branch_protection: 2,
    default_group_visibility: 'private',
    default_project_visibility: 'private',
    default_snippet_visibility: 'private',
    default_projects_limit: 100000,
    disabled_oauth_sign_in_sources: [],
    domain_blacklist_enabled: false,
    domain_blacklist: [],
    domain_whitelist: null,
    rsa_key_restriction: 0,
    dsa_key_restriction: 0,
    ecdsa_key_restriction: 0,
    ed25519_key_restriction: 0,
    searchengine_cloud: false,
    searchengine_cloud_access_key: null,
    searchengine_cloud_secret_access_key: null,
    searchengine_cloud_region: 'us-east-1',
    searchengine_experimental_indexer: false,
    searchengine_indexing: false,
    searchengine_search: false,
    searchengine_url: 'http://localhost:9200',
    email_author_in_body: false,
    enabled_git_access_protocol: null,
    geo_status_timeout: 10,
    avatarservice_enabled: true,
    help_page_hide_commercial_content: false,
    help_page_support_url: null,
    help_text: null,
    home_page_url: null,
    housekeeping_enabled: true,
    housekeeping_bitmaps_enabled: true,
    housekeeping_full_repack_period: 50,
    housekeeping_gc_period: 200,
    housekeeping_incremental_repack_period: 10,
    html_emails_enabled: true,
    import_sources: ['git', 'gitlab_project'],
    webide_enabled: false,
    webide_url: null,
    max_artifacts_size: 100,
    max_attachment_size: 10,
    max_pages_size: 100,
    metrics_enabled: false,
    metrics_host: 'localhost',
    metrics_method_call_threshold: 10,
    metrics_packet_size: 1,
    metrics_pool_size: 16,
    metrics_sample_interval: 15,
    metrics_timeout: 10,
    metrics_port: 8089,
    password_authentication_enabled: true,
    performance_bar_allowed_group_id: null,
    performance_bar_enabled: false,
    diagram_enabled: false,
    diagram_url: null,
    polling_interval_multiplier: 1.0,
    project_export_enabled: true,
    prometheus_metrics_enabled: true,
    captcha_enabled: false,
    captcha_private_key: null,
    captcha_site_key: null,
    repository_checks_enabled: true,
    repository_size_limit: 0,
    repository_storages: ['default'],
    require_two_factor_authentication: false,
    restricted_visibility_levels: null,
    send_user_confirmation_email: false,
    errtracker_enabled: false,
    errtracker_dsn: null,
    session_expire_delay: 10080,
    shared_runners_enabled: true,
    shared_runners_minutes: 0,
    shared_runners_text: null,
    jobqueue_throttling_enabled: false,
    jobqueue_throttling_factor: 0.0,
    jobqueue_throttling_queues: [],
    sign_in_text: null,
    signup_enabled: true,
    chat_app_enabled: false,
    chat_app_id: null,
    chat_app_secret: null,
    chat_app_verification_token: null,
    terminal_max_session_time: 0,
    two_factor_grace_period: 48,
    unique_ips_limit_enabled: false,
    unique_ips_limit_per_user: 10,
    unique_ips_limit_time_window: 3600,
    usage_ping_enabled: true,
    user_default_external: false,
    user_oauth_applications: true,
    version_check_enabled: true,
  };
}

export type SettingType = 'string' | 'boolean' | 'integer' | 'decimal' | 'string[]' | 'visibility' | 'visibility[]' | 'git-access-protocol';

/** Types used to coerce `PUT /application/settings` parameters. Anything not listed is a string. */
export const SETTING_TYPES: Record<string, SettingType> = {};
for (const [name, value] of Object.entries(defaultSettings())) {
  if (typeof value === 'boolean') SETTING_TYPES[name] = 'boolean';
  else if (typeof value === 'number')
    SETTING_TYPES[name] = Number.isInteger(value) && !name.endsWith('_multiplier') && !name.endsWith('_factor') ? 'integer' : 'decimal';
  else if (Array.isArray(value)) SETTING_TYPES[name] = 'string[]';
  else SETTING_TYPES[name] = 'string';
}
SETTING_TYPES.domain_whitelist = 'string[]';
SETTING_TYPES.enabled_git_access_protocol = 'git-access-protocol';
SETTING_TYPES.restricted_visibility_levels = 'visibility[]';
SETTING_TYPES.default_group_visibility = 'visibility';
SETTING_TYPES.default_project_visibility = 'visibility';
SETTING_TYPES.default_snippet_visibility = 'visibility';
SETTING_TYPES.performance_bar_allowed_group_id = 'string';

/** `req if X`: when the switch is on, these settings must have a value. */
export const CONDITIONAL_REQUIREMENTS: Record<string, string[]> = {
  clientside_errtracker_enabled: ['clientside_errtracker_dsn'],
  domain_blacklist_enabled: ['domain_blacklist'],
  webide_enabled: ['webide_url'],
  metrics_enabled: [...METRICS_SETTINGS],
  diagram_enabled: ['diagram_url'],
  captcha_enabled: ['captcha_private_key', 'captcha_site_key'],
  errtracker_enabled: ['errtracker_dsn'],
  shared_runners_enabled: ['shared_runners_minutes'],
  jobqueue_throttling_enabled: ['jobqueue_throttling_factor', 'jobqueue_throttling_queues'],
  chat_app_enabled: ['chat_app_id', 'chat_app_secret', 'chat_app_verification_token'],
  unique_ips_limit_enabled: ['unique_ips_limit_per_user', 'unique_ips_limit_time_window'],
};
