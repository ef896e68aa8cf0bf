import { UsageError } from '../../errors.js';
import type { FlagSpec, Values } from '../../executor/inputs.js';
import { defineCommand } from '../../executor/spec.js';
import { objectName, titled } from '../../output/names.js';
import { ISSUE_STATE_EVENTS, issueColumns } from '../../resources/issue.js';
import {
  labelChangeFlags,
  labelsAlready,
  labelsSaid,
  prepareLabelChanges,
  REPLACE_LABELS,
  readBeforeReplacing,
} from '../../resources/labels.js';
import { assigneesField, milestoneField } from '../../resources/people.js';
import { ISSUE_PATH, iidArg, ref } from './shared.js';

/** The writable fields of create (§4.2.1) and edit (§4.2.2); `update` adds the edit-only ones. */
function fieldFlags(mode: 'create' | 'update'): FlagSpec[] {
  const update = mode === 'update';
  const flags: FlagSpec[] = [
    update
      ? { name: 'title', short: 't', type: 'string', description: 'new title' }
      : { name: 'title', short: 't', type: 'string', prompt: 'Title:', description: 'issue title' },
    {
      name: 'description',
      short: 'd',
      type: 'string',
      markdown: true,
      description: 'description (Markdown)',
      conflicts: ['description-file'],
    },
    {
      name: 'description-file',
      param: 'description',
      file: 'text',
      type: 'string',
      value: '<file|->',
      description: 'read the description from a file (- for stdin)',
    },
    update
      ? { name: 'confidential', type: 'bool', negatable: true, description: 'make the issue confidential' }
      : { name: 'confidential', type: 'bool', description: 'create it confidential (default: not)' },
    {
      name: 'assignee-ids',
      type: 'intList',
      description: update ? 'assignee user ids, comma-separated (0 unassigns everyone)' : 'assignee user ids, comma-separated',
    },
    update
      ? { name: 'milestone-id', type: 'int', min: 0, description: 'milestone id (0 removes the milestone)' }
      : { name: 'milestone-id', type: 'id', description: 'milestone id' },
    update
      ? { name: 'labels', short: 'l', type: 'csv', description: REPLACE_LABELS }
      : // On a create, glab's --label (given again, the lists join) is the labels it starts with.
        {
          name: 'labels',
          short: 'l',
          type: 'csv',
          repeatable: true,
          aliases: { label: 'glab' },
          description: 'comma-separated label names',
        },
    ...(update ? labelChangeFlags : []),
    assigneesField,
    milestoneField,
  ];
  if (update) {
    flags.push(
      {
        name: 'state-event',
        type: 'enum',
        choices: ISSUE_STATE_EVENTS,
        description: 'close or reopen (or use `issue close` / `issue reopen`)',
      },
      { name: 'updated-at', type: 'datetime', description: 'ISO 8601 update time (administrators and project owners)' },
    );
  } else {
    flags.push({ name: 'created-at', type: 'datetime', description: 'ISO 8601 creation time (administrators and project owners)' });
  }
  flags.push(
    { name: 'due-date', type: 'date', description: 'due date, YYYY-MM-DD' },
    { name: 'weight', short: 'w', type: 'weight', description: 'weight, 0 to 9' },
  );
  if (update) {
    flags.push({ name: 'discussion-locked', type: 'bool', negatable: true, description: 'only project members may comment' });
  } else {
    flags.push(
      {
        name: 'mr-to-resolve',
        param: 'merge_request_to_resolve_discussions_of',
        type: 'id',
        value: '<mr-iid>',
        description: 'IID of a merge request whose open discussions this issue resolves (fills a default description)',
      },
      {
        name: 'discussion',
        param: 'discussion_to_resolve',
        type: 'string',
        value: '<id>',
        description: 'id of one discussion of that merge request to resolve (needs --mr-to-resolve)',
      },
    );
  }
  return flags;
}

/** A check the server would make anyway, done before sending. */
function checkTitle(v: Values): void {
  if (typeof v.flags.title === 'string' && v.flags.title.trim() === '') throw new UsageError('invalid value for --title: it is empty');
}

export const create = defineCommand({
  name: 'create',
  aliases: ['new'],
  summary: 'Create an issue',
  description: 'Create an issue in a project. On a terminal a missing --title is asked for; elsewhere it is required.',
  examples: [
    'collab issue create -p acme/platform/api --title "Crash on login" --labels bug,p1 --assignee-ids 2,3',
    'collab issue create -p acme/platform/api -t "Release notes" --description-file notes.md --due-date 2026-12-01 --weight 3',
    'git log -1 --format=%B | collab issue create -t "Follow-up" --description-file -',
    'collab issue create -p acme/platform/api --mr-to-resolve 12 --discussion 8f4e0c',
  ],
  project: 'required',
  flags: fieldFlags('create'),
  method: 'POST',
  path: '/projects/:project/issues',
  columns: issueColumns,
  prepare: (_ctx, v) => {
    if (v.flags.discussion !== undefined && v.flags['mr-to-resolve'] === undefined)
      throw new UsageError('--discussion needs --mr-to-resolve <mr-iid> (the merge request the discussion belongs to)');
    checkTitle(v);
  },
  done: (_v, issue) =>
    `Created issue ${titled(ref(issue?.iid), objectName(issue))}${typeof issue?.web_url === 'string' ? `: ${issue.web_url}` : ''}`,
});

export const update = defineCommand({
  name: 'update',
  aliases: ['edit'],
  summary: 'Change an issue (title, description, labels, assignees, milestone, state, …)',
  examples: [
    'collab issue update 42 -p acme/platform/api --title "Crash on login (iOS)" --labels bug,ios',
    'collab issue update 42 43 44 --add-labels triaged --remove-labels needs-info',
    'collab issue list --labels needs-info -o ndjson | collab issue update --stdin --add-labels triaged',
    'collab issue update 42 --weight 5 --due-date 2026-12-24 --no-confidential',
    'collab issue update 42 --assignee-ids 0 --milestone-id 0 --discussion-locked',
  ],
  args: [iidArg],
  project: 'required',
  flags: fieldFlags('update'),
  requireOne: true,
  method: 'PUT',
  path: ISSUE_PATH,
  columns: issueColumns,
  prepare: async (ctx, v) => {
    checkTitle(v);
    await prepareLabelChanges(ctx, v);
  },
  already: {
    // Read first when --labels replaces them: to say which it took away, or that they are so already.
    when: readBeforeReplacing,
    notice: (v, issue) =>
      labelsAlready(v, issue)
        ? `Issue ${titled(ref(v.args.iid), objectName(issue))} has exactly these labels already: nothing changed`
        : undefined,
  },
  done: (v, issue) => `Updated issue ${titled(ref(v.args.iid), objectName(issue))}${labelsSaid(v, issue)}`,
  bulk: 'iid',
});

export const move = defineCommand({
  name: 'move',
  summary: 'Move an issue to another project',
  description:
    'Move an issue to another project. --to takes the target project as id, full path ' +
    'or web URL; a path is looked up first (the API takes a numeric id).',
  examples: ['collab issue move 42 -p acme/platform/api --to acme/website', 'collab issue move 42 --to 17 -o json'],
  args: [iidArg],
  project: 'required',
  flags: [
    {
      name: 'to',
      param: 'to_project_id',
      type: 'string',
      lookup: 'project',
      required: true,
      value: '<project>',
      description: 'target project: id, full path or web URL',
    },
  ],
  method: 'POST',
  path: `${ISSUE_PATH}/move`,
  columns: issueColumns,
  done: (v, moved) => {
    const full = (moved?.references as { full?: unknown } | undefined)?.full;
    const where = typeof full === 'string' ? full : typeof moved?.web_url === 'string' ? moved.web_url : 'the target project';
    return `Moved issue ${titled(ref(v.args.iid), objectName(moved))} to ${where}`;
  },
  bulk: 'iid',
});
