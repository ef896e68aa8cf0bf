import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from '../../src/sandbox/durations.js';

describe('sandbox durations', () => {
  it.each([
    ['30m', 1800],
    ['2h', 7200],
    ['1h30m', 5400],
    ['1h 30m', 5400],
    ['1d 2h', 10 * 3600],
    ['1w', 40 * 3600],
    ['1mo', 160 * 3600],
    ['3', 3 * 3600],
    ['1.5h', 5400],
    ['-1h', -3600],
  ])('parses %s', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it.each(['', 'soon', '1x', 'h1', '1h garbage'])('rejects %j', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });

  it('formats like GitLab, null for zero', () => {
    expect(formatDuration(0)).toBeNull();
    expect(formatDuration(5400)).toBe('1h 30m');
    expect(formatDuration(10 * 3600)).toBe('1d 2h');
    expect(formatDuration(40 * 3600)).toBe('1w');
    expect(formatDuration(160 * 3600 + 60)).toBe('1mo 1m');
  });
});
