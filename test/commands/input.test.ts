/**
 * Input is normalised or refused before it is sent, and --fields reads only what the server sent.
 * collab, run in-process as the binary runs it, against a server that records every request body.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type HostileServer, startHostileServer } from '../helpers/hostile.js';
import { runInProcess } from '../helpers/in-process.js';

const TOKEN = 'glpat-input-test-0123456789';
const STATS = { time_estimate: 0, total_time_spent: 0, human_time_estimate: null, human_total_time_spent: null };

describe('input normalised before it is sent', () => {
  let server: HostileServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    server = await startHostileServer({
      'POST /api/v4/projects/acme%2Fapi/issues/1/time_estimate': { body: STATS },
      'POST /api/v4/projects/acme%2Fapi/issues/1/add_spent_time': { status: 201, body: STATS },
      'GET /api/v4/projects/acme%2Fapi/issues': { body: [] },
      'GET /api/v4/projects/acme%2Fapi/issues/1': { body: JSON.parse('{"iid":1,"title":"t","__proto__":{"polluted":true}}') },
      'GET /api/v4/projects/acme%2Fapi/jobs/9/artifacts': { body: 'zip' },
    });
    env = { COLLAB_HOST: server.url, COLLAB_TOKEN: TOKEN };
  });
  afterAll(() => server?.close());
  afterEach(() => {
    server.requests.length = 0;
  });

  it('durations: a bare number is hours, decimals become whole units', async () => {
    const cases: [string[], string][] = [
      [['issue', 'estimate', '1', '3'], '3h'],
      [['issue', 'estimate', '1', '1.5h'], '1h30m'],
      [['issue', 'estimate', '1', '0.25d'], '2h'],
      [['issue', 'estimate', '1', '1w 2d'], '1w 2d'],
      [['issue', 'spend', '-p', 'acme/api', '1', '--', '-1.5'], '-1h30m'],
    ];
    for (const [args, sent] of cases) {
      const r = await runInProcess(args.includes('-p') ? args : [...args, '-p', 'acme/api'], env);
      expect(r.exitCode, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(JSON.parse(server.requests.at(-1)!.body), args.join(' ')).toEqual({ duration: sent });
    }
  });

  it('impossible UTC offsets, and CR/LF in --sudo or a token, are usage errors with nothing sent', async () => {
    const cases: [string[], Record<string, string>, RegExp][] = [
      [
        ['issue', 'list', '--created-after', '2026-01-01T00:00:00+99:99'],
        {},
        /^collab: invalid value for --created-after: .* has an impossible UTC offset \+99:99/,
      ],
      [['issue', 'list', '--created-before', '2026-01-01T00:00:00-12:75'], {}, /impossible UTC offset/],
      [['issue', 'list', '--sudo', 'root\r\nX-Injected: 1'], {}, /^collab: invalid value for --sudo: it contains a line break/],
      [['issue', 'list', '--sudo', 'ro\u0007ot'], {}, /^collab: invalid value for --sudo: it contains a control or non-ASCII character/],
      [['issue', 'list'], { COLLAB_TOKEN: `${TOKEN}\r\n` }, /^collab: COLLAB_TOKEN contains a line break/],
      [
        ['issue', 'list'],
        { COLLAB_TOKEN: '', COLLAB_OAUTH_TOKEN: `${TOKEN}\nX-Injected: 1` },
        /^collab: COLLAB_OAUTH_TOKEN contains a line break/,
      ],
      [
        ['job', 'artifacts', '9', '--dest', '-', '--job-token'],
        { CI_JOB_TOKEN: `${TOKEN}\r` },
        /^collab: CI_JOB_TOKEN contains a line break/,
      ],
    ];
    for (const [args, extra, message] of cases) {
      const r = await runInProcess([...args, '-p', 'acme/api'], { ...env, ...extra });
      expect(r.exitCode, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toContain(TOKEN);
    }
    expect(server.requests).toEqual([]);
  });

  it('--fields reads own properties only: toString, constructor and __proto__ are not fields', async () => {
    // Inherited names are no issue's fields: each is an unknown field (exit 2 before anything is
    // sent, nothing printed), never the prototype's value; nor is __proto__, whatever a server sends.
    for (const name of ['toString', 'constructor', 'hasOwnProperty', '__proto__']) {
      const json = await runInProcess(['issue', 'view', '1', '-p', 'acme/api', '--fields', `${name},title`, '-o', 'json'], env);
      expect(json.exitCode, json.stderr).toBe(2);
      expect(json.stderr).toContain(`unknown field "${name}"`);
      expect(json.stdout).toBe('');
    }
    expect(server.requests).toEqual([]);
    const tsv = await runInProcess(['issue', 'view', '1', '-p', 'acme/api', '--fields', 'title.length,title'], env);
    expect(tsv.stdout).toBe('title.length\t\ntitle\tt');
    // A path below a field reads own keys only, never the prototype's.
    const proto = await runInProcess(['issue', 'view', '1', '-p', 'acme/api', '--fields', 'title,title.constructor', '-o', 'json'], env);
    expect(proto.stdout.trim()).toBe('{"title":"t","title.constructor":null}');
  });
});
