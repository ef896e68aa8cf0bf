import { mrColumns, todoColumns } from '../../resources/mr.js';
import type { CommandSpec } from '../spec.js';
import { MR_PATH, iidArg, ref } from './shared.js';

export const subscribe: CommandSpec = {
  name: 'subscribe',
  summary: 'Get notifications about a merge request',
  examples: ['collab mr subscribe 3 -p acme/platform/api'],
  args: [iidArg],
  project: 'required',
  method: 'POST',
  path: `${MR_PATH}/subscribe`,
  columns: mrColumns,
  notModified: { notice: 'already subscribed to this merge request', refetch: MR_PATH },
  done: (v) => `subscribed to ${ref(v.args.iid)}`,
};

export const unsubscribe: CommandSpec = {
  name: 'unsubscribe',
  summary: 'Stop notifications about a merge request',
  examples: ['collab mr unsubscribe 3 -p acme/platform/api'],
  args: [iidArg],
  project: 'required',
  method: 'POST',
  path: `${MR_PATH}/unsubscribe`,
  columns: mrColumns,
  notModified: { notice: 'not subscribed to this merge request', refetch: MR_PATH },
  done: (v) => `unsubscribed from ${ref(v.args.iid)}`,
};

export const todo: CommandSpec = {
  name: 'todo',
  summary: 'Add a merge request to your todo list',
  examples: ['collab mr todo 3 -p acme/platform/api'],
  args: [iidArg],
  project: 'required',
  method: 'POST',
  path: `${MR_PATH}/todo`,
  columns: todoColumns,
  notModified: { notice: 'a todo for this merge request already exists', refetch: MR_PATH, columns: mrColumns },
  done: (v) => `added ${ref(v.args.iid)} to your todos`,
};
