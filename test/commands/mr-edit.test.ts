import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { git, gitRepo } from '../helpers/git.js';
import { jsonReply, mockApi, runCli, scriptedPrompter } from '../helpers/harness.js';
import { tempDir } from '../helpers/temp.js';
import { mr } from './mr-fixtures.js';

const MRS = '/api/v4/projects/acme%2Fplatform%2Fapi/merge_requests';
const P = ['-p', 'acme/platform/api'];
const PROJECT = '/api/v4/projects/acme%2Fplatform%2Fapi';

/** A git checkout on `branch`, or on a detached HEAD (null); `worktree`: a subdirectory of a worktree `git worktree` made on it. */
function checkout(branch: string | null, worktree = false): string {
  const dir = tempDir('collab-branch-');
  const main = worktree ? path.join(dir, 'main-repo') : dir;
  gitRepo(main, {}, worktree ? 'trunk' : (branch ?? 'main'));
  if (branch === null || worktree) {
    git(main, ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '--allow-empty', '-m', 'c']);
    if (branch === null) git(main, ['checkout', '-q', '--detach']);
  }
  if (!worktree) return dir;
  git(main, ['worktree', 'add', '-q', '-b', branch!, path.join(dir, 'wt')]);
  fs.mkdirSync(path.join(dir, 'wt', 'src'));
  return path.join(dir, 'wt', 'src');
}

describe('mr create', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('sends every attribute in the JSON body, the description read from stdin', async () => {
    api = mockApi();
    const body = {
      source_branch: 'feature/x',
      target_branch: 'main',
      title: 'Add X',
      assignee_id: 3,
      target_project_id: 9,
      labels: 'bug,ui',
      milestone_id: 4,
      remove_source_branch: true,
      approvals_before_merge: 2,
      squash: true,
      description: 'Line 1\nLine 2\n',
    };
    api.pool
      .intercept({ path: MRS, method: 'POST', body: JSON.stringify(body) })
      .reply(201, ...jsonReply(mr(5, { web_url: 'https://gitlab.test/acme/platform/api/-/merge_requests/5' })));
    const r = await runCli(
      [
        'mr',
        'create',
        ...P,
        '--source',
        'feature/x',
        '--target',
        'main',
        '--title',
        'Add X',
        '--assignee-id',
        '3',
        '--description-file',
        '-',
        '--target-project-id',
        '9',
        '--labels',
        'bug, ui',
        '--milestone-id',
        '4',
        '--remove-source-branch',
        '--approvals-before-merge',
        '2',
        '--squash',
        '-o',
        'json',
      ],
      { transport: api.transport, stdin: 'Line 1\nLine 2\n' },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).iid).toBe(5);
    expect(r.stderr).toBe('Created merge request !5 (MR 5): https://gitlab.test/acme/platform/api/-/merge_requests/5\n');
  });

  it('asks for source, target and title on a terminal', async () => {
    api = mockApi();
    api.pool.intercept({ path: PROJECT, method: 'GET' }).reply(200, ...jsonReply({ id: 1, default_branch: 'main' }));
    api.pool
      .intercept({
        path: MRS,
        method: 'POST',
        body: JSON.stringify({ description: 'd', source_branch: 'feature/y', target_branch: 'main', title: 'Y' }),
      })
      .reply(201, ...jsonReply(mr(6)));
    const prompter = scriptedPrompter(['feature/y', 'main', 'Y']);
    const r = await runCli(['mr', 'create', ...P, '-d', 'd'], { transport: api.transport, tty: true, prompter });
    expect(r.code).toBe(0);
    expect(prompter.asked).toEqual(['Source branch:', 'Target branch:', 'Title:']);
  });

  it('needs source, target and title when nobody can be asked, and checks types (exit 2, nothing sent)', async () => {
    api = mockApi();
    const cases: [string[], string][] = [
      [['--source', 'a', '--target', 'b'], 'missing required flag --title'],
      [['--target', 'b', '--title', 't'], 'missing required flag --source'],
      [['--source', 'a', '--target', 'b', '--title', 't', '--assignee-id', 'bob'], '--assignee-id'],
      [['--source', 'a', '--target', 'b', '--title', 't', '--approvals-before-merge', '-1'], '--approvals-before-merge'],
      [
        ['--source', 'a', '--target', 'b', '--title', 't', '--description', 'x', '--description-file', 'f'],
        '--description-file and --description cannot be used together',
      ],
      [['--source', 'a', '--target', 'b', '--title', 't', '--description-file', '/nonexistent/x.md'], 'cannot read --description-file'],
    ];
    for (const [args, expected] of cases) {
      const r = await runCli(['mr', 'create', ...P, ...args], { transport: api.transport });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(expected);
    }
  });
});

describe('mr create: the branches by default', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());
  /** A create with exactly this body (in any key order). */
  const created = (source: string, target: string, more: Record<string, unknown> = {}) =>
    api.pool
      .intercept({
        path: MRS,
        method: 'POST',
        body: (b: string) => isDeepStrictEqual(JSON.parse(b), { source_branch: source, target_branch: target, title: 'T', ...more }),
      })
      .reply(201, ...jsonReply(mr(7)));
  const defaultBranch = (project: string, branch: string | null) =>
    api.pool.intercept({ path: `/api/v4/projects/${project}`, method: 'GET' }).reply(200, ...jsonReply({ id: 1, default_branch: branch }));

  it('piped: the source is the branch checked out, the target the project default branch', async () => {
    api = mockApi();
    defaultBranch('acme%2Fplatform%2Fapi', 'develop');
    created('feature/z', 'develop');
    const r = await runCli(['mr', 'create', ...P, '--title', 'T'], {
      transport: api.transport,
      cwd: checkout('feature/z'),
    });
    expect([r.code, r.stderr]).toEqual([0, 'Created merge request !7 (MR 7)\n']);
  });

  it('from a subdirectory of a git worktree; a given flag wins, and only what is missing is read', async () => {
    api = mockApi();
    created('fix/a', 'release');
    const cwd = checkout('fix/a', true);
    const r = await runCli(['mr', 'create', ...P, '--title', 'T', '--target', 'release'], { transport: api.transport, cwd });
    expect(r.code, r.stderr).toBe(0);
  });

  it(
    "on a terminal the prompts show those defaults (Enter takes them); a fork's MR " + "takes its target project's default branch",
    async () => {
      api = mockApi();
      defaultBranch('9', 'trunk');
      created('feature/z', 'trunk', { target_project_id: 9, description: 'x' });
      const prompter = scriptedPrompter(['', '', 'T']);
      const r = await runCli(['mr', 'create', ...P, '--target-project-id', '9', '-d', 'x'], {
        transport: api.transport,
        tty: true,
        prompter,
        cwd: checkout('feature/z'),
      });
      expect(r.code, r.stderr).toBe(0);
      expect(prompter.asked).toEqual(['Source branch:', 'Target branch:', 'Title:']);
      expect(prompter.defaults).toEqual(['feature/z', 'trunk', undefined]);
    },
  );

  it('outside a checkout or on a detached HEAD there is no source: exit 2, nothing sent; the same branch twice is exit 2', async () => {
    api = mockApi();
    for (const cwd of [tempDir('collab-nogit-'), checkout(null)]) {
      const r = await runCli(['mr', 'create', ...P, '--title', 'T'], { transport: api.transport, cwd });
      expect([r.code, r.stderr]).toEqual([2, 'collab: missing required flag --source\n']);
    }
    // A missing title is found before the default branch is read.
    const noTitle = await runCli(['mr', 'create', ...P], { transport: api.transport, cwd: checkout('main') });
    expect([noTitle.code, noTitle.stderr]).toEqual([2, 'collab: missing required flag --title\n']);
    defaultBranch('acme%2Fplatform%2Fapi', 'main');
    const same = await runCli(['mr', 'create', ...P, '--title', 'T'], { transport: api.transport, cwd: checkout('main') });
    expect(same.code).toBe(2);
    expect(same.stderr).toContain('the source and target branch are both main');
  });

  it('a project without a default branch (empty) leaves the target missing', async () => {
    api = mockApi();
    defaultBranch('acme%2Fplatform%2Fapi', null);
    const r = await runCli(['mr', 'create', ...P, '--title', 'T'], {
      transport: api.transport,
      cwd: checkout('feature/z'),
    });
    expect([r.code, r.stderr]).toEqual([2, 'collab: missing required flag --target\n']);
  });
});

describe('mr update', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('sends the given attributes, false for --no-x', async () => {
    api = mockApi();
    const body = {
      target_branch: 'release',
      title: 'T2',
      assignee_id: 0,
      description: 'D',
      labels: 'a',
      milestone_id: 0,
      remove_source_branch: false,
      squash: false,
      discussion_locked: true,
    };
    api.pool.intercept({ path: `${MRS}/3`, method: 'PUT', body: JSON.stringify(body) }).reply(200, ...jsonReply(mr(3)));
    const r = await runCli(
      [
        'mr',
        'update',
        '3',
        ...P,
        '--target',
        'release',
        '--title',
        'T2',
        '--assignee-id',
        '0',
        '--description',
        'D',
        '--labels',
        'a',
        '--milestone-id',
        '0',
        '--no-remove-source-branch',
        '--no-squash',
        '--discussion-locked',
      ],
      { transport: api.transport },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('iid\t3\n');
    expect(r.stderr).toBe('Updated merge request !3 (MR 3)\n');
  });

  it('--no-discussion-locked sends false', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${MRS}/3`, method: 'PUT', body: JSON.stringify({ discussion_locked: false }) })
      .reply(200, ...jsonReply(mr(3)));
    expect((await runCli(['mr', 'update', '3', ...P, '--no-discussion-locked'], { transport: api.transport })).code).toBe(0);
  });

  it('needs at least one attribute (exit 2, nothing sent)', async () => {
    api = mockApi();
    const r = await runCli(['mr', 'update', '3', ...P], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('nothing to change: give at least one of --target, --title');
  });
});

describe('mr close, reopen, delete', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('close and reopen send state_event', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${MRS}/3`, method: 'GET' }).reply(200, ...jsonReply(mr(3)));
    api.pool
      .intercept({ path: `${MRS}/3`, method: 'PUT', body: '{"state_event":"close"}' })
      .reply(200, ...jsonReply(mr(3, { state: 'closed' })));
    api.pool.intercept({ path: `${MRS}/3`, method: 'GET' }).reply(200, ...jsonReply(mr(3, { state: 'closed' })));
    api.pool
      .intercept({ path: `${MRS}/3`, method: 'PUT', body: '{"state_event":"reopen"}' })
      .reply(200, ...jsonReply(mr(3, { state: 'reopened' })));
    const c = await runCli(['mr', 'close', '3', ...P, '-o', 'json'], { transport: api.transport });
    expect([c.code, JSON.parse(c.stdout).state, c.stderr]).toEqual([0, 'closed', 'Closed merge request !3 (MR 3)\n']);
    const o = await runCli(['mr', 'reopen', '3', ...P], { transport: api.transport, tty: true });
    expect([o.code, o.stdout, o.stderr]).toEqual([0, '', '✓ Reopened merge request !3 (MR 3)\n']);
  });

  it('says so when closing left the merge request in another state', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${MRS}/3`, method: 'GET' }).reply(200, ...jsonReply(mr(3)));
    api.pool
      .intercept({ path: `${MRS}/3`, method: 'PUT', body: '{"state_event":"close"}' })
      .reply(200, ...jsonReply(mr(3, { state: 'merged' })));
    const c = await runCli(['mr', 'close', '3', ...P], { transport: api.transport, tty: true });
    expect(c.stderr).toBe('note: merge request !3 (MR 3) is merged, not closed\n');
  });

  it('delete needs --yes when piped, asks on a terminal', async () => {
    api = mockApi();
    const refused = await runCli(['mr', 'delete', '3', ...P], { transport: api.transport });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('refusing to delete merge request !3 in acme/platform/api without --yes');
    api.pool
      .intercept({ path: `${MRS}/3`, method: 'DELETE' })
      .reply(204, '')
      .times(2);
    const yes = await runCli(['mr', 'delete', '3', ...P, '--yes'], { transport: api.transport });
    expect([yes.code, yes.stdout, yes.stderr]).toEqual([0, '', 'Deleted merge request !3\n']);
    api.pool
      .intercept({ path: `${MRS}/3`, method: 'GET' })
      .reply(200, ...jsonReply(mr(3, { title: 'Add feature X' })))
      .times(2);
    const prompter = scriptedPrompter([true]);
    const asked = await runCli(['mr', 'delete', '3', ...P], { transport: api.transport, tty: true, prompter });
    expect(asked.code).toBe(0);
    expect(prompter.asked).toEqual(['Delete merge request !3 (Add feature X) in acme/platform/api?']);
    const no = await runCli(['mr', 'delete', '3', ...P], { transport: api.transport, tty: true, prompter: scriptedPrompter([false]) });
    expect(no.code).toBe(2);
  });
});
