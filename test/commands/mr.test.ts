import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BinResult, BOB_TOKEN, type SandboxFixture } from '../helpers/e2e.js';
import { startSandboxInProcess } from '../helpers/in-process.js';

const API = 'acme/platform/api';
const STALE = '0123456789abcdef0123456789abcdef01234567';

/** runInProcess strips the final newline of stdout and stderr, as execa does. */
function json(r: BinResult): any {
  expect(r.exitCode, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

describe('merge requests against the sandbox', () => {
  let sb: SandboxFixture;
  const mr = (...args: string[]) => sb.run(['mr', ...args, '-p', API]);
  const view = async (iid: string | number) => json(await mr('view', String(iid), '-o', 'json'));

  beforeAll(async () => {
    sb = await startSandboxInProcess({ seed: 'demo' });
  });
  afterAll(() => sb?.close());

  it('create → approve → merge with a stale sha (409, nothing merged) → merge with the right sha', async () => {
    const createdRun = await mr(
      'create',
      '--source',
      'feature/e2e-merge',
      '--target',
      'main',
      '--title',
      'E2E merge',
      '--labels',
      'feature',
      '--squash',
      '-o',
      'json',
    );
    const created = json(createdRun);
    expect(created).toMatchObject({
      title: 'E2E merge',
      state: 'opened',
      source_branch: 'feature/e2e-merge',
      target_branch: 'main',
      squash: true,
      labels: ['feature'],
    });
    expect(createdRun.stderr).toContain(`Created merge request !${created.iid} (E2E merge): `);
    const iid = String(created.iid);
    const head: string = created.sha;
    expect(head).toMatch(/^[0-9a-f]{40}$/);

    const approved = await mr('approve', iid, '--sha', head, '-o', 'json');
    expect(json(approved).approved_by.map((a: any) => a.user.username)).toEqual(['root']);
    expect(approved.stderr).toMatch(new RegExp(`^Approved !${iid}`));

    const stale = await mr('merge', iid, '--yes', '--sha', STALE);
    expect(stale.exitCode).toBe(1);
    expect(stale.stdout).toBe('');
    expect(stale.stderr).toContain(`409 SHA does not match HEAD of source branch`);
    expect(stale.stderr).toContain(`!${iid} was not merged: the head of its source branch is now ${head}, not ${STALE}`);
    expect(stale.stderr).toContain(`collab mr merge ${iid} --sha ${head} -p ${API}`);
    expect(await view(iid)).toMatchObject({ state: 'opened', merge_commit_sha: null });

    const merged = await mr('merge', iid, '--yes', '--sha-from-view', '--message', 'Merge E2E', '--remove-source-branch', '-o', 'json');
    expect(json(merged)).toMatchObject({ state: 'merged', should_remove_source_branch: true });
    expect(merged.stderr).toContain(`Merging !${iid} "E2E merge" (feature/e2e-merge → main) at ${head.slice(0, 8)}`);
    expect(merged.stderr).toContain(`Merged !${iid} (E2E merge): feature/e2e-merge → main as `);
    expect((await view(iid)).merge_commit_sha).toMatch(/^[0-9a-f]{40}$/);

    const again = await mr('merge', iid, '--yes');
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toContain(`!${iid} was not merged: it is already merged`);
  });

  it('the unmergeable merge request (merge_status cannot_be_merged) is refused and explained', async () => {
    const list = json(await mr('list', '--state', 'opened', '-o', 'json'));
    const unmergeable = list.find((m: any) => m.merge_status === 'cannot_be_merged');
    expect(unmergeable).toBeDefined();
    const r = await mr('merge', String(unmergeable.iid), '--yes');
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^collab: 40[56] /);
    expect(r.stderr).toContain(
      `!${unmergeable.iid} was not merged: ${unmergeable.source_branch} conflicts with ` +
        `${unmergeable.target_branch}; detailed merge status conflict`,
    );
    expect(r.stderr).toContain(`hint: resolve the conflicts: collab mr checkout ${unmergeable.iid} -p ${API}`);
    expect((await view(unmergeable.iid)).state).toBe('opened');
  });

  it('drafts and closed merge requests are refused with their reason', async () => {
    const all = json(await mr('list', '--state', 'all', '--all', '-o', 'json'));
    const draft = all.find((m: any) => m.state === 'opened' && m.work_in_progress);
    const closed = all.find((m: any) => m.state === 'closed');
    const d = await mr('merge', String(draft.iid), '--yes');
    expect([d.exitCode, d.stderr.includes('was not merged: it is a draft; detailed merge status draft_status')]).toEqual([1, true]);
    const c = await mr('merge', String(closed.iid), '--yes');
    expect(c.exitCode).toBe(1);
    expect(c.stderr).toContain(
      `was not merged: it is closed; detailed merge status not_open\nhint: reopen it with: collab mr reopen ${closed.iid} -p ${API}`,
    );
  });

  it('merge when the pipeline succeeds is scheduled (exit 0) and can be cancelled once', async () => {
    const { iid } = json(await mr('create', '-s', 'feature/e2e-auto', '-b', 'main', '-t', 'E2E auto-merge', '-o', 'json'));
    const id = String(iid);
    const scheduled = await mr('merge', id, '--yes', '--when-pipeline-succeeds', '-o', 'json');
    expect(json(scheduled)).toMatchObject({ state: 'opened', merge_when_pipeline_succeeds: true });
    expect(scheduled.stderr).toContain(`!${id} (E2E auto-merge) will merge when the pipeline succeeds`);
    const cancelled = await mr('cancel-auto-merge', id, '-o', 'json');
    expect(json(cancelled).merge_when_pipeline_succeeds).toBe(false);
    const twice = await mr('cancel-auto-merge', id);
    expect(twice.exitCode).toBe(1);
    expect(twice.stderr).toContain(`406`);
    expect(twice.stderr).toContain(`!${id} is not set to merge when the pipeline succeeds: nothing to cancel`);
  });

  it('a reporter may not merge: 401 explained, exit 1', async () => {
    const list = json(await sb.run(['mr', 'list', '-p', 'acme/website', '--state', 'opened', '-o', 'json']));
    const r = await sb.run(['mr', 'merge', String(list[0].iid), '-p', 'acme/website', '--yes'], { COLLAB_TOKEN: BOB_TOKEN });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(`401 Unauthorized: you are not allowed to merge merge request !${list[0].iid}`);
  });

  it('update, close, reopen, subscribe twice, changes, commits, versions, closes-issues, delete', async () => {
    const { iid } = json(await mr('create', '-s', 'feature/e2e-misc', '-b', 'main', '-t', 'E2E misc', '-o', 'json'));
    const id = String(iid);
    expect(json(await mr('update', id, '--title', 'E2E misc (edited)', '--discussion-locked', '-o', 'json'))).toMatchObject({
      title: 'E2E misc (edited)',
      discussion_locked: true,
    });
    expect(json(await mr('close', id, '-o', 'json')).state).toBe('closed');
    expect(json(await mr('reopen', id, '-o', 'json')).state).toMatch(/^(opened|reopened)$/);

    // The author is subscribed on creation: a second subscribe answers 304.
    const sub = await mr('subscribe', id, '-o', 'json');
    expect(sub.exitCode).toBe(0);
    expect(sub.stderr).toBe(`Already subscribed to merge request !${id}: nothing changed`);
    expect(JSON.parse(sub.stdout)).toMatchObject({ iid, subscribed: true });
    const todo = await mr('todo', id, '-o', 'json');
    expect(json(todo).target_type).toBe('MergeRequest');
    const todoAgain = await mr('todo', id, '-o', 'json');
    expect([todoAgain.exitCode, todoAgain.stderr]).toEqual([0, `A todo for merge request !${id} exists already: nothing changed`]);

    const files = await mr('changes', id, '-o', 'tsv');
    expect(files.exitCode).toBe(0);
    expect(files.stdout.split('\n')).toEqual([
      'modified\tsrc/feature_e2e_misc.ts\tsrc/feature_e2e_misc.ts\t2\t1',
      'modified\tCHANGELOG.md\tCHANGELOG.md\t1\t0',
    ]);
    expect(json(await mr('commits', id, '-o', 'json'))).toHaveLength(2);
    const versions = json(await mr('versions', id, '-o', 'json'));
    expect(json(await mr('version', id, String(versions[0].id), '-o', 'json')).id).toBe(versions[0].id);

    const deleted = await mr('delete', id, '--yes');
    expect([deleted.exitCode, deleted.stderr]).toEqual([0, `Deleted merge request !${id}`]);
    const gone = await mr('view', id);
    expect(gone.exitCode).toBe(1);
  });

  it('lists the issues a merge request closes', async () => {
    const list = json(await mr('list', '--state', 'opened', '--order-by', 'created_at', '--sort', 'asc', '-o', 'json'));
    const withIssues = list.find((m: any) => m.source_branch === 'feature/rate-limit');
    const r = await mr('closes-issues', String(withIssues.iid));
    expect(r.exitCode).toBe(0);
    expect(r.stdout.split('\n').map((l) => l.split('\t')[0])).toEqual(['2', '3']);
  });
});
