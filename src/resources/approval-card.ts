/**
 * `mr approvals` on a terminal: whether the merge request is approved, who approved, who is still
 * missing, and each approval rule (GitLab's approval state, ee/lib/api/entities/
 * merge_request_approval_state.rb: which rules, who may approve under each, who did). A server
 * without rules (the spec's, GitLab's Free tier) shows the count and who approved.
 */
import { type Card, type CardField, type CardLayout, people, type Span, span } from '../output/card.js';
import { tableText } from '../output/sanitize.js';

interface Person {
  username?: unknown;
  name?: unknown;
}

/** The approval status as `GET …/approvals` answers it (both dialects' names). */
interface Approvals {
  iid?: number;
  title?: string;
  approved?: boolean;
  approvals_required?: number;
  approvals_left?: number;
  approvals_missing?: number;
  approved_by?: { user?: Person }[];
  user_has_approved?: boolean;
  user_can_approve?: boolean;
}

/** One rule of `GET …/approval_state`. */
interface Rule {
  name?: unknown;
  rule_type?: unknown;
  approvals_required?: unknown;
  eligible_approvers?: Person[];
  approved_by?: Person[];
  approved?: unknown;
}

/** What the command read besides: the approval state's rules (GitLab's, EE). */
export interface ApprovalFacts {
  rules?: unknown;
}

const nameOf = (p: Person | undefined): string | undefined =>
  typeof p?.username === 'string' ? tableText(p.username) : typeof p?.name === 'string' ? tableText(p.name) : undefined;

function rulesOf(facts: ApprovalFacts | undefined): Rule[] {
  const rules: Rule[] = [];
  if (Array.isArray(facts?.rules)) for (const r of facts.rules) if (r !== null && typeof r === 'object') rules.push(r as Rule);
  return rules;
}

const count = (list: unknown): number => (Array.isArray(list) ? list.length : 0);

/** `1 of 1: approved by carol`, `0 of 1: root may approve`, `1 more from anyone who may approve`. */
function ruleValue(rule: Rule): Span[] {
  const required = typeof rule.approvals_required === 'number' ? rule.approvals_required : 0;
  const given = count(rule.approved_by);
  const head = `${Math.min(given, required)} of ${required}`;
  if (rule.approved === true) {
    const by = (rule.approved_by ?? []).map(nameOf).filter((n) => n !== undefined);
    return [...span(head, 'done'), ...span(by.length ? `: approved by ${by.join(', ')}` : ': approved', 'dim')];
  }
  const waiting = waitingFor(rule);
  return [...span(head, 'label'), ...span(waiting.length ? `: ${waiting.join(', ')} may approve` : ': anyone who may approve', 'dim')];
}

/** Who of a rule's approvers has not approved. */
function waitingFor(rule: Rule): string[] {
  const done = new Set((rule.approved_by ?? []).map(nameOf));
  const waiting: string[] = [];
  for (const p of rule.eligible_approvers ?? []) {
    const name = nameOf(p);
    if (name !== undefined && !done.has(name)) waiting.push(name);
  }
  return waiting;
}

/** Who is still missing: the approvers of every rule not met (`root (Security)`), or how many more of anyone. */
function missing(a: Approvals, rules: Rule[]): Span[] | undefined {
  const left = a.approvals_left ?? a.approvals_missing;
  if (typeof left !== 'number' || left === 0) return undefined;
  const who: string[] = [];
  for (const rule of rules) {
    if (rule.approved === true) continue;
    const names = waitingFor(rule);
    const label = typeof rule.name === 'string' ? tableText(rule.name) : 'a rule';
    who.push(names.length ? `${names.join(' or ')} (${label})` : `anyone who may approve (${label})`);
  }
  return span(`${left} approval${left === 1 ? '' : 's'}${who.length ? `: ${who.join('; ')}` : ''}`, 'label');
}

export const approvalsCard: CardLayout<Approvals, ApprovalFacts> = {
  card: (a, facts): Card => {
    const rules = rulesOf(facts);
    const left = a.approvals_left ?? a.approvals_missing;
    const approved = a.approved ?? (typeof left === 'number' ? left === 0 : undefined);
    const required = a.approvals_required;
    const given = count(a.approved_by);
    const fields: CardField[] = [
      { label: 'Approved by', value: people((a.approved_by ?? []).map((e) => e?.user)) },
      { label: 'Missing', value: missing(a, rules) },
    ];
    for (const rule of rules) fields.push({ label: typeof rule.name === 'string' ? tableText(rule.name) : 'Rule', value: ruleValue(rule) });
    return {
      title: String(a.title ?? ''),
      reference: a.iid !== undefined ? `!${a.iid}` : undefined,
      status: [
        approved === undefined ? undefined : span(approved ? 'Approved' : 'Not approved', 'state', approved ? 'success' : 'pending'),
        typeof required === 'number' && required > 0 ? span(`${given} of ${required} approvals`, 'dim') : undefined,
        a.user_has_approved === true
          ? span('you approved', 'dim')
          : a.user_can_approve === true
            ? span('you can approve', 'dim')
            : undefined,
      ],
      fields,
    };
  },
};
