import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, runCli, scriptedPrompter } from '../helpers/harness.js';
import { mr } from './mr-fixtures.js';

const MR = '/api/v4/projects/acme%2Fplatform%2Fapi/merge_requests/3';
const HEAD = '1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c';
const NEW_HEAD = '9999888877776666555544443333222211110000';
const P = ['-p', 'acme/platform/api'];
const merged = (extra: Record<string, unknown> = {}) =>
  mr(3, { state: 'merged', sha: HEAD, merge_commit_sha: 'abcdef0123456789abcdef0123456789abcdef01', ...extra });
const err = (message: string) => ({ message });

describe('mr merge', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('sends the merge parameters and the given sha in the body, and reports the merge', async () => {
    api = mockApi();
    api.pool
      .intercept({
        path: `${MR}/merge`,
        method: 'PUT',
        body: JSON.stringify({ merge_commit_message: 'Merge X', should_remove_source_branch: true, sha: HEAD }),
      })
      .reply(200, ...jsonReply(merged()));
    const r = await runCli(
      ['mr', 'merge', '3', ...P, '--yes', '--message', 'Merge X', '--remove-source-branch', '--sha', HEAD, '-o', 'json'],
      { transport: api.transport },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(merged());
    expect(r.stderr).toBe('Merged !3 (MR 3): feature/x → main as abcdef01\n');
  });

  it('--sha-from-view reads the merge request first and pins its head', async () => {
    api = mockApi();
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3, { sha: HEAD })));
    api.pool.intercept({ path: `${MR}/merge`, method: 'PUT', body: JSON.stringify({ sha: HEAD }) }).reply(200, ...jsonReply(merged()));
    const r = await runCli(['mr', 'merge', '3', ...P, '--yes', '--sha-from-view', '-o', 'json'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('Merging !3 "MR 3" (feature/x → main) at 1f2e3d4c\nMerged !3 (MR 3): feature/x → main as abcdef01\n');
  });

  it('strips terminal control sequences from server text in its notices', async () => {
    api = mockApi();
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3, { sha: HEAD, title: 'evil \u001b]0;pwned\u0007title' })));
    api.pool.intercept({ path: `${MR}/merge`, method: 'PUT', body: JSON.stringify({ sha: HEAD }) }).reply(200, ...jsonReply(merged()));
    const r = await runCli(['mr', 'merge', '3', ...P, '--yes', '--sha-from-view', '-o', 'json'], { transport: api.transport });
    expect(r.stderr.split('\n')[0]).toBe('Merging !3 "evil title" (feature/x → main) at 1f2e3d4c');
  });

  it('pins the head by default on a terminal, and not when piped or with --no-sha-from-view', async () => {
    api = mockApi();
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3, { sha: HEAD })));
    api.pool.intercept({ path: `${MR}/merge`, method: 'PUT', body: JSON.stringify({ sha: HEAD }) }).reply(200, ...jsonReply(merged()));
    const tty = await runCli(['mr', 'merge', '3', ...P, '--yes', '-o', 'table', '--fields', 'state'], {
      transport: api.transport,
      tty: true,
    });
    expect(tty.code).toBe(0);
    expect(tty.stdout).toMatch(/^state\s+merged$/m);

    api.pool
      .intercept({ path: `${MR}/merge`, method: 'PUT', body: '{}' })
      .reply(200, ...jsonReply(merged()))
      .times(2);
    expect((await runCli(['mr', 'merge', '3', ...P, '--yes'], { transport: api.transport })).code).toBe(0);
    expect((await runCli(['mr', 'merge', '3', ...P, '--no-sha-from-view', '--yes'], { transport: api.transport, tty: true })).code).toBe(0);
  });

  it(
    'asks on a terminal, showing title, branches, the head it pins, approvals missing ' + 'and the pipeline, then merges that head',
    async () => {
      api = mockApi();
      const seen = mr(3, { sha: HEAD, title: 'Add feature X', head_pipeline: { id: 45, status: 'failed' } });
      api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(seen));
      api.pool
        .intercept({ path: `${MR}/approvals`, method: 'GET' })
        .reply(200, ...jsonReply({ approvals_required: 2, approvals_missing: 1, approved_by: [] }));
      api.pool.intercept({ path: `${MR}/merge`, method: 'PUT', body: JSON.stringify({ sha: HEAD }) }).reply(200, ...jsonReply(merged()));
      const prompter = scriptedPrompter([true]);
      const r = await runCli(['mr', 'merge', '3', ...P], { transport: api.transport, tty: true, prompter });
      expect(r.code).toBe(0);
      expect(prompter.asked).toEqual(['Merge !3 (Add feature X) in acme/platform/api?']);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/\n✓ Merged !3 \(MR 3\): feature\/x → main as abcdef01\n$/);
      expect(r.stderr).toContain(
        '  feature/x → main\n  head 1f2e3d4c, pinned: a push after this makes the merge ' +
          'fail\n  approvals: 1 missing\n  pipeline: failed (#45)\n',
      );
    },
  );

  it('declined on a terminal, or off a terminal without --yes: nothing is merged', async () => {
    api = mockApi();
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3, { sha: HEAD })));
    api.pool.intercept({ path: `${MR}/approvals`, method: 'GET' }).reply(404, ...jsonReply(err('404 Not Found')));
    const no = await runCli(['mr', 'merge', '3', ...P], { transport: api.transport, tty: true, prompter: scriptedPrompter([false]) });
    expect([no.code, no.stdout]).toEqual([2, '']);
    expect(no.stderr).toContain('  approvals: unknown\n');
    expect(no.stderr).toContain('collab: cancelled: nothing was sent\n');
    const piped = await runCli(['mr', 'merge', '3', ...P], { transport: api.transport });
    expect([piped.code, piped.stdout]).toEqual([2, '']);
    expect(piped.stderr).toBe(
      'collab: refusing to merge !3 in acme/platform/api without --yes: cannot prompt ' +
        '(no terminal or --no-input)\nhint: add --yes to confirm; nothing was sent\n',
    );
  });

  it("its hint keeps the project as the person gave it: an id, a URL argument's project, none when inferred", async () => {
    api = mockApi();
    const scheduled = mr(3, { merge_when_pipeline_succeeds: true });
    for (const project of ['7', 'acme%2Fweb', 'acme%2Fplatform%2Fapi'])
      api.pool.intercept({ path: `/api/v4/projects/${project}/merge_requests/3/merge`, method: 'PUT' }).reply(200, ...jsonReply(scheduled));
    const cases: [string[], Record<string, string>, string][] = [
      [['3', '-p', '7'], {}, 'collab mr cancel-auto-merge 3 -p 7'],
      [['https://gitlab.test/acme/web/-/merge_requests/3'], {}, 'collab mr cancel-auto-merge 3 -p acme/web'],
      [['3'], { COLLAB_PROJECT: 'acme/platform/api' }, 'collab mr cancel-auto-merge 3)'],
    ];
    for (const [args, env, hint] of cases) {
      const r = await runCli(['mr', 'merge', ...args, '--yes', '--when-pipeline-succeeds', '-o', 'json'], {
        transport: api.transport,
        env,
      });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(hint);
    }
  });

  it('a 200 that schedules the merge is success: "will merge when the pipeline succeeds"', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${MR}/merge`, method: 'PUT', body: JSON.stringify({ merge_when_pipeline_succeeds: true }) })
      .reply(200, ...jsonReply(mr(3, { merge_when_pipeline_succeeds: true })));
    const r = await runCli(['mr', 'merge', '3', ...P, '--yes', '--when-pipeline-succeeds', '-o', 'json'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).state).toBe('opened');
    expect(r.stderr).toBe(
      '!3 (MR 3) will merge when the pipeline succeeds (cancel with: collab mr cancel-auto-merge 3 -p acme/platform/api)\n',
    );
  });

  it('a 200 whose state is not merged is a failure (exit 1), not a success', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${MR}/merge`, method: 'PUT' }).reply(200, ...jsonReply(mr(3, { merge_status: 'unchecked' })));
    const r = await runCli(['mr', 'merge', '3', ...P, '--yes'], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'collab: !3 was not merged: the server answered 200 but the merge request is ' +
        'opened (merge_status unchecked)\nhint: check it with: collab mr view 3 -p ' +
        'acme/platform/api\n',
    );
  });

  it('401: not allowed to merge (exit 1) when the token itself works', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${MR}/merge`, method: 'PUT' }).reply(401, ...jsonReply(err('401 Unauthorized')));
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3)));
    const r = await runCli(['mr', 'merge', '3', ...P, '--yes'], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'collab: 401 Unauthorized: you are not allowed to merge merge request !3\nhint: ' +
        'merging needs Developer access or more, and protected target branches may allow ' +
        'only Maintainers\n',
    );
  });

  it('401 with a rejected token stays an authentication error (exit 4)', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${MR}/merge`, method: 'PUT' }).reply(401, ...jsonReply(err('401 Unauthorized')));
    api.pool.intercept({ path: MR, method: 'GET' }).reply(401, ...jsonReply(err('401 Unauthorized')));
    const r = await runCli(['mr', 'merge', '3', ...P, '--yes'], { transport: api.transport });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('collab: 401 Unauthorized\n');
  });

  it('405: names the reason from the merge request seen before (closed), with both readings of 405', async () => {
    api = mockApi();
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3, { state: 'closed', sha: HEAD })));
    api.pool
      .intercept({ path: `${MR}/merge`, method: 'PUT', body: JSON.stringify({ sha: HEAD }) })
      .reply(405, ...jsonReply(err('405 Method Not Allowed')));
    const r = await runCli(['mr', 'merge', '3', ...P, '--yes', '--sha-from-view'], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      'collab: 405 Method Not Allowed — !3 was not merged: it is closed (reopen it with: collab mr reopen 3 -p acme/platform/api)\n',
    );
    expect(r.stderr).toContain(
      'hint: servers answer 405 when a merge request is closed, already merged, a draft ' +
        '(WIP) or must wait for its pipeline; the spec table also gives 405 `Branch ' +
        'cannot be merged` for conflicts\n',
    );
  });

  it('405 Branch cannot be merged: reads the merge request to name the conflict or the draft', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${MR}/merge`, method: 'PUT' })
      .reply(405, ...jsonReply(err('Branch cannot be merged')))
      .times(2);
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3, { merge_status: 'cannot_be_merged' })));
    const a = await runCli(['mr', 'merge', '3', ...P, '--yes'], { transport: api.transport });
    expect(a.code).toBe(1);
    expect(a.stderr).toContain(
      'collab: 405 Branch cannot be merged — !3 was not merged: its branch cannot be merged: feature/x conflicts with main\n',
    );
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3, { title: 'WIP: x', work_in_progress: true })));
    const b = await runCli(['mr', 'merge', '3', ...P, '--yes'], { transport: api.transport });
    expect(b.stderr).toContain('was not merged: it is marked as a draft (WIP): remove the prefix from its title first\n');
  });

  it('406: conflicts, already merged, or missing approvals, each named; the hint gives both readings', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${MR}/merge`, method: 'PUT' })
      .reply(406, ...jsonReply(err('Method Not Allowed')))
      .times(3);
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(merged()));
    const a = await runCli(['mr', 'merge', '3', ...P, '--yes'], { transport: api.transport });
    expect(a.code).toBe(1);
    expect(a.stderr).toBe(
      'collab: 406 Method Not Allowed — !3 was not merged: it is already merged (merge commit abcdef01)\n' +
        'hint: servers answer 406 when the branch cannot be merged (conflicts, missing ' +
        'approvals); the spec table gives 406 for a merge request already merged or closed\n',
    );
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3)));
    api.pool
      .intercept({ path: `${MR}/approvals`, method: 'GET' })
      .reply(200, ...jsonReply({ approvals_required: 2, approvals_missing: 1, approved_by: [] }));
    const b = await runCli(['mr', 'merge', '3', ...P, '--yes'], { transport: api.transport });
    expect(b.code).toBe(1);
    expect(b.stderr).toContain('— !3 was not merged: it needs 1 more approval\n');
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3)));
    api.pool.intercept({ path: `${MR}/approvals`, method: 'GET' }).reply(404, ...jsonReply(err('404 Not Found')));
    const c = await runCli(['mr', 'merge', '3', ...P, '--yes'], { transport: api.transport });
    expect(c.code).toBe(1);
    expect(c.stderr).toContain('— !3 was not merged: the merge request shows no reason (state opened, merge_status can_be_merged)\n');
  });

  it('409: the head moved; the current sha is taken from the message', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${MR}/merge`, method: 'PUT', body: JSON.stringify({ sha: HEAD }) })
      .reply(409, ...jsonReply(err(`SHA does not match HEAD of source branch: ${NEW_HEAD}`)));
    const r = await runCli(['mr', 'merge', '3', ...P, '--yes', '--sha', HEAD], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `collab: 409 SHA does not match HEAD of source branch: ${NEW_HEAD} — !3 was not ` +
        `merged: the head of its source branch is now ${NEW_HEAD}, not ${HEAD}\n` +
        `hint: review the new commits (collab mr diff 3 -p acme/platform/api), then: collab ` +
        `mr merge 3 --sha ${NEW_HEAD} -p acme/platform/api\n`,
    );
  });

  it('409 without a sha in the message: reads the merge request to name the current head', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${MR}/merge`, method: 'PUT' }).reply(409, ...jsonReply(err('SHA does not match HEAD of source branch')));
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3, { sha: NEW_HEAD })));
    const r = await runCli(['mr', 'merge', '3', ...P, '--yes', '--sha', HEAD], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`!3 was not merged: the head of its source branch is now ${NEW_HEAD}, not ${HEAD}\n`);
  });

  it('other errors pass through unchanged', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${MR}/merge`, method: 'PUT' }).reply(404, ...jsonReply(err('404 Not found')));
    const r = await runCli(['mr', 'merge', '3', ...P, '--yes'], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('collab: 404 Not found\n');
  });

  it('refuses --sha with --sha-from-view and a bad iid (exit 2, nothing sent)', async () => {
    api = mockApi();
    const a = await runCli(['mr', 'merge', '3', ...P, '--yes', '--sha', HEAD, '--sha-from-view'], { transport: api.transport });
    expect(a.code).toBe(2);
    expect(a.stderr).toContain('--sha and --sha-from-view cannot be used together');
    const b = await runCli(['mr', 'merge', 'x', ...P], { transport: api.transport });
    expect(b.code).toBe(2);
  });
});

describe('mr cancel-auto-merge', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());
  const path = `${MR}/cancel_merge_when_pipeline_succeeds`;
  // The method differs by dialect (PUT here, POST on GitLab: test/commands/dialect.test.ts).
  const SPEC_FLAVOR = { COLLAB_FLAVOR: 'spec' };

  it('cancels and prints the merge request', async () => {
    api = mockApi();
    api.pool.intercept({ path, method: 'PUT' }).reply(200, ...jsonReply(mr(3)));
    const r = await runCli(['mr', 'cancel-auto-merge', '3', ...P, '-o', 'json'], { transport: api.transport, env: SPEC_FLAVOR });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(mr(3));
    expect(r.stderr).toBe('Cancelled the automatic merge of !3 (MR 3)\n');
  });

  it('explains 405, 406 and 401', async () => {
    api = mockApi();
    api.pool.intercept({ path, method: 'PUT' }).reply(405, ...jsonReply(err('405 Method Not Allowed')));
    api.pool.intercept({ path, method: 'PUT' }).reply(406, ...jsonReply(err('406 Not Acceptable')));
    api.pool.intercept({ path, method: 'PUT' }).reply(401, ...jsonReply(err('401 Unauthorized')));
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3)));
    const a = await runCli(['mr', 'cancel-auto-merge', '3', ...P], { transport: api.transport, env: SPEC_FLAVOR });
    expect([a.code, a.stderr]).toEqual([
      1,
      'collab: 405 Method Not Allowed — !3 is already merged or closed: there is no pending merge to cancel\n',
    ]);
    const b = await runCli(['mr', 'cancel-auto-merge', '3', ...P], { transport: api.transport, env: SPEC_FLAVOR });
    expect([b.code, b.stderr]).toEqual([
      1,
      'collab: 406 Not Acceptable — !3 is not set to merge when the pipeline succeeds: nothing to cancel\n',
    ]);
    const c = await runCli(['mr', 'cancel-auto-merge', '3', ...P], { transport: api.transport, env: SPEC_FLAVOR });
    expect(c.code).toBe(1);
    expect(c.stderr).toContain('collab: 401 Unauthorized: you are not allowed to cancel the automatic merge of merge request !3\n');
  });
});
