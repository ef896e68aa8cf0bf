import { describe, expect, it } from 'vitest';
import { errorMessage, statusLine } from '../../src/api/error-body.js';

const line = (status: number, body: unknown, ct = 'application/json') => statusLine(status, errorMessage(body, ct, status));

describe('error bodies of every shape render as one line with the status', () => {
  it.each([
    [404, { message: '404 Project Not Found' }, '404 Project Not Found'],
    [400, { message: { title: ['is missing'], weight: ['must be less than 10'] } }, '400 title: is missing; weight: must be less than 10'],
    [400, { message: { error: 'bad thing' } }, '400 error: bad thing'],
    [400, { message: ['first', 'second'] }, '400 first; second'],
    [400, { error: 'title is missing' }, '400 title is missing'],
    [400, { error: ['a', 'b'] }, '400 a; b'],
    [401, { error: 'invalid_token', error_description: 'Token was revoked' }, '401 invalid_token: Token was revoked'],
    [400, { message: { project: { name: ['taken'] } } }, '400 project.name: taken'],
    [401, { message: '401 Unauthorized' }, '401 Unauthorized'],
    [500, undefined, '500 Internal Server Error'],
  ])('%i %j', (status, body, expected) => {
    expect(line(status, body)).toBe(expected);
  });

  it('plain text and HTML pages', () => {
    expect(line(429, 'Retry later\n', 'text/plain')).toBe('429 Retry later');
    const html = '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>';
    expect(line(502, html, 'text/html')).toBe('502 Bad Gateway (HTML error page, probably from a proxy)');
    expect(line(503, '<!DOCTYPE html><html><body>down</body></html>', undefined)).toBe(
      '503 Service Unavailable (HTML error page, probably from a proxy)',
    );
  });
});
