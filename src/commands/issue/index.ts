import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { FlagSpec } from '../../executor/inputs.js';
import { defineCommand, defineNoun } from '../../executor/spec.js';
import { checkDiscussionFlags, discussionFlags, withDiscussion } from '../../resources/discussion.js';
import { lifecycleVerbs, notificationVerbs, timeTrackingVerbs } from '../../resources/issuable.js';
import { ISSUE_SCOPES, ISSUE_STATES, issueColumns, ORDER_BY_CREATED_UPDATED } from '../../resources/issue.js';
import { noteVerbs } from '../../resources/notes.js';
import { negatedFilters, peopleFilters } from '../../resources/people.js';
import { widenScope } from '../../resources/people-scope.js';
import { checkSearch, searchFlags } from '../../resources/search-flags.js';
import { sortFlag } from '../../resources/sort.js';
import { applyStateShortcut, stateShortcuts } from '../../resources/state-shortcuts.js';
import { closedBy, userAgent } from './actions.js';
import { ISSUE, ISSUE_PATH, iidArg } from './shared.js';
import { create, move, update } from './write.js';

/** The filters of part 1 §4.1, shared by the three issue lists. */
const issueListFilters: FlagSpec[] = [
  { name: 'state', short: 's', type: 'enum', choices: ISSUE_STATES, default: 'opened', description: 'only issues in this state' },
  ...stateShortcuts('issues'),
  { name: 'labels', short: 'l', type: 'csv', description: 'comma-separated label names; an issue must carry all' },
  { name: 'no-labels', param: false, type: 'bool', description: 'only issues without labels', conflicts: ['labels'] },
  { name: 'milestone', short: 'm', type: 'string', description: 'milestone title' },
  { name: 'scope', type: 'enum', choices: ISSUE_SCOPES, description: 'created-by-me (default without a project), assigned-to-me or all' },
  { name: 'author-id', type: 'id', description: 'issues created by this user id' },
  { name: 'assignee-id', type: 'id', description: 'issues assigned to this user id' },
  ...peopleFilters('issues'),
  ...negatedFilters('issues'),
  { name: 'my-reaction', param: 'my_reaction_emoji', type: 'string', description: 'issues you reacted to with this emoji' },
  { name: 'iids', type: 'intList', description: 'only these IIDs (comma-separated)' },
  { name: 'order-by', type: 'enum', choices: ORDER_BY_CREATED_UPDATED, description: 'sort field (default created_at)' },
  sortFlag('desc'),
  ...searchFlags('issues'),
  { name: 'created-after', type: 'datetime', description: 'created on or after (project lists only)' },
  { name: 'created-before', type: 'datetime', description: 'created on or before (project lists only)' },
];

export const list = defineCommand({
  name: 'list',
  aliases: ['ls'],
  summary: "List a project's, a group's or your issues",
  description:
    'List issues, open ones unless --state says otherwise (--state all for every ' +
    "state). With a project (-p, COLLAB_PROJECT, or the git remote) the project's " +
    "issues; with -g a group's; otherwise the issues visible to you (default scope " +
    'created-by-me; a people filter widens it: --assignee @me to assigned-to-me, others to all).',
  examples: [
    'collab issue list -p acme/platform/api --labels bug',
    'collab issue list -p acme/platform/api --state all --search crash',
    'collab issue list -p acme/platform/api --assignee @me --milestone v1.1',
    'collab issue list -g acme --scope all --search crash',
    'collab issue list --scope assigned-to-me --all -o ndjson',
    'collab issue list --assignee @me --not-label blocked',
    'collab issue list -p acme/platform/api --assignee none --labels bug',
  ],
  project: 'optional',
  group: 'optional',
  flags: issueListFilters,
  method: 'GET',
  path: (v) => (v.project ? '/projects/:project/issues' : v.group ? '/groups/:group/issues' : '/issues'),
  list: true,
  columns: issueColumns,
  prepare: async (ctx: Context, v) => {
    await checkSearch(ctx, v, 'issues');
    if (v.flags['no-labels']) v.params.labels = 'No Label';
    applyStateShortcut(v);
    widenScope(v);
    if (!v.project && (v.flags['created-after'] !== undefined || v.flags['created-before'] !== undefined))
      throw new UsageError('--created-after and --created-before apply to project lists only: add -p <project>');
  },
});

export const view = defineCommand({
  name: 'view',
  aliases: ['show'],
  summary: 'Show one issue',
  examples: [
    'collab issue view 42 -p acme/platform/api',
    'collab issue view 42 -p acme/platform/api --comments --no-system',
    'collab issue view https://gitlab.example.com/acme/api/-/issues/42 -o json',
  ],
  args: [iidArg],
  project: 'required',
  flags: discussionFlags(ISSUE),
  method: 'GET',
  path: ISSUE_PATH,
  columns: issueColumns,
  prepare: (ctx, v) => checkDiscussionFlags(ctx, ISSUE, v),
  print: withDiscussion(ISSUE, issueColumns),
});

export const noun = defineNoun({
  name: 'issue',
  summary: 'Issues: list, view, create, update, close, reopen, delete, move, comment, subscribe, todo, time tracking',
  commands: [
    list,
    view,
    create,
    update,
    ...lifecycleVerbs(ISSUE),
    move,
    ...notificationVerbs(ISSUE),
    ...timeTrackingVerbs(ISSUE),
    ...noteVerbs(ISSUE),
    closedBy,
    userAgent,
  ],
});
