/**
 * Bulk verbs: collab run in-process as the binary runs it against the sandbox (several ids, --stdin
 * from a list's NDJSON, a 404 among them, bad ids, --yes off a terminal) and against a server that
 * answers 429 (one rate-limit budget for every worker). One question on a terminal:
 * test/e2e/bulk.test.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API, ndjson, openIssueIids, sentTo } from '../helpers/bulk-sandbox.js';
import type { SandboxFixture } from '../helpers/e2e.js';
import { runInProcess, startSandboxInProcess } from '../helpers/in-process.js';
import { JSON_HEADERS, json } from '../helpers/json-answer.js';

describe('bulk verbs against the sandbox', () => {
  let sb: SandboxFixture;
  const sent = (method: string, pattern: RegExp) => sentTo(sb, method, pattern);
  const openIids = (n: number) => openIssueIids(sb, n);

  beforeAll(async () => {
    sb = await startSandboxInProcess({ seed: 'demo' });
  });
  afterAll(() => sb?.close());
  beforeEach(() => sb.clearRequests());

  it('several ids as arguments: one NDJSON result each, in the order given; a 404 among them is exit 1', async () => {
    const [a, b] = await openIids(2);
    await sb.clearRequests();
    const r = await sb.run(['issue', 'close', String(a), '99999', String(b), '-p', API, '-o', 'ndjson']);
    expect(r.exitCode, r.stderr).toBe(1);
    const results = ndjson(r.stdout);
    expect(results).toEqual([
      { iid: a, ok: true },
      { iid: 99999, ok: false, status: 404, error: expect.stringMatching(/^404 /) },
      { iid: b, ok: true },
    ]);
    // Each issue is read first (already closed is no change); the missing one goes no further.
    expect(sent('PUT', /\/issues\/\d+$/)).toHaveLength(2);
    expect(sent('GET', /\/issues\/99999$/)).toHaveLength(1);
    expect(r.stderr).toContain('collab: 1 of 3 failed');
    const view = await sb.run(['issue', 'view', String(b), '-p', API, '-o', 'json']);
    expect(JSON.parse(view.stdout).state).toBe('closed');
    // --fields and --jq work on the results; a field they do not have is exit 2, nothing sent.
    const picked = await sb.run(['issue', 'reopen', String(a), '99999', '-p', API, '-o', 'ndjson', '--fields', 'iid,status']);
    expect(ndjson(picked.stdout)).toEqual([
      { iid: a, status: null },
      { iid: 99999, status: 404 },
    ]);
    const jq = await sb.run(['issue', 'reopen', String(a), '99999', '-p', API, '--jq', '[.[] | select(.ok | not) | .iid]', '-r']);
    expect(JSON.parse(jq.stdout)).toEqual([99999]);
    await sb.clearRequests();
    const unknown = await sb.run(['issue', 'reopen', String(a), String(b), '-p', API, '-o', 'ndjson', '--fields', 'title']);
    expect(unknown.exitCode).toBe(2);
    expect(sb.requests()).toEqual([]);
  });

  it('issue list -o ndjson | issue close --stdin closes every issue listed; -o json is one array', async () => {
    const list = await sb.run(['issue', 'list', '-p', API, '--state', 'opened', '--per-page', '5', '-o', 'ndjson']);
    const listed = ndjson(list.stdout).map((i) => i.iid);
    expect(listed).toHaveLength(5);
    await sb.clearRequests();
    const r = await sb.run(['issue', 'close', '--stdin', '-o', 'ndjson', '--concurrency', '3'], {}, { input: list.stdout });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toEqual(listed.map((iid) => ({ iid, ok: true })));
    // The project came from each object's project_id: no -p, no checkout.
    expect(sent('PUT', /^\/api\/v4\/projects\/1\/issues\/\d+$/)).toHaveLength(5);
    const reopened = await sb.run(
      ['issue', 'reopen', '-p', API, '--stdin', '-o', 'json'],
      {},
      { input: JSON.stringify(listed.map((iid) => ({ iid }))) },
    );
    expect(reopened.exitCode, reopened.stderr).toBe(0);
    expect(JSON.parse(reopened.stdout)).toEqual(listed.map((iid) => ({ iid, ok: true })));
    // Plain lines work too, blank ones and CRLF ignored, and a repeated id is sent once.
    await sb.clearRequests();
    const lines = await sb.run(
      ['issue', 'subscribe', '-p', API, '--stdin'],
      {},
      { input: `${listed[0]}\r\n\n${listed[1]}\n${listed[0]}\n` },
    );
    expect(lines.exitCode, lines.stderr).toBe(0);
    expect(sent('POST', /\/subscribe$/)).toHaveLength(2);
    expect(lines.stdout).toBe('');
  });

  it('bad ids on standard input are exit 2 before anything is sent', async () => {
    const cases: [string, RegExp][] = [
      ['4\nfour\n', /standard input, line 2.*"four"/],
      ['{"iid":4}\n{"id":5}\n', /standard input, line 2: the object has no "iid"/],
      ['{"iid":4}\n{"iid":\n', /standard input, line 2: not valid JSON/],
      ['{"iid":"4a"}\n', /standard input, line 1: "iid" is not a whole number/],
      ['[{"iid":1},"x"]', /standard input, item 2/],
    ];
    for (const [input, message] of cases) {
      const r = await sb.run(['issue', 'close', '-p', API, '--stdin'], {}, { input });
      expect(r.exitCode, input).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    const both = await sb.run(['issue', 'close', '4', '-p', API, '--stdin'], {}, { input: '5\n' });
    expect(both.exitCode).toBe(2);
    const none = await sb.run(['issue', 'close', '-p', API]);
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain('missing argument <iid>');
    const concurrency = await sb.run(['issue', 'close', '4', '5', '-p', API, '--concurrency', '0']);
    expect(concurrency.exitCode).toBe(2);
    expect(sb.requests()).toEqual([]);
    // Nothing on standard input: nothing to do.
    const empty = await sb.run(['issue', 'close', '-p', API, '--stdin', '-o', 'json'], {}, { input: '' });
    expect(empty.exitCode).toBe(0);
    expect(JSON.parse(empty.stdout)).toEqual([]);
  });

  it('an irreversible verb needs --yes off a terminal (nothing sent); with it, each item is deleted', async () => {
    const iids = await openIids(3);
    await sb.clearRequests();
    const refused = await sb.run(['issue', 'delete', '-p', API, '--stdin'], {}, { input: iids.join('\n') });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain(`refusing to delete issue #${iids[0]} in ${API} and 2 more without --yes`);
    expect(sb.requests()).toEqual([]);
    const r = await sb.run(['issue', 'delete', '-p', API, '--stdin', '--yes', '-o', 'ndjson'], {}, { input: iids.join('\n') });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toEqual(iids.map((iid) => ({ iid, ok: true })));
    expect(sent('DELETE', /\/issues\/\d+$/)).toHaveLength(3);
  });

  it('mr approve, user block/unblock and job retry/cancel take several ids', async () => {
    const mrs = await sb.run(['mr', 'list', '-p', API, '--state', 'opened', '--per-page', '2', '-o', 'ndjson']);
    const mrIids = ndjson(mrs.stdout).map((m) => m.iid);
    const approve = await sb.run(['mr', 'approve', '--stdin', '-o', 'ndjson'], {}, { input: mrs.stdout });
    expect(approve.exitCode, approve.stderr).toBe(0);
    expect(ndjson(approve.stdout)).toEqual(mrIids.map((iid) => ({ iid, ok: true })));

    const users = await sb.run(['user', 'list', '--username', 'bob', '-o', 'json']);
    const bob = JSON.parse(users.stdout)[0].id;
    const block = await sb.run(['user', 'block', String(bob), '999999', '-o', 'ndjson']);
    expect(block.exitCode).toBe(1);
    expect(ndjson(block.stdout)).toEqual([
      { id: bob, ok: true },
      { id: 999999, ok: false, status: 404, error: expect.any(String) },
    ]);
    const unblock = await sb.run(['user', 'unblock', '--stdin'], {}, { input: `{"id":${bob}}\n` });
    expect(unblock.exitCode, unblock.stderr).toBe(0);
    expect(unblock.stderr).toContain(`Unblocked user ${bob}`);

    const jobs = await sb.run(['job', 'list', '-p', API, '--per-page', '3', '-o', 'ndjson']);
    const jobIds = ndjson(jobs.stdout).map((j) => j.id);
    await sb.clearRequests();
    const retry = await sb.run(['job', 'retry', '-p', API, '--stdin', '-o', 'ndjson'], {}, { input: jobs.stdout });
    // A retry's record is the new job, with the job retried in retried_id.
    expect(ndjson(retry.stdout).map((x) => x.retried_id)).toEqual(jobIds);
    expect(ndjson(retry.stdout).every((x) => x.ok === true && !jobIds.includes(x.id))).toBe(true);
    expect(sent('POST', /\/jobs\/\d+\/retry$/)).toHaveLength(3);
    const cancel = await sb.run(['job', 'cancel', ...jobIds.map(String), '-p', API, '-o', 'ndjson']);
    expect(ndjson(cancel.stdout).map((x) => x.id)).toEqual(jobIds);
    expect(sent('POST', /\/jobs\/\d+\/cancel$/)).toHaveLength(3);
  });
});

describe('one rate-limit budget for every worker', () => {
  /**
   * Issues 1..6 closed two at a time (each read, then closed). The first request for issue 1 waits until issue 2's has
   * arrived, then gets 429 (Retry-After: 1); issue 2 is answered right after. The retry of issue
   * 1 is held a moment before it is answered. Every event is logged in the order the server sees it.
   */
  let server: http.Server;
  let url: string;
  const events: string[] = [];
  let release: (() => void) | undefined;
  beforeAll(async () => {
    let throttled = false;
    let retried = false;
    let secondArrived!: () => void;
    const second = new Promise<void>((r) => {
      secondArrived = r;
    });
    server = http.createServer((req, res) => {
      const iid = Number(/\/issues\/(\d+)$/.exec(req.url ?? '')?.[1]);
      req.resume();
      // collab reads each issue first (already closed is no change), then closes it.
      const state = req.method === 'GET' ? 'opened' : 'closed';
      const answer = () => {
        json(res, 200, { id: 100 + iid, iid, project_id: 1, state, title: `Issue ${iid}` });
      };
      if ((req.method !== 'PUT' && req.method !== 'GET') || !iid) {
        json(res, 404, { message: '404 Not Found' });
        return;
      }
      events.push(`arrive ${iid}`);
      if (iid === 2) secondArrived();
      if (iid === 1 && !throttled) {
        throttled = true;
        void second.then(() => {
          res.writeHead(429, { ...JSON_HEADERS, 'retry-after': '1' });
          res.end('{"message":"429 Too Many Requests"}', () => {
            events.push('429 sent');
            release?.();
          });
        });
        return;
      }
      if (iid === 2 && release === undefined) {
        // Answered once the 429 is out.
        release = answer;
        return;
      }
      if (iid === 1 && !retried) {
        retried = true;
        setTimeout(() => {
          answer();
          events.push('1 answered');
        }, 300);
        return;
      }
      answer();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('a 429 to one worker holds back the others until the throttled request, sent again first, is answered', async () => {
    const r = await runInProcess(['issue', 'close', '1', '2', '3', '4', '5', '6', '-p', '1', '--concurrency', '2', '-o', 'ndjson'], {
      COLLAB_HOST: url,
      COLLAB_TOKEN: 'any',
      COLLAB_FLAVOR: 'spec',
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toEqual([1, 2, 3, 4, 5, 6].map((iid) => ({ iid, ok: true })));
    const after429 = events.slice(events.indexOf('429 sent') + 1);
    const retry = after429.indexOf('arrive 1');
    // At most the one request sent before the 429 reached the client comes in between.
    expect(after429.slice(0, retry).length, events.join(', ')).toBeLessThanOrEqual(1);
    // Nothing arrives while the retry waits for its answer.
    expect(after429[retry + 1], events.join(', ')).toBe('1 answered');
    // Two requests per issue, and the one sent again.
    expect(events.filter((e) => e.startsWith('arrive'))).toHaveLength(13);
  });
});
