import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/sandbox/index.js';
import { ALICE, API_PROJECT, BOB, call, useSandbox } from './helpers.js';

describe('sandbox projects', () => {
  const sandbox = useSandbox();

  it('shows the documented project fields, statistics only on request', async () => {
    const sb = sandbox();
    const { body } = await call(sb, `/projects/${API_PROJECT}`, { token: ALICE });
    for (const field of [
      'id',
      'description',
      'default_branch',
      'visibility',
      'ssh_url_to_repo',
      'http_url_to_repo',
      'web_url',
      'tag_list',
      'name',
      'name_with_namespace',
      'path',
      'path_with_namespace',
      'issues_enabled',
      'merge_requests_enabled',
      'jobs_enabled',
      'wiki_enabled',
      'snippets_enabled',
      'container_registry_enabled',
      'resolve_outdated_diff_discussions',
      'open_issues_count',
      'created_at',
      'last_activity_at',
      'creator_id',
      'namespace',
      'import_status',
      'import_error',
      'permissions',
      'archived',
      'avatar_url',
      'shared_runners_enabled',
      'forks_count',
      'star_count',
      'runners_token',
      'public_jobs',
      'shared_with_groups',
      'repository_storage',
      'only_allow_merge_if_pipeline_succeeds',
      'only_allow_merge_if_all_discussions_are_resolved',
      'printing_merge_requests_link_enabled',
      'request_access_enabled',
      'approvals_before_merge',
      '_links',
    ]) {
      expect(body, field).toHaveProperty(field);
    }
    expect(body.path_with_namespace).toBe('acme/platform/api');
    expect(body.namespace).toMatchObject({ kind: 'group', full_path: 'acme/platform' });
    expect(body.permissions.group_access.access_level).toBe(50);
    expect(body.statistics).toBeUndefined();
    expect((await call(sb, `/projects/${body.id}?statistics=true`)).body.statistics.commit_count).toBeGreaterThan(0);
    expect((await call(sb, '/projects/alice%2Fdotfiles', { token: ALICE })).body.owner.name).toBe('Alice Liddell');
  });

  it('filters project lists', async () => {
    const sb = sandbox();
    const names = async (query: string, token = ALICE) =>
      (await call(sb, `/projects?${query}`, { token })).body.map((p: { path_with_namespace: string }) => p.path_with_namespace);
    expect(await names('visibility=public')).toEqual(expect.arrayContaining(['acme/website', 'labs/experiments']));
    expect(await names('owned=true')).toEqual(expect.arrayContaining(['acme/platform/api', 'alice/dotfiles']));
    expect(await names('owned=true')).not.toContain('labs/experiments');
    expect(await names('starred=true')).toEqual(expect.arrayContaining(['acme/platform/api', 'acme/website']));
    expect(await names('search=docs')).toEqual(['acme/platform/docs']);
    expect(await names('membership=true', BOB)).toEqual(expect.arrayContaining(['acme/website', 'labs/experiments']));
    expect(await names('membership=true', BOB)).not.toContain('acme/platform/api');
    const byName = (await call(sb, '/projects?order_by=name&sort=asc', { token: ALICE })).body.map((p: { name: string }) =>
      p.name.toLowerCase(),
    );
    expect(byName).toEqual([...byName].sort());
    expect(byName.length).toBeGreaterThan(3);
    const simple = await call(sb, '/projects?simple=true&per_page=1');
    expect(simple.body[0].permissions).toBeUndefined();
    expect(simple.body[0].path_with_namespace).toBeDefined();
    const userProjects = await call(sb, '/users/alice/projects', { token: ALICE });
    expect(userProjects.body.map((p: { path: string }) => p.path)).toEqual(['dotfiles']);
    expect(
      (await call(sb, `/projects/${API_PROJECT}/users`, { token: ALICE })).body.map((u: { username: string }) => u.username),
    ).toContain('carol');
  });

  it('creates, updates and deletes a project (202)', async () => {
    const sb = sandbox();
    const created = await call(sb, '/projects', { token: ALICE, json: { name: 'My Tool', visibility: 'internal', issues_enabled: false } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      path: 'my-tool',
      path_with_namespace: 'alice/my-tool',
      visibility: 'internal',
      issues_enabled: false,
    });
    const taken = await call(sb, '/projects', { token: ALICE, json: { name: 'My Tool' } });
    expect(taken.status).toBe(400);
    expect(taken.body.message.path).toEqual(['has already been taken']);
    const updated = await call(sb, `/projects/${created.body.id}`, {
      token: ALICE,
      method: 'PUT',
      json: { description: 'Updated', default_branch: 'trunk' },
    });
    expect(updated.body).toMatchObject({ description: 'Updated', default_branch: 'trunk' });
    expect((await call(sb, `/projects/${created.body.id}`, { token: BOB, method: 'DELETE' })).status).toBe(403);
    const forUser = await call(sb, '/projects/user/3', { json: { name: 'given-to-bob' } });
    expect(forUser.status).toBe(201);
    expect(forUser.body.namespace.full_path).toBe('bob');
    expect((await call(sb, '/projects/user/3', { token: ALICE, json: { name: 'nope' } })).status).toBe(403);
    const issue = await call(sb, `/projects/${forUser.body.id}/issues`, { json: { title: 'Goes away with the project' } });
    const deleted = await call(sb, `/projects/${forUser.body.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(202);
    expect(deleted.body).toEqual({ message: '202 Accepted' });
    expect((await call(sb, `/projects/${forUser.body.id}`)).status).toBe(404);
    expect((await call(sb, `/issues?scope=all&search=${encodeURIComponent(issue.body.title)}`)).body).toEqual([]);
  });

  it('stars and unstars with 304s and star_count', async () => {
    const sb = sandbox();
    const before = (await call(sb, '/projects/labs%2Fexperiments', { token: ALICE })).body.star_count;
    const starred = await call(sb, '/projects/labs%2Fexperiments/star', { token: ALICE, method: 'POST' });
    expect(starred.status).toBe(201);
    expect(starred.body.star_count).toBe(before + 1);
    const again = await call(sb, '/projects/labs%2Fexperiments/star', { token: ALICE, method: 'POST' });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect((await call(sb, '/projects/labs%2Fexperiments/unstar', { token: ALICE, method: 'POST' })).body.star_count).toBe(before);
    expect((await call(sb, '/projects/labs%2Fexperiments/unstar', { token: ALICE, method: 'POST' })).status).toBe(304);
  });

  it('archives idempotently, owners only', async () => {
    const sb = sandbox();
    expect((await call(sb, '/projects/acme%2Fwebsite/archive', { token: BOB, method: 'POST' })).status).toBe(403);
    for (let i = 0; i < 2; i++) {
      const res = await call(sb, '/projects/acme%2Fwebsite/archive', { token: ALICE, method: 'POST' });
      expect(res.status).toBe(201);
      expect(res.body.archived).toBe(true);
    }
    expect((await call(sb, '/projects?archived=true', { token: ALICE })).body.map((p: { path: string }) => p.path)).toContain('website');
    expect((await call(sb, '/projects/acme%2Fwebsite/unarchive', { token: ALICE, method: 'POST' })).body.archived).toBe(false);
  });

  it('accepts multipart uploads', async () => {
    const sb = sandbox();
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('PNGDATA')], { type: 'image/png' }), 'screen shot.png');
    const res = await fetch(`${sb.url}/api/v4/projects/${API_PROJECT}/uploads`, {
      method: 'POST',
      headers: { 'PRIVATE-TOKEN': ALICE },
      body: form,
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { alt: string; url: string; markdown: string };
    expect(body.alt).toBe('screen shot');
    expect(body.url).toMatch(/^\/uploads\/[0-9a-f]{32}\/screen shot\.png$/);
    expect(body.markdown).toBe(`![screen shot](${body.url})`);
    expect((await call(sb, `/projects/${API_PROJECT}/uploads`, { token: ALICE, method: 'POST' })).body).toEqual({
      message: '400 (Bad request) "file" not given',
    });
  });
});

describe('sandbox groups and namespaces', () => {
  const sandbox = useSandbox();

  it('lists and shows groups with their projects', async () => {
    const sb = sandbox();
    const anonymous = await call(sb, '/groups', { token: null });
    expect(anonymous.body.map((g: { full_path: string }) => g.full_path).sort()).toEqual(['acme', 'labs']);
    const admin = await call(sb, '/groups');
    expect(admin.body.map((g: { full_path: string }) => g.full_path)).toContain('acme/platform');
    const bobs = await call(sb, '/groups', { token: BOB });
    expect(bobs.body.map((g: { full_path: string }) => g.full_path)).toEqual(['labs']);
    expect((await call(sb, '/groups?all_available=true', { token: BOB })).body.length).toBe(2);
    expect((await call(sb, '/groups?search=plat')).body.map((g: { path: string }) => g.path)).toEqual(['platform']);
    const platform = await call(sb, '/groups/acme%2Fplatform', { token: ALICE });
    expect(platform.body).toMatchObject({ full_path: 'acme/platform', full_name: 'Acme / Platform', parent_id: expect.any(Number) });
    expect(platform.body.projects.map((p: { path: string }) => p.path).sort()).toEqual(['api', 'docs']);
    expect(platform.body.shared_projects).toEqual([]);
    const groupProjects = await call(sb, '/groups/acme/projects', { token: null });
    expect(groupProjects.body.map((p: { path: string }) => p.path)).toEqual(['website']);
  });

  it('creates, updates, transfers into and deletes groups', async () => {
    const sb = sandbox();
    expect((await call(sb, '/groups', { token: ALICE, json: { path: 'x' } })).body).toEqual({
      message: '400 (Bad request) "name" not given',
    });
    const created = await call(sb, '/groups', { token: ALICE, json: { name: 'Tools', path: 'tools', visibility: 'internal' } });
    expect(created.status).toBe(201);
    expect((await call(sb, '/groups', { token: ALICE, json: { name: 'Tools', path: 'tools' } })).body).toEqual({
      message: { path: ['has already been taken'] },
    });
    const child = await call(sb, '/groups', { token: ALICE, json: { name: 'CLI', path: 'cli', parent_id: created.body.id } });
    expect(child.body.full_path).toBe('tools/cli');
    const updated = await call(sb, `/groups/${created.body.id}`, { token: ALICE, method: 'PUT', json: { description: 'Internal tools' } });
    expect(updated.body.description).toBe('Internal tools');
    expect(updated.body.projects).toEqual([]);
    expect((await call(sb, `/groups/${created.body.id}`, { token: BOB, method: 'PUT', json: { description: 'x' } })).status).toBe(403);
    const project = await call(sb, '/projects', { token: ALICE, json: { name: 'moving' } });
    expect((await call(sb, `/groups/${created.body.id}/projects/${project.body.id}`, { token: ALICE, method: 'POST' })).status).toBe(403);
    const moved = await call(sb, `/groups/${created.body.id}/projects/alice%2Fmoving`, { method: 'POST' });
    expect(moved.status).toBe(201);
    expect((await call(sb, `/projects/${project.body.id}`)).body.path_with_namespace).toBe('tools/moving');
    const deleted = await call(sb, '/groups/tools', { token: ALICE, method: 'DELETE' });
    expect(deleted.status).toBe(202);
    expect(deleted.body).toEqual({ message: '202 Accepted' });
    expect((await call(sb, `/projects/${project.body.id}`)).status).toBe(404);
    expect((await call(sb, '/groups/tools%2Fcli')).status).toBe(404);
  });

  it('stores LDAP links and accepts a sync', async () => {
    const sb = sandbox();
    const link = await call(sb, '/groups/acme/ldap_group_links', {
      token: ALICE,
      json: { cn: 'acme-devs', group_access: 30, provider: 'ldapmain' },
    });
    expect(link.status).toBe(201);
    expect(link.body).toEqual({ cn: 'acme-devs', group_access: 30, provider: 'ldapmain' });
    expect((await call(sb, '/groups/acme/ldap_group_links', { token: ALICE, json: { cn: 'x', provider: 'ldapmain' } })).body).toEqual({
      message: '400 (Bad request) "group_access" not given',
    });
    expect((await call(sb, '/groups/acme/ldap_sync', { token: ALICE, method: 'POST' })).status).toBe(202);
    expect((await call(sb, '/groups/acme/ldap_group_links/ldapmain/acme-devs', { token: ALICE, method: 'DELETE' })).status).toBe(204);
    expect((await call(sb, '/groups/acme/ldap_group_links/acme-devs', { token: ALICE, method: 'DELETE' })).status).toBe(404);
    expect(
      (await call(sb, '/groups/acme%2Fplatform/ldap_group_links/platform-developers', { token: ALICE, method: 'DELETE' })).status,
    ).toBe(204);
  });

  it('lists namespaces: own ones for users, all for admins', async () => {
    const sb = sandbox();
    const alice = await call(sb, '/namespaces', { token: ALICE });
    const paths = alice.body.map((n: { full_path: string }) => n.full_path);
    expect(paths.slice(0, 3)).toEqual(['alice', 'acme', 'acme/platform']);
    expect(paths).not.toContain('labs');
    expect(paths).not.toContain('bob');
    expect(alice.body.find((n: { path: string }) => n.path === 'acme').members_count_with_descendants).toBeGreaterThan(0);
    expect(alice.body.find((n: { path: string }) => n.path === 'alice').kind).toBe('user');
    const admin = await call(sb, '/namespaces');
    expect(admin.body.length).toBeGreaterThan(alice.body.length);
    expect((await call(sb, '/namespaces?search=lab')).body.map((n: { path: string }) => n.path)).toEqual(['labs']);
  });
});

describe('sandbox forks', () => {
  const clock = new ManualClock();
  const sandbox = useSandbox({ clock });

  it('forks asynchronously into a namespace: the import finishes a second later on the sandbox clock', async () => {
    const sb = sandbox();
    const fork = await call(sb, '/projects/acme%2Fwebsite/fork', { token: BOB, json: { namespace: 'labs' } });
    expect(fork.status).toBe(201);
    expect(fork.body).toMatchObject({ path_with_namespace: 'labs/website', import_status: 'scheduled' });
    expect(fork.body.forked_from_project.path_with_namespace).toBe('acme/website');
    expect((await call(sb, '/projects/acme%2Fwebsite/fork', { token: BOB, json: { namespace: 'labs' } })).status).toBe(409);
    expect((await call(sb, '/projects/acme%2Fwebsite/forks', { token: BOB })).body.map((p: { id: number }) => p.id)).toEqual([
      fork.body.id,
    ]);
    const status = async () => (await call(sb, `/projects/${fork.body.id}`, { token: BOB })).body.import_status;
    await clock.advance(999);
    expect(await status()).toBe('scheduled');
    await clock.advance(1);
    expect(await status()).toBe('finished');
  });
});
