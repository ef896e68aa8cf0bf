import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { durationSeconds, parseTyped } from '../../src/validate.js';

describe('typed flag values', () => {
  it.each([
    ['weight', '0', 0],
    ['weight', '9', 9],
    ['date', '2026-02-28', '2026-02-28'],
    ['datetime', '2026-02-28T10:00:00Z', '2026-02-28T10:00:00Z'],
    ['datetime', '2026-02-28T10:00:00.123+02:00', '2026-02-28T10:00:00.123+02:00'],
    ['duration', '1h30m', '1h30m'],
    ['duration', '1d 2h', '1d 2h'],
    ['duration', '3', '3h'],
    ['duration', '1.5h', '1h30m'],
    ['duration', '2.25', '2h15m'],
    ['duration', '1.5d', '1d4h'],
    ['duration', '.5h', '30m'],
    ['datetime', '2026-02-28T10:00:00+14:00', '2026-02-28T10:00:00+14:00'],
    ['datetime', '2026-02-28T10:00:00-1130', '2026-02-28T10:00:00-1130'],
    ['intList', '1, 2,3', [1, 2, 3]],
    ['bool', 'yes', true],
    ['int', '-3', -3],
  ] as const)('%s accepts %s', (type, raw, expected) => {
    expect(parseTyped(raw, '--x', { type })).toEqual(expected);
  });

  it.each([
    ['weight', '10'],
    ['weight', '-1'],
    ['weight', '3.5'],
    ['date', '2026-02-30'],
    ['date', '26-01-01'],
    ['datetime', '2026-01-01T25:00:00Z'],
    ['datetime', 'yesterday'],
    ['datetime', '2026-01-01T10:00:00+99:99'],
    ['datetime', '2026-01-01T10:00:00+12:60'],
    ['datetime', '2026-01-01T10:00:00-15:00'],
    ['duration', '1.5s'],
    ['duration', '1.h'],
    ['duration', '1x'],
    ['duration', 'h1'],
    ['id', '0'],
    ['id', 'abc'],
    ['int', '99999999999999999999'],
    ['intList', '1,,x'],
    ['bool', 'maybe'],
    ['string', 'bad \uFFFD utf8'],
  ] as const)('%s rejects %s naming the flag', (type, raw) => {
    expect(() => parseTyped(raw, '--flag', { type })).toThrow(UsageError);
    expect(() => parseTyped(raw, '--flag', { type })).toThrow(/--flag/);
  });

  it('enums list their choices', () => {
    expect(() => parseTyped('open', '--state', { type: 'enum', choices: ['opened', 'closed'] })).toThrow(/opened, closed/);
  });

  it('durations follow 1d = 8h, 1w = 5d, 1mo = 4w, bare number = hours', () => {
    expect(durationSeconds('1h30m')).toBe(5400);
    expect(durationSeconds('1d 2h')).toBe(10 * 3600);
    expect(durationSeconds('1w')).toBe(40 * 3600);
    expect(durationSeconds('1mo')).toBe(160 * 3600);
    expect(durationSeconds('3')).toBe(3 * 3600);
    expect(durationSeconds('1h x')).toBeUndefined();
  });
});
