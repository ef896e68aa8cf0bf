/** What a value shows in a table cell or a view for people (tsv and JSON show values as they are). */
import type { Column } from './columns.js';
import type { Painter } from './paint.js';
import { referenceCell } from './references.js';
import { tableText } from './sanitize.js';
import { getPath, humanDuration, isDurationField, isFullSha, isTimestamp, plainValue, relativeTime, shortSha } from './values.js';

const MASK = '********';

/** A field whose value is a secret (`runners_token`, `token`, `private_token`): masked in table and tsv. */
function isSecretField(key: string): boolean {
  return /token/i.test(key.slice(key.lastIndexOf('.') + 1));
}

/** Who sees a secret in table and tsv. */
interface Reveal {
  /** Secrets are shown (a token printed once, when created). */
  revealSecrets?: boolean;
  /** `--fields`: a secret named there was asked for by name, so it is shown. */
  fields?: readonly string[];
}

/** A value as table and tsv show it by default: a secret field's (`runners_token`, or one `secretToo` names) masked, any other as it is. */
export function secretMasked(key: string, value: unknown, secretToo?: (key: string) => boolean): unknown {
  const secret = isSecretField(key) || secretToo?.(key) === true;
  return typeof value !== 'string' || value === '' || !secret || isTimestamp(value) ? value : MASK;
}

/** The value of a cell, a secret masked (JSON never comes here). */
export function cellValue(col: Column, item: unknown, reveal: Reveal): unknown {
  const value = col.get ? col.get(item) : getPath(item, col.key);
  if (reveal.revealSecrets || reveal.fields?.includes(col.key)) return value;
  return secretMasked(col.key, value);
}

/** How a cell is drawn: with which colours, at which time, and for which table. */
export interface CellStyle {
  paint: Painter;
  now: () => Date;
  /** A view's value: a nested object spelled out rather than named. */
  long?: boolean;
  /** A table spanning projects: a `ref` column shows the item's full reference. */
  crossProject?: boolean;
  /** Dates as `5m`, `3w`, `2mo` (a narrow terminal). */
  compactDates?: boolean;
  /** `--fields`: a SHA named there was asked for by name, so it is shown whole. */
  named?: readonly string[];
}

/** A cell's text for a terminal: `-` for nothing, dates relative, states and labels coloured. */
export function drawCell(col: Column, value: unknown, item: unknown, style: CellStyle): string {
  const { paint } = style;
  const ref = referenceCell(col, item, style.crossProject === true);
  if (ref !== undefined) return tableText(ref);
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return paint('-', 'dim');
  const kind = col.kind ?? (isTimestamp(value) ? 'date' : 'text');
  if (kind === 'date' && typeof value === 'string') return paint(relativeTime(value, style.now(), style.compactDates), 'dim');
  if (kind === 'state') return paint(tableText(String(value)), 'state', String(value));
  if (kind === 'labels' && Array.isArray(value)) return value.map((l) => paint(tableText(plainValue(l)), 'label')).join(', ');
  if (isFullSha(value) && !style.named?.includes(col.key)) return shortSha(value);
  if (isDurationField(col.key) && typeof value === 'number') return humanDuration(value) ?? String(value);
  if (typeof value === 'object' && !Array.isArray(value) && style.long) return tableText(readableObject(value as Record<string, unknown>));
  return tableText(plainValue(value));
}

/** A nested object for people: its name when it has one, else `key: value` pairs (nulls left out). */
function readableObject(value: Record<string, unknown>): string {
  const named = plainValue(value);
  if (!named.startsWith('{')) return named;
  return Object.entries(value)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${readableValue(k, v)}`)
    .join(', ');
}

/** A value inside a nested object: SHAs short and durations humanised, as in a cell of their own. */
function readableValue(key: string, value: unknown): string {
  if (isFullSha(value)) return shortSha(value);
  if (isDurationField(key) && typeof value === 'number') return humanDuration(value) ?? String(value);
  return plainValue(value);
}
