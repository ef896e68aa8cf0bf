import type { Answer, ArgSpec, Values } from '../executor/inputs.js';
import { type CommandSpec, defineCommand } from '../executor/spec.js';
import { parseDuration } from '../executor/validate.js';
import type { Column } from '../output/columns.js';
import { objectName, titled } from '../output/names.js';
import { timeStatsColumns } from './issue.js';

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
  /** Its comments are threads (GitLab's discussions API: `…/discussions`), read as such. */
  discussions?: boolean;
}

const example = (kind: Issuable, verb: string, rest = '') => `collab ${kind.command} ${verb} ${kind.example}${rest} -p acme/platform/api`;
/** `issue #12 (Crash on save)`: by its title when an answer (or the object confirmed) has one. */
const named = (kind: Issuable, v: Values, object?: Answer) => `${kind.noun} ${titled(kind.ref(v.args.iid), objectName(object ?? v.seen))}`;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Close or reopen: one already so is said and not sent; the notice says so when the answer shows
 * another state than asked for.
 */
function stateChange(kind: Issuable, verb: 'close' | 'reopen'): CommandSpec {
  const [past, expected] = verb === 'close' ? ['Closed', 'closed'] : ['Reopened', 'opened'];
  const isExpected = (state: unknown) => state === expected || (expected === 'opened' && state === 'reopened');
  return defineCommand({
    name: verb,
    summary: verb === 'close' ? `Close ${kind.one}` : `Reopen a closed ${kind.noun}`,
    examples: [
      example(kind, verb),
      `collab ${kind.command} ${verb} 4 5 6 -p acme/platform/api`,
      `collab ${kind.command} list --labels stale -o ndjson | collab ${kind.command} ${verb} --stdin`,
    ],
    args: [kind.iidArg],
    project: 'required',
    method: 'PUT',
    path: kind.path,
    fixed: { state_event: verb },
    columns: kind.columns,
    already: {
      notice: (v, current) =>
        isExpected(current?.state)
          ? `${capital(named(kind, v, current))} is already ${expected === 'opened' ? 'open' : expected}: nothing changed`
          : undefined,
    },
    bulk: 'iid',
    done: (v, answer: Answer) => {
      const state = answer?.state;
      if (state === undefined || isExpected(state)) return `${past} ${named(kind, v, answer)}`;
      return { notice: `note: ${named(kind, v, answer)} is ${String(state)}, not ${expected}` };
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
    // A deletion names what it deletes: no branch stands for it.
    args: [{ ...kind.iidArg, fromBranch: undefined }],
    project: 'required',
    method: 'DELETE',
    path: kind.path,
    confirm: { mode: 'yes', question: (v, name) => `Delete ${kind.noun} ${titled(kind.ref(v.args.iid), name)} in ${v.project}?` },
    done: (v) => `Deleted ${named(kind, v)}`,
    bulk: 'iid',
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
    bulk: 'iid',
    notModified: {
      notice: (v) =>
        on ? `Already subscribed to ${named(kind, v)}: nothing changed` : `Not subscribed to ${named(kind, v)}: nothing changed`,
      refetch: kind.path,
    },
    done: (v, answer) => `${on ? 'Subscribed to' : 'Unsubscribed from'} ${named(kind, v, answer)}`,
  });
}

/** subscribe, unsubscribe, todo. */
export function notificationVerbs(kind: Issuable): CommandSpec[] {
  const todo = defineCommand({
    name: 'todo',
    summary: `Add ${kind.one} to your todo list`,
    description:
      `Create a todo for you on ${kind.one}. When one exists already (304) that is not an ` +
      `error: a notice, and the ${kind.noun} is printed.`,
    examples: [example(kind, 'todo')],
    args: [kind.iidArg],
    project: 'required',
    method: 'POST',
    path: `${kind.path}/todo`,
    columns: kind.todoColumns,
    notModified: {
      notice: (v) => `A todo for ${named(kind, v)} exists already: nothing changed`,
      refetch: kind.path,
      columns: kind.columns,
    },
    done: (v, todo) => `Added ${named(kind, v, todo)} to your todos`,
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
      done: (v) => `Set the time estimate of ${named(kind, v)} to ${String(v.params.duration)}`,
    }),
    timeVerb(kind, {
      name: 'reset-estimate',
      summary: `Reset the time estimate of ${kind.one} to zero`,
      endpoint: 'reset_time_estimate',
      examples: [example(kind, 'reset-estimate')],
      done: (v) => `Reset the time estimate of ${named(kind, v)}`,
    }),
    timeVerb(kind, {
      name: 'spend',
      summary: `Add time spent on ${kind.one}`,
      description:
        `Add spent time to ${kind.one}. <duration> is a ${DURATIONS}. A leading - subtracts; ` +
        `put it after -- so it is not read as a flag: collab ${kind.command} spend ` +
        `${kind.example} -- -30m`,
      endpoint: 'add_spent_time',
      examples: [example(kind, 'spend', ' 1h15m'), `collab ${kind.command} spend ${kind.example} -- -30m`],
      duration: 'signed',
      done: (v) => {
        const duration = String(v.params.duration);
        return duration.startsWith('-')
          ? `Took ${duration.slice(1)} off the time spent on ${named(kind, v)}`
          : `Added ${duration} to the time spent on ${named(kind, v)}`;
      },
    }),
    timeVerb(kind, {
      name: 'reset-spent',
      summary: `Reset the time spent on ${kind.one} to zero`,
      endpoint: 'reset_spent_time',
      examples: [example(kind, 'reset-spent')],
      done: (v) => `Reset the time spent on ${named(kind, v)}`,
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
