import { defineNoun } from '../../executor/spec.js';
import { lifecycleVerbs, notificationVerbs } from '../../resources/issuable.js';
import { approvals, approve, unapprove } from './approvals.js';
import { cancelAutoMerge } from './cancel-auto-merge.js';
import { changes, closesIssues, commits, version, versions } from './changes.js';
import { checkout } from './checkout.js';
import { checks } from './checks.js';
import { note } from './comment.js';
import { draft, ready } from './draft-verbs.js';
import { create, update } from './edit.js';
import { list, view } from './list.js';
import { merge } from './merge.js';
import { rebase } from './rebase.js';
import { MERGE_REQUEST } from './shared.js';
import { discussions, notes, resolve, unresolve } from './threads.js';
import { jobs } from './view.js';

export const noun = defineNoun({
  name: 'mr',
  summary: 'Merge requests: list, create, approve, merge safely',
  description:
    'Merge requests: list, view, create, update, close, reopen and delete them; ' +
    'comment on them, reply in and resolve their threads, comment on a line of the diff; ' +
    'check one out in a local branch; ' +
    'approve, merge (pinned to the head you saw), cancel an automatic merge; read ' +
    'their commits, changes, diff versions and the issues they close.',
  commands: [
    list,
    view,
    create,
    update,
    ready,
    draft,
    ...lifecycleVerbs(MERGE_REQUEST),
    note,
    notes,
    discussions,
    resolve,
    unresolve,
    checkout,
    merge,
    rebase,
    cancelAutoMerge,
    approvals,
    jobs,
    checks,
    approve,
    unapprove,
    commits,
    changes,
    closesIssues,
    versions,
    version,
    ...notificationVerbs(MERGE_REQUEST),
  ],
});
