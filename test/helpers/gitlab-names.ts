import { SETTINGS } from '../../src/resources/settings.js';

/**
 * Every spec name GitLab spells otherwise, written out from GitLab's documentation and source
 * (doc/api/settings.md, lib/api/settings.rb, lib/api/entities/application_setting.rb,
 * doc/api/users.md, lib/api/users.rb, doc/api/merge_request_approvals.md, doc/api/issues.md,
 * lib/api/entities/project.rb), not from collab's table: the tests of the dialect (unit,
 * in-process, end to end, python-gitlab) check the table against this list.
 */
export const GITLAB_PAIRS: readonly [spec: string, gitlab: string][] = [
  // Application settings. admin_notification_email: accepted, converted, answered as abuse_…
  ['admin_notification_email', 'abuse_notification_email'],
  ['spamfilter_api_key', 'akismet_api_key'],
  ['spamfilter_enabled', 'akismet_enabled'],
  ['clientside_errtracker_dsn', 'sentry_clientside_dsn'],
  ['clientside_errtracker_enabled', 'clientside_sentry_enabled'],
  ['domain_blacklist_enabled', 'domain_denylist_enabled'],
  ['domain_blacklist', 'domain_denylist'],
  ['domain_whitelist', 'domain_allowlist'],
  ['searchengine_cloud', 'elasticsearch_aws'],
  ['searchengine_cloud_access_key', 'elasticsearch_aws_access_key'],
  ['searchengine_cloud_secret_access_key', 'elasticsearch_aws_secret_access_key'],
  ['searchengine_cloud_region', 'elasticsearch_aws_region'],
  ['searchengine_experimental_indexer', 'elasticsearch_experimental_indexer'],
  ['searchengine_indexing', 'elasticsearch_indexing'],
  ['searchengine_search', 'elasticsearch_search'],
  ['searchengine_url', 'elasticsearch_url'],
  ['avatarservice_enabled', 'gravatar_enabled'],
  ['webide_enabled', 'koding_enabled'],
  ['webide_url', 'koding_url'],
  ['password_authentication_enabled', 'password_authentication_enabled_for_web'],
  ['diagram_enabled', 'plantuml_enabled'],
  ['diagram_url', 'plantuml_url'],
  ['captcha_enabled', 'recaptcha_enabled'],
  ['captcha_private_key', 'recaptcha_private_key'],
  ['captcha_site_key', 'recaptcha_site_key'],
  ['errtracker_enabled', 'sentry_enabled'],
  ['errtracker_dsn', 'sentry_dsn'],
  ['jobqueue_throttling_enabled', 'sidekiq_throttling_enabled'],
  ['jobqueue_throttling_factor', 'sidekiq_throttling_factor'],
  ['jobqueue_throttling_queues', 'sidekiq_throttling_queues'],
  ['chat_app_enabled', 'slack_app_enabled'],
  ['chat_app_id', 'slack_app_id'],
  ['chat_app_secret', 'slack_app_secret'],
  ['chat_app_verification_token', 'slack_app_verification_token'],
  // Users (create, update, views).
  ['messenger', 'skype'],
  ['professional_profile', 'linkedin'],
  ['microblog', 'twitter'],
  // Approval status.
  ['approvals_missing', 'approvals_left'],
  // Issue user agent detail.
  ['spamfilter_submitted', 'akismet_submitted'],
  // Project answers (the request parameter is printing_merge_request_link_enabled on both).
  ['printing_merge_requests_link_enabled', 'printing_merge_request_link_enabled'],
];

/** The settings among them (part 2 §4.5). */
export const SETTING_PAIRS = GITLAB_PAIRS.slice(
  0,
  GITLAB_PAIRS.findIndex(([spec]) => spec === 'messenger'),
);

export const USER_PAIRS = GITLAB_PAIRS.filter(([spec]) => ['messenger', 'professional_profile', 'microblog'].includes(spec));

/** `settings update` arguments for every renamed setting, in one spelling; the values each sends. */
export function renamedSettingArgs(spelling: 'spec' | 'gitlab', on: boolean): { argv: string[]; values: Record<string, unknown> } {
  const argv: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [spec, gitlab] of SETTING_PAIRS) {
    const flag = `--${(spelling === 'spec' ? spec : gitlab).replace(/_/g, '-')}`;
    const type = SETTINGS.find((s) => s.name === spec)?.type;
    if (type === 'bool') {
      argv.push(on ? flag : flag.replace(/^--/, '--no-'));
      values[spec] = on;
    } else if (type === 'list') {
      argv.push(flag, on ? 'a.example,b.example' : 'c.example');
      values[spec] = on ? ['a.example', 'b.example'] : ['c.example'];
    } else if (type === 'decimal') {
      argv.push(flag, on ? '0.5' : '0.25');
      values[spec] = on ? 0.5 : 0.25;
    } else {
      const value = spec.includes('email') ? `${on ? 'on' : 'off'}@example.com` : `${on ? 'on' : 'off'}-${spec}`;
      argv.push(flag, value);
      values[spec] = value;
    }
  }
  return { argv, values };
}
