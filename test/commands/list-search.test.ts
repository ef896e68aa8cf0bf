/**
 * `--search` and `--in` on the issue and merge request lists: GitLab's `search` and `in`
 * (doc/api/merge_requests.md "List merge requests": `GET /merge_requests?search=foo&in=title`;
 * doc/api/issues.md likewise). The spec searches issue lists only and has no `in`: there, what it
 * would ignore is exit 2 with nothing sent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, mockServer, runCli } from '../helpers/harness.js';

const GITLAB = { COLLAB_FLAVOR: 'gitlab' };
const SPEC = { COLLAB_FLAVOR: 'spec' };

describe('list --search and --in', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('mr list --search sends GitLab’s search (and in), in a project and outside one; the footer names it', async () => {
    const server = mockServer(() => ({ body: [] }));
    api = server;
    const project = await runCli(['mr', 'list', '-p', 'acme/api', '--search', 'rate limit', '--in', 'title'], {
      transport: server.transport,
      tty: true,
      env: GITLAB,
    });
    expect([project.code, project.stderr]).toEqual([0, 'No open merge requests match --search "rate limit" --in title in acme/api\n']);
    expect((await runCli(['mr', 'list', '--search', 'crash', '--state', 'all'], { transport: server.transport, env: GITLAB })).code).toBe(
      0,
    );
    expect(server.seen).toEqual([
      '/api/v4/projects/acme%2Fapi/merge_requests?state=opened&search=rate+limit&in=title',
      '/api/v4/merge_requests?state=all&search=crash',
    ]);
  });

  it('issue list --in title,description goes as GitLab’s in', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/acme%2Fapi/issues?state=opened&search=crash&in=title%2Cdescription', method: 'GET' })
      .reply(200, ...jsonReply([]));
    const r = await runCli(['issue', 'list', '-p', 'acme/api', '--search', 'crash', '--in', 'title,description'], {
      transport: api.transport,
      env: GITLAB,
    });
    expect(r.code, r.stderr).toBe(0);
  });

  it('on the spec: mr list --search and --in are exit 2, nothing sent; issue list --search still goes', async () => {
    const server = mockServer(() => ({ body: [] }));
    api = server;
    const mr = await runCli(['mr', 'list', '-p', 'acme/api', '--search', 'x'], { transport: server.transport, env: SPEC });
    expect([mr.code, mr.stderr.split('\n')[0]]).toEqual([
      2,
      "collab: --search needs GitLab: this server speaks the spec's API, whose merge request lists have no search",
    ]);
    const inFlag = await runCli(['issue', 'list', '-p', 'acme/api', '--search', 'x', '--in', 'title'], {
      transport: server.transport,
      env: SPEC,
    });
    expect([inFlag.code, inFlag.stderr.split('\n')[0]]).toEqual([
      2,
      "collab: --in needs GitLab: this server speaks the spec's API, which has no in",
    ]);
    expect(server.seen).toEqual([]);
    expect((await runCli(['issue', 'list', '-p', 'acme/api', '--search', 'x'], { transport: server.transport, env: SPEC })).code).toBe(0);
    expect(server.seen).toEqual(['/api/v4/projects/acme%2Fapi/issues?state=opened&search=x']);
  });

  it('--in without --search, or naming another field, is exit 2 with nothing sent', async () => {
    api = mockApi();
    const alone = await runCli(['mr', 'list', '-p', 'acme/api', '--in', 'title'], { transport: api.transport, env: GITLAB });
    expect([alone.code, alone.stderr]).toEqual([2, 'collab: --in says where --search looks: add --search <text>\n']);
    const other = await runCli(['issue', 'list', '-p', 'acme/api', '--search', 'x', '--in', 'labels'], {
      transport: api.transport,
      env: GITLAB,
    });
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/^collab: invalid value for --in: "labels" is not one of title, description/);
  });
});
