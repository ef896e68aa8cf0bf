import { approvedFor, ruleApproved, rulesOf } from '../approval-rules.js';
import { both, entity, gitlab, render } from '../entity.js';
import type { ApprovalRule, MergeRequest } from '../model.js';
import { usersBasic } from './common.js';

interface RuleOf {
  mr: MergeRequest;
  rule: ApprovalRule;
}

/**
 * `MergeRequestApprovalStateRule` (ee/lib/api/entities/merge_request_approval_state_rule.rb, over
 * merge_request_approval_rule.rb, approval_rule.rb and approval_rule_short.rb): one rule, who may
 * approve under it, who did, whether it is met. Groups, code owners and report rules are not
 * modelled (empty, false, null).
 */
export const APPROVAL_STATE_RULE = entity<RuleOf>(
  'MergeRequestApprovalStateRule: ee/lib/api/entities/merge_request_approval_state_rule.rb',
  {
    id: gitlab(({ rule }) => rule.id),
    name: gitlab(({ rule }) => rule.name),
    rule_type: gitlab(({ rule }) => rule.ruleType),
    eligible_approvers: gitlab(({ rule }, v) => usersBasic(v, rule.userIds)),
    approvals_required: gitlab(({ rule }) => rule.approvalsRequired),
    users: gitlab(({ rule }, v) => usersBasic(v, rule.userIds)),
    groups: gitlab(() => []),
    contains_hidden_groups: gitlab(() => false),
    report_type: gitlab(() => null),
    section: gitlab(() => null),
    source_rule: gitlab(() => null),
    overridden: gitlab(() => false),
    code_owner: gitlab(() => false),
    approved_by: gitlab(({ mr, rule }, v) => usersBasic(v, approvedFor(mr, rule))),
    approved: gitlab(({ mr, rule }) => ruleApproved(mr, rule)),
  },
);

/**
 * `MergeRequestApprovalState` (ee/lib/api/entities/merge_request_approval_state.rb): the answer of
 * `GET …/merge_requests/:iid/approval_state` (ee/lib/api/merge_request_approvals.rb), GitLab only.
 */
export const APPROVAL_STATE = entity<MergeRequest>('MergeRequestApprovalState: ee/lib/api/entities/merge_request_approval_state.rb', {
  approval_rules_overwritten: gitlab((mr) => mr.approvalRules !== undefined),
  rules: both((mr, v) => rulesOf(mr).map((rule) => render(APPROVAL_STATE_RULE, { mr, rule }, v))),
});
