/**
 * Which lists GitLab pages by keyset, and in which orders (doc/api/rest/_index.md "Keyset-based
 * pagination", lib/gitlab/pagination/keyset.rb, lib/gitlab/pagination/cursor_based_keyset.rb).
 */
import { describe, expect, it } from 'vitest';
import { keysetQuery, offsetLimitMet } from '../../src/api/keyset.js';
import { ApiError } from '../../src/errors.js';

describe('keysetQuery', () => {
  it('asks for the order GitLab pages by keyset when the command names none, and never for a page', () => {
    expect(keysetQuery('/projects', { membership: true, page: 3 })).toEqual({
      membership: true,
      pagination: 'keyset',
      order_by: 'id',
      sort: 'asc',
    });
    expect(keysetQuery('/users/alice/projects', {})).toMatchObject({ order_by: 'id', sort: 'asc' });
    expect(keysetQuery('/users', { active: true })).toMatchObject({ pagination: 'keyset', order_by: 'id', sort: 'asc' });
    expect(keysetQuery('/groups', {})).toMatchObject({ order_by: 'name', sort: 'asc' });
    expect(keysetQuery('/projects/acme%2Fapi/jobs', { scope: 'failed' })).toMatchObject({ order_by: 'id', sort: 'desc', scope: 'failed' });
  });

  it("keeps an order the user gave when keyset takes it (with GitLab's default direction), else none", () => {
    expect(keysetQuery('/users', { order_by: 'username', sort: 'desc' })).toMatchObject({ order_by: 'username', sort: 'desc' });
    expect(keysetQuery('/projects', { order_by: 'id' })).toMatchObject({ order_by: 'id', sort: 'desc' });
    expect(keysetQuery('/projects', { sort: 'asc' })).toMatchObject({ order_by: 'id', sort: 'asc' });
    expect(keysetQuery('/projects', { order_by: 'last_activity_at' })).toBeUndefined();
    expect(keysetQuery('/groups', { order_by: 'name', sort: 'desc' })).toBeUndefined();
    expect(keysetQuery('/groups', { order_by: 'path' })).toBeUndefined();
  });

  it('lists GitLab pages by offset only have none', () => {
    for (const path of ['/issues', '/projects/7/issues', '/projects/7/pipelines/4/jobs', '/groups/3/projects', '/namespaces'])
      expect(keysetQuery(path, {}), path).toBeUndefined();
  });

  it("tells GitLab's offset limit from other 405s", () => {
    const limit = 'Offset pagination has a maximum allowed offset of 50000 for requests that return objects of type User.';
    expect(offsetLimitMet(new ApiError(`405 ${limit}`, 405))).toBe(true);
    expect(offsetLimitMet(new ApiError('405 Method Not Allowed', 405))).toBe(false);
    expect(offsetLimitMet(new ApiError(`400 ${limit}`, 400))).toBe(false);
  });
});
