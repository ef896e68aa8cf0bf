import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxFixture, tempDir } from '../helpers/e2e.js';
import { GITLAB_PAIRS, renamedSettingArgs, SETTING_PAIRS, USER_PAIRS } from '../helpers/gitlab-names.js';
import { startSandboxInProcess } from '../helpers/in-process.js';

// collab runs in this process as the binary would (runInProcess): stdout and stderr lose their
// final newline, as execa's do.

/** The commands whose names, methods or answers differ between the dialects, against both flavours. */
describe.each(['spec', 'gitlab'] as const)('the %s dialect, the CLI against the sandbox', (flavor) => {
  let sb: SandboxFixture;
  /** One config dir for the whole file: the flavour is detected on first contact, then read from it. */
  const config = tempDir('collab-dialect-');
  const env = { COLLAB_CONFIG_DIR: config };
  const gitlab = flavor === 'gitlab';

  beforeAll(async () => {
    sb = await startSandboxInProcess({ flavor });
  });
  afterAll(async () => {
    await sb?.close();
  });

  const run = (args: string[]) => sb.run(args, env);
  const json = async (args: string[]) => {
    const r = await run([...args, '-o', 'json']);
    expect(r.exitCode, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    return JSON.parse(r.stdout);
  };
  const versionCalls = () => sb.requests().filter((r) => r.path === '/api/v4/version').length;

  it('detects the flavour once, on the first request that needs it', async () => {
    expect((await run(['issue', 'list', '-p', 'acme/platform/api', '--limit', '1'])).exitCode).toBe(0);
    expect(versionCalls()).toBe(0);
    const r = await run(['settings', 'update', '--spamfilter-enabled', '--spamfilter-api-key', 'key-1', '--default-projects-limit', '5']);
    expect([r.exitCode, r.stderr]).toEqual([0, 'Updated 3 application settings']);
    expect(versionCalls()).toBe(1);
    const configured = await sb.run(['config', 'get', 'flavor', '--host', sb.url], env);
    expect(configured.stdout).toBe(flavor);
    await run(['settings', 'update', '--no-captcha-enabled']);
    expect(versionCalls()).toBe(1);
  });

  it('settings: the spam setting really changes (under the server name), with either spelling', async () => {
    const spam = gitlab ? 'akismet_enabled' : 'spamfilter_enabled';
    let settings = await json(['settings', 'view']);
    expect(settings).toMatchObject({ [spam]: true, default_projects_limit: 5 });
    expect(settings).not.toHaveProperty(gitlab ? 'spamfilter_enabled' : 'akismet_enabled');
    await json(['settings', 'update', '--no-akismet-enabled', '--diagram-enabled', '--plantuml-url', 'https://uml.example.com']);
    settings = await json(['settings', 'view']);
    expect(settings[spam]).toBe(false);
    expect(settings[gitlab ? 'plantuml_url' : 'diagram_url']).toBe('https://uml.example.com');
    // A script written against the spec reads the same field on either server.
    const tsv = await run(['settings', 'view', '--fields', 'diagram_enabled,plantuml_enabled']);
    expect(tsv.stdout).toBe('diagram_enabled\ttrue\nplantuml_enabled\ttrue');
  });

  it('users: profile fields under the server names; block and unblock twice', async () => {
    const updated = await json(['user', 'update', '3', '--microblog', '@bobby', '--skype', 'bob.b']);
    expect(updated).toMatchObject(gitlab ? { twitter: '@bobby', skype: 'bob.b' } : { microblog: '@bobby', messenger: 'bob.b' });
    const first = await run(['user', 'block', '3']);
    expect([first.exitCode, first.stderr]).toEqual([0, 'Blocked user 3']);
    const second = await run(['user', 'block', '3']);
    expect([second.exitCode, second.stderr]).toEqual([0, gitlab ? 'User 3 was already blocked: nothing changed' : 'Blocked user 3']);
    expect((await run(['user', 'unblock', '3'])).stderr).toBe('Unblocked user 3');
    const again = await run(['user', 'unblock', '3']);
    expect([again.exitCode, again.stderr]).toEqual([0, gitlab ? 'User 3 was not blocked: nothing changed' : 'Unblocked user 3']);
    const keys = await run(['user', 'key', 'list', '--user', 'alice', '--header']);
    expect(keys.stdout.split('\n')[0]).toBe('id\ttitle\tusage\tcreated');
    expect(keys.stdout).toContain('\tauth_and_signing\t');
  });

  it('merge requests: cancel the automatic merge with the method the server routes; approvals under either name', async () => {
    const scheduled = await run(['mr', 'merge', '8', '-p', 'acme/platform/api', '--when-pipeline-succeeds', '--no-sha-from-view', '--yes']);
    expect(scheduled.exitCode, scheduled.stderr).toBe(0);
    const cancelled = await run(['mr', 'cancel-auto-merge', '8', '-p', 'acme/platform/api']);
    expect(cancelled.exitCode).toBe(0);
    expect(cancelled.stderr).toMatch(/^Cancelled the automatic merge of !8( \(.+\))?$/);
    const methods = sb
      .requests()
      .filter((r) => r.path.endsWith('/merge_requests/8/cancel_merge_when_pipeline_succeeds'))
      .map((r) => r.method);
    expect(methods).toEqual([gitlab ? 'POST' : 'PUT']);
    expect((await json(['mr', 'view', '8', '-p', 'acme/platform/api'])).merge_when_pipeline_succeeds).toBe(false);

    const approvals = await json(['mr', 'approvals', '6', '-p', 'acme/platform/api']);
    expect(approvals[gitlab ? 'approvals_left' : 'approvals_missing']).toBe(1);
    const missing = await run(['mr', 'approvals', '6', '-p', 'acme/platform/api', '--fields', 'approvals_missing']);
    expect(missing.stdout).toBe('approvals_missing\t1');
  });

  it('views and tables use the fields GitLab always sends', async () => {
    const view = await run(['mr', 'view', '8', '-p', 'acme/platform/api', '-o', 'table']);
    const line = (key: string) => view.stdout.split('\n').find((l) => l.startsWith(`${key} `));
    expect(line('head_pipeline')).toMatch(/^head_pipeline +#\d+ (running|success|failed|pending|canceled)$/);
    expect(line('reviewers')).toMatch(/alice$/);
    expect(line('detailed_merge_status')).toMatch(/mergeable$/);
    const list = await run(['mr', 'list', '-p', 'acme/platform/api', '--header']);
    expect(list.stdout.split('\n')[0]).toBe('IID\tstate\ttitle\tbranches\tauthor\treviewers\tmerge status\tupdated');
    expect(list.stdout).toMatch(/\n4\topened\tRefactor storage layer\t[^\t]+\talice\t\tconflict\t/);
    const jobs = await run(['job', 'list', '-p', 'acme/platform/api', '--scope', 'success', '--limit', '1', '--fields', 'id,duration']);
    expect(jobs.stdout).toMatch(/^\d+\t(\d+m )?\d+s$/);
    const issue = await json(['issue', 'view', '1', '-p', 'acme/platform/api']);
    expect(issue).toMatchObject({
      references: { full: 'acme/platform/api#1' },
      type: 'ISSUE',
      task_completion_status: { count: expect.any(Number) },
    });
    const project = await json(['project', 'view', '-p', 'acme/platform/api']);
    expect(project).toHaveProperty('topics');
  });

  it('every renamed setting: either spelling, on and off, lands under the server name', async () => {
    const specNames = SETTING_PAIRS.map(([spec]) => spec).join(',');
    for (const [spelling, on] of [
      ['gitlab', true],
      ['spec', false],
      ['spec', true],
      ['gitlab', false],
    ] as const) {
      const { argv, values } = renamedSettingArgs(spelling, on);
      const r = await run(['settings', 'update', ...argv, '-o', 'json', '--fields', specNames]);
      expect([r.exitCode, r.stderr], `${spelling} ${on}`).toEqual([0, `Updated ${SETTING_PAIRS.length} application settings`]);
      expect(JSON.parse(r.stdout)).toEqual(values);
      const stored = await json(['settings', 'view']);
      for (const [spec, gitlab] of SETTING_PAIRS) {
        expect(stored[gitlab ? (flavor === 'gitlab' ? gitlab : spec) : spec], spec).toEqual(values[spec]);
        expect(stored, spec).not.toHaveProperty(flavor === 'gitlab' ? spec : gitlab);
      }
    }
  });

  it('users: every profile field in either spelling', async () => {
    for (const spelling of ['gitlab', 'spec'] as const) {
      const argv = USER_PAIRS.flatMap(([spec, gitlab]) => [
        `--${(spelling === 'spec' ? spec : gitlab).replace(/_/g, '-')}`,
        `${spelling}-${spec}`,
      ]);
      const updated = await json(['user', 'update', '4', ...argv]);
      for (const [spec, gitlab] of USER_PAIRS) {
        expect(updated[gitlab ? (flavor === 'gitlab' ? gitlab : spec) : spec]).toBe(`${spelling}-${spec}`);
        expect(updated).not.toHaveProperty(flavor === 'gitlab' ? spec : gitlab);
      }
      const read = await run(['user', 'view', '4', '--fields', USER_PAIRS.map(([, gitlab]) => gitlab).join(',')]);
      expect(read.stdout).toBe(USER_PAIRS.map(([spec, gitlab]) => `${gitlab}\t${spelling}-${spec}`).join('\n'));
    }
  });

  it('settings: the abuse address and the git protocol as each server takes them', async () => {
    const r = await json(['settings', 'update', '--admin-notification-email', 'abuse@example.com']);
    expect(r[gitlab ? 'abuse_notification_email' : 'admin_notification_email']).toBe('abuse@example.com');
    // `nil` (both protocols) in the spec's dialect, `all` in newer GitLab: each refuses the other.
    const both = gitlab ? 'all' : 'nil';
    expect((await json(['settings', 'update', '--enabled-git-access-protocol', both])).enabled_git_access_protocol).toBe(both);
    const other = await run(['settings', 'update', '--enabled-git-access-protocol', gitlab ? 'nil' : 'all']);
    expect([other.exitCode, other.stderr]).toEqual([1, 'collab: 400 enabled_git_access_protocol does not have a valid value']);
    // GitLab takes the performance bar switch but never shows it: no "ignored" warning.
    const bar = await run(['settings', 'update', '--no-performance-bar-enabled']);
    expect([bar.exitCode, bar.stderr]).toEqual([0, 'Updated 1 application setting']);
  });

  it('cancel-auto-merge with nothing to cancel fails on either server (GitLab: 201 {"status":"error"})', async () => {
    const r = await run(['mr', 'cancel-auto-merge', '1', '-p', 'acme/platform/api']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe(
      `collab: 406 ${gitlab ? "Can't cancel the automatic merge" : 'Not Acceptable'} — !1 ` +
        `is not set to merge when the pipeline succeeds: nothing to cancel`,
    );
  });

  it('projects: the printing-link field read under either name', async () => {
    for (const field of ['printing_merge_requests_link_enabled', 'printing_merge_request_link_enabled']) {
      const r = await run(['project', 'view', '-p', 'acme/platform/api', '--fields', field]);
      expect([r.exitCode, r.stdout]).toEqual([0, `${field}\ttrue`]);
    }
    const project = await json(['project', 'view', '-p', 'acme/platform/api']);
    expect(project).toHaveProperty(gitlab ? 'printing_merge_request_link_enabled' : 'printing_merge_requests_link_enabled');
    expect(GITLAB_PAIRS).toContainEqual(['printing_merge_requests_link_enabled', 'printing_merge_request_link_enabled']);
  });

  it('jobs: play answers 200 on GitLab, 201 on the spec; both succeed', async () => {
    const manual = (await json(['job', 'list', '-p', 'acme/platform/api', '--scope', 'manual', '--limit', '1']))[0];
    const played = await run(['job', 'play', String(manual.id), '-p', 'acme/platform/api', '--fields', 'status']);
    // GitLab's Ci::PlayBuildService enqueues the job (pending); the spec's server answers `started`.
    expect([played.exitCode, played.stdout]).toEqual([0, gitlab ? 'pending' : 'started']);
  });
});
