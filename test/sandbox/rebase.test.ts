/**
 * The GitLab flavour's rebase (lib/api/merge_requests.rb `put ':id/merge_requests/:merge_request_iid/rebase'`,
 * app/services/merge_requests/rebase_service.rb): 202 `{"rebase_in_progress":true}`, the rebase
 * run on the sandbox's clock, `rebase_in_progress` shown with `include_rebase_in_progress=true`,
 * a new head on top of the target or, with conflicts, `merge_error` = RebaseService::REBASE_ERROR.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/sandbox/index.js';
import { API_PROJECT, BOB, call, useSandbox } from './helpers.js';

const WEBSITE = '/projects/acme%2Fwebsite/merge_requests';
const API = `/projects/${API_PROJECT}/merge_requests`;

describe('GitLab flavour: rebase', () => {
  const clock = new ManualClock();
  const gitlab = useSandbox({ flavor: 'gitlab', clock });
  const spec = useSandbox({ flavor: 'spec' });
  const fonts = async () => (await call(gitlab(), `${WEBSITE}?source_branch=perf%2Ffonts`)).body[0];
  const state = async (path: string) => (await call(gitlab(), `${path}?include_rebase_in_progress=true`)).body;

  it('runs on the clock: in progress, then a new head and no need to rebase', async () => {
    const before = await fonts();
    expect(before.detailed_merge_status).toBe('need_rebase');
    const path = `${WEBSITE}/${before.iid}`;
    expect((await call(gitlab(), path)).body).not.toHaveProperty('rebase_in_progress');
    expect((await state(path)).rebase_in_progress).toBe(false);
    const res = await call(gitlab(), `${path}/rebase`, { method: 'PUT', json: { skip_ci: true } });
    expect([res.status, res.body]).toEqual([202, { rebase_in_progress: true }]);
    expect(await state(path)).toMatchObject({ rebase_in_progress: true, sha: before.sha });
    const again = await call(gitlab(), `${path}/rebase`, { method: 'PUT' });
    expect(again.status).toBe(409);
    await clock.advance(2_000);
    const after = await state(path);
    expect(after).toMatchObject({ rebase_in_progress: false, merge_error: null });
    expect(after.sha).not.toBe(before.sha);
    expect(after.diff_refs.head_sha).toBe(after.sha);
    expect((await fonts()).detailed_merge_status).not.toBe('need_rebase');
  });

  it("conflicts: the head stays, and merge_error says GitLab's words", async () => {
    const before = await state(`${API}/4`);
    await call(gitlab(), `${API}/4/rebase`, { method: 'PUT' });
    await clock.advance(2_000);
    const after = await state(`${API}/4`);
    expect(after).toMatchObject({
      rebase_in_progress: false,
      sha: before.sha,
      merge_error: 'Rebase failed: Rebase locally, resolve all conflicts, then push the branch.',
    });
  });

  it('403 for who cannot push (a Reporter), 404 on the spec flavour', async () => {
    const iid = (await fonts()).iid;
    const refused = await call(gitlab(), `${WEBSITE}/${iid}/rebase`, { method: 'PUT', token: BOB });
    expect([refused.status, refused.body]).toEqual([403, { message: '403 Forbidden - Cannot push to source branch' }]);
    expect((await call(spec(), `${API}/8/rebase`, { method: 'PUT' })).status).toBe(404);
  });
});
