/**
 * collab against the GitLab flavour's behaviours: collab run in-process as the binary runs it, the
 * demo data that shows them (a merge request with conflicts, one waiting for approvals, a draft, a
 * job canceling, a merge request pipeline), GitLab's keyset pages and offset limit.
 * `collab sandbox --time-scale 0`, for tests that start the sandbox binary: test/e2e/gitlab-sandbox.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as yauzl from 'yauzl';
import { ManualClock } from '../../src/sandbox/index.js';
import { type SandboxFixture, tempDir } from '../helpers/e2e.js';
import { startSandboxInProcess } from '../helpers/in-process.js';

const P = 'acme/platform/api';

async function readme(file: string): Promise<string> {
  const zip = await yauzl.fromBufferPromise(fs.readFileSync(file), { lazyEntries: true });
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName !== 'README.md') continue;
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    zip.close();
    return Buffer.concat(chunks).toString('utf8');
  }
  zip.close();
  return '';
}

describe('collab against the GitLab flavour', () => {
  const clock = new ManualClock();
  let sb: SandboxFixture;
  const json = async (args: string[], env: Record<string, string | undefined> = {}) => {
    const r = await sb.run([...args, '-o', 'json'], { COLLAB_FLAVOR: 'gitlab', ...env });
    expect(r.exitCode, r.stderr).toBe(0);
    return JSON.parse(r.stdout);
  };

  beforeAll(async () => {
    sb = await startSandboxInProcess({ flavor: 'gitlab', clock, offsetLimit: 40 });
  });
  afterAll(() => sb.close());

  it('shows why merge requests cannot be merged, and GitLab refuses the merge', async () => {
    expect(await json(['mr', 'view', '4', '-p', P])).toMatchObject({
      detailed_merge_status: 'conflict',
      has_conflicts: true,
      merge_error: 'Merge request is not mergeable',
    });
    expect((await json(['mr', 'view', '5', '-p', P])).detailed_merge_status).toBe('draft_status');
    expect((await json(['mr', 'view', '6', '-p', P])).detailed_merge_status).toBe('not_approved');
    const website = await json(['mr', 'list', '-p', 'acme/website']);
    expect(Object.fromEntries(website.map((m: any) => [m.source_branch, m.detailed_merge_status]))).toMatchObject({
      'copy/landing': 'discussions_not_resolved',
      'press/kit': 'ci_must_pass',
      'perf/fonts': 'need_rebase',
    });
    const merge = await sb.run(['mr', 'merge', '4', '-p', P, '--yes'], { COLLAB_FLAVOR: 'gitlab' });
    expect(merge.exitCode).toBe(1);
    expect(merge.stderr).toContain('422');
  });

  it('follows a job through canceling to canceled, and shows the merge request pipeline', async () => {
    const mr = await json(['mr', 'view', '1', '-p', P]);
    expect(mr.head_pipeline).toMatchObject({ ref: 'refs/merge-requests/1/head', source: 'merge_request_event', status: 'canceling' });
    const jobs = await json(['job', 'list', '-p', P, '--pipeline', String(mr.head_pipeline.id)]);
    expect(jobs.map((j: any) => j.status).sort()).toEqual(['canceling', 'success']);

    const running = (await json(['job', 'list', '-p', P, '--scope', 'running'])).at(0);
    expect((await json(['job', 'cancel', String(running.id), '-p', P])).status).toBe('canceling');
    expect((await json(['job', 'view', String(running.id), '-p', P])).status).toBe('canceling');
    await clock.advance(3_000);
    expect((await json(['job', 'view', String(running.id), '-p', P])).status).toBe('canceled');
  });

  it('downloads artifacts by ref from the latest successful pipeline', async () => {
    const dest = path.join(tempDir('collab-gitlab-artifacts-'), 'build.zip');
    const r = await sb.run(['job', 'artifacts', '--ref', 'main', '--job', 'build', '-p', P, '--dest', dest], { COLLAB_FLAVOR: 'gitlab' });
    expect(r.exitCode, r.stderr).toBe(0);
    const firstBuild = (await json(['job', 'list', '-p', P, '--pipeline', '1'])).find((j: any) => j.name === 'build');
    expect(await readme(dest)).toContain(`job build #${firstBuild.id} on main`);
  });

  it('reads and writes the notes of merge requests through the API', async () => {
    const added = await json(['api', `/projects/${encodeURIComponent(P)}/merge_requests/8/notes`, '-f', 'body=Reviewed with collab']);
    expect(added).toMatchObject({ body: 'Reviewed with collab', system: false, author: { username: 'root' } });
    const notes = await json(['api', `/projects/${encodeURIComponent(P)}/merge_requests/8/notes?sort=asc`, '--paginate']);
    expect(notes.at(-1).id).toBe(added.id);
    expect(notes.some((n: any) => n.system)).toBe(true);
  });

  it("pages by keyset, and meets GitLab's offset limit past its rows", async () => {
    const keyset = await json(['api', '/users?pagination=keyset&order_by=id&sort=asc&per_page=2', '--paginate']);
    expect(keyset.map((u: any) => u.username)).toEqual(['root', 'alice', 'bob', 'carol', 'dave', 'erin']);
    const deep = await sb.run(['api', '/projects?per_page=20&page=3'], { COLLAB_FLAVOR: 'gitlab' });
    expect(deep.exitCode).not.toBe(0);
    expect(deep.stderr).toContain('Offset pagination has a maximum allowed offset of 40');
  });

  it('reads anonymously where the flavour matters, though GET /version answers 401 without a token', async () => {
    // --reviewer is GitLab's only: collab asks GET /version first, anonymously.
    const anonymous = await sb.run(['mr', 'list', '-p', 'acme/website', '--reviewer', '2', '-o', 'json'], { COLLAB_TOKEN: undefined });
    expect(anonymous.exitCode, anonymous.stderr).toBe(0);
    expect(JSON.parse(anonymous.stdout)).toEqual([]);
    const asked = sb.requests().filter((r) => r.path === '/api/v4/version');
    expect(asked.at(-1)?.headers['private-token']).toBeUndefined();
  });
});
