import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { FlagSpec, Values } from '../../executor/inputs.js';
import { defineCommand } from '../../executor/spec.js';
import { checkDiscussionFlags, discussionFlags, withDiscussion } from '../../resources/discussion.js';
import { ORDER_BY_CREATED_UPDATED } from '../../resources/issue.js';
import { isDraft, MR_SCOPES, MR_STATES, MR_VIEWS, mrColumns } from '../../resources/mr.js';
import { negatedFilters, peopleFilters, reviewerFilter } from '../../resources/people.js';
import { widenScope } from '../../resources/people-scope.js';
import { checkSearch, searchFlags } from '../../resources/search-flags.js';
import { sortFlag } from '../../resources/sort.js';
import { applyStateShortcut, stateShortcuts } from '../../resources/state-shortcuts.js';
import { iidArg, MERGE_REQUEST, MR_PATH } from './shared.js';
import { mergeRequestFacts } from './view.js';

/**
 * `--scope reviews-for-me`: GitLab's `reviews_for_me` (doc/api/merge_requests.md; added by
 * gitlab-org/gitlab!203131), which has no kebab-case spelling; the spec has no such scope.
 */
async function reviewsForMe(ctx: Context, v: Values): Promise<void> {
  if ((await ctx.flavor()) === 'spec')
    throw new UsageError("--scope reviews-for-me needs GitLab: this server speaks the spec's API", 'use --reviewer @me on GitLab');
  v.params.scope = 'reviews_for_me';
}

/** The list filters of part 2 §4.3, in the order they are sent. */
const listFilters: FlagSpec[] = [
  { name: 'state', short: 's', type: 'enum', choices: MR_STATES, default: 'opened', description: 'only merge requests in this state' },
  ...stateShortcuts('merge requests'),
  { name: 'order-by', type: 'enum', choices: ORDER_BY_CREATED_UPDATED, description: 'sort field (default created_at)' },
  sortFlag('desc'),
  { name: 'milestone', short: 'm', type: 'string', description: 'milestone title' },
  { name: 'view', type: 'enum', choices: MR_VIEWS, description: 'simple: only iid, URL, title, description and state' },
  { name: 'labels', short: 'l', type: 'csv', description: 'comma-separated label names' },
  { name: 'created-after', type: 'datetime', description: 'created on or after this date-time' },
  { name: 'created-before', type: 'datetime', description: 'created on or before this date-time' },
  {
    name: 'scope',
    type: 'enum',
    choices: MR_SCOPES,
    description: 'created-by-me (the default without a project), assigned-to-me, reviews-for-me (a recent GitLab) or all',
  },
  { name: 'author-id', type: 'id', description: 'created by this user id (with --scope all or assigned-to-me without a project)' },
  { name: 'assignee-id', type: 'id', description: 'assigned to this user id' },
  ...peopleFilters('merge requests'),
  reviewerFilter,
  ...negatedFilters('merge requests'),
  { name: 'my-reaction', param: 'my_reaction_emoji', type: 'string', description: 'merge requests you reacted to with this emoji' },
  { name: 'iids', type: 'intList', description: 'only these IIDs, comma-separated (project lists only)' },
  ...searchFlags('merge requests'),
  {
    name: 'draft',
    param: false,
    type: 'bool',
    negatable: true,
    description: 'only drafts (--no-draft: only those ready for review)',
  },
];

export const list = defineCommand({
  name: 'list',
  aliases: ['ls'],
  summary: "List a project's merge requests, or yours",
  description:
    'List merge requests, open ones unless --state says otherwise (--state all for ' +
    'every state). With a project (-p, COLLAB_PROJECT, or the git remote) the ' +
    "project's merge requests; otherwise every merge request visible to you, by " +
    'default only those you created (--scope all for the rest); a people filter widens that ' +
    '(--assignee @me to assigned-to-me, others to all).',
  examples: [
    'collab mr list -p acme/platform/api --labels backend',
    'collab mr list --scope assigned-to-me',
    'collab mr list -p acme/platform/api --author alice --reviewer @me',
    'collab mr list -p acme/platform/api --state merged --order-by updated_at --all -o ndjson',
    'collab mr list -p acme/platform/api --draft',
    'collab mr list --reviewer @me --not-label wip',
    'collab mr list --search "rate limit" --in title --state all',
  ],
  project: 'optional',
  flags: listFilters,
  method: 'GET',
  path: (v) => (v.project ? '/projects/:project/merge_requests' : '/merge_requests'),
  list: true,
  columns: mrColumns,
  prepare: async (ctx, v) => {
    if (!v.project && v.flags.iids !== undefined) throw new UsageError('--iids applies to project lists only: add -p <project>');
    await checkSearch(ctx, v, 'merge requests');
    applyStateShortcut(v);
    widenScope(v);
    if (v.flags.scope === 'reviews-for-me') await reviewsForMe(ctx, v);
    // GitLab's filter takes yes or no; a server of the spec's dialect has none, and collab filters each page.
    if (typeof v.flags.draft === 'boolean') v.params.wip = v.flags.draft ? 'yes' : 'no';
  },
  filterLocally: { wip: (mr, value) => isDraft(mr) === (value === 'yes') },
});

export const view = defineCommand({
  name: 'view',
  aliases: ['show'],
  summary: 'Show one merge request',
  examples: [
    'collab mr view 3 -p acme/platform/api',
    'collab mr view 3 -p acme/platform/api --comments',
    'collab mr view https://gitlab.example.com/acme/platform/api/-/merge_requests/3 -o json',
  ],
  args: [iidArg],
  project: 'required',
  flags: discussionFlags(MERGE_REQUEST),
  method: 'GET',
  path: MR_PATH,
  columns: mrColumns,
  prepare: (ctx, v) => checkDiscussionFlags(ctx, MERGE_REQUEST, v),
  print: withDiscussion(MERGE_REQUEST, mrColumns, mergeRequestFacts),
});
