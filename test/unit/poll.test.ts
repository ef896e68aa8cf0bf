/**
 * The one waiting loop (src/executor/poll.ts) on a virtual clock: the wait grows while nothing
 * changes and starts over at a change, the server's Retry-After / Poll-Interval is a floor,
 * --timeout ends it with exit 124 at the deadline (not after), and each change is shown once
 * (in place on a terminal, one plain line each elsewhere). No test waits for real time.
 */
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { TimeoutError } from '../../src/errors.js';
import { conditionalRead, pollUntil, serverAsks, type Waiting } from '../../src/executor/poll.js';
import { StatusLine } from '../../src/output/status-line.js';
import { clockSeconds } from '../../src/shared/durations.js';
import { jsonReply, mockApi, TEST_HOST, TEST_TOKEN } from '../helpers/harness.js';

/** A clock that moves only when the loop sleeps; `waits` lists each sleep. */
function virtualClock(start = Date.parse('2026-11-25T12:00:00Z')) {
  let t = start;
  const waits: number[] = [];
  return {
    waits,
    now: () => new Date(t),
    sleep: async (ms: number) => {
      waits.push(ms);
      t += ms;
    },
  };
}

/** Reads each value of `states` in turn (the last one for ever), with the headers given for that poll. */
function scripted(states: string[], headers: Record<number, Record<string, string>> = {}): Waiting<string> & { reads: number } {
  const w = {
    reads: 0,
    read: async () => {
      const i = Math.min(w.reads, states.length - 1);
      w.reads++;
      return { value: states[i]!, headers: headers[w.reads] };
    },
    settled: (s: string) => s === 'success' || s === 'failed',
    describe: (s: string) => `pipeline 42: ${s}`,
  };
  return w;
}

function screen(inPlace: boolean) {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (c) => {
    text += String(c);
  });
  const line = new StatusLine(stream, { inPlace, columns: () => 40, measure: (s) => [...s].length });
  return { line, text: () => text };
}

describe('pollUntil', () => {
  it('waits longer while nothing changes (x1.5, capped), and starts over after a change', async () => {
    const clock = virtualClock();
    const w = scripted(['pending', 'pending', 'pending', 'pending', 'pending', 'running', 'running', 'success']);
    expect(await pollUntil(clock, w, { intervalMs: 1000, maxIntervalMs: 3000, what: 'pipeline 42' })).toBe('success');
    expect(clock.waits).toEqual([1000, 1500, 2250, 3000, 3000, 1000, 1500]);
    expect(w.reads).toBe(8);
  });

  it('never polls sooner than Retry-After (seconds or a date) or GitLab Poll-Interval asks', async () => {
    const clock = virtualClock();
    const w = scripted(['pending', 'running', 'running', 'success'], {
      1: { 'retry-after': '7' },
      2: { 'retry-after': 'Wed, 25 Nov 2026 12:00:27 GMT' },
      3: { 'poll-interval': '9000' },
    });
    await pollUntil(clock, w, { intervalMs: 1000, what: 'pipeline 42' });
    // 7 s; then until 12:00:27 from 12:00:07 is 20 s; then 9 s (Poll-Interval, milliseconds).
    expect(clock.waits).toEqual([7000, 20000, 9000]);
    expect(serverAsks({ 'poll-interval': '9000' }, 0)).toBe(9000);
    expect(serverAsks({ 'poll-interval': '-1' }, 0)).toBeUndefined();
  });

  it('a floor from the value (a long log) stretches the wait', async () => {
    const clock = virtualClock();
    const w = { ...scripted(['a', 'b', 'success']), floorMs: (s: string) => (s === 'b' ? 12_000 : 0) };
    await pollUntil(clock, w, { intervalMs: 1000, what: 'x' });
    expect(clock.waits).toEqual([1000, 12000]);
  });

  it('--timeout: the last poll comes at the deadline, then TimeoutError (exit 124) naming what and how long', async () => {
    const clock = virtualClock();
    const w = scripted(['running']);
    const err = await pollUntil(clock, w, {
      intervalMs: 2000,
      timeoutMs: 5000,
      what: 'pipeline 42',
      timeoutHint: 'collab pipeline wait 42',
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as TimeoutError).exitCode).toBe(124);
    expect((err as TimeoutError).message).toBe('pipeline 42 has not ended after 5s (--timeout)');
    expect((err as TimeoutError).hint).toBe('collab pipeline wait 42');
    expect(clock.waits).toEqual([2000, 3000]);
    expect(w.reads).toBe(3);
  });

  it('a value that ends within the deadline is no timeout', async () => {
    const clock = virtualClock();
    expect(await pollUntil(clock, scripted(['running', 'failed']), { intervalMs: 2000, timeoutMs: 2000, what: 'p' })).toBe('failed');
  });

  it('piped: one plain line per change, each once, no escape sequence', async () => {
    const s = screen(false);
    await pollUntil(virtualClock(), scripted(['pending', 'pending', 'running', 'running', 'success']), {
      intervalMs: 1000,
      what: 'p',
      status: s.line,
    });
    expect(s.text()).toBe('pipeline 42: pending\npipeline 42: running\npipeline 42: success\n');
  });

  it('on a terminal: one line redrawn in place (with the time waited), cut to the width, kept at the end', async () => {
    const s = screen(true);
    await pollUntil(virtualClock(), scripted(['pending', 'running', 'success']), { intervalMs: 61_000, what: 'p', status: s.line });
    expect(s.text()).toBe(
      '\r\u001b[2Kpipeline 42: pending (0s)' + '\r\u001b[2Kpipeline 42: running (1m 01s)' + '\r\u001b[2Kpipeline 42: success (2m 02s)\n',
    );
    const narrow = new StatusLine(new PassThrough(), { inPlace: true, columns: () => 12, measure: (t) => t.length });
    const out: string[] = [];
    (narrow as unknown as { stream: PassThrough }).stream.on('data', (c) => out.push(String(c)));
    narrow.show('pipeline 42: running');
    expect(out.join('')).toBe('\r\u001b[2Kpipeline 4…');
  });

  it('server words are shown without the escape sequences they carry', async () => {
    const s = screen(false);
    const w = { ...scripted(['success']), describe: () => 'ref \u001b]0;pwned\u0007main\u001b[2J: success' };
    await pollUntil(virtualClock(), w, { intervalMs: 1, what: 'p', status: s.line });
    expect(s.text()).toBe('ref main: success\n');
  });
});

describe('conditionalRead', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('sends the last ETag as If-None-Match; a 304 stands for the last answer', async () => {
    api = mockApi();
    const path = '/api/v4/projects/7/pipelines/42';
    const seen: string[] = [];
    api.pool.intercept({ path, method: 'GET' }).reply((o) => {
      seen.push(String((o.headers as Record<string, string>)['if-none-match'] ?? ''));
      return {
        statusCode: 200,
        data: JSON.stringify({ id: 42, status: 'running' }),
        responseOptions: jsonReply({}, { etag: 'W/"a1"' })[1],
      };
    });
    api.pool.intercept({ path, method: 'GET', headers: { 'if-none-match': 'W/"a1"' } }).reply(304, '', { headers: { etag: 'W/"a1"' } });
    api.pool
      .intercept({ path, method: 'GET', headers: { 'if-none-match': 'W/"a1"' } })
      .reply(200, ...jsonReply({ id: 42, status: 'success' }, { etag: 'W/"b2"' }));
    const client = new ApiClient({
      host: TEST_HOST,
      credentials: { token: { value: TEST_TOKEN, kind: 'private' } },
      transport: api.transport,
      userAgent: 'collab/test',
    });
    const read = conditionalRead<{ status: string }>(() => client, { method: 'GET', path: '/projects/7/pipelines/42' });
    expect((await read()).value.status).toBe('running');
    expect((await read()).value.status).toBe('running');
    expect((await read()).value.status).toBe('success');
    expect(seen).toEqual(['']);
  });
});

describe('--timeout as a duration (clockSeconds)', () => {
  it.each([
    ['90', 90],
    ['2.5', 2.5],
    ['90s', 90],
    ['10m', 600],
    ['1h30m', 5400],
    ['500ms', 0.5],
    [' 1H ', 3600],
  ])('%s is %d seconds', (raw, seconds) => expect(clockSeconds(raw)).toBe(seconds));

  it.each(['', 'soon', '10x', '1d', '-3', 'm', '1h 30m'])('"%s" is none', (raw) => expect(clockSeconds(raw)).toBeUndefined());
});
