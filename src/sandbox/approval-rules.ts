/**
 * A merge request's approval rules as GitLab's approval state wraps them
 * (ee/app/models/approval_state.rb, approval_wrapped_rule.rb): a rule is approved once as many of
 * its eligible approvers approved as it requires; an `any_approver` rule counts anyone's approval.
 */
import type { ApprovalRule, MergeRequest } from './model.js';

/** The rules: its own, or the one GitLab keeps for the required approvals (`All Members`, `any_approver`). */
export function rulesOf(mr: MergeRequest): ApprovalRule[] {
  if (mr.approvalRules) return mr.approvalRules;
  const required = mr.approvalsBeforeMerge ?? 0;
  return required > 0 ? [{ id: mr.id * 100, name: 'All Members', ruleType: 'any_approver', approvalsRequired: required, userIds: [] }] : [];
}

/** Who of the rule's approvers approved (`approved_approvers`). */
export const approvedFor = (mr: MergeRequest, rule: ApprovalRule): number[] =>
  rule.ruleType === 'any_approver' ? mr.approvedBy : mr.approvedBy.filter((id) => rule.userIds.includes(id));

export const ruleApproved = (mr: MergeRequest, rule: ApprovalRule): boolean => approvedFor(mr, rule).length >= rule.approvalsRequired;
