import { afterEach, describe, expect, it } from 'vitest';
import { refusingTransport } from '../helpers/command-tree.js';
import { jsonReply, mockApi, recordRequests, runCli } from '../helpers/harness.js';
import { tempDir } from '../helpers/temp.js';

/**
 * `collab release` against answers shaped as doc/api/releases/_index.md and
 * doc/api/releases/links.md show them (lib/api/releases.rb, lib/api/release/links.rb): one POST
 * carrying `assets.links`, `permalink/latest` answered with a 302 to the release (Grape's
 * `redirect`), tags with a slash encoded as one segment (`RELEASE_ENDPOINT_REQUIREMENTS`).
 */
const GITLAB = { COLLAB_FLAVOR: 'gitlab' };
const RELEASE = {
  name: 'v1.2.3',
  tag_name: 'v1.2.3',
  description: 'notes',
  released_at: '2026-11-30T10:00:00.000Z',
  assets: {
    count: 1,
    links: [{ id: 7, name: 'tool-linux', url: 'https://gitlab.test/x', direct_asset_url: 'https://gitlab.test/x', link_type: 'package' }],
  },
};

describe('release create', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('sends one request with the name, notes, milestones and assets.links from --link and --assets-links', async () => {
    api = mockApi();
    const sent = recordRequests(api, 'POST', '/api/v4/projects/7/releases', 201, RELEASE);
    const r = await runCli(
      [
        'release',
        'create',
        'v1.2.3',
        '-p',
        '7',
        '--name',
        'One two three',
        '--notes',
        '## Notes',
        '--milestone',
        'v1.2',
        '--milestone',
        'Q4',
        '--ref',
        'main',
        '--link',
        'tool-linux=https://gitlab.test/api/v4/projects/7/packages/generic/tool/1.2.3/tool-linux?a=1,b=2,type=package,path=/bin/tool-linux',
        '--link',
        'Runbook=https://wiki.example.com/run',
        '--assets-links',
        '[{"name":"image","url":"https://registry.example.com/img","link_type":"image"}]',
      ],
      { transport: api.transport, env: GITLAB },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(sent[0]!.body)).toEqual({
      tag_name: 'v1.2.3',
      name: 'One two three',
      description: '## Notes',
      milestones: ['v1.2', 'Q4'],
      ref: 'main',
      assets: {
        links: [
          {
            name: 'tool-linux',
            url: 'https://gitlab.test/api/v4/projects/7/packages/generic/tool/1.2.3/tool-linux?a=1,b=2',
            link_type: 'package',
            direct_asset_path: '/bin/tool-linux',
          },
          { name: 'Runbook', url: 'https://wiki.example.com/run' },
          { name: 'image', url: 'https://registry.example.com/img', link_type: 'image' },
        ],
      },
    });
    expect(r.stderr).toBe('Created release v1.2.3 (v1.2.3) in 7 with 1 link\n');
  });

  it('notes from a file or stdin; a tag with a slash is one segment', async () => {
    api = mockApi();
    const sent = recordRequests(api, 'POST', '/api/v4/projects/7/releases', 201, { ...RELEASE, tag_name: 'release/2.0' });
    const r = await runCli(['release', 'create', 'release/2.0', '-p', '7', '--notes-file', '-'], {
      transport: api.transport,
      stdin: 'from stdin\n',
      env: GITLAB,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(sent[0]!.body)).toEqual({ tag_name: 'release/2.0', description: 'from stdin\n' });
    api.pool.intercept({ path: '/api/v4/projects/7/releases/release%2F2.0', method: 'GET' }).reply(200, ...jsonReply(RELEASE));
    const view = await runCli(['release', 'view', 'release/2.0', '-p', '7', '-o', 'json'], { transport: api.transport, env: GITLAB });
    expect(view.code).toBe(0);
  });

  it("--link also reads GitLab's own key names (link_type=, direct_asset_path=, filepath=); null in --assets-links is absent", async () => {
    api = mockApi();
    const sent = recordRequests(api, 'POST', '/api/v4/projects/7/releases', 201, RELEASE);
    const r = await runCli(
      [
        'release',
        'create',
        'v1.2.3',
        '-p',
        '7',
        '--link',
        'a=https://e.com/a,b,link_type=package,direct_asset_path=/bin/a1',
        '--link',
        'b=https://e.com/b,filepath=/bin/b1,type=image',
        '--assets-links',
        '[{"name":"c","url":"https://e.com/c","link_type":null,"direct_asset_path":null}]',
      ],
      { transport: api.transport, env: GITLAB },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(sent[0]!.body).assets.links).toEqual([
      { name: 'a', url: 'https://e.com/a,b', link_type: 'package', direct_asset_path: '/bin/a1' },
      { name: 'b', url: 'https://e.com/b', link_type: 'image', direct_asset_path: '/bin/b1' },
      { name: 'c', url: 'https://e.com/c' },
    ]);
  });

  it('bad links are refused before anything is sent', async () => {
    for (const [flags, says] of [
      [['--link', 'no-url'], 'is not NAME=URL'],
      [['--link', 'x=javascript:alert(1)'], 'is not an http, https or ftp URL'],
      [['--link', 'x=https://e.com/a,type=binary'], 'type "binary" is not one of other, runbook, image, package'],
      [['--link', 'x=https://e.com/a,path=bin/x'], 'is not a direct asset path'],
      // app/models/releases/link.rb: FILEPATH_REGEX wants four characters at least and no //; 128 at most.
      [['--link', 'x=https://e.com/a,path=/ab'], 'path "/ab" is not a direct asset path'],
      [['--link', 'x=https://e.com/a,path=/bin//x'], 'path "/bin//x" is not a direct asset path'],
      [['--link', 'x=https://e.com/a,path='], 'path "" is not a direct asset path'],
      [['--link', `x=https://e.com/a,path=/${'a'.repeat(128)}`], 'is not a direct asset path'],
      [['--link', 'x=https://e.com/a,path=/bin/x1', '--link', 'y=https://e.com/b,path=/bin/x1'], 'two links have the path "/bin/x1"'],
      [['--link', 'x=https://e.com/a,type=package,link_type=image'], 'gives the type twice'],
      [['--link', 'x=https://e.com/a,path=/bin/x1,filepath=/bin/x2'], 'gives the path twice'],
      [['--link', 'x=https://e.com/a', '--link', 'x=https://e.com/b'], 'two links have the name "x"'],
      [['--assets-links', '{"name":"x"}'], 'expected a JSON array'],
      [['--assets-links', '[{"name":"x"}]'], 'each link is an object with "name" and "url"'],
      [['--assets-links', 'nope'], 'not JSON'],
      [['--tag-message', 'm'], 'give --ref too'],
    ] as const) {
      const { transport, calls } = refusingTransport();
      const r = await runCli(['release', 'create', 'v1', '-p', '7', ...flags], { transport, env: GITLAB });
      expect([r.code, r.stdout, calls], flags.join(' ')).toEqual([2, '', []]);
      expect(r.stderr, flags.join(' ')).toContain(says);
    }
  });
});

describe('release list, view, update, delete, links', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it("view --latest follows GitLab's 302 to the release", async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/7/releases/permalink/latest', method: 'GET' })
      .reply(302, '', { headers: { location: '/api/v4/projects/7/releases/v1.2.3' } });
    api.pool.intercept({ path: '/api/v4/projects/7/releases/v1.2.3', method: 'GET' }).reply(200, ...jsonReply(RELEASE));
    const r = await runCli(['release', 'view', '--latest', '-p', '7', '--jq', '.tag_name', '-r'], {
      transport: api.transport,
      env: GITLAB,
    });
    expect([r.code, r.stdout]).toEqual([0, 'v1.2.3\n']);
    const { transport, calls } = refusingTransport();
    const both = await runCli(['release', 'view', 'v1', '--latest', '-p', '7'], { transport });
    expect([both.code, calls]).toEqual([2, []]);
  });

  it('a release that is not there (404 Not Found) is said so; a missing project is not', async () => {
    api = mockApi();
    // lib/api/releases.rb: permalink/latest with no release, and a tag without one, are `not_found!`.
    const none = { message: '404 Not Found' };
    api.pool.intercept({ path: '/api/v4/projects/7/releases/permalink/latest', method: 'GET' }).reply(404, ...jsonReply(none));
    api.pool.intercept({ path: '/api/v4/projects/7/releases/v9', method: 'GET' }).reply(404, ...jsonReply(none));
    api.pool
      .intercept({ path: '/api/v4/projects/8/releases/v9', method: 'GET' })
      .reply(404, ...jsonReply({ message: '404 Project Not Found' }));
    const latest = await runCli(['release', 'view', '--latest', '-p', '7'], { transport: api.transport, env: GITLAB });
    expect([latest.code, latest.stderr]).toEqual([1, 'collab: 404 Not Found\nhint: 7 has no releases yet\n']);
    const tag = await runCli(['release', 'view', 'v9', '-p', '7'], { transport: api.transport, env: GITLAB });
    expect([tag.code, tag.stderr]).toEqual([1, 'collab: 404 Not Found\nhint: 7 has no release v9 (collab release list shows them)\n']);
    const project = await runCli(['release', 'view', 'v9', '-p', '8'], { transport: api.transport, env: GITLAB });
    expect([project.code, project.stderr]).toEqual([1, 'collab: 404 Project Not Found\n']);
  });

  it('lists, updates, and deletes only with --yes off a terminal', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/projects/7/releases?order_by=created_at', method: 'GET' }).reply(200, ...jsonReply([RELEASE]));
    const list = await runCli(['release', 'list', '-p', '7', '--order-by', 'created_at'], { transport: api.transport, env: GITLAB });
    expect([list.code, list.stdout]).toEqual([0, 'v1.2.3\tv1.2.3\t2026-11-30T10:00:00.000Z\t1\t\n']);
    const sent = recordRequests(api, 'PUT', '/api/v4/projects/7/releases/v1.2.3', 200, RELEASE);
    const up = await runCli(['release', 'update', 'v1.2.3', '-p', '7', '--released-at', '2026-12-24T00:00:00Z'], {
      transport: api.transport,
      env: GITLAB,
    });
    expect(up.code, up.stderr).toBe(0);
    expect(JSON.parse(sent[0]!.body)).toEqual({ released_at: '2026-12-24T00:00:00Z' });
    expect((await runCli(['release', 'update', 'v1.2.3', '-p', '7'], { transport: api.transport })).code).toBe(2);
    expect((await runCli(['release', 'delete', 'v1.2.3', '-p', '7'], { transport: api.transport })).code).toBe(2);
    api.pool.intercept({ path: '/api/v4/projects/7/releases/v1.2.3', method: 'DELETE' }).reply(200, ...jsonReply(RELEASE));
    const gone = await runCli(['release', 'delete', 'v1.2.3', '-p', '7', '--yes'], { transport: api.transport, env: GITLAB });
    expect([gone.code, gone.stderr]).toEqual([0, 'Deleted release v1.2.3 of 7 (the tag stays)\n']);
  });

  it("GitLab's answers for a tag with no release (403) or no tag (422) say what to do", async () => {
    api = mockApi();
    // lib/api/releases.rb: `authorize! :update_release, release` on nil is 403; Releases::CreateService:
    // 422 "Ref is not specified" for a tag that does not exist without a ref.
    const forbidden = { message: '403 Forbidden' };
    api.pool.intercept({ path: '/api/v4/projects/7/releases/v9', method: 'PUT' }).reply(403, ...jsonReply(forbidden));
    api.pool.intercept({ path: '/api/v4/projects/7/releases/v9', method: 'DELETE' }).reply(403, ...jsonReply(forbidden));
    api.pool
      .intercept({ path: '/api/v4/projects/7/releases', method: 'POST' })
      .reply(422, ...jsonReply({ message: 'Ref is not specified' }));
    for (const args of [
      ['update', 'v9', '--name', 'x'],
      ['delete', 'v9', '--yes'],
    ]) {
      const r = await runCli(['release', ...args, '-p', '7'], { transport: api.transport, env: GITLAB });
      expect([r.code, r.stderr], args[0]).toEqual([
        1,
        'collab: 403 Forbidden\nhint: GitLab answers 403 for a tag without a release too: collab release view v9 -p 7 says which (else: the Developer role is needed)\n',
      ]);
    }
    const made = await runCli(['release', 'create', 'v9', '-p', '7'], { transport: api.transport, env: GITLAB });
    expect([made.code, made.stderr]).toEqual([
      1,
      'collab: 422 Ref is not specified\nhint: there is no tag v9: give --ref <branch or commit> to create it\n',
    ]);
  });

  it('link add checks the link first; link list and delete', async () => {
    api = mockApi();
    const sent = recordRequests(api, 'POST', '/api/v4/projects/7/releases/v1.2.3/assets/links', 201, {
      id: 9,
      name: 'mac',
      url: 'https://e.com/m',
    });
    const add = await runCli(
      [
        'release',
        'link',
        'add',
        'v1.2.3',
        '-p',
        '7',
        '--name',
        'mac',
        '--url',
        'https://e.com/m',
        '--type',
        'package',
        '--path',
        '/bin/mac',
      ],
      { transport: api.transport, env: GITLAB },
    );
    expect([add.code, add.stderr]).toEqual([0, 'Added link 9 (mac) to release v1.2.3\n']);
    expect(JSON.parse(sent[0]!.body)).toEqual({ name: 'mac', url: 'https://e.com/m', link_type: 'package', direct_asset_path: '/bin/mac' });
    const { transport, calls } = refusingTransport();
    const bad = await runCli(['release', 'link', 'add', 'v1.2.3', '-p', '7', '--name', 'x', '--url', 'file:///etc/passwd'], { transport });
    expect([bad.code, calls]).toEqual([2, []]);
    api.pool
      .intercept({ path: '/api/v4/projects/7/releases/v1.2.3/assets/links', method: 'GET' })
      .reply(200, ...jsonReply(RELEASE.assets.links));
    const list = await runCli(['release', 'link', 'list', 'v1.2.3', '-p', '7'], { transport: api.transport, env: GITLAB });
    expect(list.stdout).toBe('7\ttool-linux\tpackage\thttps://gitlab.test/x\n');
    api.pool
      .intercept({ path: '/api/v4/projects/7/releases/v1.2.3/assets/links/7', method: 'DELETE' })
      .reply(200, ...jsonReply(RELEASE.assets.links[0]!));
    const gone = await runCli(['release', 'link', 'delete', 'v1.2.3', '7', '-p', '7', '--yes'], { transport: api.transport, env: GITLAB });
    expect([gone.code, gone.stderr]).toEqual([0, 'Deleted link 7 of release v1.2.3\n']);
  });

  it('a server that follows the spec has no releases API: said once, exit 1', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/projects/7/releases', method: 'GET' }).reply(404, ...jsonReply({ message: '404 Not Found' }));
    api.pool.intercept({ path: '/api/v4/version', method: 'GET' }).reply(404, ...jsonReply({ message: '404 Not Found' }));
    // A config of its own: the flavour is learnt from GET /version (404: the spec's dialect).
    const r = await runCli(['release', 'list', '-p', '7'], { transport: api.transport, env: { COLLAB_CONFIG_DIR: tempDir() } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^collab: this server has no releases API: it follows the spec's endpoint list/);
  });
});
