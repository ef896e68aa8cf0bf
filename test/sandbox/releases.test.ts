/**
 * The GitLab flavour's releases and release links, as lib/api/releases.rb, lib/api/release/links.rb,
 * lib/api/entities/release.rb and app/services/releases/*.rb of gitlab-org/gitlab define them
 * (doc/api/releases/_index.md, doc/api/releases/links.md): create with `assets.links` (JSON or
 * Rack's `assets[links][][name]` fields), list, one by tag, update, delete, the
 * `permalink/latest` redirect, direct asset downloads, links CRUD, and the CI job token taken on
 * every route (doc/ci/jobs/ci_job_token.md).
 */
import { describe, expect, it } from 'vitest';
import { ALICE, API_PROJECT, BOB, call, JOB, useSandbox } from './helpers.js';

const P = `/projects/${API_PROJECT}`;
const jobToken = { token: null, headers: { 'JOB-TOKEN': JOB } } as const;

describe('GitLab flavour: releases', () => {
  const gitlab = useSandbox({ flavor: 'gitlab' });
  const spec = useSandbox({ flavor: 'spec' });

  it('lists the seeded releases newest first, with links, sources, evidence and milestones', async () => {
    const res = await call(gitlab(), `${P}/releases`);
    expect(res.status).toBe(200);
    const [v10, v09] = res.body as Record<string, any>[];
    expect([v10.tag_name, v09.tag_name]).toEqual(['v1.0', 'v0.9']);
    expect(v10).toMatchObject({
      name: 'v1.0',
      upcoming_release: false,
      author: { username: 'alice' },
      commit: { id: expect.stringMatching(/^[0-9a-f]{40}$/) },
      milestones: [{ title: 'v1.0', issue_stats: { total: expect.any(Number), closed: expect.any(Number) } }],
      assets: { count: 6 },
      evidences: [{ sha: expect.any(String), collected_at: '2026-10-26T09:00:00.000Z' }],
    });
    expect(v10.assets.sources.map((s: { format: string }) => s.format)).toEqual(['zip', 'tar.gz', 'tar.bz2', 'tar']);
    expect(v10.assets.links[0]).toEqual({
      id: expect.any(Number),
      name: 'checksums.txt',
      url: `${gitlab().url}/api/v4/projects/1/packages/generic/acme-api/1.0.0/checksums.txt`,
      direct_asset_url: `${gitlab().url}/acme/platform/api/-/releases/v1.0/downloads/checksums.txt`,
      link_type: 'other',
    });
    expect(v09.evidences).toEqual([]);
    expect(Object.keys(v10._links).sort()).toEqual([
      'closed_issues_url',
      'closed_merge_requests_url',
      'edit_url',
      'merged_merge_requests_url',
      'opened_issues_url',
      'opened_merge_requests_url',
      'self',
    ]);
    expect((await call(gitlab(), `${P}/releases?sort=asc`)).body.map((r: { tag_name: string }) => r.tag_name)).toEqual(['v0.9', 'v1.0']);
    expect((await call(gitlab(), `${P}/releases?order_by=name`)).body).toEqual({ error: 'order_by does not have a valid value' });
  });

  it('answers one release by tag, 404 for another, and redirects permalink/latest with its suffix and query', async () => {
    expect((await call(gitlab(), `${P}/releases/v0.9`)).body).toMatchObject({ tag_name: 'v0.9', name: 'v0.9 beta' });
    expect(await call(gitlab(), `${P}/releases/v9.9`)).toMatchObject({ status: 404, body: { message: '404 Not Found' } });
    const latest = await call(gitlab(), `${P}/releases/permalink/latest`);
    expect([latest.status, latest.headers.get('location')]).toEqual([302, '/api/v4/projects/1/releases/v1.0']);
    const suffixed = await call(gitlab(), `${P}/releases/permalink/latest/assets/links?per_page=1&order_by=x`);
    expect(suffixed.headers.get('location')).toBe('/api/v4/projects/1/releases/v1.0/assets/links?per_page=1');
    const asset = await call(gitlab(), `${P}/releases/v1.0/downloads/bin/acme-api-linux-amd64`);
    expect([asset.status, asset.headers.get('location')]).toEqual([
      302,
      `${gitlab().url}/api/v4/projects/1/packages/generic/acme-api/1.0.0/acme-api-linux-amd64`,
    ]);
    expect((await call(gitlab(), `${P}/releases/v1.0/downloads/nothing`)).status).toBe(404);
  });

  it('creates a release with assets.links from JSON, making the tag from ref; refuses what GitLab refuses', async () => {
    const body = {
      tag_name: 'v1.1',
      ref: 'main',
      name: 'Acme API 1.1',
      description: 'Notes',
      milestones: ['v1.1'],
      assets: {
        links: [
          { name: 'linux', url: 'https://example.com/linux', direct_asset_path: '/bin/linux', link_type: 'package' },
          { name: 'docs', url: 'https://example.com/docs' },
        ],
      },
    };
    const res = await call(gitlab(), `${P}/releases`, { json: body, token: ALICE });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ tag_name: 'v1.1', name: 'Acme API 1.1', milestones: [{ title: 'v1.1' }], assets: { count: 6 } });
    expect(res.body.assets.links.map((l: Record<string, string>) => [l.name, l.link_type, l.direct_asset_url])).toEqual([
      ['docs', 'other', 'https://example.com/docs'],
      ['linux', 'package', `${gitlab().url}/acme/platform/api/-/releases/v1.1/downloads/bin/linux`],
    ]);
    // app/services/releases/create_service.rb
    expect(await call(gitlab(), `${P}/releases`, { json: body })).toMatchObject({
      status: 409,
      body: { message: 'Release already exists' },
    });
    expect(await call(gitlab(), `${P}/releases`, { json: { tag_name: 'v7' } })).toMatchObject({
      status: 422,
      body: { message: 'Ref is not specified' },
    });
    expect(await call(gitlab(), `${P}/releases`, { json: { tag_name: 'v7', ref: 'nope' } })).toMatchObject({
      status: 400,
      body: { message: 'Target nope is invalid' },
    });
    expect((await call(gitlab(), `${P}/releases`, { json: { tag_name: 'v7', ref: 'main', milestones: ['v9'] } })).body).toEqual({
      message: 'Milestone(s) not found: v9',
    });
    const badLink = { tag_name: 'v8', ref: 'main', assets: { links: [{ name: 'x', url: 'file:///etc/passwd' }] } };
    expect((await call(gitlab(), `${P}/releases`, { json: badLink })).body).toEqual({
      message: 'Validation failed: Links url is blocked: Only allowed schemes are http, https, ftp',
    });
    expect((await call(gitlab(), `${P}/releases`, { json: { tag_name: 'v8', assets: { links: [{ name: 'x' }] } } })).body).toEqual({
      error: 'assets[links][0][url] is missing',
    });
    expect((await call(gitlab(), `${P}/releases`, { json: {} })).body).toEqual({ error: 'tag_name is missing' });
    expect((await call(gitlab(), '/projects/acme%2Fwebsite/releases', { json: { tag_name: 'x', ref: 'main' }, token: BOB })).status).toBe(
      403,
    );
  });

  it("takes Rack's assets[links][][name] form fields (what a script's form post sends)", async () => {
    const form = new URLSearchParams([
      ['tag_name', 'v1.2'],
      ['ref', 'main'],
      ['assets[links][][name]', 'one'],
      ['assets[links][][url]', 'https://example.com/1'],
      ['assets[links][][name]', 'two'],
      ['assets[links][][url]', 'https://example.com/2'],
      ['assets[links][][link_type]', 'image'],
    ]);
    const res = await fetch(`${gitlab().url}/api/v4${P}/releases`, {
      method: 'POST',
      headers: { 'PRIVATE-TOKEN': ALICE, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    const release = (await res.json()) as { assets: { links: { name: string; link_type: string }[] } };
    expect(res.status).toBe(201);
    expect(release.assets.links.map((l) => `${l.name}:${l.link_type}`).sort()).toEqual(['one:other', 'two:image']);
  });

  it('updates and deletes a release (403 for a tag without one, as authorize! on nil answers), keeping the tag', async () => {
    await call(gitlab(), `${P}/releases`, { json: { tag_name: 'v2.0-rc', ref: 'main', released_at: '2099-01-01T00:00:00Z' } });
    expect((await call(gitlab(), `${P}/releases/v2.0-rc`)).body).toMatchObject({ upcoming_release: true, evidences: [] });
    const updated = await call(gitlab(), `${P}/releases/v2.0-rc`, { method: 'PUT', json: { name: 'RC', description: 'Soon' } });
    expect(updated.body).toMatchObject({ name: 'RC', description: 'Soon' });
    expect(await call(gitlab(), `${P}/releases/v2.0-rc`, { method: 'PUT', json: {} })).toMatchObject({
      status: 400,
      body: { message: 'params is empty' },
    });
    expect((await call(gitlab(), `${P}/releases/nope`, { method: 'PUT', json: { name: 'x' } })).status).toBe(403);
    const deleted = await call(gitlab(), `${P}/releases/v2.0-rc`, { method: 'DELETE' });
    expect([deleted.status, deleted.body.tag_name]).toEqual([200, 'v2.0-rc']);
    expect((await call(gitlab(), `${P}/releases/v2.0-rc`)).status).toBe(404);
    // The tag stays: a release of it needs no ref now.
    expect((await call(gitlab(), `${P}/releases`, { json: { tag_name: 'v2.0-rc' } })).status).toBe(201);
  });

  it("manages a release's links: list, get, create, update, delete, with the model's validations", async () => {
    const L = `${P}/releases/v0.9/assets/links`;
    const made = await call(gitlab(), L, {
      json: { name: 'mac', url: 'https://example.com/mac', direct_asset_path: '/bin/mac', link_type: 'package' },
    });
    expect(made).toMatchObject({ status: 201, body: { name: 'mac', link_type: 'package' } });
    expect((await call(gitlab(), L)).body.map((l: { name: string }) => l.name)).toEqual(['mac', 'Runbook']);
    expect((await call(gitlab(), `${L}/${made.body.id}`)).body.url).toBe('https://example.com/mac');
    expect((await call(gitlab(), L, { json: { name: 'mac', url: 'https://example.com/mac2' } })).body).toEqual({
      message: ['Name has already been taken'],
    });
    // app/models/releases/link.rb `filepath_format_valid?`: 128 characters at most, then FILEPATH_REGEX
    // (`\A\/[^\/](?!.*\/\/.*)[\-\.\w\/]+[\da-zA-Z]+\z`: four characters at least); only nil passes.
    for (const [path, says] of [
      ['bin', 'Filepath is in an invalid format'],
      ['/ab', 'Filepath is in an invalid format'],
      ['/a//bc', 'Filepath is in an invalid format'],
      ['', 'Filepath is in an invalid format'],
      [`/${'a'.repeat(128)}`, 'Filepath is too long (maximum is 128 characters)'],
    ])
      expect((await call(gitlab(), L, { json: { name: 'x', url: 'https://example.com/x', direct_asset_path: path } })).body, path).toEqual({
        message: [says],
      });
    const short = await call(gitlab(), L, { json: { name: 'x', url: 'https://example.com/x', direct_asset_path: '/abc' } });
    expect(short.status).toBe(201);
    await call(gitlab(), `${L}/${short.body.id}`, { method: 'DELETE' });
    expect((await call(gitlab(), L, { json: { name: 'x', url: 'https://e.com', link_type: 'video' } })).body).toEqual({
      error: 'link_type does not have a valid value',
    });
    expect((await call(gitlab(), L, { json: { url: 'https://e.com' } })).body).toEqual({ error: 'name is missing' });
    const put = await call(gitlab(), `${L}/${made.body.id}`, { method: 'PUT', json: { name: 'macOS', link_type: 'runbook' } });
    expect(put.body).toMatchObject({ name: 'macOS', link_type: 'runbook', url: 'https://example.com/mac' });
    expect((await call(gitlab(), `${L}/${made.body.id}`, { method: 'PUT', json: { link_type: 'image' } })).body).toEqual({
      error: 'name, url are missing, at least one parameter must be provided',
    });
    expect((await call(gitlab(), `${L}/${made.body.id}`, { method: 'DELETE' })).body.name).toBe('macOS');
    expect(await call(gitlab(), `${L}/${made.body.id}`)).toMatchObject({ status: 404, body: { message: '404 Not found' } });
    expect((await call(gitlab(), `${P}/releases/v9/assets/links`)).status).toBe(404);
  });

  it('takes the CI job token on every route of its own project', async () => {
    expect((await call(gitlab(), `${P}/releases`, jobToken)).status).toBe(200);
    const made = await call(gitlab(), `${P}/releases`, {
      ...jobToken,
      json: { tag_name: 'ci-1', ref: 'main', assets: { links: [{ name: 'a', url: 'https://e.com/a' }] } },
    });
    expect([made.status, made.body.author.username]).toEqual([201, 'alice']);
    const links = `${P}/releases/ci-1/assets/links`;
    expect((await call(gitlab(), links, { ...jobToken, json: { name: 'b', url: 'https://e.com/b' } })).status).toBe(201);
    expect((await call(gitlab(), `${P}/releases/ci-1`, { ...jobToken, method: 'PUT', json: { name: 'CI' } })).status).toBe(200);
    expect((await call(gitlab(), `${P}/releases/permalink/latest`, jobToken)).status).toBe(302);
    // Another project: a public one's releases are read without its allowlist, never written (project-route.ts).
    expect((await call(gitlab(), '/projects/acme%2Fwebsite/releases', jobToken)).status).toBe(200);
    expect(await call(gitlab(), '/projects/acme%2Fwebsite/releases', { ...jobToken, json: { tag_name: 'x', ref: 'main' } })).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden - Authentication by CI/CD job token not allowed from api to website.' },
    });
  });

  it("shows a public project's releases to anyone, the edit link to developers only; a private one's to its members", async () => {
    await call(gitlab(), '/projects/acme%2Fwebsite/releases', { json: { tag_name: 'w1', ref: 'main' } });
    const anonymous = (await call(gitlab(), '/projects/acme%2Fwebsite/releases/w1', { token: null })).body;
    expect(anonymous).toMatchObject({ tag_name: 'w1', commit: { id: expect.any(String) } });
    expect((await call(gitlab(), '/projects/acme%2Fwebsite/releases/w1')).body._links).toHaveProperty('edit_url');
    expect(anonymous._links).not.toHaveProperty('edit_url');
    expect((await call(gitlab(), `${P}/releases`, { token: BOB })).status).toBe(404);
  });

  it('has no releases API in the spec flavour', async () => {
    expect(await call(spec(), `${P}/releases`)).toMatchObject({ status: 404, body: { error: '404 Not Found' } });
  });
});
