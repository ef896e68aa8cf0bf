/**
 * Hints that print a command to paste quote every word a server (or a person) gave: pasted into a
 * shell, the command gets those words as its arguments and nothing in them runs. Each hint is
 * taken from stderr as collab prints it and pasted (test/helpers/paste.ts records the calls).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/e2e.js';
import { gitRepo } from '../helpers/git.js';
import { jsonReply, mockApi, runCli, TEST_HOST } from '../helpers/harness.js';
import { paste } from '../helpers/paste.js';
import { mr } from './mr-fixtures.js';

const P = 'acme/platform/api';
const MR = `/api/v4/projects/${encodeURIComponent(P)}/merge_requests/3`;
const HEAD = '1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c';

/** The command a hint ends with, after `before` (the hint's own wording). */
function suggested(stderr: string, before: string, after = ''): string {
  const hint = stderr.split('\n').find((l) => l.startsWith('hint: '));
  expect(hint, stderr).toBeDefined();
  const start = hint!.indexOf(before);
  expect(start, hint).toBeGreaterThanOrEqual(0);
  const rest = hint!.slice(start + before.length);
  return after === '' ? rest : rest.slice(0, rest.indexOf(after));
}

describe('suggested commands quote the server’s words', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it("mr checkout without a remote for the project: the clone URL from the merge request's web_url", async () => {
    const cwd = gitRepo(tempDir('collab-hint-'), { origin: `${TEST_HOST}/someone/else.git` });
    const base = 'https://gitlab.example.com/acme/platform/api$(touch pwned)';
    api = mockApi();
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3, { web_url: `${base}/-/merge_requests/3` })));
    const r = await runCli(['mr', 'checkout', '3', '-p', P], { transport: api.transport, cwd });
    expect(r.code, r.stderr).toBe(1);
    const pasted = paste(suggested(r.stderr, 'add one: '));
    expect(pasted).toEqual({ calls: [['git', 'remote', 'add', 'upstream', `${base}.git`]], left: [], status: 0 });
  });

  it('mr merge blocked by a failed pipeline: the pipeline id as the server sent it', async () => {
    const id = '45 --scope all; touch pwned';
    api = mockApi();
    api.pool
      .intercept({ path: MR, method: 'GET' })
      .reply(200, ...jsonReply(mr(3, { sha: HEAD, detailed_merge_status: 'ci_must_pass', head_pipeline: { id, status: 'failed' } })));
    const r = await runCli(['mr', 'merge', '3', '-p', P, '--yes', '--sha-from-view'], { transport: api.transport });
    expect(r.code, r.stderr).toBe(1);
    const pasted = paste(suggested(r.stderr, 'see the failed jobs (', ')'));
    expect(pasted).toEqual({ calls: [['collab', 'job', 'list', '--pipeline', id, '--scope', 'failed']], left: [], status: 0 });
  });

  it('mr merge after a 409: the head the server names now', async () => {
    const moved = '$(touch pwned)`touch pwned2`';
    api = mockApi();
    api.pool
      .intercept({ path: `${MR}/merge`, method: 'PUT' })
      .reply(409, ...jsonReply({ message: 'SHA does not match HEAD of source branch' }));
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3, { sha: moved })));
    const r = await runCli(['mr', 'merge', '3', '-p', P, '--yes', '--sha', HEAD], { transport: api.transport });
    expect(r.code, r.stderr).toBe(1);
    const pasted = paste(suggested(r.stderr, 'then: '));
    expect(pasted).toEqual({ calls: [['collab', 'mr', 'merge', '3', '--sha', moved, '-p', P]], left: [], status: 0 });
  });

  it('a branch with no merge request: the branch in `mr create --source`', async () => {
    const branch = `fix$(touch\${IFS}pwned)`;
    api = mockApi();
    api.pool
      .intercept({
        path: `/api/v4/projects/${encodeURIComponent(P)}/merge_requests`,
        method: 'GET',
        query: { source_branch: branch, state: 'opened', per_page: '100' },
      })
      .reply(200, ...jsonReply([]));
    // None open: a read looks for the branch's newest in any state too.
    api.pool
      .intercept({
        path: `/api/v4/projects/${encodeURIComponent(P)}/merge_requests`,
        method: 'GET',
        query: { source_branch: branch, state: 'all', order_by: 'created_at', sort: 'desc', per_page: '20' },
      })
      .reply(200, ...jsonReply([]));
    const r = await runCli(['mr', 'view', branch, '-p', P], { transport: api.transport, cwd: tempDir('collab-hint-') });
    expect(r.code, r.stderr).toBe(1);
    const pasted = paste(suggested(r.stderr, 'open one with: '));
    expect(pasted).toEqual({ calls: [['collab', 'mr', 'create', '--source', branch, '-p', P]], left: [], status: 0 });
  });
  it("release download of an asset with no file name: the asset's name in --asset", async () => {
    const name = 'bin/$(touch pwned)';
    api = mockApi();
    // doc/api/releases/_index.md: a release with its assets' links (lib/api/entities/releases/link.rb).
    const release = { tag_name: 'v1', assets: { links: [{ id: 1, name, url: 'https://gitlab.test/uploads/x', link_type: 'other' }] } };
    api.pool.intercept({ path: `/api/v4/projects/${encodeURIComponent(P)}/releases/v1`, method: 'GET' }).reply(200, ...jsonReply(release));
    const cwd = tempDir('collab-hint-');
    const r = await runCli(['release', 'download', 'v1', '-p', P], { transport: api.transport, cwd, env: { COLLAB_FLAVOR: 'gitlab' } });
    expect(r.code, r.stderr).toBe(2);
    const flag = /: give (.*) --dest <file>$/m.exec(r.stderr)?.[1];
    expect(flag, r.stderr).toBeDefined();
    const pasted = paste(`collab ${flag}`);
    expect(pasted).toEqual({ calls: [['collab', '--asset', name]], left: [], status: 0 });
  });
});
