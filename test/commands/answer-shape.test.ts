/**
 * A 2xx that is valid JSON of the wrong shape is an error too: collab (run in this process as the
 * binary runs it) against a server answering `{}`, `[]`, `"ok"`, `null` or nothing where a command
 * expects an issue, a list or a job. Exit 1, one line naming the host and what came, nothing
 * printed and no "done" notice; the answers a command does expect (GitLab's `true`/`null`/`false`
 * for block and unblock, a 204 for a deletion) still succeed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type BinResult, tempDir } from '../helpers/e2e.js';
import { runInProcess } from '../helpers/in-process.js';
import { JSON_HEADERS } from '../helpers/json-answer.js';
import { type OddServer, oddServer } from '../helpers/odd-server.js';

const TOKEN = 'shape-token-0123456789';

let servers: OddServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

/** A server answering every request with `status` and `body` (raw text; undefined: no body). */
async function answering(status: number, body: string | undefined): Promise<OddServer> {
  const s = await oddServer((_req, res) => {
    res.writeHead(status, body === undefined ? {} : JSON_HEADERS);
    res.end(body);
  });
  servers.push(s);
  return s;
}

function run(s: OddServer, args: string[], env: Record<string, string> = {}): Promise<BinResult> {
  return runInProcess(args, { COLLAB_HOST: s.url, COLLAB_TOKEN: TOKEN, COLLAB_CONFIG_DIR: tempDir(), ...env });
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Exit 1, stdout empty, one `collab:` line naming the host, the status, what was wanted and what came. */
function expectWrongShape(r: BinResult, s: OddServer, status: number, wanted: string, got: string): void {
  expect(r.exitCode, r.stderr).toBe(1);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines[0]).toBe(`collab: ${status} from ${s.host} was not the answer collab expects (${wanted}): got ${got}`);
  expect(
    lines.slice(1).every((l) => l.startsWith('hint: ')),
    r.stderr,
  ).toBe(true);
  expect(r.stderr).not.toMatch(/unexpected error|#undefined|^(created|closed|deleted|moved|added|blocked)/m);
  // A verdict on the answer, not a network failure: not retried.
  expect(s.seen).toHaveLength(1);
}

const P = ['-p', 'acme/api'];

describe('an answer of the wrong shape is an error, before anything is printed', () => {
  const wrongIssue: [string | undefined, string][] = [
    ['{}', '{}'],
    ['{"id":501,"title":"no iid"}', '{"id":501,"title":"no iid"}'],
    ['{"iid":null}', '{"iid":null}'],
    ['[]', '[]'],
    ['[{"iid":5}]', '[{"iid":5}]'],
    ['"ok"', '"ok"'],
    ['null', 'null'],
    ['true', 'true'],
    ['42', '42'],
    [undefined, 'an empty body'],
  ];

  for (const [body, got] of wrongIssue) {
    it(`issue create answered 201 ${body ?? '(no body)'}: exit 1, not "created issue #undefined"`, async () => {
      const s = await answering(201, body);
      expectWrongShape(await run(s, ['issue', 'create', ...P, '--title', 'x']), s, 201, 'an object with "iid"', got);
    });
  }

  for (const [body, got] of wrongIssue.filter(([b]) => b !== '{"id":501,"title":"no iid"}')) {
    it(`issue close answered 200 ${body ?? '(no body)'}: exit 1, not "closed"`, async () => {
      const s = await answering(200, body);
      expectWrongShape(await run(s, ['issue', 'close', '5', ...P]), s, 200, 'an object with "iid"', got);
    });
  }

  it('views in every output format check the answer first', async () => {
    for (const format of ['json', 'ndjson', 'tsv', 'table']) {
      const s = await answering(200, '[{"iid":5}]');
      expectWrongShape(await run(s, ['issue', 'view', '5', ...P, '-o', format]), s, 200, 'an object with "iid"', '[{"iid":5}]');
      const j = await answering(200, '"ok"');
      expectWrongShape(await run(j, ['job', 'view', '9', ...P, '-o', format]), j, 200, 'an object with "id"', '"ok"');
    }
  });

  it('an action answered {} or a scalar (job retry, issue move, mr approve, project star)', async () => {
    for (const args of [
      ['job', 'retry', '9', ...P],
      ['issue', 'move', '5', ...P, '--to', '12'],
      ['mr', 'approve', '3', ...P],
      ['project', 'star', ...P],
    ]) {
      for (const [body, wanted] of [
        ['{}', 'a non-empty object'],
        ['"done"', 'a non-empty object'],
        ['[]', 'a non-empty object'],
      ]) {
        const s = await answering(201, body);
        expectWrongShape(await run(s, args), s, 201, wanted!, body!);
      }
    }
  });

  it('a list page that is not a list of objects', async () => {
    for (const [body, got] of [
      ['{"iid":5}', '{"iid":5}'],
      ['[1,2,3]', '[1,2,3]'],
      ['[{"id":1},null]', '[{"id":1},null]'],
      ['"ok"', '"ok"'],
    ]) {
      const s = await answering(200, body!);
      expectWrongShape(await run(s, ['issue', 'list', ...P, '-o', 'ndjson']), s, 200, 'a list of objects', got!);
    }
  });

  it('what came is cut short and has no control sequences', async () => {
    const long = JSON.stringify({ note: `\u001b]52;c;ZXZpbA==\u0007${'x'.repeat(200)}` });
    const s = await answering(201, `[${long}]`);
    const r = await run(s, ['issue', 'create', ...P, '--title', 'x']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(r.stderr.split('\n')[0]!.length).toBeLessThan(250);
    expect(r.stderr).toMatch(/got \[\{"note":.*…$/m);
  });

  it('auth login saves nothing when /user is not a user', async () => {
    for (const body of ['{}', '[]', '"ok"', 'null']) {
      const s = await answering(200, body);
      const dir = tempDir();
      const r = await runInProcess(
        ['auth', 'login', '--host', s.url, '--token-stdin'],
        { COLLAB_CONFIG_DIR: dir },
        { input: 'candidate-token-123' },
      );
      expect(r.exitCode, r.stderr).toBe(1);
      expect(r.stderr).toMatch(
        new RegExp(`^collab: 200 from ${literal(s.host)} was not the answer collab expects \\(an object with "username"\\)`),
      );
      expect(r.stderr).not.toMatch(/Logged in/);
      expect(fs.existsSync(path.join(dir, 'config.json')) ? fs.readFileSync(path.join(dir, 'config.json'), 'utf8') : '').not.toContain(
        'candidate-token-123',
      );
    }
  });
});

describe('the answers a command does expect still succeed', () => {
  it('a whole issue, a job, a list', async () => {
    let s = await answering(201, JSON.stringify({ id: 501, iid: 5, title: 'Crash' }));
    let r = await run(s, ['issue', 'create', ...P, '--title', 'Crash', '-o', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^Created issue #5 \(Crash\)/);
    s = await answering(201, JSON.stringify({ id: 9, name: 'test', status: 'pending' }));
    r = await run(s, ['job', 'retry', '9', ...P, '-o', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    for (const body of ['[]', '[{"id":1,"iid":1,"title":"a"}]', undefined]) {
      s = await answering(200, body);
      r = await run(s, ['issue', 'list', ...P, '-o', 'ndjson']);
      expect(r.exitCode, r.stderr).toBe(0);
    }
  });

  it('a deletion answered 204, 200 {} or 202 {"message"}', async () => {
    for (const [status, body] of [
      [204, undefined],
      [200, '{}'],
      [202, '{"message":"202 Accepted"}'],
    ] as const) {
      const s = await answering(status, body);
      const r = await run(s, ['issue', 'delete', '5', ...P, '--yes']);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/^Deleted issue #5\b/);
    }
    for (const body of ['[]', '"ok"', 'true']) {
      const s = await answering(200, body);
      expectWrongShape(await run(s, ['issue', 'delete', '5', ...P, '--yes']), s, 200, 'nothing or an object', body);
    }
  });

  it(
    "block and unblock: GitLab's true, null or (before 15.x, the state machine's) " +
      'false (already blocked), false (not blocked); anything else is not',
    async () => {
      const cases: [string, string | undefined, RegExp][] = [
        ['block', 'true', /^Blocked user 7\b/],
        ['block', 'null', /already blocked/],
        ['block', undefined, /already blocked/],
        ['block', 'false', /already blocked/],
        ['block', '{"id":7,"state":"blocked"}', /^Blocked user 7\b/],
        ['unblock', 'true', /^Unblocked user 7\b/],
        ['unblock', 'false', /was not blocked/],
      ];
      for (const [verb, body, notice] of cases) {
        const s = await answering(201, body);
        const r = await run(s, ['user', verb, '7']);
        expect([r.exitCode, r.stdout], `${verb} ${body}: ${r.stderr}`).toEqual([0, '']);
        expect(r.stderr).toMatch(notice);
      }
      for (const [verb, body] of [
        ['block', '"ok"'],
        ['block', '0'],
        ['unblock', 'null'],
        ['unblock', '[]'],
      ] as const) {
        const s = await answering(201, body);
        expectWrongShape(await run(s, ['user', verb, '7']), s, 201, 'a non-empty object', body);
      }
    },
  );

  it("answers that are not resources: time stats, GitLab's cancel-auto-merge, an upload, an LDAP link", async () => {
    let s = await answering(
      201,
      JSON.stringify({ time_estimate: 10800, total_time_spent: 0, human_time_estimate: '3h', human_total_time_spent: null }),
    );
    let r = await run(s, ['issue', 'estimate', '5', '3h', ...P]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^Set the time estimate of issue #5 to 3h$/);
    s = await answering(201, '{}');
    expectWrongShape(await run(s, ['issue', 'estimate', '5', '3h', ...P]), s, 201, 'an object with "time_estimate"', '{}');
    s = await answering(201, '{"status":"success"}');
    r = await run(s, ['mr', 'cancel-auto-merge', '3', ...P, '-o', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    s = await answering(201, '{"cn":"devs","group_access":30,"provider":"ldapmain"}');
    r = await run(s, [
      'group',
      'ldap-link',
      'add',
      '-g',
      'acme',
      '--cn',
      'devs',
      '--group-access',
      '30',
      '--provider',
      'ldapmain',
      '-o',
      'json',
    ]);
    expect(r.exitCode, r.stderr).toBe(0);
  });
});
