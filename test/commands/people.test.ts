/**
 * People and milestones by name: collab run in-process as the binary runs it against the sandbox in
 * both dialects, counting what was sent. Each name is looked up once per run; on GitLab, list
 * filters send the username.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runJson, type SandboxFixture } from '../helpers/e2e.js';
import { startSandboxInProcess } from '../helpers/in-process.js';

const API = 'acme/platform/api';
/** The project's API path as the request log shows it, decoded. */
const P = '/api/v4/projects/acme/platform/api';

type User = { id: number; username: string };

describe('people and milestones by name (spec dialect)', () => {
  let sb: SandboxFixture;
  const sent = () => sb.requests().map((r) => `${r.method} ${decodeURIComponent(r.path)}`);
  const json = (args: string[], extra: Record<string, string> = {}) => runJson(sb, args, extra);
  let alice: User;
  let bob: User;
  let root: User;

  beforeAll(async () => {
    sb = await startSandboxInProcess({ seed: 'demo' });
    alice = await json(['user', 'view', 'alice']);
    bob = await json(['user', 'view', 'bob']);
    root = await json(['api', '/user']);
  });
  afterAll(() => sb?.close());
  beforeEach(() => sb.clearRequests());

  it('issue list --author <name> --assignee @me: one lookup each, then the list by ids', async () => {
    const issues = (await json(['issue', 'list', '-p', API, '--author', 'alice', '--assignee', '@me', '--state', 'all', '--all'])) as {
      author: User;
      assignees: User[];
    }[];
    expect(issues.length).toBeGreaterThan(0);
    for (const i of issues) {
      expect(i.author.id).toBe(alice.id);
      expect(i.assignees.map((a) => a.id)).toContain(root.id);
    }
    const log = sent();
    expect(log.filter((l) => l.startsWith('GET /api/v4/users?'))).toEqual(['GET /api/v4/users?username=alice']);
    expect(log.filter((l) => l === 'GET /api/v4/user')).toHaveLength(1);
    expect(log.find((l) => l.startsWith(`GET ${P}/issues?`))).toContain(`author_id=${alice.id}&assignee_id=${root.id}`);
  });

  it('the same name twice in one run is looked up once (@me and its username are still two names)', async () => {
    const issue = await json(['issue', 'update', '3', '-p', API, '--assignee', 'alice,@bob,ALICE,@me,@me']);
    expect(issue.assignees.map((a: User) => a.username).sort()).toEqual(['alice', 'bob', 'root']);
    const log = sent();
    expect(log.filter((l) => l.startsWith('GET /api/v4/users?')).sort()).toEqual([
      'GET /api/v4/users?username=alice',
      'GET /api/v4/users?username=bob',
    ]);
    expect(log.filter((l) => l === 'GET /api/v4/user')).toHaveLength(1);
  });

  it('issue create and mr create take a milestone title and assignees by name', async () => {
    const issue = await json(['issue', 'create', '-p', API, '--title', 'Named people', '--assignee', 'bob', '--milestone', 'v1.1']);
    expect(issue.milestone.title).toBe('v1.1');
    expect(issue.assignees.map((a: User) => a.id)).toEqual([bob.id]);
    expect(sent().filter((l) => l.includes('/milestones'))).toEqual([`GET ${P}/milestones?title=v1.1&include_ancestors=true`]);
    const mr = await json([
      'mr',
      'create',
      '-p',
      API,
      '--source',
      'feature/named',
      '--target',
      'main',
      '--title',
      'Named',
      '--assignee',
      '@me',
      '--milestone',
      'v2.0',
    ]);
    expect(mr.assignee.id).toBe(root.id);
    expect(mr.milestone.title).toBe('v2.0');
    const updated = await json(['mr', 'update', String(mr.iid), '-p', API, '--assignee', 'alice']);
    expect(updated.assignee.id).toBe(alice.id);
  });

  it('an unknown name is exit 1 naming it, and the write is not sent', async () => {
    const u = await sb.run(['issue', 'update', '3', '-p', API, '--assignee', 'alice,nobody-here']);
    expect(u.exitCode).toBe(1);
    expect(u.stderr).toContain('no user with username "nobody-here"');
    const m = await sb.run(['mr', 'update', '1', '-p', API, '--milestone', 'v9.9']);
    expect(m.exitCode).toBe(1);
    expect(m.stderr).toContain(`no milestone titled "v9.9" in project ${API}`);
    expect(m.stderr).toContain('--milestone-id');
    expect(sent().filter((l) => l.startsWith('PUT') || l.startsWith('POST'))).toEqual([]);
  });

  it('bad input is exit 2 with nothing sent: a list where one user goes, a name beside its id flag, an empty title', async () => {
    for (const args of [
      ['issue', 'list', '-p', API, '--assignee', 'alice,bob'],
      ['mr', 'list', '-p', API, '--author', 'alice', '--author-id', '3'],
      ['issue', 'update', '3', '-p', API, '--milestone', 'v1.0', '--milestone-id', '1'],
      ['issue', 'create', '-p', API, '--title', 'x', '--milestone', ' '],
      ['mr', 'update', '1', '-p', API, '--assignee', '@'],
    ]) {
      const r = await sb.run(args);
      expect(r.exitCode, `${args.join(' ')}: ${r.stderr}`).toBe(2);
    }
    expect(sent()).toEqual([]);
  });

  it('--reviewer needs GitLab: against the spec dialect it is exit 2 and nothing but the dialect check is sent', async () => {
    for (const args of [
      ['mr', 'list', '-p', API, '--reviewer', 'alice'],
      ['mr', 'update', '1', '-p', API, '--reviewer', 'alice'],
    ]) {
      const r = await sb.run(args);
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain("--reviewer needs GitLab: this server speaks the spec's API");
    }
    expect(sent().every((l) => l === 'GET /api/v4/version')).toBe(true);
  });
});

describe('people by name on GitLab', () => {
  let sb: SandboxFixture;
  const sent = () => sb.requests().map((r) => `${r.method} ${decodeURIComponent(r.path)}`);
  const run = (args: string[]) => sb.run([...args, '-o', 'json'], { COLLAB_FLAVOR: 'gitlab' });
  beforeAll(async () => {
    sb = await startSandboxInProcess({ seed: 'demo', flavor: 'gitlab' });
  });
  afterAll(() => sb?.close());
  beforeEach(() => sb.clearRequests());

  it('list filters send the username itself: no lookup at all', async () => {
    const r = await run(['issue', 'list', '-p', API, '--author', 'alice', '--assignee', '@carol', '--state', 'all']);
    expect(r.exitCode, r.stderr).toBe(0);
    const issues = JSON.parse(r.stdout) as { author: User; assignees: User[] }[];
    expect(issues.length).toBeGreaterThan(0);
    for (const i of issues) {
      expect(i.author.username).toBe('alice');
      expect(i.assignees.map((a) => a.username)).toContain('carol');
    }
    expect(sent()).toEqual([`GET ${P}/issues?state=all&author_username=alice&assignee_username=carol`]);
  });

  it('mr update --reviewer sets reviewer_ids, and mr list --reviewer finds it by username', async () => {
    const u = await run(['mr', 'update', '1', '-p', API, '--reviewer', 'bob,@me']);
    expect(u.exitCode, u.stderr).toBe(0);
    expect(
      JSON.parse(u.stdout)
        .reviewers.map((r: User) => r.username)
        .sort(),
    ).toEqual(['bob', 'root']);
    expect(sent().find((l) => l.startsWith('PUT'))).toBeDefined();
    const l = await run(['mr', 'list', '-p', API, '--reviewer', 'bob', '--state', 'all']);
    expect(l.exitCode, l.stderr).toBe(0);
    expect((JSON.parse(l.stdout) as { iid: number }[]).map((m) => m.iid)).toContain(1);
    expect(sent().filter((x) => x.includes('/merge_requests?'))).toEqual([`GET ${P}/merge_requests?state=all&reviewer_username=bob`]);
  });
});
