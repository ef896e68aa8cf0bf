/**
 * Quiet, tunable logs where collab runs unattended (a CI job's log: stdout and stderr piped): a
 * followed job trace prints the log and nothing else, every retry says so on stderr, and the retry
 * budget is the user's. collab, run in-process as the binary runs it, against node:http servers
 * that answer as GitLab does (lib/api/ci/jobs.rb: a job as JSON, its trace as text/plain).
 */
import { describe, expect, it } from 'vitest';
import type { BinResult } from '../helpers/e2e.js';
import { runInProcess } from '../helpers/in-process.js';
import { json } from '../helpers/json-answer.js';
import { type OddServer, oddServers } from '../helpers/odd-server.js';

const TOKEN = 'glpat-logs-0123456789';

const { serve, run } = oddServers(TOKEN, runInProcess);

const USER = '/api/v4/user';
const asked = (s: OddServer, path: string) => s.seen.filter((q) => q.url === path).length;
const retryLines = (r: BinResult) => r.stderr.split('\n').filter((l) => l.startsWith('retrying in '));

describe('job trace --follow into a pipe', () => {
  it('prints the log and nothing else over many polls (no listener warnings piling up)', async () => {
    const polls = 25;
    let jobReads = 0;
    const lines: string[] = [];
    const s = await serve((req, res) => {
      if (req.url!.endsWith('/trace')) {
        const text = lines.join('');
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(text) });
        res.end(text);
        return;
      }
      jobReads++;
      lines.push(`step ${jobReads}\n`);
      json(res, 200, { id: 5, name: 'build', status: jobReads < polls ? 'running' : 'success', stage: 'build' });
    });
    const r = await run(s, ['job', 'trace', '5', '-p', 'acme/api', '--follow', '--interval', '0']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(jobReads).toBe(polls);
    // (The runner strips the last newline.)
    expect(r.stdout).toBe(Array.from({ length: polls }, (_, i) => `step ${i + 1}`).join('\n'));
    expect(r.stderr).toBe('');
  });
});

describe('retries say so, and their budget is the user’s', () => {
  /** /user answers `failures` times with `status`, then the user. */
  async function flaky(status: number, failures: number, body: unknown = { message: `${status}` }): Promise<OddServer> {
    return serve((req, res, n) => {
      if (req.url === USER && n <= failures) return json(res, status, body);
      json(res, 200, { id: 1, username: 'root', name: 'Administrator' });
    });
  }

  it('a 502 on a read is retried with a line on stderr even when stderr is not a terminal', async () => {
    const s = await flaky(502, 1, { message: '502 Bad Gateway' });
    const r = await run(s, ['user', 'me', '-o', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).username).toBe('root');
    expect(retryLines(r)).toHaveLength(1);
    expect(retryLines(r)[0]).toMatch(/^retrying in [\d.]+ s \(502 Bad Gateway, attempt 2 of 5\)$/);
  });

  it('a 408 (the server stopped waiting for the request) is retried on a read, not on a write', async () => {
    const s = await flaky(408, 1, { message: '408 Request Timeout' });
    const r = await run(s, ['user', 'me', '-o', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(asked(s, USER)).toBe(2);
    expect(retryLines(r)[0]).toMatch(/\(408 Request Timeout, attempt 2 of 5\)$/);

    const w = await serve((_req, res) => json(res, 408, { message: '408 Request Timeout' }));
    const post = await run(w, ['issue', 'create', '-p', 'acme/api', '--title', 'once']);
    expect(post.exitCode).toBe(1);
    expect(w.seen.filter((q) => q.method === 'POST')).toHaveLength(1);
    expect(retryLines(post)).toEqual([]);
  });

  it('--retries and COLLAB_RETRIES set how often: the flag wins, 0 means none', async () => {
    const s = await flaky(503, 1_000, { message: '503 Service Unavailable' });
    const one = await run(s, ['--retries', '1', 'user', 'me']);
    expect(one.exitCode).toBe(1);
    expect(asked(s, USER)).toBe(2);
    expect(retryLines(one)).toEqual([expect.stringMatching(/\(503 Service Unavailable, attempt 2 of 2\)$/)]);
    expect(one.stderr).toMatch(/^collab: 503 Service Unavailable$/m);

    s.seen.length = 0;
    const none = await run(s, ['user', 'me'], { COLLAB_RETRIES: '0' });
    expect(none.exitCode).toBe(1);
    expect(asked(s, USER)).toBe(1);
    expect(retryLines(none)).toEqual([]);

    s.seen.length = 0;
    const flag = await run(s, ['--retries', '0', 'user', 'me'], { COLLAB_RETRIES: '3' });
    expect(asked(s, USER)).toBe(1);
    expect(flag.exitCode).toBe(1);

    s.seen.length = 0;
    const env = await run(s, ['user', 'me'], { COLLAB_RETRIES: '2' });
    expect(asked(s, USER)).toBe(3);
    expect(retryLines(env).at(-1)).toMatch(/attempt 3 of 3\)$/);
  });

  it('a COLLAB_RETRIES that is no count is exit 2, nothing sent', async () => {
    const s = await flaky(503, 0);
    for (const bad of ['many', '-1', '1.5', '101']) {
      const r = await run(s, ['user', 'me'], { COLLAB_RETRIES: bad });
      expect(r.exitCode, bad).toBe(2);
      expect(r.stderr).toMatch(/^collab: invalid value for COLLAB_RETRIES: ".*" is not a whole number from 0 to 100$/m);
    }
    expect(s.seen).toHaveLength(0);
  });
});
