import { excerpt, UsageError } from '../errors.js';
import { durationParts, UNIT_NAMES, UNIT_SECONDS } from '../shared/durations.js';
import { didYouMean } from '../suggest.js';

/** Parsers for typed flag values: each returns the value to send or throws UsageError naming the flag. */

export type ParamType =
  | 'string'
  | 'int'
  | 'id'
  | 'number'
  | 'bytes'
  | 'bool'
  | 'date'
  | 'datetime'
  | 'duration'
  | 'weight'
  | 'enum'
  | 'intList'
  | 'stringList'
  | 'csv'
  | 'branch';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
const DURATION_PART = /(\d+(?:\.\d+)?|\.\d+)\s*([a-z]+)/giy;
/** The largest duration a server stores (a 32-bit count of seconds). */
const MAX_DURATION_SECONDS = 2 ** 31 - 1;
const BARE_HOURS = /^(\d+(?:\.\d+)?|\.\d+)$/;

function fail(flag: string, reason: string): never {
  throw new UsageError(`invalid value for ${flag}: ${reason}`);
}

export function parseInteger(raw: string, flag: string, min?: number, max?: number): number {
  const s = raw.trim();
  if (!/^-?\d+$/.test(s)) fail(flag, `"${excerpt(raw)}" is not an integer`);
  const n = Number(s);
  if (!Number.isSafeInteger(n)) fail(flag, `"${excerpt(raw)}" is out of range`);
  if (min !== undefined && n < min) fail(flag, `${n} is below the minimum ${min}`);
  if (max !== undefined && n > max) fail(flag, `${n} is above the maximum ${max}`);
  return n;
}

export function parseId(raw: string, flag: string): number {
  return parseInteger(raw, flag, 1);
}

function parseNumber(raw: string, flag: string, min?: number, max?: number): number {
  const s = raw.trim();
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(s)) fail(flag, `"${excerpt(raw)}" is not a number`);
  const n = Number(s);
  if (min !== undefined && n < min) fail(flag, `${n} is below the minimum ${min}`);
  if (max !== undefined && n > max) fail(flag, `${n} is above the maximum ${max}`);
  return n;
}

const BYTE_UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 };

/** A size: `1048576`, `500M`, `500MiB`, `2G`, `1.5GiB` (units are powers of 1024; `KB`, `MB`, … too). */
function parseBytes(raw: string, flag: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(?:([kmgt])(?:i?b)?|(b))?$/i.exec(raw.trim());
  if (!m) fail(flag, `"${excerpt(raw)}" is not a size (a number of bytes, or with a unit: 500MiB, 2GiB)`);
  if (m[2] === undefined && m[1]!.includes('.'))
    fail(flag, `"${excerpt(raw)}" is not a whole number of bytes (a fraction needs a unit: 1.5GiB)`);
  const n = Math.floor(Number(m[1]) * BYTE_UNITS[(m[2] ?? m[3] ?? '').toLowerCase()]!);
  if (!Number.isSafeInteger(n)) fail(flag, `"${excerpt(raw)}" is out of range`);
  if (n < 1) fail(flag, 'the size must be at least 1 byte');
  return n;
}

function parseBool(raw: string | boolean, flag: string): boolean {
  if (typeof raw === 'boolean') return raw;
  const s = raw.trim().toLowerCase();
  if (['true', 'yes', '1', 'on'].includes(s)) return true;
  if (['false', 'no', '0', 'off'].includes(s)) return false;
  return fail(flag, `"${excerpt(raw)}" is not a boolean (use true or false)`);
}

function validCalendarDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days;
}

function parseDate(raw: string, flag: string): string {
  const s = raw.trim();
  const m = DATE.exec(s);
  if (!m || !validCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]))) fail(flag, `"${excerpt(raw)}" is not a date in YYYY-MM-DD form`);
  return s;
}

function parseDateTime(raw: string, flag: string): string {
  const s = raw.trim();
  const m = DATETIME.exec(s);
  const ok =
    m !== null &&
    validCalendarDate(Number(m[1]), Number(m[2]), Number(m[3])) &&
    (m[4] === undefined || (Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6] ?? 0) < 60));
  if (!ok) fail(flag, `"${excerpt(raw)}" is not an ISO 8601 date-time (e.g. 2026-01-31T12:00:00Z)`);
  const offset = /([+-])(\d{2}):?(\d{2})?$/.exec(m?.[7] ?? '');
  // Real UTC offsets run from -12:00 to +14:00; +99:99 is a typo that a server may read any way.
  const minutes = offset ? Number(offset[2]) * 60 + Number(offset[3] ?? 0) : 0;
  if (offset && (Number(offset[3] ?? 0) > 59 || minutes > (offset[1] === '-' ? 12 : 14) * 60))
    fail(flag, `"${excerpt(raw)}" has an impossible UTC offset ${offset[0]} (offsets run from -12:00 to +14:00)`);
  // RFC 3339 lets `t` and `z` be lower case; servers' parsers want them upper case.
  return s.replace(/t/i, 'T').replace(/z$/i, 'Z');
}

/**
 * Seconds in a human duration (`1h30m`, `1d 2h`, `1w`, `1mo`, `1.5h`; 1d = 8h, 1w = 5d, 1mo = 4w;
 * a bare number is hours).
 */
export function durationSeconds(text: string): number | undefined {
  return durationTerms(text)?.seconds;
}

/**
 * A duration's seconds, and whether it is written in whole short units, largest first, each once
 * (`1h 30m`; not `1.5h`, `2 hours`, `1 h`, `30m 1h`).
 */
function durationTerms(text: string): { seconds: number; canonical: boolean } | undefined {
  const s = text.trim();
  if (BARE_HOURS.test(s)) return { seconds: Number(s) * 3600, canonical: false };
  if (s === '') return undefined;
  let total = 0;
  let canonical = true;
  let smallest = Number.POSITIVE_INFINITY;
  let pos = 0;
  while (pos < s.length) {
    while (s[pos] === ' ') pos++;
    if (pos >= s.length) break;
    DURATION_PART.lastIndex = pos;
    const m = DURATION_PART.exec(s);
    const unit = m ? UNIT_NAMES[m[2]!.toLowerCase()] : undefined;
    if (!m || !unit) return undefined;
    const size = UNIT_SECONDS[unit]!;
    if (unit !== m[2] || m[1]!.includes('.') || /\s/.test(m[0]) || size >= smallest) canonical = false;
    smallest = Math.min(smallest, size);
    total += Number(m[1]) * size;
    pos = DURATION_PART.lastIndex;
  }
  return { seconds: total, canonical };
}

/**
 * A duration as the server should get it: whole short units as written (`1d 2h`), a bare number in
 * hours (`3` → `3h`), decimals and long unit names in whole short units (`1.5h` → `1h30m`,
 * `2 hours` → `2h`): servers differ on all of them.
 */
export function parseDuration(raw: string, flag: string): string {
  const s = raw.trim();
  const terms = durationTerms(s);
  if (terms === undefined) fail(flag, `"${excerpt(raw)}" is not a duration (examples: 30m, 1h30m, "1d 2h", 1w, 1mo, 1.5h)`);
  const { seconds } = terms;
  if (seconds > MAX_DURATION_SECONDS) fail(flag, `"${excerpt(raw)}" is longer than a server can store (${MAX_DURATION_SECONDS} seconds)`);
  if (/^\d+$/.test(s)) return `${Number(s)}h`;
  if (terms.canonical) return s;
  const whole = Math.round(seconds);
  if (Math.abs(whole - seconds) > 1e-6) fail(flag, `"${excerpt(raw)}" is not a whole number of seconds`);
  return formatDuration(whole);
}

/** Seconds as `1mo2w3d4h5m6s`, largest units first (1d = 8h, 1w = 5d, 1mo = 4w). */
function formatDuration(seconds: number): string {
  return seconds === 0 ? '0h' : durationParts(seconds).join('');
}

export function parseEnum(raw: string, flag: string, choices: readonly string[]): string {
  const s = raw.trim();
  if (!choices.includes(s)) fail(flag, `"${excerpt(raw)}" is not one of ${choices.join(', ')}${didYouMean(s, choices)}`);
  return s;
}

function splitList(raw: string): string[] {
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function parseIntList(raw: string, flag: string): number[] {
  const parts = splitList(raw);
  if (parts.length === 0) fail(flag, 'expected a comma-separated list of integers');
  return parts.map((p) => parseInteger(p, flag, 0));
}

function parseStringList(raw: string, flag: string, choices?: readonly string[]): string[] {
  const parts = splitList(parseString(raw, flag));
  if (choices) for (const p of parts) parseEnum(p, flag, choices);
  return parts;
}

function parseString(raw: string, flag: string, maxLength = 1_000_000): string {
  // U+FFFD is what Node makes of invalid UTF-8 in argv; a lone surrogate cannot be encoded at all.
  if (raw.includes('\uFFFD') || /\p{Cs}/u.test(raw)) fail(flag, 'the text is not valid UTF-8');
  if (raw.length > maxLength) fail(flag, `the text is longer than ${maxLength} characters`);
  return raw;
}

interface TypedSpec {
  type: ParamType;
  choices?: readonly string[];
  min?: number;
  max?: number;
}

/** Parses one raw flag value according to its declared type. */
export function parseTyped(raw: unknown, flag: string, spec: TypedSpec): string | number | boolean | number[] | string[] {
  if (spec.type === 'bool') return parseBool(raw as string | boolean, flag);
  const s = String(raw);
  switch (spec.type) {
    case 'string':
      return parseString(s, flag);
    case 'int':
      return parseInteger(s, flag, spec.min, spec.max);
    case 'id':
      return parseId(s, flag);
    case 'number':
      return parseNumber(s, flag, spec.min, spec.max);
    case 'bytes':
      return parseBytes(s, flag);
    case 'date':
      return parseDate(s, flag);
    case 'datetime':
      return parseDateTime(s, flag);
    case 'duration':
      return parseDuration(s, flag);
    case 'weight':
      return parseInteger(s, flag, 0, 9);
    case 'enum':
      return parseEnum(s, flag, spec.choices ?? []);
    case 'intList':
      return parseIntList(s, flag);
    case 'stringList':
      return parseStringList(s, flag, spec.choices);
    case 'csv':
      return parseStringList(s, flag, spec.choices).join(',');
    case 'branch': {
      const why = branchNameProblem(s);
      if (why) fail(flag, `"${excerpt(s)}" is no branch name git takes (${why})`);
      return s;
    }
  }
}

/**
 * What makes a name one git refuses for a branch (`git check-ref-format --branch`), checked here so
 * that nothing is sent for it: undefined when it is a valid name.
 */
export function branchNameProblem(name: string): string | undefined {
  if (name === '') return 'it is empty';
  if (name.startsWith('-')) return 'it starts with "-"';
  if (/[\u0000-\u0020\u007f~^:?*[\\]/.test(name)) return 'it holds a space, a control character or one of ~ ^ : ? * [ \\';
  if (name.includes('..') || name.includes('@{') || name === '@') return 'it holds "..", "@{" or is "@"';
  if (name.endsWith('/') || name.endsWith('.') || name.includes('//')) return 'it ends with "/" or "." or holds "//"';
  if (name.split('/').some((part) => part.startsWith('.') || part.endsWith('.lock'))) return 'a part starts with "." or ends with ".lock"';
  return undefined;
}
