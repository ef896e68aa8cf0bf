/**
 * `mr approvals` as a reviewer reads it, in a pseudo-terminal: the built binary against the
 * sandbox. On GitLab the card shows the approval rules (`GET …/approval_state`,
 * ee/lib/api/merge_request_approvals.rb), who approved and who is still missing; approving moves
 * it on. The spec's server has no rules: the count and who approved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type SandboxFixture, startSandboxFixture } from '../helpers/e2e.js';
import { plain, runInTerminal } from '../helpers/terminal.js';

const P = 'acme/platform/api';

describe.each(['gitlab', 'spec'] as const)('mr approvals card (%s flavour)', (flavor) => {
  let sb: SandboxFixture;
  const card = async () => {
    const r = await runInTerminal(['mr', 'approvals', '6', '-p', P], {
      cols: 90,
      env: { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN, COLLAB_FLAVOR: flavor },
    });
    expect(r.code, r.screen).toBe(0);
    return plain(r.screen);
  };
  beforeAll(async () => {
    sb = await startSandboxFixture({ flavor });
  });
  afterAll(() => sb?.close());

  it('who approved, who is missing (and on GitLab each rule); approving moves it on', async () => {
    const before = await card();
    expect(before).toContain('Harden artifact downloads !6');
    expect(before).toContain('Not approved · 1 of 2 approvals');
    expect(before).toMatch(/Approved by +carol/);
    if (flavor === 'gitlab') {
      expect(before).toMatch(/Missing +1 approval: root \(Security\)/);
      expect(before).toMatch(/All Members +1 of 1: approved by carol/);
      expect(before).toMatch(/Security +0 of 1: root may approve/);
    } else expect(before).toMatch(/Missing +1 approval\n/);
    const approve = await sb.run(['mr', 'approve', '6', '-p', P], { COLLAB_FLAVOR: flavor });
    expect(approve.exitCode, approve.stderr).toBe(0);
    const after = await card();
    expect(after).toContain('Approved · 2 of 2 approvals');
    expect(after).not.toContain('Missing');
    if (flavor === 'gitlab') expect(after).toMatch(/Security +1 of 1: approved by root/);
  });
});
