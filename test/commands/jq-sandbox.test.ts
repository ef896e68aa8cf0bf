import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxFixture, USER_TOKEN } from '../helpers/e2e.js';
import { startSandboxInProcess } from '../helpers/in-process.js';

const P = ['-p', 'acme/platform/api'];

/**
 * Debian's jq (.ci/run installs it): what `collab … --jq F` must print is what `collab … -o json |
 * jq F` prints (both as execa reads them: without the last newline). collab runs in-process as the
 * binary runs it (runInProcess); test/e2e/jq.test.ts runs an installation without jq.
 */
async function jq(input: string, filter: string, flags: string[] = []): Promise<{ stdout: string; exitCode: number }> {
  const r = await execa('jq', [...flags, filter], { input, reject: false });
  return { stdout: String(r.stdout), exitCode: r.exitCode ?? -1 };
}

describe('--jq: jq on the JSON output of every command', () => {
  let sb: SandboxFixture;
  beforeAll(async () => {
    sb = await startSandboxInProcess({ seed: 250 });
  });
  afterAll(() => sb?.close());

  it.each([
    [['issue', 'list', ...P, '--state', 'all'], '.[0] | {iid, title, state}', []],
    [['issue', 'list', ...P, '--state', 'all', '--all'], 'map(.iid) | add', []],
    [['issue', 'list', ...P, '--state', 'all', '--all'], '[.[] | select(.state == "closed")] | length', []],
    [['issue', 'list', ...P, '--state', 'all', '--per-page', '5'], '.[] | [.iid, .title, .author.username] | @tsv', ['-r']],
    [['issue', 'view', '7', ...P], 'to_entries | map(select(.value | type == "number")) | from_entries', []],
    [['mr', 'list', ...P, '--state', 'all'], 'group_by(.state) | map({state: .[0].state, n: length})', []],
    [['project', 'view', ...P], '.path_with_namespace', ['-r']],
    [['user', 'me'], '.username', []],
    [['api', '/projects/acme%2Fplatform%2Fapi/labels'], 'map(.name) | sort', []],
  ] as const)('%j --jq %s is what jq prints', async (args, filter, flags) => {
    const plain = await sb.run([...args, '-o', 'json'], { COLLAB_TOKEN: USER_TOKEN });
    expect(plain.exitCode, plain.stderr).toBe(0);
    const expected = await jq(plain.stdout, filter, [...flags]);
    expect(expected.exitCode).toBe(0);
    const r = await sb.run([...args, '--jq', filter, ...flags], { COLLAB_TOKEN: USER_TOKEN });
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe(expected.stdout);
    expect(r.stdout.length).toBeGreaterThan(0);
  });

  it('--jq implies JSON whatever COLLAB_OUTPUT or the config say; -o ndjson runs it per item, compact', async () => {
    const env = { COLLAB_TOKEN: USER_TOKEN, COLLAB_OUTPUT: 'tsv' };
    const whole = await sb.run(['issue', 'list', ...P, '--per-page', '3', '--jq', 'length'], env);
    expect(whole.stdout).toBe('3');
    const perItem = await sb.run(['issue', 'list', ...P, '--per-page', '3', '-o', 'ndjson', '--jq', '{iid}'], env);
    expect(perItem.exitCode, perItem.stderr).toBe(0);
    const lines = perItem.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    for (const l of lines) expect(l).toMatch(/^\{"iid":\d+\}$/);
    const all = await sb.run(['issue', 'list', ...P, '--state', 'all', '--all', '-o', 'ndjson', '--jq', '.iid'], env);
    expect(all.stdout.trim().split('\n')).toHaveLength(250);
  });

  it('--fields picks the keys jq sees', async () => {
    const r = await sb.run(['issue', 'view', '3', ...P, '--fields', 'iid,title', '--jq', 'keys'], { COLLAB_TOKEN: USER_TOKEN });
    expect(JSON.parse(r.stdout)).toEqual(['iid', 'title']);
  });

  it('bad filters and misplaced flags are exit 2 before anything is sent', async () => {
    await sb.clearRequests();
    for (const args of [
      ['issue', 'list', ...P, '--jq', '.[] | select(.iid =='],
      ['issue', 'list', ...P, '--jq', 'nosuch(1)'],
      ['issue', 'list', ...P, '--jq', '.', '-o', 'table'],
      ['issue', 'list', ...P, '--jq', '.', '-o', 'tsv'],
      ['issue', 'list', ...P, '-r'],
      ['job', 'trace', '1', ...P, '--jq', '.'],
      ['job', 'artifact', '1', 'a.txt', ...P, '--jq', '.'],
      ['issue', 'close', '3', ...P, '--jq', '.['],
    ]) {
      const r = await sb.run(args);
      expect(r.exitCode, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^collab: .*(--jq|--raw)/);
    }
    expect(sb.requests()).toEqual([]);
  });

  it('a runtime error is exit 5 (as jq): what came before it is printed, the error on stderr', async () => {
    const one = await sb.run(['issue', 'list', ...P, '--per-page', '2', '--jq', '.[0].iid, (.[1].title | .x)'], {
      COLLAB_TOKEN: USER_TOKEN,
    });
    expect(one.exitCode).toBe(5);
    expect(one.stdout).toMatch(/^\d+$/);
    expect(one.stderr).toBe('collab: jq: error: Cannot index string with string ("x")');
    // Per item, jq goes on with the next item; the run still fails.
    const nd = await sb.run(
      ['issue', 'list', ...P, '--per-page', '3', '-o', 'ndjson', '--jq', 'if .iid % 2 == 0 then error("even \\(.iid)") else .iid end'],
      {
        COLLAB_TOKEN: USER_TOKEN,
      },
    );
    expect(nd.exitCode).toBe(5);
    const printed = nd.stdout.trim().split('\n').map(Number);
    const failed = [...nd.stderr.matchAll(/collab: jq: error: even (\d+)/g)].map((m) => Number(m[1]));
    expect(printed.every((n) => n % 2 === 1)).toBe(true);
    expect(printed.length + failed.length).toBe(3);
    expect(nd.stderr).toContain(`the filter failed on ${failed.length} of 3 items`);
  });

  it('an answer that is not JSON cannot be filtered (exit 5, nothing printed)', async () => {
    const r = await sb.run(['api', '/projects/acme%2Fplatform%2Fapi/jobs/1/trace', '--jq', '.']);
    expect(r.exitCode).toBe(5);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/is not JSON: --jq filters JSON only/);
  });
});
