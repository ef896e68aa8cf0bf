import { describe, expect, it } from 'vitest';
import { flavorOfVersion, parseFlavor } from '../../src/config/detect-flavor.js';
import { eitherWay, notShown, specField } from '../../src/executor/host-dialect.js';
import { getPath, plainValue } from '../../src/output/values.js';
import { SETTINGS } from '../../src/resources/settings.js';
import {
  dialectMatters,
  GITLAB_NAMES,
  otherName,
  refusalIn,
  serverMethod,
  serverName,
  serverParams,
  showsInAnswer,
  unchangedNotice,
} from '../../src/shared/dialect.js';
import { GITLAB_PAIRS as PAIRS } from '../helpers/gitlab-names.js';

describe('the dialect table', () => {
  it('names what GitLab names otherwise, both ways, and nothing else', () => {
    for (const [spec, gitlab] of PAIRS) {
      expect(serverName(spec, 'gitlab')).toBe(gitlab);
      expect(serverName(spec, 'spec')).toBe(spec);
      expect(otherName(gitlab)).toBe(spec);
      expect(otherName(spec)).toBe(gitlab);
      expect(getPath(eitherWay({ [gitlab]: 'x' }), spec)).toBe('x');
      expect(getPath(eitherWay({ [spec]: 'y' }), gitlab)).toBe('y');
      expect(specField(gitlab)).toBe(spec);
      expect(specField(spec)).toBe(spec);
    }
    expect(GITLAB_NAMES).toEqual(Object.fromEntries(PAIRS));
  });

  it('leaves the settings GitLab names like the spec alone, and maps every neutral word', () => {
    const mapped = new Set(PAIRS.map(([spec]) => spec));
    const neutral = /^(clientside_)?(spamfilter|errtracker|searchengine|webide|diagram|chat_app|captcha|avatarservice|jobqueue)_/;
    for (const { name } of SETTINGS) {
      if (neutral.test(name)) expect(mapped.has(name), name).toBe(true);
      if (!mapped.has(name)) expect(serverName(name, 'gitlab'), name).toBe(name);
    }
    // Same name on GitLab (deprecated or not): sent as they are.
    for (const name of [
      'performance_bar_allowed_group_id',
      'performance_bar_enabled',
      'help_text',
      'enabled_git_access_protocol',
      'housekeeping_bitmaps_enabled',
      'repository_storages',
      'usage_ping_enabled',
      'shared_runners_minutes',
      'sign_in_text',
      'metrics_enabled',
    ])
      expect(serverName(name, 'gitlab')).toBe(name);
  });

  it('knows the settings GitLab takes but never shows', () => {
    expect(showsInAnswer('performance_bar_enabled', 'gitlab')).toBe(false);
    expect(showsInAnswer('performance_bar_enabled', 'spec')).toBe(true);
    expect(showsInAnswer('performance_bar_enabled', undefined)).toBe(false);
    expect(showsInAnswer('spamfilter_enabled', 'gitlab')).toBe(true);
  });

  it('reads a 2xx service answer that reports a failure as the failure it is', () => {
    expect(refusalIn('POST', { status: 'error', message: "Can't cancel the automatic merge", http_status: 406 })).toEqual({
      status: 406,
      message: "Can't cancel the automatic merge",
    });
    expect(refusalIn('POST', { status: 'error' })).toEqual({ status: 422, message: 'the server refused' });
    expect(refusalIn('POST', { status: 'success' })).toBeUndefined();
    // A resource that has a status field is no service result.
    expect(refusalIn('POST', { id: 3, status: 'error' })).toBeUndefined();
    expect(refusalIn('GET', { status: 'error', message: 'x' })).toBeUndefined();
    expect(refusalIn('POST', [{ status: 'error' }])).toBeUndefined();
  });

  it('renames parameters for GitLab only, and knows when the flavour matters', () => {
    expect(serverParams({ spamfilter_enabled: true, signup_enabled: false }, 'gitlab')).toEqual({
      akismet_enabled: true,
      signup_enabled: false,
    });
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
    expect(unchangedNotice('POST', '/users/7/block', null)).toBe('User 7 was already blocked: nothing changed');
    expect(unchangedNotice('POST', '/users/7/block', undefined)).toBe('User 7 was already blocked: nothing changed');
    expect(unchangedNotice('POST', '/users/7/block', true)).toBeUndefined();
    // GitLab before 15.x: the state machine's `false` for a user already blocked.
    expect(unchangedNotice('POST', '/users/7/block', false)).toBe('User 7 was already blocked: nothing changed');
    expect(unchangedNotice('POST', '/users/7/unblock', false)).toBe('User 7 was not blocked: nothing changed');
    expect(unchangedNotice('POST', '/users/7/unblock', true)).toBeUndefined();
    expect(unchangedNotice('POST', '/users/7/unblock', { id: 7 })).toBeUndefined();
    expect(unchangedNotice('POST', '/users/7/emails', null)).toBeUndefined();
  });

  it('tells the flavour from GET /version, and whether to store it', () => {
    expect(flavorOfVersion(200, { version: '17.6.1-ee', revision: 'abc' })).toEqual({ flavor: 'gitlab', store: true });
    expect(
      flavorOfVersion(200, {
        version: '16.11.2',
        revision: '7d8e9f0a1b2',
        kas: { enabled: true, externalUrl: null, version: '16.11.2' },
        enterprise: true,
      }),
    ).toEqual({ flavor: 'gitlab', store: true });
    expect(flavorOfVersion(404, { message: '404 Not Found' })).toEqual({ flavor: 'spec', store: true });
    expect(flavorOfVersion(200, { name: 'something else' })).toEqual({ flavor: 'spec', store: true });
    expect(flavorOfVersion(403, { message: '403 Forbidden' })).toEqual({ flavor: 'gitlab', store: false });
    // GitLab wants a token for /version: its 401 to an anonymous caller says the endpoint exists.
    expect(flavorOfVersion(401, { message: '401 Unauthorized' })).toEqual({ flavor: 'gitlab', store: false });
    // A sign-in page, a broken server: nothing to tell.
    expect(flavorOfVersion(200, '<html>')).toBeUndefined();
    expect(flavorOfVersion(302, undefined)).toBeUndefined();
    expect(flavorOfVersion(502, undefined)).toBeUndefined();
  });

  it('checks a flavour given by hand', () => {
    expect(parseFlavor(' GitLab ', 'COLLAB_FLAVOR')).toBe('gitlab');
    expect(() => parseFlavor('gitea', 'COLLAB_FLAVOR')).toThrow('invalid value for COLLAB_FLAVOR: "gitea" is not one of spec, gitlab');
  });

  it('hands answers back readable under either name, as the server sent them to JSON', () => {
    const answer = eitherWay([{ approvals_left: 1, detail: { akismet_submitted: true }, title: 'x' }]);
    expect(getPath(answer, '0.approvals_missing')).toBe(1);
    expect(getPath(answer, '0.approvals_left')).toBe(1);
    expect(getPath(answer, '0.detail.spamfilter_submitted')).toBe(true);
    expect(getPath(answer, '0.nope')).toBeUndefined();
    expect(JSON.stringify(answer)).toBe('[{"approvals_left":1,"detail":{"akismet_submitted":true},"title":"x"}]');
    expect(Object.keys(answer[0]!)).toEqual(['approvals_left', 'detail', 'title']);
    // A field the server sent under both names keeps both values.
    expect(eitherWay({ approvals_left: 1, approvals_missing: 2 })).toEqual({ approvals_left: 1, approvals_missing: 2 });
    expect(specField('skype.x')).toBe('messenger.x');
  });

  it('knows the names of fields only: what every object inherits is no name of either dialect', () => {
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      expect(specField(name)).toBe(name);
      expect(otherName(name)).toBeUndefined();
      expect(serverName(name, 'gitlab')).toBe(name);
    }
    const answer = eitherWay({ constructor: 1, toString: 2 });
    expect(Object.getOwnPropertyNames(answer)).toEqual(['constructor', 'toString']);
  });

  it('tells which parameters a write sent that the answer does not show, and in which dialect it shows them', () => {
    const gitlabAnswer = eitherWay({ akismet_enabled: true, default_projects_limit: 5 });
    expect(notShown(['spamfilter_enabled', 'default_projects_limit'], gitlabAnswer, 'gitlab')).toEqual({ ignored: [], sentIn: 'gitlab' });
    // Sent the spec's way to a server answering GitLab's: the alias added for reading does not count.
    expect(notShown(['spamfilter_enabled'], gitlabAnswer, 'spec')).toEqual({
      ignored: ['spamfilter_enabled'],
      sentIn: 'spec',
      speaks: { flavor: 'gitlab', names: ['akismet_enabled'] },
    });
    expect(notShown(['no_such_setting'], gitlabAnswer, undefined)).toEqual({ ignored: ['no_such_setting'], sentIn: 'spec' });
    // GitLab accepts performance_bar_enabled without showing it.
    expect(notShown(['performance_bar_enabled'], {}, 'gitlab').ignored).toEqual([]);
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
