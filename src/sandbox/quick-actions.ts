/**
 * Quick actions in a comment (app/services/notes/quick_actions_service.rb,
 * lib/gitlab/quick_actions/*_actions.rb): `/approve`, `/close`, `/reopen`, `/label ~a ~"b c"`,
 * `/unlabel`, `/assign @u`, `/spend 1h`, `/merge`, each on a line of its own. Their lines leave
 * the comment; what they changed (`commands_changes`) and GitLab's words for it (`summary`) come
 * back. A comment made of nothing else saves no note: the notes API answers 202 `NoteCommands`
 * (lib/api/helpers/notes_helpers.rb `process_note_creation_result`). A command whose condition
 * does not hold says `Could not apply <name> command.` (lib/gitlab/quick_actions/
 * command_definition.rb `execute_message`); an update the issuable refuses is an error
 * (app/services/notes/create_service.rb `quick_actions_update_errors`), and nothing is changed.
 */

import { projectAccess } from './access.js';
import { processAutoMerge } from './auto-merge.js';
import type { Ctx } from './context.js';
import { parseDuration } from './durations.js';
import { DEVELOPER, type Issue, type MergeRequest, type Project, REPORTER, type User } from './model.js';

export interface QuickTarget {
  project: Project;
  user: User;
  issue?: Issue;
  mr?: MergeRequest;
}

export interface QuickResult {
  /** The comment without its quick-action lines. */
  body: string;
  /** Whether a line was a quick action (the comment had some). */
  ran: boolean;
  changes: Record<string, unknown>;
  summary: string[];
  /** What the issuable's update refused (`note.errors[:validation]`): the notes API answers 400. */
  errors: string[];
}

/** Merges a merge request as the merge route does (its checks passed), or sets auto-merge when something is pending. */
export type Merger = (ctx: Ctx, target: QuickTarget) => string | undefined;

type Action = (ctx: Ctx, t: QuickTarget, args: string, out: QuickResult, merge: Merger) => void;

const noun = (t: QuickTarget) => (t.mr ? 'merge request' : 'issue');
const level = (ctx: Ctx, t: QuickTarget) => (t.user.admin ? 50 : projectAccess(ctx.store, t.user, t.project));
const labelNames = (args: string): string[] => [...args.matchAll(/~"([^"]+)"|~(\S+)/g)].map((m) => m[1] ?? m[2]!);
const labelRef = (name: string) => (/\s/.test(name) ? `~"${name}"` : `~${name}`);
/** Ruby's Array#to_sentence of quoted names: `'@a'`, `'@a' and '@b'`, `'@a', '@b', and '@c'`. */
function sentence(names: readonly string[]): string {
  const q = names.map((n) => `'${n}'`);
  return q.length <= 2 ? q.join(' and ') : `${q.slice(0, -1).join(', ')}, and ${q.at(-1)}`;
}
function notApplied(name: string, out: QuickResult): void {
  out.summary.push(`Could not apply ${name} command.`);
}

function setState(ctx: Ctx, t: QuickTarget, event: 'close' | 'reopen', out: QuickResult): void {
  const item = t.mr ?? t.issue;
  if (!item || level(ctx, t) < REPORTER) {
    notApplied(event, out);
    return;
  }
  if (event === 'close' && (item.state === 'opened' || item.state === 'reopened')) {
    item.state = 'closed';
    item.closedById = t.user.id;
    item.closedAt = ctx.store.now();
  } else if (event === 'reopen' && item.state === 'closed') {
    item.state = t.mr ? 'reopened' : 'opened';
  } else {
    notApplied(event, out);
    return;
  }
  out.changes.state_event = event;
  out.summary.push(`${event === 'close' ? 'Closed' : 'Reopened'} this ${noun(t)}.`);
}

/**
 * `/label` is there when the labels named exist; `/unlabel` when the issuable has labels (alone,
 * it removes them all). GitLab says the labels named, whether or not the issuable had them.
 */
function labels(ctx: Ctx, t: QuickTarget, args: string, out: QuickResult, add: boolean): void {
  const item = t.mr ?? t.issue;
  const name = add ? 'label' : 'unlabel';
  const found = labelNames(args)
    .map((n) => ctx.store.labelByName(t.project.id, n))
    .filter((l) => l !== undefined);
  if (!item || level(ctx, t) < REPORTER || (add ? found.length === 0 : item.labels.length === 0)) {
    notApplied(name, out);
    return;
  }
  if (!add && args.trim() === '') {
    item.labels = [];
    out.changes.label_ids = [];
    out.summary.push('Removed all labels.');
    return;
  }
  if (found.length === 0) return;
  const named = new Set(found.map((l) => l.name));
  item.labels = add ? [...new Set([...item.labels, ...named])] : item.labels.filter((n) => !named.has(n));
  out.changes[add ? 'add_label_ids' : 'remove_label_ids'] = found.map((l) => l.id);
  const refs = found.map((l) => labelRef(l.name)).join(' ');
  out.summary.push(`${add ? 'Added' : 'Removed'} ${refs} label${found.length === 1 ? '' : 's'}.`);
}

/**
 * `/assign @u` (lib/gitlab/quick_actions/issue_and_merge_request_actions.rb): `me` is the author of
 * the comment; a name nobody has is a parse error, none at all "no user was found".
 */
function assign(ctx: Ctx, t: QuickTarget, args: string, out: QuickResult): void {
  if (level(ctx, t) < REPORTER) {
    notApplied('assign', out);
    return;
  }
  const words = args.split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) {
    out.summary.push('Failed to assign a user because no user was found.');
    return;
  }
  const missing = words.filter((w) => w !== 'me' && !ctx.store.userByName(w.replace(/^@/, '')));
  if (missing.length > 0) {
    out.summary.push(`Could not apply assign command. Failed to find users for ${sentence(missing)}.`);
    return;
  }
  const users = words
    .map((w) => (w === 'me' ? t.user : ctx.store.userByName(w.replace(/^@/, ''))))
    .filter((u) => u !== undefined)
    .slice(0, t.mr ? 1 : undefined);
  if (t.mr) t.mr.assigneeId = users[0]!.id;
  else if (t.issue) t.issue.assigneeIds = [...new Set([...t.issue.assigneeIds, ...users.map((u) => u.id)])];
  out.changes.assignee_ids = users.map((u) => u.id);
  out.summary.push(`Assigned ${users.map((u) => `@${u.username}`).join(' and ')}.`);
}

function spend(ctx: Ctx, t: QuickTarget, args: string, out: QuickResult): void {
  const item = t.mr ?? t.issue;
  const seconds = parseDuration(args.split(/\s+\d{4}-\d{2}-\d{2}$/)[0] ?? '');
  if (!item || seconds === undefined || seconds === 0 || level(ctx, t) < REPORTER) return;
  item.totalTimeSpent += seconds;
  out.changes.spend_time = { duration: seconds, user_id: t.user.id, spent_at: new Date(ctx.store.now()).toISOString() };
  out.summary.push(`${seconds > 0 ? 'Added' : 'Subtracted'} ${args.trim().replace(/^-/, '')} spent time.`);
}

function approve(ctx: Ctx, t: QuickTarget, out: QuickResult): void {
  const mr = t.mr;
  if (!mr || mr.state === 'merged' || mr.state === 'closed' || level(ctx, t) < DEVELOPER || mr.approvedBy.includes(t.user.id)) {
    notApplied('approve', out);
    return;
  }
  mr.approvedBy.push(t.user.id);
  processAutoMerge(ctx.store, mr);
  out.changes.approve = true;
  out.summary.push('Approved the current merge request.');
}

const ACTIONS: Readonly<Record<string, Action>> = {
  approve: (ctx, t, _args, out) => approve(ctx, t, out),
  close: (ctx, t, _args, out) => setState(ctx, t, 'close', out),
  reopen: (ctx, t, _args, out) => setState(ctx, t, 'reopen', out),
  label: (ctx, t, args, out) => labels(ctx, t, args, out, true),
  labels: (ctx, t, args, out) => labels(ctx, t, args, out, true),
  unlabel: (ctx, t, args, out) => labels(ctx, t, args, out, false),
  assign: (ctx, t, args, out) => assign(ctx, t, args, out),
  spend: (ctx, t, args, out) => spend(ctx, t, args, out),
  spent: (ctx, t, args, out) => spend(ctx, t, args, out),
  merge: (ctx, t, _args, out, merge) => {
    if (!t.mr || level(ctx, t) < DEVELOPER) return;
    const said = merge(ctx, t);
    if (said === undefined) return;
    out.changes.merge = t.mr.sha;
    out.summary.push(said);
  },
};

/** Runs the quick actions of `body` (outside code blocks), as GitLab does before it saves a comment. */
export function runQuickActions(ctx: Ctx, target: QuickTarget, body: string, merge: Merger): QuickResult {
  const out: QuickResult = { body: '', ran: false, changes: {}, summary: [], errors: [] };
  const kept: string[] = [];
  const commands: { name: string; args: string; action: Action }[] = [];
  let fenced = false;
  for (const line of body.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^\/([a-z_]+)(?:\s+(.*))?$/.exec(line.trim());
    const action = m ? ACTIONS[m[1]!] : undefined;
    if (!m || !action || (m[1] === 'approve' && !target.mr) || (m[1] === 'merge' && !target.mr)) kept.push(line);
    else commands.push({ name: m[1]!, args: m[2] ?? '', action });
  }
  out.ran = commands.length > 0;
  out.body = kept.join('\n').trim();
  // The issuable's update is one save: time it refuses leaves everything as it was.
  const overdraft = spendOverdraft(target, commands);
  if (overdraft) out.errors.push(overdraft);
  else for (const c of commands) c.action(ctx, target, c.args, out, merge);
  return out;
}

/** TimeTrackable#check_negative_time_spent: subtracting more than was spent fails the issuable's save. */
function spendOverdraft(target: QuickTarget, commands: readonly { name: string; args: string }[]): string | undefined {
  const item = target.mr ?? target.issue;
  if (!item) return undefined;
  let total = item.totalTimeSpent;
  for (const c of commands) {
    if (c.name !== 'spend' && c.name !== 'spent') continue;
    const seconds = parseDuration(c.args.split(/\s+\d{4}-\d{2}-\d{2}$/)[0] ?? '') ?? 0;
    if (seconds < 0 && -seconds > total) return 'Time to subtract exceeds the total time spent';
    total += seconds;
  }
  return undefined;
}
