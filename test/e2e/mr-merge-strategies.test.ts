/**
 * Merge strategies as a reviewer uses them, the built binary against the sandbox: `mr merge
 * --squash` (GitLab's `squash` and `squash_commit_message` of `PUT …/merge`, lib/api/merge_requests.rb
 * `build_merge_params`; the spec's merge has neither).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxFixture, startSandboxFixture } from '../helpers/e2e.js';

const P = 'acme/platform/api';

describe('mr merge --squash', () => {
  let gitlab: SandboxFixture;
  let spec: SandboxFixture;
  beforeAll(async () => {
    [gitlab, spec] = await Promise.all([startSandboxFixture({ flavor: 'gitlab' }), startSandboxFixture({ flavor: 'spec' })]);
  });
  afterAll(async () => {
    await Promise.all([gitlab?.close(), spec?.close()]);
  });

  it('on GitLab: squashed with its message, and the squashed commit named', async () => {
    const r = await gitlab.run(['mr', 'merge', '8', '-p', P, '--squash-message', 'Add feature X', '--yes', '-o', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    const merged = JSON.parse(r.stdout);
    expect(merged).toMatchObject({ state: 'merged', squash: true });
    expect(merged.squash_commit_sha).toMatch(/^[0-9a-f]{40}$/);
    expect(r.stderr).toBe(
      `Merged !8 (Feature X): feature/x → main as ${merged.merge_commit_sha.slice(0, 8)}, squashed into ${merged.squash_commit_sha.slice(0, 8)}`,
    );
    const sent = gitlab.requests().find((q) => q.method === 'PUT' && q.path.endsWith('/merge'));
    expect(sent).toBeDefined();
  });

  it("on a server of the spec's dialect: exit 2 before anything is sent", async () => {
    const r = await spec.run(['mr', 'merge', '8', '-p', P, '--squash', '--yes']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("--squash needs GitLab: this server speaks the spec's API, whose merge does not squash");
    expect(spec.requests().filter((q) => q.method !== 'GET')).toEqual([]);
  });
});
