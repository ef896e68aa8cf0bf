/**
 * Triage filters as people use them (issue 38 items 1 and 3): collab run in-process as the binary
 * runs it against the sandbox's gitlab flavour, outside any checkout, with alice's token. "Mine"
 * widens GitLab's default `created_by_me` scope (doc/api/issues.md, doc/api/merge_requests.md);
 * `none`/`any` are GitLab's `None`/`Any`; `--not-…` its `not[…]`. Every answer is checked against
 * what the API itself says with `scope=all`, so the demo world's details do not matter. On a
 * terminal: test/e2e/triage-filters.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJson, type SandboxFixture, USER_TOKEN } from '../helpers/e2e.js';
import { startSandboxInProcess } from '../helpers/in-process.js';

interface Item {
  iid: number;
  project_id: number;
  labels: string[];
  author: { username: string };
  assignees: { username: string }[];
  reviewers?: { username: string }[];
}

const keys = (items: Item[]) => items.map((i) => `${i.project_id}:${i.iid}`).sort();
const ALICE = { COLLAB_TOKEN: USER_TOKEN };

describe('triage filters against the gitlab flavour', () => {
  let sb: SandboxFixture;
  let issues: Item[];
  let mrs: Item[];
  beforeAll(async () => {
    sb = await startSandboxInProcess({ flavor: 'gitlab' });
    issues = await runJson(sb, ['issue', 'list', '--scope', 'all', '--all'], ALICE);
    mrs = await runJson(sb, ['mr', 'list', '--scope', 'all', '--all'], ALICE);
  });
  afterAll(() => sb?.close());

  it('issue list --assignee @me outside a project: every open issue assigned to alice, not only those she created', async () => {
    const mine = await runJson(sb, ['issue', 'list', '--assignee', '@me', '--all'], ALICE);
    const expected = issues.filter((i) => i.assignees.some((a) => a.username === 'alice'));
    expect(keys(mine)).toEqual(keys(expected));
    expect(expected.some((i) => i.author.username !== 'alice')).toBe(true);
  });

  it('mr list --reviewer @me outside a project: every review asked of alice', async () => {
    const mine = await runJson(sb, ['mr', 'list', '--reviewer', '@me', '--all'], ALICE);
    const expected = mrs.filter((m) => (m.reviewers ?? []).some((r) => r.username === 'alice'));
    expect(keys(mine)).toEqual(keys(expected));
    expect(mine.length).toBeGreaterThan(0);
    expect(keys(await runJson(sb, ['mr', 'list', '--scope', 'reviews-for-me', '--all'], ALICE))).toEqual(keys(expected));
  });

  it('mr list --author of someone else outside a project: theirs, and an empty answer names them as typed', async () => {
    const someone = mrs.find((m) => m.author.username !== 'alice')!.author.username;
    const theirs = await runJson(sb, ['mr', 'list', '--author', someone, '--all'], ALICE);
    expect(keys(theirs)).toEqual(keys(mrs.filter((m) => m.author.username === someone)));
    const r = await sb.run(['mr', 'list', '--author', someone, '--labels', 'no-such-label', '-o', 'table'], ALICE);
    expect([r.exitCode, r.stderr]).toEqual([0, `No open merge requests match --labels no-such-label --author ${someone}`]);
  });

  it('--assignee none and any, --not-label and --not-author leave out what they say', async () => {
    const none = await runJson(sb, ['issue', 'list', '--scope', 'all', '--assignee', 'none', '--all'], ALICE);
    expect(keys(none)).toEqual(keys(issues.filter((i) => i.assignees.length === 0)));
    const any = await runJson(sb, ['issue', 'list', '--scope', 'all', '--assignee', 'any', '--all'], ALICE);
    expect(keys(any)).toEqual(keys(issues.filter((i) => i.assignees.length > 0)));
    const label = issues.flatMap((i) => i.labels)[0]!;
    const author = issues[0]!.author.username;
    const left = await runJson(sb, ['issue', 'list', '--scope', 'all', '--not-label', label, '--not-author', author, '--all'], ALICE);
    expect(keys(left)).toEqual(keys(issues.filter((i) => !i.labels.includes(label) && i.author.username !== author)));
  });
});
