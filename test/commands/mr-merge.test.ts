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
    'asks on a terminal, showing title, branches, merge status, the head it pins, ' + 'approvals and the pipeline, then merges that head',
    async () => {
      api = mockApi();
      const seen = mr(3, {
        sha: HEAD,
        title: 'Add feature X',
        detailed_merge_status: 'mergeable',
        head_pipeline: { id: 45, status: 'failed' },
      });
      api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(seen));
      api.pool
        .intercept({ path: `${MR}/approvals`, method: 'GET' })
        .reply(200, ...jsonReply({ approvals_required: 1, approvals_missing: 0, approved_by: [] }));
      api.pool.intercept({ path: `${MR}/merge`, method: 'PUT', body: JSON.stringify({ sha: HEAD }) }).reply(200, ...jsonReply(merged()));
      const prompter = scriptedPrompter([true]);
      const r = await runCli(['mr', 'merge', '3', ...P], { transport: api.transport, tty: true, prompter });
      expect(r.code).toBe(0);
      expect(prompter.asked).toEqual(['Merge !3 (Add feature X) in acme/platform/api?']);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/\n✓ Merged !3 \(MR 3\): feature\/x → main as abcdef01\n$/);
      expect(r.stderr).toContain(
        '  feature/x → main\n  merge status: mergeable\n  head 1f2e3d4c, pinned: a push ' +
          'after this makes the merge fail\n  approvals: none missing\n  pipeline: failed (#45)\n',
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

  describe('refused before asking when the server is certain to refuse: exit 1, the reason and the next step, nothing sent', () => {
    const approvals = { approvals_required: 2, approvals_left: 1, approved_by: [{ user: { username: 'carol' } }] };
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['closed', { state: 'closed' }, 'it is closed', 'reopen it with: collab mr reopen 3 -p acme/platform/api'],
      [
        'merged',
        { state: 'merged', merge_commit_sha: 'abcdef0123' },
        'it is already merged (merge commit abcdef01)',
        'see it with: collab mr view 3 -p acme/platform/api',
      ],
      [
        'a draft',
        { title: 'Draft: x', detailed_merge_status: 'draft_status' },
        'it is a draft',
        'mark it ready with: collab mr update 3 -p acme/platform/api --ready',
      ],
      [
        'a draft (spec)',
        { title: 'WIP: x', work_in_progress: true },
        'it is a draft',
        'mark it ready with: collab mr update 3 -p acme/platform/api --ready',
      ],
      [
        'in conflict',
        { has_conflicts: true, detailed_merge_status: 'conflict' },
        'feature/x conflicts with main',
        'resolve the conflicts: collab mr checkout 3 -p acme/platform/api, rebase it onto main (or merge that in), and push',
      ],
      [
        'not approved',
        { detailed_merge_status: 'not_approved', reviewers: [{ username: 'carol' }, { username: 'root' }] },
        'it needs 1 more approval of 2 (approved by carol; not yet by reviewer root)',
        'once approved: collab mr merge 3 -p acme/platform/api, or now: collab mr merge 3 -p acme/platform/api --auto',
      ],
      [
        'with unresolved discussions',
        { detailed_merge_status: 'discussions_not_resolved', web_url: 'https://gitlab.example.com/acme/platform/api/-/merge_requests/3' },
        'it has unresolved discussions and the project requires them resolved',
        'resolve them at https://gitlab.example.com/acme/platform/api/-/merge_requests/3',
      ],
      [
        'behind its target',
        { detailed_merge_status: 'need_rebase' },
        'the project merges by fast-forward and feature/x is behind main',
        'rebase it on the server: collab mr rebase 3 -p acme/platform/api, then merge it: collab mr merge 3 -p acme/platform/api',
      ],
      [
        'with a failed pipeline the project requires',
        { detailed_merge_status: 'ci_must_pass', head_pipeline: { id: 45, status: 'failed' } },
        'its pipeline #45 failed and the project merges only after a successful pipeline',
        'see the failed jobs (collab job list --pipeline 45 --scope failed), fix them and push, or retry them (collab job retry)',
      ],
      [
        'with a running pipeline the project requires',
        { detailed_merge_status: 'ci_still_running', head_pipeline: { id: 46, status: 'running' } },
        'its pipeline #46 is running and the project merges only after a successful pipeline',
        'let it merge when the pipeline succeeds: collab mr merge 3 -p acme/platform/api --auto',
      ],
      [
        'blocked',
        { detailed_merge_status: 'blocked_status' },
        'it is blocked by merge requests it depends on, not merged yet',
        'see it with: collab mr view 3 -p acme/platform/api',
      ],
    ];
    it.each(cases)('%s', async (_name, fields, why, next) => {
      api = mockApi();
      api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3, { sha: HEAD, ...fields })));
      api.pool.intercept({ path: `${MR}/approvals`, method: 'GET' }).reply(200, ...jsonReply(approvals));
      const prompter = scriptedPrompter([]);
      // GitLab's merge checks (detailed_merge_status): a GitLab host.
      const env = { COLLAB_FLAVOR: 'gitlab' };
      const r = await runCli(['mr', 'merge', '3', ...P], { transport: api.transport, tty: true, prompter, env });
      expect(prompter.asked).toEqual([]);
      expect([r.code, r.stdout]).toEqual([1, '']);
      expect(r.stderr).toBe(`collab: !3 cannot be merged: ${why}; nothing was sent\nhint: ${next}\n`);
    });

    it('also when nobody is asked (--yes, the head read to pin it); the approvals read only where they decide', async () => {
      api = mockApi();
      api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3, { sha: HEAD, detailed_merge_status: 'conflict' })));
      const r = await runCli(['mr', 'merge', '3', ...P, '--yes', '--sha-from-view'], { transport: api.transport });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('collab: !3 cannot be merged: feature/x conflicts with main; nothing was sent\n');
    });
  });

  it('--auto (--when-pipeline-succeeds) waits out a running pipeline and missing approvals: asked, then scheduled', async () => {
    api = mockApi();
    const seen = mr(3, { sha: HEAD, detailed_merge_status: 'ci_still_running', head_pipeline: { id: 46, status: 'running' } });
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(seen));
    api.pool.intercept({ path: `${MR}/approvals`, method: 'GET' }).reply(200, ...jsonReply({ approvals_left: 1 }));
    api.pool
      .intercept({ path: `${MR}/merge`, method: 'PUT', body: JSON.stringify({ sha: HEAD, merge_when_pipeline_succeeds: true }) })
      .reply(200, ...jsonReply(mr(3, { sha: HEAD, merge_when_pipeline_succeeds: true })));
    const prompter = scriptedPrompter([true]);
    const r = await runCli(['mr', 'merge', '3', ...P, '--auto'], { transport: api.transport, tty: true, prompter });
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.asked).toEqual(['Merge !3 (MR 3) in acme/platform/api?']);
    expect(r.stderr).toContain('  merge status: ci_still_running\n');
    expect(r.stderr).toContain('  merges by itself when the pipeline succeeds (auto-merge)\n');
    expect(r.stderr).toContain('!3 (MR 3) will merge when the pipeline succeeds');
  });

  describe('a refusal after the question is explained from the merge request read again (merge_error, detailed_merge_status)', () => {
    const refused = (status: number, message: string, after: Record<string, unknown>) => {
      api = mockApi();
      api.pool.intercept({ path: `${MR}/merge`, method: 'PUT' }).reply(status, ...jsonReply(err(message)));
      api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3, after)));
      return runCli(['mr', 'merge', '3', ...P, '--yes'], { transport: api.transport });
    };

    it("405 (GitLab's failed merge check): the check named from detailed_merge_status", async () => {
      const r = await refused(405, '405 Method Not Allowed', { detailed_merge_status: 'discussions_not_resolved' });
      expect([r.code, r.stdout]).toEqual([1, '']);
      expect(r.stderr).toBe(
        'collab: 405 Method Not Allowed — !3 was not merged: it has unresolved ' +
          'discussions and the project requires them resolved; detailed merge status ' +
          'discussions_not_resolved\n' +
          'hint: resolve them: collab mr view 3 -p acme/platform/api\n',
      );
    });

    it("422 Branch cannot be merged (GitLab's conflicts): with the merge error GitLab recorded", async () => {
      const r = await refused(422, 'Branch cannot be merged', {
        detailed_merge_status: 'conflict',
        merge_error: 'Merge conflicts in app.rb',
      });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        'collab: 422 Branch cannot be merged — !3 was not merged: feature/x conflicts ' +
          'with main; detailed merge status conflict; merge error: Merge conflicts in app.rb\n',
      );
      expect(r.stderr).toContain('hint: resolve the conflicts: collab mr checkout 3 -p acme/platform/api');
    });

    // lib/api/merge_requests.rb before `execute_merge`: `mergeable?` fails on the git state too
    // (CheckRebaseStatusService), so a fast-forward project's merge request behind its target gets 422.
    it('422 where the merge request names no reason: conflicts or a rebase needed, both named', async () => {
      const r = await refused(422, 'Branch cannot be merged', { detailed_merge_status: 'mergeable' });
      expect(r.stderr).toContain(
        'hint: GitLab answers 422 when the branch cannot be merged (conflicts with the target, or a ' +
          'rebase needed where the project merges by fast-forward); see why: collab mr view 3 -p acme/platform/api\n',
      );
    });

    it('405 with nothing to name: the status, and where to look; no hint cites the spec', async () => {
      const r = await refused(405, '405 Method Not Allowed', { detailed_merge_status: 'mergeable' });
      expect(r.stderr).toBe(
        'collab: 405 Method Not Allowed — !3 was not merged: the merge request names no ' +
          'reason (state opened, detailed merge status mergeable)\n' +
          'hint: GitLab answers 405 when one of its merge checks fails; see why: collab mr view 3 -p acme/platform/api\n',
      );
      expect(r.stderr).not.toMatch(/spec/);
    });

    // The spec's merge refuses conflicts, a closed or merged one and a wrong sha, never approvals missing.
    it('406 from a spec server: already merged; approvals missing are no reason there', async () => {
      const a = await refused(406, '406 Method Not Allowed', { state: 'merged', merge_commit_sha: 'abcdef0123456789' });
      expect(a.stderr).toBe(
        'collab: 406 Method Not Allowed — !3 was not merged: it is already merged (merge commit abcdef01); merge status can_be_merged\n' +
          'hint: see it with: collab mr view 3 -p acme/platform/api\n',
      );
      api.pool.intercept({ path: `${MR}/merge`, method: 'PUT' }).reply(406, ...jsonReply(err('406 Method Not Allowed')));
      api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3)));
      api.pool
        .intercept({ path: `${MR}/approvals`, method: 'GET' })
        .reply(200, ...jsonReply({ approvals_required: 2, approvals_missing: 1, approved_by: [] }));
      const b = await runCli(['mr', 'merge', '3', ...P, '--yes'], { transport: api.transport, env: { COLLAB_FLAVOR: 'spec' } });
      expect(b.stderr).toContain('— !3 was not merged: the merge request names no reason (state opened, merge status can_be_merged)\n');
    });
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

// GitLab's `PUT …/merge` takes `squash` and `squash_commit_message` (lib/api/merge_requests.rb,
// `build_merge_params`: `merge_request.update(squash: params[:squash]) if params[:squash]`) and
// answers `squash_commit_sha` (lib/api/entities/merge_request_basic.rb); the spec's merge has neither.
describe('mr merge --squash', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());
  const GITLAB = { COLLAB_FLAVOR: 'gitlab' };
  const SQUASH = '5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e';

  it('sends squash and the squashed commit message, and says what the branch was squashed into', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${MR}/merge`, method: 'PUT', body: JSON.stringify({ squash_commit_message: 'Add X', squash: true }) })
      .reply(200, ...jsonReply(merged({ squash_commit_sha: SQUASH })));
    const r = await runCli(['mr', 'merge', '3', ...P, '--squash-message', 'Add X', '--yes'], { transport: api.transport, env: GITLAB });
    expect([r.code, r.stderr]).toEqual([0, 'Merged !3 (MR 3): feature/x → main as abcdef01, squashed into 5e5e5e5e\n']);
  });

  it('shows the squash in what it asks on a terminal', async () => {
    api = mockApi();
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3, { sha: HEAD, detailed_merge_status: 'mergeable' })));
    api.pool.intercept({ path: `${MR}/approvals`, method: 'GET' }).reply(200, ...jsonReply({ approvals_left: 0, approved_by: [] }));
    api.pool
      .intercept({ path: `${MR}/merge`, method: 'PUT', body: JSON.stringify({ squash: true, sha: HEAD }) })
      .reply(200, ...jsonReply(merged({ squash_commit_sha: SQUASH })));
    const prompter = scriptedPrompter([true]);
    const r = await runCli(['mr', 'merge', '3', ...P, '--squash'], { transport: api.transport, env: GITLAB, tty: true, prompter });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("  pipeline: none\n  squashes the source branch's commits into one\n");
    expect(r.stderr).toMatch(/✓ Merged !3 \(MR 3\): feature\/x → main as abcdef01, squashed into 5e5e5e5e\n$/);
  });

  it("is refused on a server of the spec's dialect, whose merge would not squash: exit 2, nothing sent", async () => {
    api = mockApi();
    for (const flag of [['--squash'], ['--squash-message', 'Add X']]) {
      const r = await runCli(['mr', 'merge', '3', ...P, ...flag, '--yes'], { transport: api.transport, env: { COLLAB_FLAVOR: 'spec' } });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        new RegExp(`^collab: ${flag[0]} needs GitLab: this server speaks the spec's API, whose merge does not squash`),
      );
    }
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
