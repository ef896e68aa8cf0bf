/**
 * GitLab's time-tracking units, largest first: 1mo = 4w, 1w = 5d, 1d = 8h (a working month, week
 * and day). The client's validation and the sandbox's server side both count with them; each
 * parses on its own terms (the client strictly, the sandbox as leniently as GitLab does).
 */
export const UNIT_SECONDS: Readonly<Record<string, number>> = {
  mo: 4 * 5 * 8 * 3600,
  w: 5 * 8 * 3600,
  d: 8 * 3600,
  h: 3600,
  m: 60,
  s: 1,
};

/** The unit names GitLab reads beside the short ones (`2 hours`, `30 mins`), by their short name. */
export const UNIT_NAMES: Readonly<Record<string, string>> = {
  s: 's',
  sec: 's',
  secs: 's',
  second: 's',
  seconds: 's',
  m: 'm',
  min: 'm',
  mins: 'm',
  minute: 'm',
  minutes: 'm',
  h: 'h',
  hr: 'h',
  hrs: 'h',
  hour: 'h',
  hours: 'h',
  d: 'd',
  day: 'd',
  days: 'd',
  w: 'w',
  wk: 'w',
  wks: 'w',
  week: 'w',
  weeks: 'w',
  mo: 'mo',
  month: 'mo',
  months: 'mo',
};

/** Whole units, largest first: `5400` → `['1h', '30m']`; nothing for 0. */
export function durationParts(seconds: number): string[] {
  const parts: string[] = [];
  let rest = Math.abs(seconds);
  for (const [unit, size] of Object.entries(UNIT_SECONDS)) {
    const count = Math.floor(rest / size);
    if (count > 0) parts.push(`${count}${unit}`);
    rest -= count * size;
  }
  return parts;
}

const CLOCK_UNITS: Readonly<Record<string, number>> = { h: 3600, m: 60, s: 1, ms: 0.001 };

/**
 * A span of clock time as people type it for a wait: seconds (`90`, `2.5`), or numbers with units
 * (`90s`, `10m`, `1h30m`, `500ms`); undefined when it is none of these. Unlike GitLab's time
 * tracking, an hour is an hour: no working days.
 */
export function clockSeconds(raw: string): number | undefined {
  const text = raw.trim().toLowerCase();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  if (!/^(\d+(\.\d+)?(ms|h|m|s))+$/.test(text)) return undefined;
  let total = 0;
  for (const [, n, unit] of text.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)) total += Number(n) * CLOCK_UNITS[unit!]!;
  return total;
}
