/**
 * `job trace` following a job as a user sees it (the built binary in a pseudo-terminal, and piped)
 * against the sandbox: a running job that ends, and GitLab 17's `canceling` job, whose end comes
 * when the test moves the sandbox's clock. `mr diff` through a fake pager, and `--color always`
 * in a pipe.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/sandbox/clock.js';
import { ADMIN_TOKEN, type SandboxFixture, startSandboxFixture, tempDir } from '../helpers/e2e.js';
import { plain, runInTerminal } from '../helpers/terminal.js';

const PROJECT = 'acme/platform/api';
const API = '/api/v4/projects/acme%2Fplatform%2Fapi';

interface JobRow {
  id: number;
  name: string;
  ref: string;
  status: string;
}

async function call(sb: SandboxFixture, method: string, p: string): Promise<Response> {
  const res = await fetch(`${sb.url}${API}${p}`, { method, headers: { 'PRIVATE-TOKEN': ADMIN_TOKEN } });
  expect(res.ok, `${method} ${p}: ${res.status}`).toBe(true);
  return res;
}

const jobsOf = async (sb: SandboxFixture) => (await (await call(sb, 'GET', '/jobs?per_page=100')).json()) as JobRow[];

/** How many times the job has been read so far (each poll of a follow reads it once). */
const polls = (sb: SandboxFixture, id: number) => sb.requests().filter((r) => r.method === 'GET' && r.path === `${API}/jobs/${id}`).length;

/** Waits until collab has read the job `n` times more than `from` (it is following it). */
async function followed(sb: SandboxFixture, id: number, from: number, n = 2): Promise<number> {
  while (polls(sb, id) < from + n) await new Promise((r) => setTimeout(r, 20));
  return polls(sb, id);
}

describe('job trace follows against the gitlab sandbox (canceling, on the test clock)', () => {
  let sb: SandboxFixture;
  const clock = new ManualClock();
  let env: Record<string, string>;

  beforeAll(async () => {
    sb = await startSandboxFixture({ seed: 'demo', flavor: 'gitlab', clock });
    env = { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN, COLLAB_FLAVOR: 'gitlab' };
  });
  afterAll(() => sb?.close());

  it('on a terminal, a canceling job is followed until its runner stops it, then how it ended', async () => {
    const job = (await jobsOf(sb)).find((j) => j.status === 'canceling')!;
    const from = polls(sb, job.id);
    const seen = runInTerminal(['job', 'trace', String(job.id), '-p', PROJECT, '--interval', '0.02'], { cols: 120, env });
    await followed(sb, job.id, from);
    await clock.advance(3_600_000);
    const r = await seen;
    expect(r.code, r.screen).toBe(0);
    const screen = plain(r.screen);
    // Each part of the log once: what was there, then what came when it ended.
    expect(screen.split('Running 118 checks').length).toBe(2);
    expect(screen).toMatch(/Running 118 checks \.\.\.\nERROR: Job failed: canceled\nJob \d+ \(test\) was canceled\n$/);
    expect(r.screen).toContain('\u001b[31;1mERROR: Job failed: canceled\u001b[0;m');
  });

  it('--follow piped follows a running job through canceling; --exit-status: exit 1, saying it was canceled', async () => {
    const job = (await jobsOf(sb)).find((j) => j.status === 'running' && j.ref === 'feature/x')!;
    const from = polls(sb, job.id);
    const seen = sb.run(['job', 'trace', String(job.id), '-p', PROJECT, '--follow', '--interval', '0.02', '--exit-status'], env, {
      stripFinalNewline: false,
    });
    const running = await followed(sb, job.id, from);
    await call(sb, 'POST', `/jobs/${job.id}/cancel`);
    expect(((await (await call(sb, 'GET', `/jobs/${job.id}`)).json()) as JobRow).status).toBe('canceling');
    await followed(sb, job.id, running);
    await clock.advance(3_000);
    const r = await seen;
    expect([r.exitCode, r.stderr]).toEqual([1, `collab: job ${job.id} (test) was canceled\n`]);
    expect(r.stdout).toBe(await (await call(sb, 'GET', `/jobs/${job.id}/trace`)).text());
    expect(r.stdout).toMatch(/ERROR: Job failed: canceled\u001b\[0;m\n$/);
  });
});

describe('job trace against the spec sandbox', () => {
  let sb: SandboxFixture;
  let env: Record<string, string>;
  let running: JobRow;

  beforeAll(async () => {
    sb = await startSandboxFixture({ seed: 'demo' });
    env = { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN };
    running = (await jobsOf(sb)).find((j) => j.status === 'running')!;
  });
  afterAll(() => sb?.close());

  it('piped, a running job: the log as it stands, and stderr says it is still running; one read of each', async () => {
    const from = sb.requests().length;
    const r = await sb.run(['job', 'trace', String(running.id), '-p', PROJECT], env, { stripFinalNewline: false });
    const sent = sb
      .requests()
      .slice(from)
      .map((q) => q.path)
      .filter((p) => p.includes('/jobs/'));
    expect(sent).toEqual([`${API}/jobs/${running.id}`, `${API}/jobs/${running.id}/trace`]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toBe(await (await call(sb, 'GET', `/jobs/${running.id}/trace`)).text());
    expect(r.stderr).toBe(`Job ${running.id} (test) is still running (collab job trace ${running.id} --follow follows it to the end)\n`);
  });

  it('on a terminal with --no-follow: the log, then that the job is still running', async () => {
    const r = await runInTerminal(['job', 'trace', String(running.id), '-p', PROJECT, '--no-follow'], { cols: 120, env });
    expect(r.code, r.screen).toBe(0);
    expect(plain(r.screen)).toMatch(/Running 118 checks \.\.\.\nJob \d+ \(test\) is still running \(collab job trace \d+ --follow/);
  });

  it('on a terminal, a running job is followed until it ends (canceled from elsewhere), then how it ended', async () => {
    const from = polls(sb, running.id);
    const seen = runInTerminal(['job', 'trace', String(running.id), '-p', PROJECT, '--interval', '0.02'], { cols: 120, env });
    await followed(sb, running.id, from);
    await call(sb, 'POST', `/jobs/${running.id}/cancel`);
    const r = await seen;
    expect(r.code, r.screen).toBe(0);
    expect(plain(r.screen)).toMatch(new RegExp(`Running 118 checks \\.\\.\\.\\nJob ${running.id} \\(test\\) was canceled\\n$`));
  });
});

describe('mr diff for people', () => {
  let sb: SandboxFixture;
  let env: Record<string, string>;
  let pager: string;
  let pagerRan: string;

  beforeAll(async () => {
    sb = await startSandboxFixture({ seed: 'demo' });
    const dir = tempDir();
    pagerRan = path.join(dir, 'pager-ran');
    pager = path.join(dir, 'pager.sh');
    fs.writeFileSync(pager, `#!/bin/sh\ntouch '${pagerRan}'\nsed 's/^/paged: /'\n`, { mode: 0o755 });
    env = { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN, PAGER: pager };
  });
  afterAll(() => sb?.close());

  it('on a terminal, a diff longer than the screen goes through $PAGER, in colour', async () => {
    const r = await runInTerminal(['mr', 'diff', '1', '-p', PROJECT], { cols: 100, rows: 6, env });
    expect(r.code, r.screen).toBe(0);
    const lines = r.screen.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(6);
    for (const line of lines) expect(line).toMatch(/^paged: /);
    expect(r.screen).toContain('paged: \u001b[1mdiff --git a/src/feature_rate_limit.ts b/src/feature_rate_limit.ts\u001b[22m');
    expect(r.screen).toContain('paged: \u001b[32m+export const enabled = true;\u001b[39m');
  });

  it('piped: a plain patch, no pager; --color always: the coloured diff, for less -R, still no pager', async () => {
    fs.rmSync(pagerRan, { force: true });
    const patch = await sb.run(['mr', 'diff', '1', '-p', PROJECT], env, { stripFinalNewline: false });
    expect(patch.exitCode, patch.stderr).toBe(0);
    expect(patch.stdout).toMatch(/^diff --git a\/src\/feature_rate_limit\.ts b\/src\/feature_rate_limit\.ts\n--- a\//);
    expect(patch.stdout).not.toContain('\u001b');
    const coloured = await sb.run(['mr', 'diff', '1', '-p', PROJECT, '--color', 'always'], { ...env, NO_COLOR: '1' });
    expect(coloured.exitCode, coloured.stderr).toBe(0);
    expect(coloured.stdout).toContain('\u001b[36m@@ -1,2 +1,3 @@\u001b[39m');
    expect(coloured.stdout).toContain('\u001b[31m-export const enabled = false;\u001b[39m');
    expect(plain(coloured.stdout)).toBe(patch.stdout.trimEnd());
    expect(fs.existsSync(pagerRan)).toBe(false);
  });
});
