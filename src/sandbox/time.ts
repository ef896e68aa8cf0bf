/** Timestamps are kept as epoch milliseconds and rendered the way GitLab does: `2026-11-01T10:00:00.000Z`. */
export const iso = (ms: number): string => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null | undefined): string | null => (ms == null ? null : iso(ms));
export const dateOnly = (ms: number): string => iso(ms).slice(0, 10);

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export const isDate = (value: string): boolean => DATE_RE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** Parses an ISO 8601 date or datetime; undefined when it is not one. */
export function parseTime(value: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value.trim())) return undefined;
  const ms = Date.parse(value.trim().length === 10 ? `${value.trim()}T00:00:00Z` : value.trim());
  return Number.isNaN(ms) ? undefined : ms;
}

export const DAY_MS = 86_400_000;

/** A moment of the demo world: `at(2026, 10, 1)` is 1 October 2026, 09:00 UTC. */
export const at = (y: number, m: number, d: number, h = 9): number => Date.UTC(y, m - 1, d, h);
