import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentTypeOf, jsonReply, mockApi, recordRequests, runCli, scriptedPrompter } from '../helpers/harness.js';
import { tempDir } from '../helpers/temp.js';

const project = (id: number, fullPath: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: fullPath.split('/').pop(),
  path_with_namespace: fullPath,
  visibility: 'private',
  star_count: 1,
  archived: false,
  ...extra,
});

describe('project create', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('sends every create parameter of the table as JSON', async () => {
    api = mockApi();
    const created = project(6, 'acme/site', { printing_merge_requests_link_enabled: false });
    const seen = recordRequests(api, 'POST', '/api/v4/projects', 201, created);
    const r = await runCli(
      [
        'project',
        'create',
        '--name',
        'Site',
        '--path',
        'site',
        '--namespace-id',
        '7',
        '--default-branch',
        'main',
        '--description',
        'Web',
        '--issues-enabled',
        '--no-merge-requests-enabled',
        '--jobs-enabled',
        '--no-wiki-enabled',
        '--snippets-enabled',
        '--container-registry-enabled',
        '--shared-runners-enabled',
        '--resolve-outdated-diff-discussions',
        '--visibility',
        'public',
        '--import-url',
        'https://example.com/x.git',
        '--public-jobs',
        '--only-allow-merge-if-pipeline-succeeds',
        '--no-only-allow-merge-if-all-discussions-are-resolved',
        '--lfs-enabled',
        '--request-access-enabled',
        '--tag-list',
        'web, docs',
        '--no-printing-merge-request-link-enabled',
        '--ci-config-path',
        'ci/main.yml',
        '--repository-storage',
        'default',
        '--approvals-before-merge',
        '2',
        '-o',
        'json',
      ],
      { transport: api.transport },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(seen[0]!.body)).toStrictEqual({
      name: 'Site',
      path: 'site',
      namespace_id: 7,
      default_branch: 'main',
      description: 'Web',
      issues_enabled: true,
      merge_requests_enabled: false,
      jobs_enabled: true,
      wiki_enabled: false,
      snippets_enabled: true,
      container_registry_enabled: true,
      shared_runners_enabled: true,
      resolve_outdated_diff_discussions: true,
      visibility: 'public',
      import_url: 'https://example.com/x.git',
      public_jobs: true,
      only_allow_merge_if_pipeline_succeeds: true,
      only_allow_merge_if_all_discussions_are_resolved: false,
      lfs_enabled: true,
      request_access_enabled: true,
      tag_list: ['web', 'docs'],
      printing_merge_request_link_enabled: false,
      ci_config_path: 'ci/main.yml',
      repository_storage: 'default',
      approvals_before_merge: 2,
    });
    expect(contentTypeOf(seen[0]!)).toBe('application/json');
    expect(JSON.parse(r.stdout)).toEqual(created);
    expect(r.stderr).toBe('Created project acme/site\n');
  });

  it('needs --name or --path without a terminal, and asks for the name on one', async () => {
    api = mockApi();
    let r = await runCli(['project', 'create', '--visibility', 'public'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--name');
    const seen = recordRequests(api, 'POST', '/api/v4/projects', 201, project(6, 'root/tools'));
    const prompter = scriptedPrompter(['Tools']);
    r = await runCli(['project', 'create', '--visibility', 'public'], { transport: api.transport, tty: true, prompter });
    expect(r.code).toBe(0);
    expect(prompter.asked).toEqual(['Project name:']);
    expect(JSON.parse(seen[0]!.body)).toStrictEqual({ name: 'Tools', visibility: 'public' });
  });

  it('creates for another user with --for-user, which needs --name and refuses C-only parameters', async () => {
    api = mockApi();
    const seen = recordRequests(api, 'POST', '/api/v4/projects/user/5', 201, project(8, 'alice/tools'));
    let r = await runCli(['project', 'create', '--for-user', '5', '--name', 'tools', '--printing-merge-request-link-enabled'], {
      transport: api.transport,
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(seen[0]!.body)).toStrictEqual({ name: 'tools', printing_merge_request_link_enabled: true });
    r = await runCli(['project', 'create', '--for-user', '5', '--path', 'tools'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--name');
    r = await runCli(['project', 'create', '--for-user', '5', '--name', 'x', '--default-branch', 'main'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--default-branch');
    r = await runCli(['project', 'create', '--for-user', 'alice', '--name', 'x'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--for-user');
  });

  it('sends the avatar as multipart form data with the other parameters', async () => {
    api = mockApi();
    const dir = tempDir('collab-avatar-');
    const file = path.join(dir, 'logo.png');
    fs.writeFileSync(file, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]));
    const seen = recordRequests(api, 'POST', '/api/v4/projects', 201, project(6, 'root/logo'));
    const r = await runCli(['project', 'create', '--name', 'Logo', '--no-wiki-enabled', '--tag-list', 'a,b', '--avatar', file], {
      transport: api.transport,
    });
    expect(r.code).toBe(0);
    const type = contentTypeOf(seen[0]!);
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(type)?.[1];
    expect(boundary).toBeTruthy();
    const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    expect(seen[0]!.body).toBe(
      part('name', 'Logo') +
        part('wiki_enabled', 'false') +
        part('tag_list[]', 'a') +
        part('tag_list[]', 'b') +
        `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n` +
        '\x89PNG\x00\xff\r\n' +
        `--${boundary}--\r\n`,
    );
  });

  it('refuses an unreadable avatar file before sending anything', async () => {
    api = mockApi();
    const r = await runCli(['project', 'create', '--name', 'x', '--avatar', '/nonexistent/logo.png'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--avatar');
  });
});

describe('project update and delete', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('reads the current name when --name is absent (the API requires it on edit)', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/acme%2Fsite', method: 'GET' })
      .reply(200, ...jsonReply(project(6, 'acme/site', { name: 'Site' })));
    const seen = recordRequests(api, 'PUT', '/api/v4/projects/acme%2Fsite', 200, project(6, 'acme/site', { description: 'New' }));
    const r = await runCli(
      ['project', 'update', 'acme/site', '--description', 'New', '--no-snippets-enabled', '--tag-list', 'x', '--fields', 'description'],
      {
        transport: api.transport,
      },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(seen[0]!.body)).toStrictEqual({ name: 'Site', description: 'New', snippets_enabled: false, tag_list: ['x'] });
    // The description alone: as written, with no field line above it.
    expect(r.stdout).toBe('New\n');
  });

  it('sends only the PUT when --name is given', async () => {
    api = mockApi();
    const seen = recordRequests(api, 'PUT', '/api/v4/projects/6', 200, project(6, 'acme/site2'));
    const r = await runCli(['project', 'update', '-p', '6', '--name', 'Site 2', '--path', 'site2', '--approvals-before-merge', '1'], {
      transport: api.transport,
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(seen[0]!.body)).toStrictEqual({ name: 'Site 2', path: 'site2', approvals_before_merge: 1 });
  });

  it('needs at least one attribute and rejects create-only ones', async () => {
    api = mockApi();
    let r = await runCli(['project', 'update', '-p', '6'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('nothing to change');
    r = await runCli(['project', 'update', '-p', '6', '--printing-merge-request-link-enabled'], { transport: api.transport });
    expect(r.code).toBe(2);
    r = await runCli(['project', 'update', '-p', '6', '--approvals-before-merge', '-1'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--approvals-before-merge');
  });

  it('deletes after confirmation and shows the 202 message as a notice', async () => {
    api = mockApi();
    let r = await runCli(['project', 'delete', 'acme/site'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--yes');
    recordRequests(api, 'DELETE', '/api/v4/projects/acme%2Fsite', 202, { message: '202 Accepted' });
    r = await runCli(['project', 'delete', 'acme/site', '--yes'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('Deletion of project acme/site accepted: 202 Accepted\n');
  });

  it('on a terminal the path is typed to confirm (as read, even when given as an id); anything else sends nothing', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/6', method: 'GET' })
      .reply(200, ...jsonReply(project(6, 'acme/site')))
      .times(3);
    const wrong = scriptedPrompter(['acme/sit']);
    const r = await runCli(['project', 'delete', '-p', '6'], { transport: api.transport, tty: true, prompter: wrong });
    expect(wrong.asked).toEqual(['Type acme/site to confirm:']);
    expect(r.stderr).toBe(
      'Delete project acme/site with all its issues, merge requests and ' +
        'repository?\ncollab: cancelled: "acme/sit" is not acme/site; nothing was sent\n',
    );
    expect(r.code).toBe(2);
    const yes = scriptedPrompter([true]);
    expect((await runCli(['project', 'delete', '-p', '6'], { transport: api.transport, tty: true, prompter: yes })).code).toBe(2);
    recordRequests(api, 'DELETE', '/api/v4/projects/6', 202, { message: '202 Accepted' });
    const typed = await runCli(['project', 'delete', '-p', '6'], {
      transport: api.transport,
      tty: true,
      prompter: scriptedPrompter(['acme/site']),
    });
    expect(typed.code).toBe(0);
  });
});

describe('project star, unstar, archive, unarchive', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('stars, and treats 304 as success printing the current project', async () => {
    api = mockApi();
    recordRequests(api, 'POST', '/api/v4/projects/acme%2Fsite/star', 201, project(6, 'acme/site', { star_count: 2 }));
    let r = await runCli(['project', 'star', 'acme/site', '--fields', 'star_count'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('star_count\t2\n');
    api.pool.intercept({ path: '/api/v4/projects/acme%2Fsite/star', method: 'POST' }).reply(304, '');
    api.pool
      .intercept({ path: '/api/v4/projects/acme%2Fsite', method: 'GET' })
      .reply(200, ...jsonReply(project(6, 'acme/site', { star_count: 2 })));
    r = await runCli(['project', 'star', '-p', 'acme/site', '--fields', 'star_count'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('star_count\t2\n');
    expect(r.stderr).toBe('You had already starred project acme/site: nothing changed\n');
  });

  it('unstars, with 304 when not starred', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/projects/6/unstar', method: 'POST' }).reply(304, '');
    api.pool.intercept({ path: '/api/v4/projects/6', method: 'GET' }).reply(200, ...jsonReply(project(6, 'acme/site', { star_count: 0 })));
    const r = await runCli(['project', 'unstar', '6', '-o', 'json'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(project(6, 'acme/site', { star_count: 0 }));
    expect(r.stderr).toBe('You had not starred project 6: nothing changed\n');
  });

  it('archives and unarchives (reading the project first), one line on a terminal', async () => {
    api = mockApi();
    recordRequests(api, 'GET', '/api/v4/projects/acme%2Fsite', 200, project(6, 'acme/site', { archived: false }));
    recordRequests(api, 'POST', '/api/v4/projects/acme%2Fsite/archive', 201, project(6, 'acme/site', { archived: true }));
    recordRequests(api, 'GET', '/api/v4/projects/acme%2Fsite', 200, project(6, 'acme/site', { archived: true }));
    recordRequests(api, 'POST', '/api/v4/projects/acme%2Fsite/unarchive', 201, project(6, 'acme/site', { archived: false }));
    let r = await runCli(['project', 'archive', 'acme/site', '--fields', 'archived'], { transport: api.transport });
    expect([r.stdout, r.stderr]).toEqual(['archived\ttrue\n', 'Archived project acme/site\n']);
    r = await runCli(['project', 'unarchive', 'acme/site'], { transport: api.transport, tty: true });
    expect([r.code, r.stdout, r.stderr]).toEqual([0, '', '✓ Unarchived project acme/site\n']);
  });

  it('an archived project is not archived again: exit 0, nothing sent, the project with -o json', async () => {
    api = mockApi();
    recordRequests(api, 'GET', '/api/v4/projects/6', 200, project(6, 'acme/site', { archived: true }));
    recordRequests(api, 'GET', '/api/v4/projects/6', 200, project(6, 'acme/site', { archived: false }));
    const again = await runCli(['project', 'archive', '6', '-o', 'json'], { transport: api.transport, tty: true });
    expect([again.code, JSON.parse(again.stdout).archived, again.stderr]).toEqual([
      0,
      true,
      'Project acme/site is already archived: nothing changed\n',
    ]);
    const not = await runCli(['project', 'unarchive', '6'], { transport: api.transport, tty: true });
    expect([not.code, not.stdout, not.stderr]).toEqual([0, '', 'Project acme/site is not archived: nothing changed\n']);
  });
});
