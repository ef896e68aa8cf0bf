/**
 * GitLab's human durations: `1mo 2w 3d 4h 30m 10s`, with 1mo = 4w, 1w = 5d, 1d = 8h.
 * A bare number means hours. Parsing returns seconds, or undefined for text that is not a duration.
 */
import { durationParts, UNIT_NAMES, UNIT_SECONDS } from '../shared/durations.js';

export function parseDuration(text: string): number | undefined {
  const input = text.trim().toLowerCase();
  if (input === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(input)) return Math.round(Number(input) * 3600);
  const negative = input.startsWith('-');
  const body = negative ? input.slice(1).trim() : input;
  const re = /(\d+(?:\.\d+)?)\s*([a-z]+)\s*/gy;
  let total = 0;
  let consumed = 0;
  let match: RegExpExecArray | null;
  while ((match = re.exec(body)) !== null) {
    const unit = UNIT_NAMES[match[2]];
    if (!unit) return undefined;
    total += Number(match[1]) * UNIT_SECONDS[unit];
    consumed = re.lastIndex;
  }
  if (consumed !== body.length || consumed === 0) return undefined;
  const seconds = Math.round(total);
  return negative ? -seconds : seconds;
}

/** `5400` → `1h 30m`; `0` → null (GitLab shows no text for zero). */
export function formatDuration(seconds: number): string | null {
  if (!seconds) return null;
  return (seconds < 0 ? '-' : '') + durationParts(seconds).join(' ');
}
