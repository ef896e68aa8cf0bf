import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, runCli } from '../helpers/harness.js';

const I = '/api/v4/projects/7/issues/3';
const stats = (estimate: number, spent: number, human: [string | null, string | null] = [null, null]) => ({
  time_estimate: estimate,
  total_time_spent: spent,
  human_time_estimate: human[0],
  human_total_time_spent: human[1],
});

describe('issue time tracking', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('sets the estimate with a human duration', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${I}/time_estimate`, method: 'POST', body: '{"duration":"1d 2h"}' })
      .reply(200, ...jsonReply(stats(36000, 0, ['1d 2h', null])));
    const r = await runCli(['issue', 'estimate', '3', '1d 2h', '-p', '7'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('time_estimate\t36000\ntotal_time_spent\t0\nhuman_time_estimate\t1d 2h\nhuman_total_time_spent\t\n');
    expect(r.stderr).toBe('Set the time estimate of issue #3 to 1d 2h\n');
  });

  it('adds spent time (201), and subtracts with a leading - after --', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${I}/add_spent_time`, method: 'POST', body: '{"duration":"1h30m"}' })
      .reply(201, ...jsonReply(stats(0, 5400, [null, '1h 30m'])));
    api.pool
      .intercept({ path: `${I}/add_spent_time`, method: 'POST', body: '{"duration":"-30m"}' })
      .reply(201, ...jsonReply(stats(0, 3600, [null, '1h'])));
    const add = await runCli(['issue', 'spend', '3', '1h30m', '-p', '7', '-o', 'json'], { transport: api.transport });
    expect(add.code).toBe(0);
    expect(JSON.parse(add.stdout)).toEqual(stats(0, 5400, [null, '1h 30m']));
    expect(add.stderr).toBe('Added 1h30m to the time spent on issue #3\n');
    expect(add.stderr).not.toContain('✓');
    const sub = await runCli(['issue', 'spend', '3', '-p', '7', '-o', 'json', '--', '-30m'], { transport: api.transport });
    expect(sub.code).toBe(0);
    expect(JSON.parse(sub.stdout).total_time_spent).toBe(3600);
    expect(sub.stderr).toBe('Took 30m off the time spent on issue #3\n');
  });

  it('resets estimate and spent time, and reads the stats', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${I}/reset_time_estimate`, method: 'POST', body: '{}' }).reply(200, ...jsonReply(stats(0, 60)));
    api.pool.intercept({ path: `${I}/reset_spent_time`, method: 'POST', body: '{}' }).reply(200, ...jsonReply(stats(0, 0)));
    api.pool.intercept({ path: `${I}/time_stats`, method: 'GET' }).reply(200, ...jsonReply(stats(7200, 0, ['2h', null])));
    const a = await runCli(['issue', 'reset-estimate', '3', '-p', '7', '-o', 'ndjson'], { transport: api.transport });
    expect(a.stdout).toBe(`${JSON.stringify(stats(0, 60))}\n`);
    const b = await runCli(['issue', 'reset-spent', '3', '-p', '7', '-o', 'ndjson'], { transport: api.transport });
    expect(b.stdout).toBe(`${JSON.stringify(stats(0, 0))}\n`);
    const c = await runCli(['issue', 'time-stats', '3', '-p', '7', '--fields', 'estimate,spent'], { transport: api.transport });
    expect(c.code).toBe(0);
    expect(c.stdout).toBe('human_time_estimate\t2h\nhuman_total_time_spent\t\n');
  });

  it('rejects bad durations with exit 2 and sends nothing', async () => {
    api = mockApi();
    for (const args of [
      ['estimate', '3', 'soon'],
      ['estimate', '3', '1h30'],
      ['estimate', '3', '--', '-1h'],
      ['spend', '3', '1x'],
      ['spend', '3', '--', '--1h'],
      ['spend', '3', ''],
    ]) {
      const r = await runCli(['issue', args[0]!, '-p', '7', ...args.slice(1)], { transport: api.transport });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain('duration');
    }
    const missing = await runCli(['issue', 'estimate', '3', '-p', '7'], { transport: api.transport });
    expect(missing.code).toBe(2);
  });
});
