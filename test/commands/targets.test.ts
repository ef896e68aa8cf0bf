/**
 * Every write goes where the user pointed: a web URL acts on its own host or not at all, relative
 * URL roots map to the right project, and every form of -p is read (or refused) before anything is
 * sent. collab, run in-process as the binary runs it, against two sandboxes and a server under
 * /gitlab.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type SandboxFixture, tempDir, USER_TOKEN } from '../helpers/e2e.js';
import { gitRepo } from '../helpers/git.js';
import { type HostileServer, startHostileServer } from '../helpers/hostile.js';
import { runInProcess, startSandboxInProcess } from '../helpers/in-process.js';

const PROJECT = 'acme/platform/api';

function configDir(data: unknown): string {
  const dir = tempDir('collab-cfg-');
  fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify(data), { mode: 0o600 });
  return dir;
}

describe('a web URL acts on its own host, or not at all', () => {
  let a: SandboxFixture;
  let b: SandboxFixture;
  beforeAll(async () => {
    [a, b] = await Promise.all([startSandboxInProcess({ seed: 'demo' }), startSandboxInProcess({ seed: 'demo' })]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });
  afterEach(async () => {
    await a.clearRequests();
    await b.clearRequests();
  });

  it('a URL on a host without credentials is refused with exit 2 and nothing is sent (issue, MR, job, project, group)', async () => {
    const cases = [
      ['issue', 'close', 'https://gitlab.com/acme/platform/api/-/issues/249'],
      ['mr', 'view', 'https://gitlab.com/acme/platform/api/-/merge_requests/1'],
      ['job', 'retry', 'https://gitlab.com/acme/platform/api/-/jobs/12'],
      ['issue', 'list', '-p', 'https://gitlab.com/acme/platform/api'],
      ['project', 'view', 'https://gitlab.com/acme/platform/api'],
      ['group', 'view', '-g', 'https://gitlab.com/groups/acme'],
      ['issue', 'view', '1', '-p', 'git@gitlab.com:acme/platform/api.git'],
    ];
    for (const args of cases) {
      const r = await a.run(args);
      expect(r.exitCode, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toBe(
        `collab: this URL is on gitlab.com but collab is set up for ${new URL(a.url).host}; ` +
          `run: collab auth login --host https://gitlab.com`,
      );
    }
    expect(a.requests()).toEqual([]);
  });

  it('a URL on another host collab has a stored token for goes there, with that token only', async () => {
    const dir = configDir({ host: a.url, hosts: { [a.url]: { token: ADMIN_TOKEN }, [b.url]: { token: USER_TOKEN } } });
    const url = `${b.url}/${PROJECT}/-/issues/1`;
    // COLLAB_TOKEN belongs to the configured host: it must not travel to b.
    const r = await runInProcess(['issue', 'view', url, '-o', 'json'], {
      COLLAB_CONFIG_DIR: dir,
      COLLAB_TOKEN: 'glpat-for-host-a-only-123456',
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).iid).toBe(1);
    expect(a.requests()).toEqual([]);
    const sent = b.requests();
    expect(sent.map((q) => q.path)).toEqual([`/api/v4/projects/${encodeURIComponent(PROJECT)}/issues/1`]);
    expect(sent[0]!.headers['private-token']).toBe(USER_TOKEN);
  });

  it('a URL on the configured host works as before; two URLs on different hosts, or a URL against --host, are refused', async () => {
    const same = await a.run(['issue', 'view', `${a.url}/${PROJECT}/-/issues/1`, '-o', 'json']);
    expect(same.exitCode, same.stderr).toBe(0);
    const dir = configDir({ host: a.url, hosts: { [a.url]: { token: ADMIN_TOKEN }, [b.url]: { token: USER_TOKEN } } });
    await a.clearRequests();
    const mixed = await runInProcess(['issue', 'view', `${b.url}/${PROJECT}/-/issues/1`, '-p', `${a.url}/${PROJECT}`], {
      COLLAB_CONFIG_DIR: dir,
    });
    expect(mixed.exitCode).toBe(2);
    expect(mixed.stderr).toMatch(/^collab: ".*" is on 127\.0\.0\.1:\d+, but this command already works on 127\.0\.0\.1:\d+$/);
    const flag = await runInProcess(['issue', 'view', `${b.url}/${PROJECT}/-/issues/1`, '--host', a.url], { COLLAB_CONFIG_DIR: dir });
    expect(flag.exitCode).toBe(2);
    expect(flag.stderr).toMatch(/but --host is/);
    const twice = await a.run(['issue', 'view', `${a.url}/${PROJECT}/-/issues/1`, '-p', 'acme/website']);
    expect(twice.exitCode).toBe(2);
    expect(twice.stderr).toMatch(/the project is given twice/);
    expect(a.requests()).toEqual([]);
    expect(b.requests()).toEqual([]);
  });

  it('-p accepts .git, %2F, git remotes (scp and ssh://), a trailing slash; refuses -1, 0, 1.5 and a bare name', async () => {
    const host = new URL(a.url).hostname;
    const forms = [
      `${PROJECT}.git`,
      'acme%2Fplatform%2Fapi',
      `git@${host}:${PROJECT}.git`,
      `ssh://git@${host}:2222/${PROJECT}.git`,
      `${PROJECT}/`,
      `${a.url}/${PROJECT}/`,
    ];
    const outputs = new Set<string>();
    for (const p of forms) {
      const r = await a.run(['issue', 'view', '1', '-p', p, '-o', 'json']);
      expect(r.exitCode, `${p}: ${r.stderr}`).toBe(0);
      outputs.add(r.stdout);
    }
    expect(outputs.size).toBe(1);
    expect(new Set(a.requests().map((q) => q.path))).toEqual(new Set([`/api/v4/projects/${encodeURIComponent(PROJECT)}/issues/1`]));
    await a.clearRequests();
    for (const p of ['-1', '0', '1.5', '+7', 'api', `${PROJECT}/../x`]) {
      const r = await a.run(['issue', 'view', '1', `--project=${p}`]);
      expect(r.exitCode, `${p}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(/^collab: invalid value for --project: /);
    }
    expect(a.requests()).toEqual([]);
  });

  it('an issue or MR reference (group/project#3, group/project!1) names its project', async () => {
    const issue = await a.run(['issue', 'view', `${PROJECT}#1`, '-o', 'json']);
    expect(issue.exitCode, issue.stderr).toBe(0);
    const mr = await a.run(['mr', 'view', `${PROJECT}!1`, '-o', 'json']);
    expect(mr.exitCode, mr.stderr).toBe(0);
    expect(a.requests().map((q) => q.path)).toEqual([
      `/api/v4/projects/${encodeURIComponent(PROJECT)}/issues/1`,
      `/api/v4/projects/${encodeURIComponent(PROJECT)}/merge_requests/1`,
    ]);
  });
});

describe('an instance under a relative URL root', () => {
  let server: HostileServer;
  beforeAll(async () => {
    server = await startHostileServer({
      'GET /gitlab/api/v4/projects/acme%2Fapi/issues/3': { body: { iid: 3, title: 'under a root' } },
      'GET /gitlab/api/v4/projects/acme%2Fapi/issues': { body: [{ iid: 3, title: 'under a root' }] },
    });
  });
  afterAll(() => server?.close());

  it('web URLs, -p URLs and git remotes under the root map to the project path', async () => {
    const host = `${server.url}/gitlab`;
    const env = { COLLAB_HOST: host, COLLAB_TOKEN: 'glpat-root-test-0123456789' };
    const view = await runInProcess(['issue', 'view', `${host}/acme/api/-/issues/3`, '-o', 'json'], env);
    expect(view.exitCode, view.stderr).toBe(0);
    const byP = await runInProcess(['issue', 'list', '-p', `${host}/acme/api`, '-o', 'json'], env);
    expect(byP.exitCode, byP.stderr).toBe(0);
    for (const remote of [`${host}/acme/api.git`, `git@127.0.0.1:acme/api.git`]) {
      const checkout = gitRepo(tempDir('collab-git-'), { origin: remote });
      const r = await runInProcess(['issue', 'list', '-o', 'json'], env, { cwd: checkout });
      expect(r.exitCode, `${remote}: ${r.stderr}`).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual([{ iid: 3, title: 'under a root' }]);
    }
    expect(server.requests.map((q) => q.path.split('?')[0])).toEqual([
      '/gitlab/api/v4/projects/acme%2Fapi/issues/3',
      '/gitlab/api/v4/projects/acme%2Fapi/issues',
      '/gitlab/api/v4/projects/acme%2Fapi/issues',
      '/gitlab/api/v4/projects/acme%2Fapi/issues',
    ]);
  });
});
