/**
 * An object on `--stdin` names its project exactly, or the batch is refused: a `project_id` that is
 * not a positive safe integer, a string of digits that is one, or a full path is exit 2 naming the
 * line, before anything is sent — never dropped (the default project would get the item) nor
 * rounded (another project would). collab's entry, run in-process as the binary runs it, against
 * the sandbox, with a default project set that a dropped project_id would fall back to.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type SandboxFixture } from '../helpers/e2e.js';
import { startSandboxInProcess } from '../helpers/in-process.js';

const API = 'acme/platform/api';
const WEBSITE = 'acme/website';

describe('bulk --stdin: project_id names the project exactly', () => {
  let sb: SandboxFixture;
  let apiId: number;
  const projectId = async (path: string) => {
    const res = await fetch(`${sb.url}/api/v4/projects/${encodeURIComponent(path)}`, { headers: { 'PRIVATE-TOKEN': ADMIN_TOKEN } });
    return ((await res.json()) as { id: number }).id;
  };
  const openIids = async (path: string) => {
    const res = await fetch(`${sb.url}/api/v4/projects/${encodeURIComponent(path)}/issues?state=opened&per_page=2`, {
      headers: { 'PRIVATE-TOKEN': ADMIN_TOKEN },
    });
    return ((await res.json()) as { iid: number }[]).map((i) => i.iid);
  };
  beforeAll(async () => {
    sb = await startSandboxInProcess({ seed: 'demo' });
    apiId = await projectId(API);
  });
  afterAll(() => sb?.close());
  beforeEach(() => sb.clearRequests());

  it('a project_id that is not a positive safe integer or full path is exit 2 naming the line; nothing is sent', async () => {
    const bad: [string, string][] = [
      ['2.5', '2.5'],
      ['null', 'null'],
      ['-2', '-2'],
      ['0', '0'],
      ['9007199254740993', '9007199254740992'],
      ['1e300', '1e+300'],
      ['true', 'true'],
      ['{"id":7}', 'an object'],
      ['[7]', 'a list'],
      ['""', '""'],
      ['"0"', '"0"'],
      ['"007"', '"007"'],
      ['"9007199254740993"', '"9007199254740993"'],
      ['"7 "', '"7 "'],
      ['"acme"', '"acme"'],
      ['"acme/website.git"', '"acme/website.git"'],
      ['"/acme/website"', '"/acme/website"'],
      ['"acme%2Fwebsite"', '"acme%2Fwebsite"'],
      ['"acme/../website"', '"acme/../website"'],
      ['"https://evil.example/acme/website"', '"https://evil.example/acme/website"'],
    ];
    for (const [value, shown] of bad) {
      const input = `{"iid":1,"project_id":${apiId}}\n{"iid":2,"project_id":${value}}\n`;
      const r = await sb.run(['issue', 'close', '--stdin'], { COLLAB_PROJECT: WEBSITE }, { input });
      expect(r.exitCode, value).toBe(2);
      expect(r.stderr.split('\n')[0], value).toBe(
        `collab: standard input, line 2: "project_id" ${shown} is not a project id (a ` +
          `positive whole number) or full path (group/project): nothing was sent`,
      );
      if (!['2.5', 'null', '"acme"'].includes(value)) continue;
      // The same in a JSON array (`-o json`): the item is named.
      const array = await sb.run(
        ['issue', 'close', '--stdin'],
        { COLLAB_PROJECT: WEBSITE },
        { input: `[{"iid":1},{"iid":2,"project_id":${value}}]` },
      );
      expect(array.exitCode, value).toBe(2);
      expect(array.stderr, value).toContain('standard input, item 2: "project_id"');
    }
    // An iid past the safe range would be rounded to another issue: refused the same way.
    const iid = await sb.run(['issue', 'close', '--stdin'], { COLLAB_PROJECT: WEBSITE }, { input: '{"iid":9007199254740993}\n' });
    expect(iid.exitCode).toBe(2);
    expect(iid.stderr).toContain('standard input, line 1');
    expect(sb.requests()).toEqual([]);
  });

  it('an id as a number or a string of digits, or a full path, sends each item to its own project', async () => {
    const [[a, c], [b]] = [await openIids(API), await openIids(WEBSITE)];
    const input = [
      `{"iid":${a},"project_id":${apiId}}`,
      `{"iid":${b},"project_id":"${WEBSITE}"}`,
      `{"iid":${c},"project_id":"${apiId}"}`,
    ].join('\n');
    const r = await sb.run(['issue', 'close', '--stdin', '-o', 'ndjson'], { COLLAB_PROJECT: 'acme/platform/web' }, { input });
    expect(r.exitCode, r.stderr).toBe(0);
    const puts = sb
      .requests()
      .filter((q) => q.method === 'PUT')
      .map((q) => q.path.split('?')[0])
      .sort();
    expect(puts).toEqual(
      [
        `/api/v4/projects/${apiId}/issues/${a}`,
        `/api/v4/projects/${encodeURIComponent(WEBSITE)}/issues/${b}`,
        `/api/v4/projects/${apiId}/issues/${c}`,
      ].sort(),
    );
  });
});
