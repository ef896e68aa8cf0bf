import { describe, expect, it } from 'vitest';
import { redactHeader, redactUrl, redactUrlsIn } from '../../src/api/redact.js';

describe('redaction of URLs and headers in messages and debug lines', () => {
  it('credentials in a URL userinfo, whatever the scheme, with or without a query', () => {
    expect(redactUrl('https://oauth2:glpat-SECRET@gitlab.example.com/a.git')).toBe('https://[REDACTED]@gitlab.example.com/a.git');
    expect(redactUrl('https://glpat-SECRET@gitlab.example.com/')).toBe('https://[REDACTED]@gitlab.example.com/');
    expect(redactUrl('ftp://user:pass@files.example/x?token=T')).toBe('ftp://[REDACTED]@files.example/x?token=[REDACTED]');
    expect(redactUrl('https://gitlab.example.com/a@b')).toBe('https://gitlab.example.com/a@b');
    expect(redactUrlsIn('redirected to http://u:p@x.example/y and ftp://a:b@c.example/')).toBe(
      'redirected to http://[REDACTED]@x.example/y and ftp://[REDACTED]@c.example/',
    );
  });

  it("signed URLs of every common provider and GitLab's token parameters", () => {
    const query = [
      'X-Amz-Signature=S1',
      'X-Amz-Credential=S2',
      'X-Amz-Security-Token=S3',
      'X-Goog-Signature=S4',
      'X-Goog-Credential=S5',
      'GoogleAccessId=S6',
      'Signature=S7',
      'sig=S8',
      'Policy=S9',
      'Key-Pair-Id=S10',
      'AWSAccessKeyId=S11',
      'token=S12',
      'private_token=S13',
      'access_token=S14',
      'job_token=S15',
      'job-token=S16',
      'private-token=S17',
      'refresh_token=S18',
      'client_secret=S19',
      'password=S20',
      'x-api-key=S21',
      'se=2026-01-01',
      'sp=r',
      'X-Amz-Date=20260101T000000Z',
      'page=2',
    ].join('&');
    const out = redactUrl(`https://gitlab.example.com/api/v4/x?${query}`, 'https://gitlab.example.com');
    expect(out).not.toMatch(/=S\d+/);
    expect(out).toContain('se=2026-01-01&sp=r&X-Amz-Date=20260101T000000Z&page=2');
    // Another origin: its whole query.
    expect(redactUrl(`https://bucket.s3.example/a.zip?${query}`, 'https://gitlab.example.com')).toBe(
      'https://bucket.s3.example/a.zip?[REDACTED]',
    );
  });

  it('headers that carry credentials, by their well-known names and by what their names say', () => {
    for (const name of [
      'Authorization',
      'PRIVATE-TOKEN',
      'job-token',
      'Cookie',
      'Set-Cookie',
      'Proxy-Authorization',
      'X-Job-Token',
      'X-Api-Key',
      'X-Amz-Security-Token',
      'X-Gitlab-Session',
    ])
      expect(redactHeader(name, 'v'), name).toBe('[REDACTED]');
    for (const name of ['Accept', 'User-Agent', 'SUDO', 'Content-Type', 'If-None-Match']) expect(redactHeader(name, 'v'), name).toBe('v');
  });
});
