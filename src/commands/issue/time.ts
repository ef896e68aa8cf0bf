import { timeStatsColumns } from '../../resources/issue.js';
import { parseDuration } from '../../validate.js';
import type { ArgSpec, CommandSpec, Values } from '../spec.js';
import { ISSUE_PATH, iidArg, ref } from './shared.js';

const DURATIONS = 'duration such as 30m, 1h30m, "1d 2h", 1w, 1mo (1d = 8h, 1w = 5d, 1mo = 4w; a bare number is hours)';

const durationArg: ArgSpec = { name: 'duration', type: 'string', description: DURATIONS };

/** The positional duration, validated like a flag; `signed` accepts a leading `-` (subtracting spent time). */
function durationParam(v: Values, signed: boolean): void {
  const raw = String(v.args.duration).trim();
  const negative = signed && raw.startsWith('-');
  const value = parseDuration(negative ? raw.slice(1) : raw, '<duration>');
  v.params.duration = negative ? `-${value}` : value;
}

interface TimeCommand {
  name: string;
  summary: string;
  endpoint: string;
  examples: string[];
  description?: string;
  duration?: 'unsigned' | 'signed';
  method?: 'POST' | 'GET';
  done?: (v: Values) => string;
}

function timeCommand(c: TimeCommand): CommandSpec {
  return {
    name: c.name,
    summary: c.summary,
    description: c.description,
    examples: c.examples,
    args: c.duration ? [iidArg, durationArg] : [iidArg],
    project: 'required',
    method: c.method ?? 'POST',
    path: `${ISSUE_PATH}/${c.endpoint}`,
    columns: timeStatsColumns,
    prepare: c.duration ? (_ctx, v) => durationParam(v, c.duration === 'signed') : undefined,
    done: c.done,
  };
}

export const estimate = timeCommand({
  name: 'estimate',
  summary: 'Set the time estimate of an issue',
  endpoint: 'time_estimate',
  examples: ['collab issue estimate 42 3h30m -p acme/platform/api', 'collab issue estimate 42 "1w 2d"'],
  duration: 'unsigned',
  done: (v) => `estimate of issue ${ref(v.args.iid)} set to ${String(v.params.duration)}`,
});

export const resetEstimate = timeCommand({
  name: 'reset-estimate',
  summary: 'Reset the time estimate of an issue to zero',
  endpoint: 'reset_time_estimate',
  examples: ['collab issue reset-estimate 42 -p acme/platform/api'],
});

export const spend = timeCommand({
  name: 'spend',
  summary: 'Add time spent on an issue',
  description: `Add spent time to an issue. <duration> is a ${DURATIONS}. A leading - subtracts; put it after -- so it is not read as a flag: collab issue spend 42 -- -30m`,
  endpoint: 'add_spent_time',
  examples: ['collab issue spend 42 1h15m -p acme/platform/api', 'collab issue spend 42 -- -30m'],
  duration: 'signed',
  done: (v) => `added ${String(v.params.duration)} to issue ${ref(v.args.iid)}`,
});

export const resetSpent = timeCommand({
  name: 'reset-spent',
  summary: 'Reset the time spent on an issue to zero',
  endpoint: 'reset_spent_time',
  examples: ['collab issue reset-spent 42 -p acme/platform/api'],
});

export const timeStats = timeCommand({
  name: 'time-stats',
  summary: 'Show the time estimate and time spent of an issue',
  endpoint: 'time_stats',
  method: 'GET',
  examples: ['collab issue time-stats 42 -p acme/platform/api', 'collab issue time-stats 42 -o json'],
});
