/**
 * `job trace` in-process: following on a terminal by default, through every passing status, on
 * the harness's virtual clock (each wait is counted, none is spent); what it says on stderr; and
 * --exit-status, --color.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, runCli } from '../helpers/harness.js';

const P = '/api/v4/projects/acme%2Fplatform%2Fapi';
const ARGS = ['job', 'trace', '12', '-p', 'acme/platform/api'];

const jobAnswer = (status: string) => ({ id: 12, name: 'build-12', stage: 'build', ref: 'main', status });

/** A 404 for a log that is not there yet (`null`), else the log as it stands. */
type Log = string | Buffer | null;

let api: ReturnType<typeof mockApi>;
afterEach(() => api?.done());

/** The server's answers, poll by poll: the job's status, then its log at that moment. */
function serve(polls: [status: string, log: Log][]): void {
  api = mockApi();
  for (const [status, log] of polls) {
    api.pool.intercept({ path: `${P}/jobs/12`, method: 'GET' }).reply(200, ...jsonReply(jobAnswer(status)));
    const trace = api.pool.intercept({ path: `${P}/jobs/12/trace`, method: 'GET' });
    if (log === null) trace.reply(404, ...jsonReply({ message: '404 Trace Not Found' }));
    else trace.reply(200, log, { headers: { 'content-type': 'text/plain' } });
  }
}

/** Runs `job trace` counting the waits between polls. */
async function trace(extra: string[], options: Parameters<typeof runCli>[1] = {}) {
  const waits: number[] = [];
  const r = await runCli([...ARGS, ...extra], { transport: api.transport, sleep: async (ms) => void waits.push(ms), ...options });
  return { ...r, waits };
}

describe('job trace of a job that has ended', () => {
  const log = Buffer.from('\u001b[32mok\u001b[0m step 1\r\nprogress 10%\rprogress 100%\n');

  it('piped: the log bytes unchanged, nothing on stderr, no wait', async () => {
    serve([['success', log]]);
    const r = await trace([]);
    expect([r.code, r.stderr, r.waits]).toEqual([0, '', []]);
    expect(Buffer.from(r.stdout)).toEqual(log);
  });

  it('on a terminal: the log, then how the job ended', async () => {
    serve([['failed', 'boom\n']]);
    const r = await trace([], { tty: true });
    expect([r.code, r.stdout, r.stderr, r.waits]).toEqual([0, 'boom\n', 'Job 12 (build-12) failed\n', []]);
  });

  it('says there is no trace on a 404 of a job that ran', async () => {
    serve([['success', null]]);
    const r = await trace([]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'collab: 404 Trace Not Found\nhint: job 12 has no trace in acme/platform/api (the ' +
        'job does not exist, has not started, or was erased)\n',
    );
  });
});

describe('job trace of a job that has not ended', () => {
  it('on a terminal follows it by default: each poll prints what is new, until it ends, then says how', async () => {
    serve([
      ['pending', null],
      ['running', 'line 1\n'],
      ['running', 'line 1\nline 2\n'],
      ['canceling', 'line 1\nline 2\n'],
      ['canceled', 'line 1\nline 2\nERROR: Job failed: canceled\n'],
    ]);
    const r = await trace([], { tty: true });
    expect(r.stdout).toBe('line 1\nline 2\nERROR: Job failed: canceled\n');
    expect(r.stderr).toBe('Job 12 (build-12) was canceled\n');
    expect([r.code, r.waits]).toEqual([0, [3000, 3000, 3000, 3000]]);
  });

  it('--follow keeps following through every passing status GitLab has, to the one it ends in', async () => {
    const passing = ['created', 'waiting_for_resource', 'preparing', 'waiting_for_callback', 'pending', 'scheduled', 'started'];
    const polls: [string, Log][] = passing.map((s) => [s, null]);
    polls.push(['running', 'a\n'], ['canceling', 'a\nb\n'], ['some_future_state', 'a\nb\n'], ['success', 'a\nb\nc\n']);
    serve(polls);
    const r = await trace(['--follow', '--interval', '0.5', '--exit-status']);
    // Piped (a CI log): the log and nothing else once the job has ended.
    expect([r.code, r.stdout, r.stderr]).toEqual([0, 'a\nb\nc\n', '']);
    expect(r.waits).toEqual(Array(polls.length - 1).fill(500));
  });

  it('--no-follow on a terminal prints what is there and says the job is still running', async () => {
    serve([['running', 'so far\n']]);
    const r = await trace(['--no-follow'], { tty: true });
    expect([r.code, r.stdout, r.waits]).toEqual([0, 'so far\n', []]);
    expect(r.stderr).toBe('Job 12 (build-12) is still running (collab job trace 12 --follow follows it to the end)\n');
  });

  it('piped prints what is there, says so on stderr, and does not wait', async () => {
    serve([['pending', null]]);
    const r = await trace([]);
    expect([r.code, r.stdout, r.waits]).toEqual([0, '', []]);
    expect(r.stderr).toBe('Job 12 (build-12) is still pending (collab job trace 12 --follow follows it to the end)\n');
  });

  it('stops at a manual job: it waits for a person, not for time', async () => {
    serve([['manual', null]]);
    const r = await trace(['--follow'], { tty: true });
    expect([r.code, r.stdout, r.waits]).toEqual([0, '', []]);
    expect(r.stderr).toBe('Job 12 (build-12) is manual: it runs once someone starts it (collab job play 12)\n');
  });
});

describe('job trace --exit-status', () => {
  it.each([
    ['failed', 'collab: job 12 (build-12) failed\n'],
    ['canceled', 'collab: job 12 (build-12) was canceled\n'],
    ['skipped', 'collab: job 12 (build-12) was skipped\n'],
    ['manual', 'collab: job 12 (build-12) is manual: it runs once someone starts it\nhint: collab job play 12\n'],
    ['running', 'collab: job 12 (build-12) is still running\nhint: collab job trace 12 --follow follows it to the end\n'],
  ])('exit 1 for a job that is %s, naming it', async (status, said) => {
    serve([[status, 'log\n']]);
    const r = await trace(['--exit-status']);
    expect([r.code, r.stdout, r.stderr]).toEqual([1, 'log\n', said]);
  });

  it('exit 0 for a job that succeeded, followed to the end (on a terminal: ✓ and how it ended)', async () => {
    serve([
      ['running', 'a\n'],
      ['success', 'a\nb\n'],
    ]);
    const r = await trace(['--exit-status'], { tty: true });
    expect([r.code, r.stdout, r.stderr, r.waits]).toEqual([0, 'a\nb\n', '✓ Job 12 (build-12) succeeded\n', [3000]]);
  });

  it('exit 1 for a job followed until it failed', async () => {
    serve([
      ['running', 'a\n'],
      ['failed', 'a\nb\n'],
    ]);
    const r = await trace(['--exit-status'], { tty: true });
    expect([r.code, r.stdout, r.stderr, r.waits]).toEqual([1, 'a\nb\n', 'collab: job 12 (build-12) failed\n', [3000]]);
  });
});

describe('job trace --color', () => {
  const log = 'a \u001b[31mred\u001b[0m word\u001b]0;title\u0007 \u001b[2Jend\n';

  it('always: piped too, the log keeps its colours only, even with NO_COLOR', async () => {
    serve([['success', log]]);
    const r = await trace(['--color', 'always'], { env: { NO_COLOR: '1' } });
    expect([r.code, r.stdout]).toEqual([0, 'a \u001b[31mred\u001b[0m word end\n']);
  });

  it('never (and --no-color): no escape sequence at all, piped or on a terminal', async () => {
    for (const [flags, tty] of [
      [['--color', 'never'], false],
      [['--no-color'], false],
      [['--color', 'never'], true],
    ] as const) {
      serve([['success', log]]);
      const r = await trace([...flags], { tty });
      expect(r.stdout, flags.join(' ')).toBe('a red word end\n');
    }
  });

  it('auto (the default) leaves a piped log byte for byte', async () => {
    serve([['success', log]]);
    const r = await trace(['--color', 'auto']);
    expect(r.stdout).toBe(log);
  });

  it('a bad value is exit 2, nothing sent', async () => {
    api = mockApi();
    const r = await runCli([...ARGS, '--color', 'sometimes'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('invalid value for --color: "sometimes" is not one of always, never, auto');
  });
});

describe('job trace --follow on the wire (GitLab sends the whole log at every read: lib/api/ci/jobs.rb trace)', () => {
  /** Serves the job's statuses and, per poll, the trace answer: a log (with an ETag) or 304. */
  function serveWire(polls: [status: string, answer: { log: string; etag: string } | 304][]) {
    api = mockApi();
    const asked: Record<string, string>[] = [];
    for (const [status, answer] of polls) {
      api.pool.intercept({ path: `${P}/jobs/12`, method: 'GET' }).reply(200, ...jsonReply(jobAnswer(status)));
      api.pool.intercept({ path: `${P}/jobs/12/trace`, method: 'GET' }).reply((o) => {
        asked.push(Object.fromEntries(Object.entries(o.headers as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v])));
        if (answer === 304) return { statusCode: 304, data: '' };
        return { statusCode: 200, data: answer.log, responseOptions: { headers: { 'content-type': 'text/plain', etag: answer.etag } } };
      });
    }
    return asked;
  }

  it('asks for the log compressed (never identity) and with the last ETag: a 304 prints nothing and waits longer', async () => {
    const asked = serveWire([
      ['running', { log: 'a\n', etag: 'W/"1"' }],
      ['running', 304],
      ['running', 304],
      ['success', { log: 'a\nb\n', etag: 'W/"2"' }],
    ]);
    const r = await trace(['--follow']);
    expect([r.code, r.stdout]).toEqual([0, 'a\nb\n']);
    expect(asked.map((h) => h['accept-encoding'])).toEqual(Array(4).fill('gzip, deflate, br'));
    expect(asked.map((h) => h['if-none-match'])).toEqual([undefined, 'W/"1"', 'W/"1"', 'W/"1"']);
    // Nothing new: each wait is longer than the last (x1.5).
    expect(r.waits).toEqual([3000, 4500, 6750]);
  });

  it('the wait between polls grows with the log: a second per 512 KiB read again', async () => {
    const big = `${'x'.repeat(1023)}\n`.repeat(4 * 1024);
    serveWire([
      ['running', { log: 'a\n', etag: '"1"' }],
      ['running', { log: big, etag: '"2"' }],
      ['success', { log: `${big}end\n`, etag: '"3"' }],
    ]);
    const r = await trace(['--follow', '--interval', '1']);
    expect(r.stdout).toBe(`a\n${big.slice(2)}end\n`);
    // 4 MiB printed: at least 8 s before it is read again.
    expect(r.waits).toEqual([1000, 8000]);
  });
});
