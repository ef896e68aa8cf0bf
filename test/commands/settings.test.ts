import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SETTINGS } from '../../src/resources/settings.js';
import { jsonReply, mockApi, runCli } from '../helpers/harness.js';

/** Part 2 §4.5 of the spec (the settings table), committed so that the check runs everywhere. */
const TABLE = path.resolve(import.meta.dirname, '../fixtures/settings-table.md');
const SHARED_SPEC = path.resolve(import.meta.dirname, '../../../shared/api/part2-projects-groups-merge-requests-users-settings.md');
const section = (spec: string) => spec.slice(spec.indexOf('### 4.5'), spec.indexOf('## 7.'));

describe('settings', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('declares every setting of the spec table exactly once', () => {
    const table = fs.readFileSync(TABLE, 'utf8');
    if (fs.existsSync(SHARED_SPEC))
      expect(table, 'test/fixtures/settings-table.md differs from §4.5 of the shared spec').toBe(
        section(fs.readFileSync(SHARED_SPEC, 'utf8')),
      );
    const names = new Set<string>();
    for (const row of table.split('\n').filter((l) => l.startsWith('| `'))) {
      const first = row.split('|')[1]!;
      for (const m of first.matchAll(/`([a-z0-9_]+)`/g)) names.add(m[1]!);
    }
    const declared = SETTINGS.map((s) => s.name);
    expect(new Set(declared).size).toBe(declared.length);
    expect([...names].sort()).toEqual([...declared].sort());
  });

  it('views the settings', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/application/settings', method: 'GET' }).reply(200, ...jsonReply({ id: 1, signup_enabled: true }));
    const r = await runCli(['settings', 'view'], { transport: api.transport });
    expect(r.stdout).toBe('id\t1\nsignup_enabled\ttrue\n');
  });

  it('sends typed values: booleans both ways, integers, decimals, lists, enums', async () => {
    api = mockApi();
    const body = {
      default_branch_protection: 1,
      default_project_visibility: 'internal',
      domain_whitelist: ['example.com', 'example.org'],
      rsa_key_restriction: -1,
      enabled_git_access_protocol: 'nil',
      polling_interval_multiplier: 1.5,
      restricted_visibility_levels: ['public'],
      signup_enabled: false,
      unique_ips_limit_enabled: true,
      unique_ips_limit_per_user: 10,
      unique_ips_limit_time_window: 3600,
      version_check_enabled: true,
    };
    api.pool
      .intercept({ path: '/api/v4/application/settings', method: 'PUT', body: JSON.stringify(body) })
      .reply(200, ...jsonReply({ id: 1, ...body }));
    const r = await runCli(
      [
        'settings',
        'update',
        '--version-check-enabled',
        '--no-signup-enabled',
        '--default-branch-protection',
        '1',
        '--default-project-visibility',
        'internal',
        '--domain-whitelist',
        'example.com,example.org',
        '--rsa-key-restriction',
        '-1',
        '--enabled-git-access-protocol',
        'nil',
        '--polling-interval-multiplier',
        '1.5',
        '--restricted-visibility-levels',
        'public',
        '--unique-ips-limit-enabled',
        '--unique-ips-limit-per-user',
        '10',
        '--unique-ips-limit-time-window',
        '3600',
        '-o',
        'json',
      ],
      { transport: api.transport, env: { COLLAB_FLAVOR: 'spec' } },
    );
    expect(r.stderr).toBe('Updated 12 application settings\n');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).signup_enabled).toBe(false);
  });

  it('refuses a conditional requirement, bad types and an empty update before sending', async () => {
    api = mockApi();
    const cases: [string[], string][] = [
      [['--webide-enabled'], '--webide-enabled needs --webide-url'],
      [['--jobqueue-throttling-enabled', '--jobqueue-throttling-factor', '0.5'], 'needs --jobqueue-throttling-queues'],
      [
        ['--jobqueue-throttling-enabled', '--jobqueue-throttling-factor', '1', '--jobqueue-throttling-queues', 'a'],
        'strictly between 0 and 1',
      ],
      [['--jobqueue-throttling-factor', '0'], 'strictly between 0 and 1'],
      [
        [
          '--metrics-enabled',
          '--metrics-host',
          'h',
          '--metrics-method-call-threshold',
          '10',
          '--metrics-packet-size',
          '1',
          '--metrics-pool-size',
          '1',
          '--metrics-sample-interval',
          '15',
        ],
        'needs --metrics-timeout',
      ],
      [['--captcha-enabled', '--captcha-site-key', 's'], 'needs --captcha-private-key'],
      [['--domain-blacklist-enabled', '--domain-blacklist', ''], 'needs --domain-blacklist'],
      [['--shared-runners-enabled'], 'needs --shared-runners-minutes'],
      [['--errtracker-enabled'], 'needs --errtracker-dsn'],
      [['--clientside-errtracker-enabled'], 'needs --clientside-errtracker-dsn'],
      [['--diagram-enabled'], 'needs --diagram-url'],
      [['--chat-app-enabled', '--chat-app-id', 'i'], 'needs --chat-app-secret and --chat-app-verification-token'],
      [['--unique-ips-limit-enabled', '--unique-ips-limit-per-user', '3'], 'needs --unique-ips-limit-time-window'],
      [['--default-branch-protection', '3'], '--default-branch-protection'],
      [['--default-group-visibility', 'secret'], '--default-group-visibility'],
      [['--max-artifacts-size', 'big'], '--max-artifacts-size'],
      [['--restricted-visibility-levels', 'public,hidden'], '--restricted-visibility-levels'],
      [['--signup-enabled', 'maybe'], 'too many arguments'],
      [[], 'nothing to change'],
    ];
    for (const [args, needle] of cases) {
      const r = await runCli(['settings', 'update', ...args], { transport: api.transport });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain(needle);
    }
  });

  it('turning a feature off needs nothing else', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/application/settings', method: 'PUT', body: JSON.stringify({ webide_enabled: false }) })
      .reply(200, ...jsonReply({ webide_enabled: false }));
    expect(
      (await runCli(['settings', 'update', '--no-webide-enabled'], { transport: api.transport, env: { COLLAB_FLAVOR: 'spec' } })).code,
    ).toBe(0);
  });
});
