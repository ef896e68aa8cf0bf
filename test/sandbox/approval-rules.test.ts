/**
 * The GitLab flavour's approval rules (EE): `GET …/approval_state`
 * (ee/lib/api/merge_request_approvals.rb; ee/lib/api/entities/merge_request_approval_state.rb,
 * merge_request_approval_state_rule.rb), GitLab's `All Members` rule where a merge request has
 * none of its own, and `approvals_left` summing what each rule lacks (ee/app/models/approval_state.rb).
 */
import { describe, expect, it } from 'vitest';
import { ALICE, API_PROJECT, call, useSandbox } from './helpers.js';

const MR = `/projects/${API_PROJECT}/merge_requests`;

describe('GitLab flavour: approval rules', () => {
  const gitlab = useSandbox({ flavor: 'gitlab' });
  const spec = useSandbox({ flavor: 'spec' });

  it("!6's rules: anyone's, met by carol; the security team's, waiting for root; approving meets it", async () => {
    const state = (await call(gitlab(), `${MR}/6/approval_state`, { token: ALICE })).body;
    expect(state.approval_rules_overwritten).toBe(true);
    expect(
      state.rules.map((r: any) => [
        r.name,
        r.rule_type,
        r.approvals_required,
        r.eligible_approvers.map((u: any) => u.username),
        r.approved,
      ]),
    ).toEqual([
      ['All Members', 'any_approver', 1, [], true],
      ['Security', 'regular', 1, ['root'], false],
    ]);
    expect((await call(gitlab(), `${MR}/6/approvals`)).body).toMatchObject({
      approvals_left: 1,
      approval_rules_left: [{ name: 'Security', rule_type: 'regular' }],
    });
    // alice's approval is anyone's: the security rule still waits, and the merge request with it.
    await call(gitlab(), `${MR}/6/approve`, { token: ALICE, method: 'POST' });
    expect((await call(gitlab(), `${MR}/6`)).body.detailed_merge_status).toBe('not_approved');
    await call(gitlab(), `${MR}/6/approve`, { method: 'POST' });
    const after = (await call(gitlab(), `${MR}/6/approval_state`)).body;
    expect(after.rules[1]).toMatchObject({ approved: true, approved_by: [{ username: 'root' }] });
    expect((await call(gitlab(), `${MR}/6`)).body.detailed_merge_status).not.toBe('not_approved');
  });

  it("a merge request without rules of its own has GitLab's All Members rule of its required approvals", async () => {
    const state = (await call(gitlab(), `${MR}/3/approval_state`)).body;
    expect(state).toEqual({ approval_rules_overwritten: false, rules: [] });
    const project = (await call(gitlab(), '/projects', { json: { name: 'Rules', approvals_before_merge: 2 } })).body;
    const mr = (
      await call(gitlab(), `/projects/${project.id}/merge_requests`, { json: { source_branch: 'f/r', target_branch: 'main', title: 'R' } })
    ).body;
    const own = (await call(gitlab(), `/projects/${project.id}/merge_requests/${mr.iid}/approval_state`)).body;
    expect(own.rules.map((r: any) => [r.name, r.rule_type, r.approvals_required, r.approved])).toEqual([
      ['All Members', 'any_approver', 2, false],
    ]);
  });

  it('has no approval state on the spec flavour (404)', async () => {
    expect((await call(spec(), `${MR}/6/approval_state`)).status).toBe(404);
  });
});
