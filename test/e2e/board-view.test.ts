/**
 * `board view` as people use it (issue 38 item 14): the built binary against the sandbox in both
 * flavours (GitLab's `not[labels]` for the Open column; on the spec's, collab keeps those out
 * itself), in a pseudo-terminal at 80 and 120 columns, and as JSON checked against the issue lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, runJson, type SandboxFixture, startSandboxFixture } from '../helpers/e2e.js';
import { runInTerminal, visible } from '../helpers/terminal.js';

const P = 'acme/platform/api';

describe.each(['gitlab', 'spec'] as const)('board view (%s flavour)', (flavor) => {
  let sb: SandboxFixture;
  beforeAll(async () => {
    sb = await startSandboxFixture({ flavor });
  });
  afterAll(() => sb?.close());

  it('each column holds what the issue lists say: Open, the label lists, Closed', async () => {
    const rows = (await runJson(sb, ['board', 'view', '-p', P, '--per-list', '100'])) as {
      list: string;
      iid: number;
      labels: string[];
      state: string;
    }[];
    const column = (name: string) => rows.filter((r) => r.list === name);
    expect([...new Set(rows.map((r) => r.list))]).toEqual(['Open', 'bug', 'needs review', 'feature', 'Closed']);
    const iids = (items: { iid: number }[]) => items.map((i) => i.iid).sort((a, b) => a - b);
    for (const name of ['bug', 'needs review', 'feature']) {
      const expected = await runJson(sb, ['issue', 'list', '-p', P, '--labels', name, '--per-page', '100']);
      expect(iids(column(name)), name).toEqual(iids(expected));
    }
    expect(column('Open').length).toBeGreaterThan(0);
    for (const issue of column('Open')) expect(issue.labels.filter((l) => ['bug', 'needs review', 'feature'].includes(l))).toEqual([]);
    expect(column('Closed').every((i) => i.state === 'closed')).toBe(true);
  });

  for (const cols of [80, 120]) {
    it(`in a terminal of ${cols} columns every line fits, the columns side by side`, async () => {
      const r = await runInTerminal(['board', 'view', '1', '-p', P, '--per-list', '3'], {
        cols,
        env: { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN, COLLAB_PAGER: 'cat' },
      });
      expect(r.code, r.screen).toBe(0);
      const lines = visible(r.screen).trimEnd().split('\n');
      for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(cols);
      expect(lines[0]).toMatch(new RegExp(`^Open \\(3${flavor === 'gitlab' ? ' of \\d+' : '\\+'}\\) +│ bug \\(3 of \\d+\\)`));
      expect(visible(r.screen)).toMatch(/Closed \(3 of \d+\)/);
    });
  }
});
