import { describe, expect, it } from 'vitest';
import {
  dialectMatters,
  flavorOfVersion,
  otherName,
  parseFlavor,
  readEither,
  serverMethod,
  serverName,
  serverParams,
  unchangedNotice,
} from '../../src/api/dialect.js';
import { plainValue, readField } from '../../src/output/values.js';

describe('the dialect table', () => {
  it('names what GitLab names otherwise (doc/api/settings.md, users.md, merge_request_approvals.md)', () => {
    const pairs: [string, string][] = [
      ['spamfilter_enabled', 'akismet_enabled'],
      ['spamfilter_api_key', 'akismet_api_key'],
      ['searchengine_url', 'elasticsearch_url'],
      ['searchengine_cloud', 'elasticsearch_aws'],
      ['searchengine_cloud_region', 'elasticsearch_aws_region'],
      ['avatarservice_enabled', 'gravatar_enabled'],
      ['captcha_site_key', 'recaptcha_site_key'],
      ['errtracker_dsn', 'sentry_dsn'],
      ['diagram_url', 'plantuml_url'],
      ['chat_app_verification_token', 'slack_app_verification_token'],
      ['domain_blacklist', 'domain_denylist'],
      ['domain_whitelist', 'domain_allowlist'],
      ['password_authentication_enabled', 'password_authentication_enabled_for_web'],
      ['messenger', 'skype'],
      ['professional_profile', 'linkedin'],
      ['microblog', 'twitter'],
      ['approvals_missing', 'approvals_left'],
      ['spamfilter_submitted', 'akismet_submitted'],
    ];
    for (const [spec, gitlab] of pairs) {
      expect(serverName(spec, 'gitlab')).toBe(gitlab);
      expect(serverName(spec, 'spec')).toBe(spec);
      expect(otherName(gitlab)).toBe(spec);
    }
    expect(serverName('default_projects_limit', 'gitlab')).toBe('default_projects_limit');
    expect(otherName('title')).toBeUndefined();
  });

  it('renames parameters for GitLab only, and knows when the flavour matters', () => {
    expect(serverParams({ spamfilter_enabled: true, signup_enabled: false }, 'gitlab')).toEqual({ akismet_enabled: true, signup_enabled: false });
    expect(serverParams({ spamfilter_enabled: true }, 'spec')).toEqual({ spamfilter_enabled: true });
    expect(dialectMatters('PUT', '/application/settings', ['signup_enabled'])).toBe(false);
    expect(dialectMatters('PUT', '/application/settings', ['signup_enabled', 'captcha_enabled'])).toBe(true);
    expect(dialectMatters('PUT', '/projects/1/merge_requests/3/cancel_merge_when_pipeline_succeeds', [])).toBe(true);
    expect(dialectMatters('PUT', '/projects/1/merge_requests/3/merge', [])).toBe(false);
  });

  it('routes cancel_merge_when_pipeline_succeeds as POST on GitLab', () => {
    const path = '/projects/acme%2Fapi/merge_requests/3/cancel_merge_when_pipeline_succeeds';
    expect(serverMethod('PUT', path, 'gitlab')).toBe('POST');
    expect(serverMethod('PUT', path, 'spec')).toBe('PUT');
    expect(serverMethod('PUT', '/projects/1/merge_requests/3', 'gitlab')).toBe('PUT');
  });

  it('reads block/unblock answers that say nothing changed, whatever the flavour', () => {
    expect(unchangedNotice('POST', '/users/7/block', null)).toBe('user 7 was already blocked');
    expect(unchangedNotice('POST', '/users/7/block', undefined)).toBe('user 7 was already blocked');
    expect(unchangedNotice('POST', '/users/7/block', true)).toBeUndefined();
    expect(unchangedNotice('POST', '/users/7/unblock', false)).toBe('user 7 was not blocked');
    expect(unchangedNotice('POST', '/users/7/unblock', true)).toBeUndefined();
    expect(unchangedNotice('POST', '/users/7/unblock', { id: 7 })).toBeUndefined();
    expect(unchangedNotice('POST', '/users/7/emails', null)).toBeUndefined();
  });

  it('tells the flavour from GET /version', () => {
    expect(flavorOfVersion(200, { version: '17.6.1-ee', revision: 'abc' })).toBe('gitlab');
    expect(flavorOfVersion(404, { message: '404 Not Found' })).toBe('spec');
    expect(flavorOfVersion(200, '<html>')).toBe('spec');
    expect(flavorOfVersion(502, undefined)).toBeUndefined();
  });

  it('checks a flavour given by hand', () => {
    expect(parseFlavor(' GitLab ', 'COLLAB_FLAVOR')).toBe('gitlab');
    expect(() => parseFlavor('gitea', 'COLLAB_FLAVOR')).toThrow('invalid value for COLLAB_FLAVOR: "gitea" is not one of spec, gitlab');
  });

  it('reads a field under either name', () => {
    expect(readEither({ approvals_left: 1 }, 'approvals_missing')).toBe(1);
    expect(readEither({ approvals_missing: 2 }, 'approvals_left')).toBe(2);
    expect(readField({ detail: { akismet_submitted: true } }, 'detail.spamfilter_submitted')).toBe(true);
    expect(readField({ title: 'x' }, 'nope')).toBeUndefined();
  });
});

describe('nested objects in views', () => {
  it('shows an object holding a user as itself, a wrapper of a user as the user', () => {
    const pipeline = { id: 42, sha: 'abc', ref: 'main', status: 'running', user: { id: 2, username: 'alice' } };
    expect(plainValue(pipeline)).toBe('#42 running');
    expect(plainValue({ user: { id: 2, username: 'alice' } })).toBe('alice');
    expect(plainValue([{ user: { username: 'alice' } }, { user: { username: 'carol' } }])).toBe('alice,carol');
  });
});
