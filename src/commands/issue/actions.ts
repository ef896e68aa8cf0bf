import { defineCommand } from '../../executor/spec.js';
import { userAgentColumns } from '../../resources/issue.js';
import { closingMergeRequestColumns } from '../../resources/mr.js';
import { ISSUE_PATH, iidArg } from './shared.js';

export const closedBy = defineCommand({
  name: 'closed-by',
  summary: 'List the merge requests that close an issue when merged',
  examples: ['collab issue closed-by 42 -p acme/platform/api', 'collab issue closed-by 42 -o json'],
  args: [iidArg],
  project: 'required',
  method: 'GET',
  path: `${ISSUE_PATH}/closed_by`,
  list: true,
  listNoun: 'merge requests that close this issue',
  columns: closingMergeRequestColumns,
});

export const userAgent = defineCommand({
  name: 'user-agent',
  summary: 'Show the user agent, IP address and spam-filter state recorded when the issue was created',
  examples: ['collab issue user-agent 42 -p acme/platform/api'],
  args: [iidArg],
  project: 'required',
  method: 'GET',
  path: `${ISSUE_PATH}/user_agent_detail`,
  answer: { kind: 'object' },
  columns: userAgentColumns,
  admin: true,
});
