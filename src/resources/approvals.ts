import { type Columns, columnSet, type Fields, withCard } from '../output/columns.js';
import { approvalsCard } from './approval-card.js';
import { ISSUABLE_HEAD } from './issuable-common.js';

/**
 * The approval status of a merge request (the spec names what is missing `approvals_missing`, and
 * `approvals_left` where approving answers).
 */
export const APPROVALS_FIELDS: Fields = {
  spec: [...ISSUABLE_HEAD, 'merge_status', 'approvals_required', 'approvals_missing', 'approved_by', 'approvals_left'],
  gitlab: [
    'approved',
    'require_password_to_approve',
    'suggested_approvers',
    'approvers',
    'approver_groups',
    'user_has_approved',
    'user_can_approve',
    'approval_rules_left',
    'has_approval_rules',
    'merge_request_approvers_available',
    'multiple_approval_rules_available',
    'invalid_approvers_rules',
  ],
};

/** The approval status; one on a terminal is its card (approval-card.ts): rules, who approved, who is missing. */
export const approvalColumns: Columns = withCard(
  columnSet(
    [{ key: 'approved_by', kind: 'users', get: (a: { approved_by?: { user?: unknown }[] }) => a.approved_by?.map((e) => e.user) }],
    APPROVALS_FIELDS,
  ),
  approvalsCard,
);
