/**
 * Labels that add, as a triage session uses them (issue 38 item 2): collab run in-process as the
 * binary runs it against the sandbox's gitlab flavour (which takes GitLab's `add_labels` and
 * `remove_labels`: lib/api/issues.rb, lib/api/merge_requests.rb) and its spec flavour (which has
 * `labels` only). On a terminal: test/e2e/labels.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJson, type SandboxFixture } from '../helpers/e2e.js';
import { startSandboxInProcess } from '../helpers/in-process.js';

const P = 'acme/platform/api';

describe('labels that add, against the gitlab flavour', () => {
  let sb: SandboxFixture;
  beforeAll(async () => {
    sb = await startSandboxInProcess({ flavor: 'gitlab' });
  });
  afterAll(() => sb?.close());

  const labelsOf = async (iid: number): Promise<string[]> => (await runJson(sb, ['issue', 'view', String(iid), '-p', P])).labels;

  it('issue update --stdin --add-labels keeps every other label of each issue (the reported loss)', async () => {
    const picked = (await runJson(sb, ['issue', 'list', '-p', P, '--labels', 'bug', '--limit', '5'])) as {
      iid: number;
      labels: string[];
    }[];
    expect(picked.length).toBe(5);
    const before = new Map(picked.map((i) => [i.iid, i.labels]));
    const stdin = picked.map((i) => JSON.stringify(i)).join('\n');
    const r = await sb.run(['issue', 'update', '--stdin', '-p', P, '--add-labels', 'triaged'], {}, { input: stdin });
    expect(r.exitCode, r.stderr).toBe(0);
    for (const [iid, had] of before) expect((await labelsOf(iid)).sort()).toEqual([...new Set([...had, 'triaged'])].sort());
  });

  it("glab's --label and --unlabel on an issue and a merge request", async () => {
    const r = await sb.run(['issue', 'update', '1', '-p', P, '--label', 'p1', '--label', 'ui', '--unlabel', 'triaged']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(await labelsOf(1)).toEqual(expect.arrayContaining(['p1', 'ui']));
    expect(await labelsOf(1)).not.toContain('triaged');
    const mr = await runJson(sb, ['mr', 'view', '1', '-p', P]);
    const m = await sb.run(['mr', 'update', '1', '-p', P, '--add-label', 'reviewed', '--remove-label', mr.labels[0] ?? 'none']);
    expect(m.exitCode, m.stderr).toBe(0);
    const after = (await runJson(sb, ['mr', 'view', '1', '-p', P])).labels as string[];
    expect(after).toEqual(expect.arrayContaining(['reviewed', ...mr.labels.slice(1)]));
    if (mr.labels[0]) expect(after).not.toContain(mr.labels[0]);
  });
});

describe("the spec flavour's servers have no add_labels", () => {
  let sb: SandboxFixture;
  beforeAll(async () => {
    sb = await startSandboxInProcess();
  });
  afterAll(() => sb?.close());

  it('--add-labels is exit 2 and nothing is changed (collab does not read and replace in its place)', async () => {
    const before = (await runJson(sb, ['issue', 'view', '3', '-p', P])).labels;
    await sb.clearRequests();
    const r = await sb.run(['issue', 'update', '3', '-p', P, '--add-labels', 'triaged']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--add-labels needs GitLab');
    expect(sb.requests().filter((q) => q.method !== 'GET')).toEqual([]);
    expect((await runJson(sb, ['issue', 'view', '3', '-p', P])).labels).toEqual(before);
  });
});
