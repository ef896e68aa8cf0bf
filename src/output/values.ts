/** Reading and rendering field values for table and tsv cells. */

export function getPath(obj: unknown, path: string): unknown {
  return walk(obj, path.split('.'));
}

function walk(cur: unknown, parts: string[]): unknown {
  if (parts.length === 0) return cur;
  const [part, ...rest] = parts as [string, ...string[]];
  if (Array.isArray(cur)) {
    if (/^\d+$/.test(part)) return walk(cur[Number(part)], rest);
    // A field of a list's items is the list of their values (`assignees.username`); `length` is none.
    const values = cur.map((item) => walk(item, parts)).filter((v) => v !== undefined);
    return values.length > 0 || cur.length === 0 ? values : undefined;
  }
  // Own properties only: `toString` or `constructor` are not fields of a resource.
  if (cur === null || cur === undefined || typeof cur !== 'object' || !Object.hasOwn(cur, part)) return undefined;
  return walk((cur as Record<string, unknown>)[part], rest);
}

/** A value's plain text for tsv: ISO dates, lists comma-joined, users by username. */
export function plainValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((v) => plainValue(v)).join(',');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    for (const k of ['username', 'name', 'title', 'path_with_namespace', 'full_path', 'email']) {
      if (typeof o[k] === 'string') return o[k] as string;
    }
    // A wrapper of a user (approval entries are `{user: …}`) reads as the user; an object that
    // merely holds one (a pipeline and who ran it) reads as itself: a pipeline or job as id and status.
    if (Object.keys(o).length === 1 && o.user && typeof o.user === 'object') return plainValue(o.user);
    if ((typeof o.id === 'number' || typeof o.id === 'string') && typeof o.status === 'string') return `#${o.id} ${o.status}`;
    return JSON.stringify(value);
  }
  return String(value);
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export function isTimestamp(value: unknown): value is string {
  return typeof value === 'string' && ISO.test(value);
}

const UNITS: [string, string, number][] = [
  ['year', 'y', 365 * 24 * 3600],
  ['month', 'mo', 30 * 24 * 3600],
  ['week', 'w', 7 * 24 * 3600],
  ['day', 'd', 24 * 3600],
  ['hour', 'h', 3600],
  ['minute', 'm', 60],
];

/**
 * "3 days ago", "in 2 hours", "just now" (at most 14 cells); `compact`: "3d", "in 2h", "now",
 * for narrow terminals.
 */
export function relativeTime(iso: string, now: Date, compact = false): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const diff = Math.round((now.getTime() - t) / 1000);
  const abs = Math.abs(diff);
  if (abs < 60) return compact ? 'now' : 'just now';
  for (const [unit, short, secs] of UNITS) {
    if (abs >= secs) {
      const n = Math.floor(abs / secs);
      const label = compact ? `${n}${short}` : `${n} ${unit}${n === 1 ? '' : 's'}`;
      if (diff < 0) return `in ${label}`;
      return compact ? label : `${label} ago`;
    }
  }
  return iso;
}

/** A commit SHA (40 hex digits, or 64 for SHA-256) as people read it: its first 8, the same everywhere. */
export function shortSha(value: string): string {
  return /^[0-9a-f]{9,}$/i.test(value) ? value.slice(0, 8) : value;
}

export function isFullSha(value: unknown): value is string {
  return typeof value === 'string' && /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(value);
}

/** A field holding seconds of run time (`duration`, `queued_duration`): shown as `1m 05s`. */
export function isDurationField(key: string): boolean {
  return /(?:^|[._])duration$/.test(key);
}

/** `30s`, `1m 05s`, `2h 03m 10s` from seconds (GitLab sends floats); nothing for what is not a duration. */
export function humanDuration(value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return undefined;
  const total = Math.round(value);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}h ${String(m).padStart(2, '0')}m ${s}s` : m > 0 ? `${m}m ${s}s` : `${total}s`;
}
