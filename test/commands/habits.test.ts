import { afterEach, describe, expect, it } from 'vitest';
import { NOUNS, pluralOf } from '../../src/commands/index.js';
import { flagLabel } from '../../src/executor/flag-names.js';
import { commandOptions, otherFlagNames } from '../../src/executor/options.js';
import { commandTree, refusingTransport } from '../helpers/command-tree.js';
import { jsonReply, mockApi, runCli } from '../helpers/harness.js';

/**
 * What gh and glab users type lands somewhere useful (in-process: what is sent, what is said).
 * The streams and exit codes of the built binary are in test/e2e/habits.test.ts.
 */
const { leaves } = await commandTree();

describe('the top level', () => {
  it('a slip gets the closest command: isue, jobz, mrr, projcts', async () => {
    for (const [typed, meant] of [
      ['isue', 'issue'],
      ['jobz', 'job'],
      ['mrr', 'mr'],
      ['projcts', 'project'],
      ['confg', 'config'],
    ]) {
      const r = await runCli([typed, 'list']);
      expect([r.code, r.stdout, r.stderr], typed).toEqual([
        2,
        '',
        `collab: unknown command "${typed}"; did you mean "${meant}"?\nhint: collab --help lists the commands\n`,
      ]);
    }
    const far = await runCli(['xyzzy']);
    expect([far.code, far.stderr]).toEqual([2, 'collab: unknown command "xyzzy"\nhint: collab --help lists the commands\n']);
  });

  it("gh's and glab's nouns say collab's, with the command line to type (their verbs: test/commands/habits-table.test.ts)", async () => {
    for (const [typed, ours] of [
      ['pr', 'mr'],
      ['runs', 'pipeline'],
      ['repo', 'project'],
      ['org', 'group'],
    ]) {
      const r = await runCli([typed, 'frobnicate', '--state', 'all']);
      expect([r.code, r.stdout, r.stderr], typed).toEqual([
        2,
        '',
        `collab: unknown command "${typed}": collab calls it "${ours}"\nhint: try: collab ${ours} frobnicate\n`,
      ]);
    }
    const listed = await runCli(['pr', 'list', '--state', 'all']);
    expect(listed.stderr).toBe('collab: unknown command "pr list": collab calls it "mr list"\nhint: try: collab mr list\n');
  });

  it('ci and pipelines are the pipeline noun itself', async () => {
    for (const word of ['ci', 'pipelines']) {
      const r = await runCli([word, '--help']);
      expect([r.code, r.stdout.split('\n')[0]], word).toEqual([0, expect.stringMatching(/^Usage: collab pipeline\b/)]);
    }
  });

  it('every resource noun answers to its plural, which runs the same command', async () => {
    const resources = NOUNS.filter((n) => n.section === 'Resources');
    for (const noun of resources) {
      const plural = pluralOf(noun.name) ?? noun.name;
      const r = await runCli([plural, '--help']);
      expect([r.code, r.stdout.split('\n')[0]], plural).toEqual([0, expect.stringMatching(new RegExp(`^Usage: collab ${noun.name}\\b`))]);
    }
    expect(resources.map((n) => pluralOf(n.name) ?? n.name)).toEqual(expect.arrayContaining(['issues', 'mrs', 'jobs', 'projects']));
    const api = mockApi();
    api.pool.intercept({ path: '/api/v4/projects/7/issues?state=opened', method: 'GET' }).reply(200, ...jsonReply([]));
    api.pool.intercept({ path: '/api/v4/projects/7/jobs', method: 'GET' }).reply(200, ...jsonReply([]));
    for (const argv of [
      ['issues', 'list', '-p', '7'],
      ['jobs', 'list', '-p', '7'],
    ]) {
      const r = await runCli(argv, { transport: api.transport });
      expect([r.code, r.stderr], argv.join(' ')).toEqual([0, '']);
    }
    api.done();
  });

  it('collab version prints the version; a bare collab prints the help', async () => {
    const { VERSION } = await import('../../src/version.js');
    expect(await runCli(['version'])).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
    const bare = await runCli([]);
    expect([bare.code, bare.stderr]).toEqual([0, '']);
    expect(bare.stdout).toContain('Resources:');
  });
});

describe('flags from gh and glab', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('-R/--repo is -p; -L is --limit', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/acme%2Fweb/issues?state=opened&per_page=20', method: 'GET' })
      .reply(200, ...jsonReply([1, 2, 3, 4].map((iid) => ({ id: iid, iid, title: `t${iid}` }))))
      .times(2);
    const short = await runCli(['issue', 'list', '-R', 'acme/web', '-L', '2', '--fields', 'iid'], { transport: api.transport });
    expect([short.code, short.stdout]).toEqual([0, '1\n2\n']);
    const long = await runCli(['issue', 'list', '--repo', 'acme/web', '--limit', '3', '--fields', 'iid'], { transport: api.transport });
    expect([long.code, long.stdout]).toEqual([0, '1\n2\n3\n']);
  });

  it('-R beside a different -p, or --json, is exit 2 before anything is sent', async () => {
    for (const [argv, message] of [
      [['issue', 'list', '-R', 'acme/web', '-p', 'acme/api'], 'collab: -p/--project and -R/--repo name the same thing: give one'],
      [['mr', 'list', '-p', '7', '--json', 'iid,title'], "collab: --json is gh's flag: use -o json --fields iid,title\n"],
      [['mr', 'view', '1', '-p', '7', '--json'], "collab: --json is gh's flag: use -o json\n"],
      [['--json=iid', 'issue', 'list', '-p', '7'], "collab: --json is gh's flag: use -o json --fields iid\n"],
    ] as const) {
      const { transport, calls } = refusingTransport();
      const r = await runCli([...argv], { transport });
      expect([r.code, r.stdout, calls], argv.join(' ')).toEqual([2, '', []]);
      expect(r.stderr.startsWith(message), r.stderr).toBe(true);
    }
  });

  it('--source-branch and --target-branch name --source and --target; two different values are exit 2', async () => {
    api = mockApi();
    api.pool
      .intercept({
        path: '/api/v4/projects/7/merge_requests',
        method: 'POST',
        body: JSON.stringify({ source_branch: 'feature/x', target_branch: 'main', title: 'X' }),
      })
      .reply(201, ...jsonReply({ id: 1, iid: 1, title: 'X' }));
    const r = await runCli(['mr', 'create', '-p', '7', '--source-branch', 'feature/x', '--target-branch', 'main', '-t', 'X'], {
      transport: api.transport,
    });
    expect([r.code, r.stderr]).toEqual([0, 'Created merge request !1 (X)\n']);
    const { transport, calls } = refusingTransport();
    const both = await runCli(['mr', 'create', '-p', '7', '--source', 'a', '--source-branch', 'b', '--target', 'main', '-t', 'X'], {
      transport,
    });
    expect([both.code, calls]).toEqual([2, []]);
    expect(both.stderr).toBe('collab: --source and --source-branch set the same source_branch (two names of one flag): give one\n');
  });

  it('every other name of a flag is the parameter or its GitLab spelling, is taken by no other option, and is completed', () => {
    for (const { spec, words } of leaves) {
      const declared = new Set(commandOptions(spec).flatMap((o) => o.flags.match(/--[\w-]+/g) ?? []));
      for (const flag of spec.flags ?? []) {
        for (const name of otherFlagNames(spec, flag)) {
          const label = `${words.join(' ')} ${flagLabel(flag)} → --${name}`;
          expect(
            (spec.flags ?? []).some((f) => f.name === name),
            label,
          ).toBe(false);
          expect(declared.has(`--${name}`), label).toBe(true);
        }
      }
    }
  });

  it('-a takes usernames on create and update, as --assignee does; --assignee-ids keeps the ids', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/users?username=alice', method: 'GET' })
      .reply(200, ...jsonReply([{ id: 2, username: 'alice' }]))
      .times(2);
    api.pool
      .intercept({ path: '/api/v4/projects/7/issues', method: 'POST', body: JSON.stringify({ title: 'T', assignee_ids: [2] }) })
      .reply(201, ...jsonReply({ id: 9, iid: 9, title: 'T' }));
    api.pool
      .intercept({ path: '/api/v4/projects/7/merge_requests/3', method: 'PUT', body: JSON.stringify({ assignee_id: 2 }) })
      .reply(200, ...jsonReply({ id: 3, iid: 3, title: 'M' }));
    api.pool
      .intercept({ path: '/api/v4/projects/7/issues/4', method: 'PUT', body: JSON.stringify({ assignee_ids: [5, 6] }) })
      .reply(200, ...jsonReply({ id: 4, iid: 4, title: 'I' }));
    for (const argv of [
      ['issue', 'create', '-p', '7', '-t', 'T', '-a', 'alice'],
      ['mr', 'update', '3', '-p', '7', '-a', '@alice'],
      ['issue', 'update', '4', '-p', '7', '--assignee-ids', '5,6'],
    ]) {
      const r = await runCli(argv, { transport: api.transport });
      expect([r.code, r.stdout], `${argv.join(' ')}: ${r.stderr}`).toEqual([0, expect.any(String)]);
    }
  });
});

describe('users by name, for every verb', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('user block, unblock, update and delete take a username as user view does', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/users?username=carol', method: 'GET' })
      .reply(200, ...jsonReply([{ id: 3, username: 'carol' }]))
      .times(5);
    api.pool.intercept({ path: '/api/v4/users/3', method: 'GET' }).reply(200, ...jsonReply({ id: 3, username: 'carol' }));
    api.pool.intercept({ path: '/api/v4/users/3/block', method: 'POST' }).reply(201, ...jsonReply('true'));
    api.pool.intercept({ path: '/api/v4/users/3/unblock', method: 'POST' }).reply(201, ...jsonReply('true'));
    api.pool
      .intercept({ path: '/api/v4/users/3', method: 'PUT', body: JSON.stringify({ name: 'Carol C' }) })
      .reply(200, ...jsonReply({ id: 3, username: 'carol', name: 'Carol C' }));
    api.pool.intercept({ path: '/api/v4/users/3', method: 'DELETE' }).reply(204, '');
    for (const [argv, said] of [
      [['user', 'view', 'carol', '--fields', 'id'], ''],
      [['user', 'block', 'carol'], 'Blocked user 3\n'],
      [['user', 'unblock', '@carol'], 'Unblocked user 3\n'],
      [['user', 'update', 'carol', '--name', 'Carol C', '--fields', 'name'], 'Updated user 3 (@carol)\n'],
      [['user', 'delete', 'carol', '--yes'], 'Deleted user 3\n'],
    ] as const) {
      const r = await runCli([...argv], { transport: api.transport });
      expect([r.code, r.stderr], argv.join(' ')).toEqual([0, said]);
    }
  });

  it('the rule: every argument that fills a /users/:placeholder takes an id or a username', () => {
    let checked = 0;
    for (const { spec, words } of leaves) {
      const path = typeof spec.path === 'string' ? spec.path : '';
      for (const m of path.matchAll(/\/users\/:(\w+)/g)) {
        const arg = spec.args?.find((a) => a.name === m[1]);
        const flag = spec.flags?.find((f) => f.in === 'path' && (f.param ?? f.name) === m[1]);
        expect(arg?.lookup ?? flag?.lookup, `${words.join(' ')}: ${path}`).toBe('user');
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(6);
  });
});
