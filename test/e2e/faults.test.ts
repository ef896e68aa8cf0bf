/**
 * The fault matrix: the built binary against the sandbox with faults armed through
 * `POST /__sandbox/faults`. Each case states what must happen: retried or not (counted in the
 * sandbox's request log), exit code, a clean one-line message, and no file left half-written.
 * (429 + Retry-After and 502/503 bursts on GET are in spine.test.ts.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, BIN, binEnv, retriesIn, type SandboxFixture, startSandboxFixture, tempDir } from '../helpers/e2e.js';

const PROJECT = 'acme/platform/api';
const ISSUES = '/api/v4/projects/acme%2Fplatform%2Fapi/issues';

/** Starts the binary without waiting for it (for signals); same clean environment as runBin. */
function spawnBin(sb: SandboxFixture, args: string[], cwd: string) {
  return execa(process.execPath, [BIN, ...args], {
    env: binEnv(tempDir('collab-cfg-'), { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN }),
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
    cwd,
    timeout: 30_000,
  });
}

async function waitFor(check: () => boolean, timeoutMs: number, what: string, detail = () => ''): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} ${detail()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** No stack trace, no HTML, one `collab: ` line (plus an optional hint). */
function expectCleanError(stderr: string): void {
  const lines = stderr.trimEnd().split('\n');
  expect(lines[0], stderr).toMatch(/^collab: /);
  expect(
    lines.slice(1).every((l) => l.startsWith('hint: ')),
    stderr,
  ).toBe(true);
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(stderr).not.toContain('<');
}

describe('fault matrix: the built binary against a faulty sandbox', () => {
  let sb: SandboxFixture;
  let host: string;
  let jobId: number;
  let archiveBytes: number;

  const requestsTo = (pattern: RegExp, method?: string) =>
    sb.requests().filter((r) => pattern.test(r.path) && (method === undefined || r.method === method));

  beforeAll(async () => {
    sb = await startSandboxFixture({ seed: 'demo' });
    host = new URL(sb.url).host;
    const res = await fetch(`${sb.url}/api/v4/projects/acme%2Fplatform%2Fapi/jobs?per_page=100`, {
      headers: { 'PRIVATE-TOKEN': ADMIN_TOKEN },
    });
    const jobs = (await res.json()) as { id: number; name: string; ref: string; status: string; artifacts_file: unknown }[];
    const job = jobs.find((j) => j.name === 'package' && j.ref === 'main' && j.status === 'success' && j.artifacts_file);
    if (!job) throw new Error('the demo seed has no package job with artifacts on main');
    jobId = job.id;
    const archive = await fetch(`${sb.url}/api/v4/projects/acme%2Fplatform%2Fapi/jobs/${jobId}/artifacts`, {
      headers: { 'PRIVATE-TOKEN': ADMIN_TOKEN },
    });
    archiveBytes = (await archive.arrayBuffer()).byteLength;
    // Each test counts its own requests, the first one too (when it runs alone: -t).
    await sb.clearRequests();
  });
  afterAll(() => sb?.close());
  afterEach(async () => {
    await fetch(`${sb.url}/__sandbox/faults`, { method: 'DELETE' });
    await sb.clearRequests();
  });

  describe('writes are not retried (they may have been processed), except after a 429', () => {
    for (const kind of ['503', '502', '504']) {
      it(`issue create with a ${kind}: exit 1, exactly one POST`, async () => {
        await sb.fault({ kind, method: 'POST', path: `${ISSUES}$`, count: 3 });
        const r = await sb.run(['issue', 'create', '-p', PROJECT, '--title', `fault ${kind}`]);
        expect(r.exitCode, r.stderr).toBe(1);
        expect(r.stdout).toBe('');
        expect(r.stderr).toMatch(new RegExp(`^collab: ${kind} `));
        expectCleanError(r.stderr);
        expect(requestsTo(/\/issues$/, 'POST')).toHaveLength(1);
      });
    }

    it('issue create after a connection reset: exit 1, exactly one POST', async () => {
      await sb.fault({ kind: 'reset', method: 'POST', path: `${ISSUES}$`, count: 3 });
      const r = await sb.run(['issue', 'create', '-p', PROJECT, '--title', 'fault reset']);
      expect(r.exitCode, r.stderr).toBe(1);
      expect(r.stderr).toMatch(/reset/);
      expectCleanError(r.stderr);
      expect(requestsTo(/\/issues$/, 'POST')).toHaveLength(1);
    });

    it('issue create after a 429 is sent again (a throttled request was not processed) and creates one issue', async () => {
      await sb.fault({ kind: '429', method: 'POST', path: `${ISSUES}$`, count: 1, retryAfter: '0' });
      const r = await sb.run(['issue', 'create', '-p', PROJECT, '--title', 'throttled once', '-o', 'json']);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).title).toBe('throttled once');
      expect(requestsTo(/\/issues$/, 'POST')).toHaveLength(2);
      const found = await sb.run(['issue', 'list', '-p', PROJECT, '--search', 'throttled once', '-o', 'json']);
      expect(found.exitCode, found.stderr).toBe(0);
      expect(JSON.parse(found.stdout)).toHaveLength(1);
    });
  });

  it('an HTML 502 page from a proxy is one clean line with the status, no HTML', async () => {
    await sb.fault({ kind: 'html502', method: 'POST', path: `${ISSUES}$`, count: 1 });
    const r = await sb.run(['issue', 'create', '-p', PROJECT, '--title', 'behind a proxy']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^collab: 502 /);
    expect(r.stderr).not.toMatch(/<|nginx|center|DOCTYPE/i);
    expectCleanError(r.stderr);
    expect(r.stdout).toBe('');
  });

  it('a connection reset on GET is retried and succeeds', async () => {
    await sb.fault({ kind: 'reset', path: '^/api/v4/user$', count: 1 });
    const r = await sb.run(['api', '/user', '--debug']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).username).toBe('root');
    expect(r.stderr).toMatch(/retrying/);
    expect(requestsTo(/^\/api\/v4\/user$/)).toHaveLength(2);
  });

  it('--timeout 1 against a server that never answers: exit 1, one request (the run itself is bounded by execa)', async () => {
    await sb.fault({ kind: 'hang', path: '^/api/v4/user$', count: 1 });
    const before = requestsTo(/^\/api\/v4\/user$/).length;
    const r = await sb.run(['--timeout', '1', 'user', 'me']);
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/timed out/);
    expectCleanError(r.stderr);
    expect(requestsTo(/^\/api\/v4\/user$/)).toHaveLength(before + 1);
  });

  describe('pagination faults', () => {
    // GitLab empties pages after paging (lib/api/helpers/notes_helpers.rb: "the current page can
    // have less elements than :per_page even if there's more than one page"): an empty page that
    // names a next one is followed; without a page count, only so many in a row.
    it('empty pages that keep naming a next one, with no page count: followed, then stopped with a notice', async () => {
      await sb.fault({ kind: 'empty-next', path: '/issues', count: 150 });
      const r = await sb.run(['issue', 'list', '-p', PROJECT, '--all', '-o', 'ndjson']);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/100 empty pages in a row/);
      // 101 pages, and the few read ahead at once when the list is read several pages at a time.
      const sent = requestsTo(/\/issues/).length;
      expect(sent).toBeGreaterThanOrEqual(101);
      expect(sent).toBeLessThanOrEqual(110);
    });

    it('an empty page 2 that still links to page 3: the list goes on past it', async () => {
      const total = await fetch(`${sb.url}${ISSUES}?state=opened&per_page=1`, { headers: { 'PRIVATE-TOKEN': ADMIN_TOKEN } });
      const openIssues = Number(total.headers.get('x-total'));
      expect(openIssues).toBeGreaterThan(40);
      await sb.fault({ kind: 'empty-next', path: '[?&]page=2(&|$)', count: 50 });
      for (const concurrency of ['1', '4']) {
        await sb.clearRequests();
        const r = await sb.run([
          'issue',
          'list',
          '-p',
          PROJECT,
          '--all',
          '--per-page',
          '20',
          '--concurrency',
          concurrency,
          '-o',
          'ndjson',
          '--fields',
          'iid',
        ]);
        expect(r.exitCode, r.stderr).toBe(0);
        const iids = r.stdout.trim().split('\n');
        // Every open issue but the twenty page 2 held, each once.
        expect(iids).toHaveLength(openIssues - 20);
        expect(new Set(iids).size).toBe(iids.length);
      }
    });

    it('Link URLs on another host: every page is fetched from our own origin, nothing reaches the other', async () => {
      // The fault really does advertise the other host (so this test can fail).
      await sb.fault({ kind: 'link-other-host', path: '/issues', count: 1 });
      const probe = await fetch(`${sb.url}${ISSUES}?per_page=100`, { headers: { 'PRIVATE-TOKEN': ADMIN_TOKEN } });
      const link = probe.headers.get('link') ?? '';
      expect(link).toMatch(/rel="next"/);
      const other = new URL(/<([^>]+)>/.exec(link)![1]!).host;
      expect(other).not.toBe(host);

      const args = ['issue', 'list', '-p', PROJECT, '--all', '--per-page', '50', '-o', 'ndjson', '--fields', 'iid'];
      await sb.clearRequests();
      const plain = await sb.run([...args, '--concurrency', '1']);
      expect(plain.exitCode, plain.stderr).toBe(0);
      const pages = sb.requests().length;
      expect(pages).toBeGreaterThan(2);
      for (const concurrency of ['1', '4']) {
        await sb.clearRequests();
        await sb.fault({ kind: 'link-other-host', path: '/issues', count: 100 });
        const r = await sb.run([...args, '--concurrency', concurrency]);
        expect(r.exitCode, r.stderr).toBe(0);
        expect(r.stdout).toBe(plain.stdout);
        const log = sb.requests();
        expect(log.filter((q) => /\/issues/.test(q.path))).toHaveLength(pages);
        expect(log.filter((q) => q.headers.host !== host)).toEqual([]);
        await fetch(`${sb.url}/__sandbox/faults`, { method: 'DELETE' });
      }
    });
  });

  describe('downloads', () => {
    const artifactsPath = () => `/jobs/${jobId}/artifacts$`;

    it(
      'a reset mid-download is continued with Range; reset on every attempt, it leaves ' +
        'no file under the destination name (and keeps an older one intact)',
      async () => {
        const dir = tempDir('collab-dl-');
        await sb.fault({ kind: 'reset-mid-body', path: artifactsPath(), count: 1 });
        const resumed = await sb.run(['job', 'artifacts', String(jobId), '-p', PROJECT, '--dest', 'x.zip'], {}, { cwd: dir });
        expect(resumed.exitCode, resumed.stderr).toBe(0);
        expect(fs.readdirSync(dir)).toEqual(['x.zip']);
        const zip = fs.readFileSync(path.join(dir, 'x.zip'));
        expect(zip.length).toBe(archiveBytes);
        expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
        const sent = requestsTo(new RegExp(artifactsPath()));
        expect(sent).toHaveLength(2);
        expect(sent[1]!.headers.range).toBe(`bytes=${Math.floor(archiveBytes / 2)}-`);
        fs.rmSync(path.join(dir, 'x.zip'));

        // How much each attempt got does not matter from here: no grace before the cuts.
        await sb.fault({ kind: 'reset-mid-body', path: artifactsPath(), count: 5, graceMs: 0 });
        const r = await sb.run(['job', 'artifacts', String(jobId), '-p', PROJECT, '--dest', 'x.zip'], {}, { cwd: dir });
        expect(r.exitCode, r.stderr).toBe(1);
        expect(r.stderr).toMatch(/gave up after 5 attempts$/);
        expect(retriesIn(r.stderr).retries).toHaveLength(4);
        expectCleanError(retriesIn(r.stderr).rest);
        expect(fs.readdirSync(dir)).toEqual([]);

        fs.writeFileSync(path.join(dir, 'x.zip'), 'previous download');
        await sb.fault({ kind: 'reset-mid-body', path: artifactsPath(), count: 5, graceMs: 0 });
        const again = await sb.run(['job', 'artifacts', String(jobId), '-p', PROJECT, '--dest', 'x.zip'], {}, { cwd: dir });
        expect(again.exitCode).toBe(1);
        expect(fs.readdirSync(dir)).toEqual(['x.zip']);
        expect(fs.readFileSync(path.join(dir, 'x.zip'), 'utf8')).toBe('previous download');
      },
    );

    it('SIGINT during a slow download: exit 130, "collab: interrupted", no partial file', async () => {
      const dir = tempDir('collab-dl-');
      await sb.fault({ kind: 'trickle', path: artifactsPath(), count: 1, chunkBytes: 64, intervalMs: 50 });
      const child = spawnBin(sb, ['job', 'artifacts', String(jobId), '-p', PROJECT, '--dest', 'x.zip'], dir);
      // The temporary file beside the destination shows the download is under way.
      await waitFor(() => fs.readdirSync(dir).some((f) => f.endsWith('.part')), 10_000, 'the download to start');
      child.kill('SIGINT');
      const r = await child;
      expect(r.exitCode, String(r.stderr)).toBe(130);
      expect(String(r.stderr).trim()).toBe('collab: interrupted');
      expect(fs.readdirSync(dir)).toEqual([]);
    });
  });
});

describe('SIGINT during a long --all listing (sandbox with latency)', () => {
  let slow: SandboxFixture;
  beforeAll(async () => {
    slow = await startSandboxFixture({ seed: 'demo', latencyMs: 150 });
  });
  afterAll(() => slow?.close());

  it('exits 130 with "collab: interrupted" and no stack trace', async () => {
    const child = spawnBin(
      slow,
      ['issue', 'list', '-p', PROJECT, '--all', '--per-page', '5', '--concurrency', '1', '-o', 'ndjson'],
      tempDir(),
    );
    let out = '';
    let err = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stderr!.on('data', (c: Buffer) => {
      err += c.toString();
    });
    await waitFor(
      () => out.split('\n').length > 6,
      10_000,
      'the second page',
      () => err,
    );
    child.kill('SIGINT');
    const r = await child;
    expect(r.exitCode).toBe(130);
    expect(String(r.stderr).trim()).toBe('collab: interrupted');
    // What was printed are whole objects: the interruption did not cut a line in half.
    for (const line of String(r.stdout).trim().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
    expect(slow.requests().filter((q) => /\/issues/.test(q.path)).length).toBeLessThan(50);
  });
});
