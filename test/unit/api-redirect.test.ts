/**
 * Which 301 of an API call collab follows (src/api/redirect.ts `apiRedirect`): GitLab's moved
 * project (lib/api/helpers.rb `find_project!` → `redirect!(url_with_project_id(project))`) names
 * the same route by id on the instance's own URL — or, behind a proxy that ends TLS, an `http://`
 * one, as doc/api/rest/_index.md's example shows. Credentials stay on collab's origin.
 */
import { describe, expect, it } from 'vitest';
import { apiRedirect } from '../../src/api/redirect.js';

const ORIGIN = 'https://gitlab.example.com';
const PREFIX = '/api/v4';

describe('apiRedirect', () => {
  it('a 301 on the same origin under /api/v4: followed, query kept', () => {
    expect(apiRedirect(301, 'GET', `${ORIGIN}/api/v4/projects/81/issues?state=opened`, ORIGIN, PREFIX)).toBe(
      '/api/v4/projects/81/issues?state=opened',
    );
    expect(apiRedirect(301, 'HEAD', '/api/v4/projects/81', ORIGIN, PREFIX)).toBe('/api/v4/projects/81');
  });

  it('the same host written http:// by a proxy: its path, on our https origin', () => {
    expect(apiRedirect(301, 'GET', 'http://gitlab.example.com/api/v4/projects/81', ORIGIN, PREFIX)).toBe('/api/v4/projects/81');
  });

  it('never another host, another port, a downgrade of an http host to another scheme, outside /api/v4, a write, or another status', () => {
    expect(apiRedirect(301, 'GET', 'https://evil.example.net/api/v4/projects/81', ORIGIN, PREFIX)).toBeUndefined();
    expect(apiRedirect(301, 'GET', 'https://gitlab.example.com:8443/api/v4/projects/81', ORIGIN, PREFIX)).toBeUndefined();
    expect(apiRedirect(301, 'GET', 'https://gitlab.example.com/api/v4/projects/81', 'http://gitlab.example.com', PREFIX)).toBeUndefined();
    expect(apiRedirect(301, 'GET', `${ORIGIN}/users/sign_in`, ORIGIN, PREFIX)).toBeUndefined();
    expect(apiRedirect(301, 'GET', `${ORIGIN}/api/v4x/projects/81`, ORIGIN, PREFIX)).toBeUndefined();
    expect(apiRedirect(301, 'PUT', `${ORIGIN}/api/v4/projects/81`, ORIGIN, PREFIX)).toBeUndefined();
    expect(apiRedirect(302, 'GET', `${ORIGIN}/api/v4/projects/81`, ORIGIN, PREFIX)).toBeUndefined();
    expect(apiRedirect(301, 'GET', undefined, ORIGIN, PREFIX)).toBeUndefined();
  });

  it('an instance under a path: only below its own /api/v4', () => {
    const prefix = '/gitlab/api/v4';
    expect(apiRedirect(301, 'GET', `${ORIGIN}/gitlab/api/v4/projects/81`, ORIGIN, prefix)).toBe('/gitlab/api/v4/projects/81');
    expect(apiRedirect(301, 'GET', `${ORIGIN}/api/v4/projects/81`, ORIGIN, prefix)).toBeUndefined();
  });
});
