/**
 * Drafts, as a user runs them against the sandbox in both flavours: `mr create --draft`,
 * `mr update --draft|--ready` (the title read, never retyped), `mr list --draft|--no-draft`
 * (GitLab's `wip=yes|no`; filtered by collab on a server of the spec's dialect), and the draft
 * marker in the state column of lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxFixture } from '../helpers/e2e.js';
import { startSandboxInProcess } from '../helpers/in-process.js';

const P = 'acme/platform/api';

describe.each(['spec', 'gitlab'] as const)('drafts (%s flavour)', (flavor) => {
  let sb: SandboxFixture;
  const run = (args: string[]) => sb.run(args, { COLLAB_FLAVOR: flavor });
  const json = async (args: string[]) => {
    const r = await run([...args, '-o', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    return JSON.parse(r.stdout);
  };
  const sent = () => sb.requests().map((r) => `${r.method} ${decodeURIComponent(r.path)}`);

  beforeAll(async () => {
    sb = await startSandboxInProcess({ seed: 'demo', flavor });
  });
  afterAll(() => sb?.close());

  it('mr create --draft opens it with the Draft: prefix', async () => {
    const mr = await json(['mr', 'create', '-p', P, '--source', `try/${flavor}`, '--target', 'main', '--title', 'Try a cache', '--draft']);
    expect(mr).toMatchObject({ title: 'Draft: Try a cache', work_in_progress: true });
  });

  it('mr update --ready and --draft change the title the server has, read first, nobody retyping it', async () => {
    const { iid } = await json(['mr', 'create', '-p', P, '--source', `ready/${flavor}`, '--target', 'main', '--title', '[Draft] Tidy up']);
    await sb.clearRequests();
    const ready = await run(['mr', 'update', String(iid), '-p', P, '--ready']);
    expect(ready.exitCode, ready.stderr).toBe(0);
    expect(ready.stderr).toBe(`Marked merge request !${iid} (Tidy up) as ready`);
    expect(sent()).toEqual([`GET /api/v4/projects/${P}/merge_requests/${iid}`, `PUT /api/v4/projects/${P}/merge_requests/${iid}`]);
    expect((await json(['mr', 'view', String(iid), '-p', P])).title).toBe('Tidy up');

    const draft = await json(['mr', 'update', String(iid), '-p', P, '--draft']);
    expect(draft).toMatchObject({ title: 'Draft: Tidy up', work_in_progress: true });

    await sb.clearRequests();
    const again = await run(['mr', 'update', String(iid), '-p', P, '--draft']);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toContain(`Merge request !${iid} (Draft: Tidy up) is already a draft: nothing changed`);
    expect(sent().filter((s) => s.startsWith('PUT'))).toEqual([]);

    // With --title the title given is the one marked: nothing is read.
    await sb.clearRequests();
    const titled = await json(['mr', 'update', String(iid), '-p', P, '--ready', '--title', 'Draft: Tidy up the cache']);
    expect(titled.title).toBe('Tidy up the cache');
    expect(sent().filter((s) => s.startsWith('GET'))).toEqual([]);
  });

  it('--draft and --ready together is exit 2, nothing sent', async () => {
    await sb.clearRequests();
    const r = await run(['mr', 'update', '5', '-p', P, '--draft', '--ready']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--draft and --ready cannot be used together');
    expect(sent()).toEqual([]);
  });

  it('mr list --draft and --no-draft: GitLab filters (wip=yes|no), collab filters for a spec server', async () => {
    await sb.clearRequests();
    const drafts = await json(['mr', 'list', '-p', P, '--draft', '--all']);
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts.every((m: { work_in_progress: boolean }) => m.work_in_progress)).toBe(true);
    expect(drafts.map((m: { iid: number }) => m.iid)).toContain(5);
    const ready = await json(['mr', 'list', '-p', P, '--no-draft', '--all']);
    expect(ready.length).toBeGreaterThan(0);
    expect(ready.some((m: { work_in_progress: boolean }) => m.work_in_progress)).toBe(false);
    const lists = sent().filter((s) => s.includes('/merge_requests?'));
    if (flavor === 'gitlab') expect(lists.map((s) => /wip=(yes|no)/.exec(s)?.[1])).toEqual(['yes', 'no']);
    else expect(lists.some((s) => s.includes('wip='))).toBe(false);
  });

  it('--limit counts the drafts shown, not the merge requests read', async () => {
    // The two newest are one draft and one ready: the second draft is on a later page.
    const r = await json(['mr', 'list', '-p', P, '--draft', '--limit', '2', '--per-page', '2']);
    expect(r.map((m: { iid: number; work_in_progress: boolean }) => [m.iid > 8 || m.iid === 5, m.work_in_progress])).toEqual([
      [true, true],
      [true, true],
    ]);
  });

  it('lists mark an open draft in the state column', async () => {
    const r = await run(['mr', 'list', '-p', P, '-o', 'tsv', '--fields', 'iid,state']);
    expect(r.stdout).toMatch(/^5\tdraft$/m);
    expect(r.stdout).toMatch(/^8\topened$/m);
    const view = await run(['mr', 'view', '5', '-p', P, '-o', 'tsv']);
    expect(view.stdout).toMatch(/^state\tdraft$/m);
  });
});
