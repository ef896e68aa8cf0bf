/**
 * The spine against the cases its first tests did not try: pagination that runs away only at
 * some concurrencies, NO_PROXY written as CIDR ranges and ports, headers given with `-H`,
 * credentials in a URL's userinfo, JSON under an empty Content-Type, `--fields` through lists,
 * durations and date-times written the ways people write them. collab's entry, run in-process as
 * the binary runs it, against small node:http servers; request counts, never elapsed time.
 */
import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type BinResult, tempDir } from '../helpers/e2e.js';
import { startHostileServer } from '../helpers/hostile.js';
import { runInProcess } from '../helpers/in-process.js';
import { json } from '../helpers/json-answer.js';
import { connectProxy, type OddServer, oddServer, type TestProxy } from '../helpers/odd-server.js';
import { ndjsonIds } from '../helpers/pages.js';

const TOKEN = 'edges-token-0123456789';

let closers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(closers.map((s) => s.close()));
  closers = [];
});

async function serve(handler: (req: http.IncomingMessage, res: http.ServerResponse, n: number) => void): Promise<OddServer> {
  const s = await oddServer(handler);
  closers.push(s);
  return s;
}

async function proxy(): Promise<TestProxy> {
  const p = await connectProxy();
  closers.push(p);
  return p;
}

function run(s: OddServer, args: string[], env: Record<string, string> = {}): Promise<BinResult> {
  return runInProcess(args, { COLLAB_HOST: s.url, COLLAB_TOKEN: TOKEN, COLLAB_CONFIG_DIR: tempDir(), ...env });
}

const pageOf = (req: http.IncomingMessage) => Number(new URL(req.url!, 'http://x').searchParams.get('page') ?? 1);
const ids = ndjsonIds;

describe('pagination behaves the same at every concurrency', () => {
  for (const concurrency of ['1', '4', '8', '16']) {
    it(`a server that ignores page and numbers what it sends anew stops at the repeat (concurrency ${concurrency})`, async () => {
      const s = await serve((req, res, n) =>
        json(
          res,
          200,
          [
            { id: n * 10 + 1, iid: n * 10 + 1, title: 'First' },
            { id: n * 10 + 2, iid: n * 10 + 2, title: 'Second' },
          ],
          { 'x-next-page': String(pageOf(req) + 1) },
        ),
      );
      const r = await run(s, ['issue', 'list', '-p', 'acme/api', '--all', '--concurrency', concurrency, '-o', 'ndjson']);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(ids(r)).toEqual([11, 12]);
      expect(r.stderr).toMatch(
        /^collab: warning: the server repeated page 2 \(the same items as the page before, under other ids\); stopping$/m,
      );
      expect(s.seen.length).toBeLessThanOrEqual(Number(concurrency) + 1);
    });

    it(
      `a server that serves fewer items than asked, without X-Per-Page, is read to its last ` + `page (concurrency ${concurrency})`,
      async () => {
        // 7 items, 2 a page whatever per_page says; pages name the next one by a Link only.
        const s = await serve((req, res) => {
          const page = pageOf(req);
          const items = [1, 2, 3, 4, 5, 6, 7].slice((page - 1) * 2, page * 2).map((id) => ({ id, iid: id, title: `Issue ${id}` }));
          const next = page * 2 < 7 ? { link: `<${req.url!.split('?')[0]}?page=${page + 1}&per_page=100&state=opened>; rel="next"` } : {};
          json(res, 200, items, next);
        });
        const r = await run(s, ['issue', 'list', '-p', 'acme/api', '--all', '--concurrency', concurrency, '-o', 'ndjson']);
        expect(r.exitCode, r.stderr).toBe(0);
        expect(ids(r)).toEqual([1, 2, 3, 4, 5, 6, 7]);
        expect(r.stderr).toBe('');
      },
    );

    it(`a next link back to a page already read stops with a notice (concurrency ${concurrency})`, async () => {
      const s = await serve((req, res) => {
        const page = pageOf(req);
        const next =
          `<http://elsewhere.example:9${req.url!.split('?')[0]}?per_page=100&state=opened&page=${page === 3 ? 1 : page + 1}>; ` +
          `rel="next"`;
        json(res, 200, [{ id: page, iid: page, title: `Issue ${page}` }], { link: next });
      });
      const r = await run(s, ['issue', 'list', '-p', 'acme/api', '--all', '--concurrency', concurrency, '-o', 'ndjson']);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(ids(r)).toEqual([1, 2, 3]);
      expect(r.stderr).toMatch(/^collab: warning: the server's next link points at page 1, already read; stopping$/m);
      expect(s.seen.every((x) => x.url.startsWith('/api/v4/'))).toBe(true);
    });
  }
});

describe('NO_PROXY as curl and Go read it', () => {
  const answer = (_req: http.IncomingMessage, res: http.ServerResponse) => json(res, 200, { id: 1, username: 'root' });

  it('a CIDR range or an address with the right port bypasses the proxy; another port does not', async () => {
    const s = await serve(answer);
    const port = new URL(s.url).port;
    for (const [noProxy, viaProxy] of [
      ['127.0.0.0/8', false],
      [`127.0.0.1:${port}`, false],
      ['10.0.0.0/8', true],
      [`127.0.0.1:${Number(port) + 1}`, true],
    ] as const) {
      const p = await proxy();
      const r = await run(s, ['user', 'me', '-o', 'json'], { HTTP_PROXY: p.url, NO_PROXY: noProxy });
      expect(r.exitCode, `${noProxy}: ${r.stderr}`).toBe(0);
      expect(p.seen.length > 0, noProxy).toBe(viaProxy);
    }
  });
});

describe('request headers and credentials in URLs', () => {
  it('-H that HTTP cannot carry, or that frames the request, is exit 2 with nothing sent', async () => {
    const s = await serve((_req, res) => json(res, 200, { id: 1 }));
    for (const h of [
      'X-A: b\r\nInjected: c',
      'X A: b',
      'X-A: caf\u00e9',
      'X-A: \u2713',
      'Content-Length: 5',
      'Transfer-Encoding: chunked',
      'no colon',
    ]) {
      const r = await run(s, ['api', '/user', '-H', h]);
      expect(r.exitCode, `${JSON.stringify(h)}: ${r.stderr}`).toBe(2);
      expect(r.stderr.split('\n')[0]).toMatch(/^collab: invalid value for -H: /);
    }
    expect(s.seen).toHaveLength(0);
  });

  it('--debug redacts headers whose names say they carry a credential, and userinfo in any URL it prints', async () => {
    const storage = await serve((_req, res) => {
      res.writeHead(403, { 'content-type': 'text/plain' });
      res.end('denied: see https://reader:S3cretPass@docs.example/help');
    });
    const s = await serve((_req, res) => {
      res.writeHead(302, { location: `http://store:St0rePass@${storage.host}/bucket/a.zip?X-Amz-Signature=SIG` });
      res.end();
    });
    const r = await run(s, ['job', 'artifacts', '7', '-p', 'acme/api', '--dest', `${tempDir()}/a.zip`, '--debug']);
    expect(r.exitCode).toBe(1);
    for (const secret of ['S3cretPass', 'St0rePass', 'SIG', TOKEN]) expect(r.stderr, secret).not.toContain(secret);
    expect(r.stderr).toContain('https://[REDACTED]@docs.example/help');
    const h = await run(s, ['api', '/user', '-H', 'X-Job-Token: HeaderSecret', '-H', 'X-Trace: visible', '--debug']);
    expect(h.stderr).not.toContain('HeaderSecret');
    expect(h.stderr).toContain('X-Trace: visible');
  });
});

describe('answers and fields', () => {
  it('JSON under an empty Content-Type is read like JSON under none', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': '' });
      res.end(JSON.stringify({ id: 5, iid: 5, title: 'Crash' }));
    });
    const r = await run(s, ['issue', 'view', '5', '-p', 'acme/api', '-o', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).title).toBe('Crash');
  });

  it('--fields reads through lists (assignees.username) and never an inherited property', async () => {
    const s = await serve((_req, res) =>
      json(res, 200, [{ id: 1, iid: 1, title: 't', assignees: [{ username: 'ann' }, { username: 'bob' }] }], { 'x-next-page': '' }),
    );
    const j = await run(s, ['issue', 'list', '-p', 'acme/api', '-o', 'json', '--fields', 'iid,assignees.username,assignees.length']);
    expect(j.exitCode, j.stderr).toBe(0);
    expect(JSON.parse(j.stdout)).toEqual([{ iid: 1, 'assignees.username': ['ann', 'bob'], 'assignees.length': null }]);
    const t = await run(s, ['issue', 'list', '-p', 'acme/api', '-o', 'tsv', '--fields', 'iid,assignees.username']);
    expect(t.stdout).toBe('1\tann,bob');
  });
});

describe('durations and date-times as people write them', () => {
  it('long unit names and repeated units are sent in short whole units; what no server stores is refused before sending', async () => {
    const s = await startHostileServer({
      'POST /api/v4/projects/acme%2Fapi/issues/5/time_estimate': { status: 201, body: { time_estimate: 1, total_time_spent: 0 } },
    });
    closers.push(s);
    const env = { COLLAB_HOST: s.url, COLLAB_TOKEN: TOKEN, COLLAB_CONFIG_DIR: tempDir() };
    for (const d of ['2 hours 30 mins', '1h1h', '30m 1h'])
      expect((await runInProcess(['issue', 'estimate', '5', d, '-p', 'acme/api'], env)).exitCode).toBe(0);
    expect(s.requests.map((r) => JSON.parse(r.body).duration)).toEqual(['2h30m', '2h', '1h30m']);
    for (const d of ['596524h', '100000000000000000000h', '1y']) {
      const r = await runInProcess(['issue', 'estimate', '5', d, '-p', 'acme/api'], env);
      expect(r.exitCode, d).toBe(2);
      expect(r.stderr).toMatch(/^collab: invalid value for <duration>: /);
    }
    for (const dt of ['2026-02-28T10:00:00-13:00', '2026-02-28T10:00:00+14:01', '2026-02-30T10:00:00Z', '2026-02-28T24:00:00Z']) {
      const r = await runInProcess(['issue', 'list', '-p', 'acme/api', '--created-after', dt], env);
      expect(r.exitCode, dt).toBe(2);
    }
    expect(s.requests).toHaveLength(3);
  });
});
