import type { Column } from '../output/format.js';
import { timeStatsColumns } from '../resources/issue.js';
import { parseDuration } from '../validate.js';
import { titled } from './confirm.js';
import { type Answer, type ArgSpec, type CommandSpec, type Values, defineCommand } from './spec.js';

/**
 * The verbs issues and merge requests share ("issuables", as GitLab calls them): close, reopen,
 * delete, subscribe, unsubscribe, todo, and time tracking (which the API offers for issues).
 */
export interface Issuable {
  /** `issue`, `merge request`. */
  noun: string;
  /** With its article: `an issue`. */
  one: string;
  /** The command's noun: `issue`, `mr`. */
  command: string;
  /** `/projects/:project/issues/:iid`. */
  path: string;
  iidArg: ArgSpec;
  columns: Column[];
  /** How a todo on one is printed. */
  todoColumns: Column[];
  /** `#42`, `!3`. */
  ref(iid: unknown): string;
  /** An IID for the examples. */
  example: number;
}

const example = (kind: Issuable, verb: string, rest = '') => `collab ${kind.command} ${verb} ${kind.example}${rest} -p acme/platform/api`;
const named = (kind: Issuable, v: Values) => `${kind.noun} ${kind.ref(v.args.iid)}`;

/** Close or reopen; the notice says so when the answer shows another state than asked for. */
function stateChange(kind: Issuable, verb: 'close' | 'reopen'): CommandSpec {
  const [past, expected] = verb === 'close' ? ['closed', 'closed'] : ['reopened', 'opened'];
  return defineCommand({
    name: verb,
    summary: verb === 'close' ? `Close ${kind.one}` : `Reopen a closed ${kind.noun}`,
    examples: [example(kind, verb)],
    args: [kind.iidArg],
    project: 'required',
    method: 'PUT',
    path: kind.path,
    fixed: { state_event: verb },
    columns: kind.columns,
    done: (v, answer: Answer) => {
      const state = answer?.state;
      if (state === undefined || state === expected || (expected === 'opened' && state === 'reopened')) return `${past} ${named(kind, v)}`;
      return `note: ${named(kind, v)} is ${String(state)}, not ${expected}`;
    },
  });
}

function remove(kind: Issuable): CommandSpec {
  return defineCommand({
    name: 'delete',
    aliases: ['rm'],
    summary: `Delete ${kind.one}`,
    description: `Delete ${kind.one} (administrators and project owners). Asks for confirmation on a terminal; needs --yes elsewhere.`,
    examples: [example(kind, 'delete'), `${example(kind, 'delete')} --yes`],
    args: [kind.iidArg],
    project: 'required',
    method: 'DELETE',
    path: kind.path,
    confirm: { mode: 'yes', question: (v, name) => `Delete ${kind.noun} ${titled(kind.ref(v.args.iid), name)} in ${v.project}?` },
    done: (v) => `deleted ${named(kind, v)}`,
  });
}

/** close, reopen, delete. */
export function lifecycleVerbs(kind: Issuable): CommandSpec[] {
  return [stateChange(kind, 'close'), stateChange(kind, 'reopen'), remove(kind)];
}

function subscription(kind: Issuable, verb: 'subscribe' | 'unsubscribe'): CommandSpec {
  const on = verb === 'subscribe';
  return defineCommand({
    name: verb,
    summary: on ? `Subscribe to notifications of ${kind.one}` : `Unsubscribe from notifications of ${kind.one}`,
    description: on
      ? `Subscribe to ${kind.one}. Already subscribed is not an error: a notice, and the ${kind.noun} is printed.`
      : `Unsubscribe from ${kind.one}. Not subscribed is not an error: a notice, and the ${kind.noun} is printed.`,
    examples: [example(kind, verb)],
    args: [kind.iidArg],
    project: 'required',
    method: 'POST',
    path: `${kind.path}/${verb}`,
    columns: kind.columns,
    notModified: {
      notice: on ? `already subscribed to this ${kind.noun}: nothing changed` : `not subscribed to this ${kind.noun}: nothing changed`,
      refetch: kind.path,
    },
    done: (v) => `${on ? 'subscribed to' : 'unsubscribed from'} ${named(kind, v)}`,
  });
}

/** subscribe, unsubscribe, todo. */
export function notificationVerbs(kind: Issuable): CommandSpec[] {
  const todo = defineCommand({
    name: 'todo',
    summary: `Add ${kind.one} to your todo list`,
    description: `Create a todo for you on ${kind.one}. When one exists already (304) that is not an error: a notice, and the ${kind.noun} is printed.`,
    examples: [example(kind, 'todo')],
    args: [kind.iidArg],
    project: 'required',
    method: 'POST',
    path: `${kind.path}/todo`,
    columns: kind.todoColumns,
    notModified: { notice: `a todo for this ${kind.noun} exists already: nothing changed`, refetch: kind.path, columns: kind.columns },
    done: (v) => `added ${named(kind, v)} to your todos`,
  });
  return [subscription(kind, 'subscribe'), subscription(kind, 'unsubscribe'), todo];
}

const DURATIONS = 'duration such as 30m, 1h30m, "1d 2h", 1w, 1mo (1d = 8h, 1w = 5d, 1mo = 4w; a bare number is hours)';

const durationArg = { name: 'duration', type: 'string', description: DURATIONS } as const;

/** The positional duration, validated like a flag; `signed` accepts a leading `-` (subtracting spent time). */
function durationParam(v: Values, signed: boolean): void {
  const raw = String(v.args.duration).trim();
  const negative = signed && raw.startsWith('-');
  const value = parseDuration(negative ? raw.slice(1) : raw, '<duration>');
  v.params.duration = negative ? `-${value}` : value;
}

interface TimeVerb {
  name: string;
  summary: string;
  endpoint: string;
  examples: string[];
  description?: string;
  duration?: 'unsigned' | 'signed';
  method?: 'POST' | 'GET';
  done?: (v: Values) => string;
}

function timeVerb(kind: Issuable, c: TimeVerb): CommandSpec {
  return defineCommand({
    name: c.name,
    summary: c.summary,
    description: c.description,
    examples: c.examples,
    args: c.duration ? [kind.iidArg, durationArg] : [kind.iidArg],
    project: 'required',
    method: c.method ?? 'POST',
    path: `${kind.path}/${c.endpoint}`,
    columns: timeStatsColumns,
    answer: { kind: 'object', key: 'time_estimate' },
    prepare: c.duration ? (_ctx, v) => durationParam(v, c.duration === 'signed') : undefined,
    done: c.done,
  });
}

/** estimate, reset-estimate, spend, reset-spent, time-stats. */
export function timeTrackingVerbs(kind: Issuable): CommandSpec[] {
  return [
    timeVerb(kind, {
      name: 'estimate',
      summary: `Set the time estimate of ${kind.one}`,
      endpoint: 'time_estimate',
      examples: [example(kind, 'estimate', ' 3h30m'), `collab ${kind.command} estimate ${kind.example} "1w 2d"`],
      duration: 'unsigned',
      done: (v) => `estimate of ${named(kind, v)} set to ${String(v.params.duration)}`,
    }),
    timeVerb(kind, {
      name: 'reset-estimate',
      summary: `Reset the time estimate of ${kind.one} to zero`,
      endpoint: 'reset_time_estimate',
      examples: [example(kind, 'reset-estimate')],
    }),
    timeVerb(kind, {
      name: 'spend',
      summary: `Add time spent on ${kind.one}`,
      description: `Add spent time to ${kind.one}. <duration> is a ${DURATIONS}. A leading - subtracts; put it after -- so it is not read as a flag: collab ${kind.command} spend ${kind.example} -- -30m`,
      endpoint: 'add_spent_time',
      examples: [example(kind, 'spend', ' 1h15m'), `collab ${kind.command} spend ${kind.example} -- -30m`],
      duration: 'signed',
      done: (v) => `added ${String(v.params.duration)} to ${named(kind, v)}`,
    }),
    timeVerb(kind, {
      name: 'reset-spent',
      summary: `Reset the time spent on ${kind.one} to zero`,
      endpoint: 'reset_spent_time',
      examples: [example(kind, 'reset-spent')],
    }),
    timeVerb(kind, {
      name: 'time-stats',
      summary: `Show the time estimate and time spent of ${kind.one}`,
      endpoint: 'time_stats',
      method: 'GET',
      examples: [example(kind, 'time-stats'), `collab ${kind.command} time-stats ${kind.example} -o json`],
    }),
  ];
}
