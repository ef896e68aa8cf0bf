import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { durationSeconds, parseTyped } from '../../src/executor/validate.js';
import { parseHeader } from '../../src/http-header.js';

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

describe('input normalised before it is sent (the cases nobody wrote down)', () => {
  it.each([
    ['2 hours', '2h'],
    ['30 mins', '30m'],
    ['2 Hours 30 Mins', '2h30m'],
    ['1H', '1h'],
    ['1 h 30 m', '1h30m'],
    ['30m 1h', '1h30m'],
    ['1h1h', '2h'],
    ['1w 2d', '1w 2d'],
    ['0.25d', '2h'],
    ['596523h', '596523h'],
  ])('duration %j is sent as %j', (raw, sent) => {
    expect(parseTyped(raw, '--x', { type: 'duration' })).toBe(sent);
  });

  it.each(['596524h', '100000000000000000000h', '1y', '-', '1h -30m'])('duration %j is refused', (raw) => {
    expect(() => parseTyped(raw, '--x', { type: 'duration' })).toThrow(UsageError);
  });

  it.each([
    ['2026-02-28t10:00:00z', '2026-02-28T10:00:00Z'],
    ['2026-02-28T10:00:00+05', '2026-02-28T10:00:00+05'],
    ['2026-02-28T10:00:00-12:00', '2026-02-28T10:00:00-12:00'],
    ['2026-02-28 10:00:00z', '2026-02-28 10:00:00Z'],
  ])('date-time %j is sent as %j', (raw, sent) => {
    expect(parseTyped(raw, '--x', { type: 'datetime' })).toBe(sent);
  });

  it.each([
    '2026-02-28T10:00:00-12:01',
    '2026-02-28T10:00:00-13:00',
    '2026-02-28T10:00:00+14:01',
    '2026-02-28T10:00:00+15',
    '2026-02-30T10:00:00Z',
    '2026-02-28T24:00:00Z',
    '2026-02-28T10:00:60Z',
  ])('date-time %j is refused', (raw) => {
    expect(() => parseTyped(raw, '--since', { type: 'datetime' })).toThrow(/--since/);
  });

  it('-H: a header name HTTP accepts, a one-line printable value, and no header that frames the request', () => {
    expect(parseHeader('X-Trace:  abc ', '-H')).toEqual(['X-Trace', 'abc']);
    expect(parseHeader('If-None-Match: "x"', '-H')).toEqual(['If-None-Match', '"x"']);
    for (const bad of [
      'X-A: b\r\nInjected: c',
      'X-A: b\nc',
      'X A: b',
      'X\r\nA: b',
      ': b',
      'X-A b',
      'X-A: caf\u00e9',
      'X-A: \u2713',
      'X-A: a\u0000b',
      'Content-Length: 5',
      'transfer-encoding: chunked',
      'Connection: close',
    ])
      expect(() => parseHeader(bad, '-H'), JSON.stringify(bad)).toThrow(/^invalid value for -H: /);
  });
});
