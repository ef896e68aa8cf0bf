import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { pathValues } from '../../executor/endpoint.js';
import { readIn } from '../../executor/host-dialect.js';
import { asAnswer, type FlagSpec, type Values } from '../../executor/inputs.js';
import { defineCommand } from '../../executor/spec.js';
import { objectName, titled } from '../../output/names.js';
import {
  labelChangeFlags,
  labelsAlready,
  labelsSaid,
  prepareLabelChanges,
  REPLACE_LABELS,
  readBeforeReplacing,
} from '../../resources/labels.js';
import { draftTitle, isDraft, mrColumns, readyTitle } from '../../resources/mr.js';
import { assigneeField, milestoneField, reviewersField } from '../../resources/people.js';
import { checkFillFlags, fillCommitBodyFlag, fillFlag, fillVerboseFlag } from './fill.js';
import { explainMissingSource, pushFlag, pushIfAsked } from './push.js';
import { issueTitle, relatedIssueFlags, relateIssue } from './related-issue.js';
import { iidArg, MR_PATH, ref } from './shared.js';

/** Assignee, reviewers and milestone by name (beside --assignee-id and --milestone-id). */
const peopleFields: FlagSpec[] = [assigneeField, reviewersField, milestoneField];

const descriptionFlags: FlagSpec[] = [
  { name: 'description', short: 'd', type: 'string', markdown: true, description: 'description (Markdown)' },
  {
    name: 'description-file',
    param: 'description',
    file: 'text',
    type: 'string',
    value: '<file|->',
    description: 'read the description from a file, or from stdin with -',
    conflicts: ['description'],
  },
];

/** The branch checked out where collab runs. */
const gitBranchHere = async (ctx: Context): Promise<string | undefined> => ctx.settings.gitBranch();

/** The default branch of the project the merge request goes into (`--target-project-id`, else the project). */
async function defaultBranch(ctx: Context, v: Values): Promise<string | undefined> {
  const target = v.flags['target-project-id'] ?? v.project;
  const res = await ctx.api().request({ method: 'GET', path: fillPath('/projects/:project', { project: String(target) }) });
  const branch = (res.data as { default_branch?: unknown } | undefined)?.default_branch;
  return typeof branch === 'string' && branch !== '' ? branch : undefined;
}

export const create = defineCommand({
  name: 'create',
  aliases: ['new'],
  summary: 'Open a merge request',
  description:
    'Open a merge request from a source branch into a target branch. The source ' +
    'defaults to the branch checked out where collab runs, the target to the target ' +
    "project's default branch; on a terminal, source, target and title are asked for " +
    'when missing, with those defaults shown. --push pushes the source branch first ' +
    '(git push -u <remote> <branch>); --fill pushes it when the remote lacks it, and says so. ' +
    '--related-issue opens it for an issue ("Closes #<iid>", the issue\'s title).',
  examples: [
    'collab mr create --title "Add feature X"   # from the current branch into the default branch',
    'collab mr create --fill --target main   # title and description from the commits',
    'collab mr create -p acme/platform/api --source feature/x --target main --title "Add feature X"',
    'collab mr create --source fix/crash --target main --title "Fix crash" ' +
      '--description-file notes.md --labels bug --remove-source-branch --squash',
    'collab mr create --draft --title "Try a new cache"',
    'collab mr create --fill --push   # push the branch first (git push -u origin <branch>)',
    'collab mr create --fill --fill-commit-body --target main',
    'collab mr create --related-issue 42 --copy-issue-labels   # "Closes #42", its title, labels and milestone',
  ],
  project: 'required',
  flags: [
    {
      name: 'source',
      short: 's',
      param: 'source_branch',
      type: 'string',
      prompt: 'Source branch:',
      suggest: gitBranchHere,
      description: 'source branch (default: the branch checked out here)',
    },
    {
      name: 'target',
      short: 'b',
      param: 'target_branch',
      type: 'string',
      prompt: 'Target branch:',
      suggest: defaultBranch,
      description: "target branch (default: the target project's default branch)",
    },
    {
      name: 'title',
      short: 't',
      type: 'string',
      prompt: 'Title:',
      suggest: issueTitle,
      suggestFrom: 'related-issue',
      description: 'title',
    },
    { name: 'assignee-id', type: 'id', description: 'assign to this user id' },
    ...descriptionFlags,
    fillFlag,
    fillCommitBodyFlag,
    fillVerboseFlag,
    pushFlag,
    ...relatedIssueFlags,
    ...peopleFields,
    { name: 'target-project-id', type: 'id', description: 'target project id (for a merge request from a fork)' },
    // glab's --label (given again, the lists join) is the labels it starts with.
    { name: 'labels', short: 'l', type: 'csv', repeatable: true, aliases: { label: 'glab' }, description: 'comma-separated label names' },
    { name: 'milestone-id', type: 'id', description: 'milestone id' },
    { name: 'remove-source-branch', type: 'bool', description: 'delete the source branch once merged' },
    {
      name: 'approvals-before-merge',
      type: 'int',
      min: 0,
      description: 'approvals required (only raises the target project’s value; inherited when absent)',
    },
    { name: 'squash', type: 'bool', description: 'squash the commits when merging' },
    { name: 'draft', param: false, type: 'bool', description: 'open it as a draft (its title starts with "Draft: ")' },
  ],
  prepare: async (ctx, v) => {
    if (v.flags.source === v.flags.target && v.flags['target-project-id'] === undefined)
      throw new UsageError(
        `the source and target branch are both ${String(v.flags.source)}: a merge request needs two branches`,
        'check out the feature branch, or give --source',
      );
    checkFillFlags(v);
    await relateIssue(ctx, v);
    if (v.flags.draft) v.params.title = draftTitle(String(v.params.title));
    await pushIfAsked(ctx, v);
  },
  explain: { 400: explainMissingSource },
  method: 'POST',
  path: '/projects/:project/merge_requests',
  columns: mrColumns,
  done: (_v, mr) =>
    `Created merge request ${titled(ref(mr?.iid), objectName(mr))}${typeof mr?.web_url === 'string' ? `: ${mr.web_url}` : ''}`,
});

export const update = defineCommand({
  name: 'update',
  aliases: ['edit'],
  summary: 'Change a merge request',
  description: 'Change the attributes of a merge request; give at least one.',
  examples: [
    'collab mr update 3 -p acme/platform/api --title "Add feature X (v2)" --labels backend,review',
    'collab mr update 3 --target release-1.2 --no-squash --discussion-locked',
    'collab mr update 3 --assignee-id 0',
    'collab mr update --ready   # the merge request of the branch checked out',
    'collab mr update 3 --add-labels needs-review --remove-labels wip',
  ],
  args: [iidArg],
  project: 'required',
  flags: [
    { name: 'target', short: 'b', param: 'target_branch', type: 'string', description: 'new target branch' },
    { name: 'title', short: 't', type: 'string', description: 'new title' },
    { name: 'assignee-id', type: 'int', min: 0, description: 'assign to this user id (0 unassigns)' },
    ...descriptionFlags,
    ...peopleFields,
    { name: 'labels', short: 'l', type: 'csv', description: REPLACE_LABELS },
    ...labelChangeFlags,
    { name: 'milestone-id', type: 'int', min: 0, description: 'milestone id (0 removes the milestone)' },
    { name: 'remove-source-branch', type: 'bool', negatable: true, description: 'delete the source branch once merged' },
    { name: 'squash', type: 'bool', negatable: true, description: 'squash the commits when merging' },
    { name: 'discussion-locked', type: 'bool', negatable: true, description: 'only project members may comment' },
    {
      name: 'draft',
      param: false,
      type: 'bool',
      description: 'mark it as a draft ("Draft: " before its title)',
      conflicts: ['ready'],
    },
    { name: 'ready', param: false, type: 'bool', description: 'mark it as ready: its title without the draft prefix' },
  ],
  requireOne: true,
  method: 'PUT',
  path: MR_PATH,
  columns: mrColumns,
  bulk: 'iid',
  prepare: async (ctx, v) => {
    await draftChange(ctx, v);
    await prepareLabelChanges(ctx, v);
  },
  already: {
    // Marking it what it is, and nothing else: nothing to send. --labels is read first to say what it takes away.
    when: (v, ctx) => (draftWanted(v) !== undefined && Object.keys(v.flags).length === 1) || readBeforeReplacing(v, ctx),
    notice: (v, mr) => {
      const name = titled(ref(v.args.iid), objectName(mr));
      if (labelsAlready(v, mr)) return `Merge request ${name} has exactly these labels already: nothing changed`;
      const wanted = draftWanted(v);
      if (wanted === undefined || Object.keys(v.flags).length !== 1 || isDraft(mr) !== wanted) return undefined;
      return `Merge request ${name} is already ${wanted ? 'a draft' : 'ready'}: nothing changed`;
    },
  },
  done: (v, mr) => {
    const wanted = draftWanted(v);
    const name = titled(ref(v.args.iid), objectName(mr));
    // The server decides what a draft is: a title it still reads as one (the spec's `WIP`) is said.
    if (wanted !== undefined && mr !== undefined && isDraft(mr) !== wanted)
      return { notice: `note: merge request ${name} is ${isDraft(mr) ? 'still a draft' : 'not a draft'} as the server reads its title` };
    if (wanted !== undefined && Object.keys(v.flags).length === 1) return `Marked merge request ${name} as ${wanted ? 'a draft' : 'ready'}`;
    return `Updated merge request ${name}${labelsSaid(v, mr)}`;
  },
});

type DraftValues = Pick<Values, 'flags'>;

/** true for --draft, false for --ready, undefined for neither. */
const draftWanted = (v: DraftValues): boolean | undefined => (v.flags.draft === true ? true : v.flags.ready === true ? false : undefined);

/**
 * --draft or --ready: the title with GitLab's draft prefix added or taken off. The title given
 * with --title, else the merge request's own, read here (nobody retypes it).
 */
async function draftChange(ctx: Context, v: Values): Promise<void> {
  const wanted = draftWanted(v);
  if (wanted === undefined) return;
  // Each title is its own: a batch would give them all the first one's.
  if (v.bulk) throw new UsageError(`--${wanted ? 'draft' : 'ready'} changes one merge request's title at a time: give one iid`);
  let title = v.flags.title;
  if (typeof title !== 'string') {
    v.seen = asAnswer(await readIn(ctx, fillPath(MR_PATH, pathValues(v)), { kind: 'object', key: 'iid' }));
    title = typeof v.seen?.title === 'string' ? v.seen.title : '';
  }
  // The server's own word (`draft`), where the merge request was read: an older GitLab's marker too.
  const serverSaysDraft = v.seen?.draft === true || v.seen?.work_in_progress === true;
  v.params.title = wanted ? draftTitle(title) : readyTitle(title, serverSaysDraft);
}
