import { closingMergeRequestColumns, issueColumns, todoColumns, userAgentColumns } from '../../resources/issue.js';
import type { CommandSpec } from '../spec.js';
import { ISSUE_PATH, iidArg, ref } from './shared.js';

function subscription(name: 'subscribe' | 'unsubscribe'): CommandSpec {
  const on = name === 'subscribe';
  return {
    name,
    summary: on ? 'Subscribe to notifications of an issue' : 'Unsubscribe from notifications of an issue',
    description: on
      ? 'Subscribe to an issue. Already subscribed is not an error: a notice, and the issue is printed.'
      : 'Unsubscribe from an issue. Not subscribed is not an error: a notice, and the issue is printed.',
    examples: [`collab issue ${name} 42 -p acme/platform/api`],
    args: [iidArg],
    project: 'required',
    method: 'POST',
    path: `${ISSUE_PATH}/${name}`,
    columns: issueColumns,
    notModified: {
      notice: on ? 'already subscribed to this issue: nothing changed' : 'not subscribed to this issue: nothing changed',
      refetch: ISSUE_PATH,
    },
    done: (v) => `${on ? 'subscribed to' : 'unsubscribed from'} issue ${ref(v.args.iid)}`,
  };
}

export const subscribe = subscription('subscribe');
export const unsubscribe = subscription('unsubscribe');

export const todo: CommandSpec = {
  name: 'todo',
  summary: 'Add an issue to your todo list',
  description: 'Create a todo for you on an issue. When one exists already (304) that is not an error: a notice, and the issue is printed.',
  examples: ['collab issue todo 42 -p acme/platform/api'],
  args: [iidArg],
  project: 'required',
  method: 'POST',
  path: `${ISSUE_PATH}/todo`,
  columns: todoColumns,
  notModified: { notice: 'a todo for this issue exists already: nothing changed', refetch: ISSUE_PATH, columns: issueColumns },
  done: (v) => `added issue ${ref(v.args.iid)} to your todos`,
};

export const closedBy: CommandSpec = {
  name: 'closed-by',
  summary: 'List the merge requests that close an issue when merged',
  examples: ['collab issue closed-by 42 -p acme/platform/api', 'collab issue closed-by 42 -o json'],
  args: [iidArg],
  project: 'required',
  method: 'GET',
  path: `${ISSUE_PATH}/closed_by`,
  list: true,
  columns: closingMergeRequestColumns,
};

export const userAgent: CommandSpec = {
  name: 'user-agent',
  summary: 'Show the user agent, IP address and spam-filter state recorded when the issue was created',
  examples: ['collab issue user-agent 42 -p acme/platform/api'],
  args: [iidArg],
  project: 'required',
  method: 'GET',
  path: `${ISSUE_PATH}/user_agent_detail`,
  columns: userAgentColumns,
  admin: true,
};
