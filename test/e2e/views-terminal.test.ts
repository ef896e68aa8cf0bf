/**
 * The views people read, as they read them: the built binary in a pseudo-terminal at 40, 80 and
 * 160 columns against the sandbox in both flavours. On a terminal an issue, merge request, job,
 * project, group and user is a card (title, status, the fields that matter, the description, its
 * link); --raw-fields, --fields, -o json and pipes keep every field as before.
 */
import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type SandboxFixture, startSandboxFixture } from '../helpers/e2e.js';
import { plain, runInTerminal } from '../helpers/terminal.js';

const API = 'acme/platform/api';
const WEBSITE = 'acme/website';

/** Relative times read from the real clock: named `<when>` so that screens compare exactly. */
const timeless = (screen: string) =>
  plain(screen).replace(/(?:\d+ (?:minute|hour|day|week|month|year)s? ago|in \d+ \w+|just now)/g, '<when>');

/** Every line fits the width, but a line that is one whole URL (never cut, never broken). */
function expectFits(screen: string, cols: number): void {
  for (const line of plain(screen).split('\n')) {
    if (/^(?:\S+:\/\/\S+|[\w.-]+@[\w.-]+:\S+)$/.test(line)) continue;
    expect(stringWidth(line), line).toBeLessThanOrEqual(cols);
  }
}

for (const flavor of ['spec', 'gitlab'] as const) {
  describe(`views in a terminal, ${flavor} flavour`, () => {
    let sb: SandboxFixture;
    let env: Record<string, string>;
    const view = (args: string[], cols: number, more: Record<string, string> = {}) =>
      runInTerminal(args, { cols, env: { ...env, NO_COLOR: '1', ...more } });

    beforeAll(async () => {
      sb = await startSandboxFixture({ flavor });
      env = { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN, COLLAB_FLAVOR: flavor, COLLAB_NO_INPUT: '1', COLLAB_PAGER: 'cat' };
    });
    afterAll(() => sb?.close());

    it('issue view at 80 columns: title, status, fields, the description from line 4, the link', async () => {
      const r = await view(['issue', 'view', '1', '-p', API], 80);
      expect(r.code, r.screen).toBe(0);
      expect(timeless(r.screen)).toBe(
        [
          `Login fails when login is enabled ${API}#1`,
          'Open · alice opened <when> · 0 comments',
          'Labels  needs review',
          'Due     2025-02-07 (<when>)',
          '',
          'Steps to reproduce:',
          '',
          '1. Enable the feature',
          '2. Call the endpoint twice',
          '3. Observe the error',
          '',
          'Expected: a clean response.',
          '',
          `View it at ${sb.url}/${API}/issues/1`,
          '',
        ].join('\n'),
      );
    });

    for (const cols of [40, 80, 160]) {
      it(`at ${cols} columns every card fits, starts with its title and ends with its link`, async () => {
        const cases: [string[], string][] = [
          [['issue', 'view', '1', '-p', API], 'Login fails when login is enabled'],
          [['mr', 'view', '6', '-p', API], 'Harden artifact downloads'],
          [['job', 'view', '1', '-p', API], 'build'],
          [['project', 'view', API], 'API'],
          [['group', 'view', 'acme'], 'Acme'],
          [['user', 'view', 'alice'], 'Alice Liddell'],
        ];
        const screens: string[] = [];
        for (const [args, title] of cases) {
          const r = await view(args, cols);
          screens.push(r.screen);
          expect(r.code, r.screen).toBe(0);
          expectFits(r.screen, cols);
          const lines = plain(r.screen).split('\n');
          expect(lines[0]!.startsWith(title), lines[0]).toBe(true);
          expect(r.screen).not.toMatch(/^(?:project_id|_links|time_stats|references) /m);
          const at = lines.findIndex((l) => l.startsWith('View it at'));
          expect(at, r.screen).toBeGreaterThan(1);
          expect(`${lines[at]} ${lines[at + 1]}`).toMatch(/^View it at:? ?\S*:\/\/\S+/);
        }
        // The issue's card (the first case): where its description starts.
        const issue = plain(screens[0]!).split('\n');
        expect(issue.indexOf('Steps to reproduce:')).toBeLessThanOrEqual(cols === 40 ? 7 : 5);
      });
    }

    it('in colour the title is bold; NO_COLOR has no escape at all', async () => {
      const colour = await runInTerminal(['issue', 'view', '1', '-p', API], { cols: 80, env });
      expect(colour.screen.startsWith('\u001b[1mLogin fails')).toBe(true);
      expect((await view(['issue', 'view', '1', '-p', API], 80)).screen).not.toContain('\u001b');
    });

    it('--raw-fields shows every field as before; --fields what it names; piped and -o json as before', async () => {
      const raw = plain((await view(['issue', 'view', '1', '-p', API, '--raw-fields'], 80)).screen);
      expect(raw).toMatch(/^id +\d+\niid +1\nproject_id +\d+\n/);
      expect(raw).toMatch(/\ndescription\nSteps to reproduce:/);
      const named = plain((await view(['issue', 'view', '1', '-p', API, '--fields', 'iid,state'], 80)).screen);
      expect(named).toBe('iid    1\nstate  opened\n');
      const piped = await sb.run(['issue', 'view', '1', '-p', API], { COLLAB_FLAVOR: flavor });
      expect(piped.stdout.toString()).toMatch(/^id\t\d+\niid\t1\nproject_id\t\d+\n/);
      const json = JSON.parse((await sb.run(['issue', 'view', '1', '-p', API, '-o', 'json'], { COLLAB_FLAVOR: flavor })).stdout.toString());
      const answer = JSON.parse(
        (await sb.run(['api', `/projects/${encodeURIComponent(API)}/issues/1`], { COLLAB_FLAVOR: flavor })).stdout.toString(),
      );
      expect(json).toEqual(answer);
    });

    it('a job: commit in 8 characters, durations humanised, in the card and with --raw-fields', async () => {
      const card = timeless((await view(['job', 'view', '1', '-p', API], 80)).screen);
      expect(card).toMatch(/^Commit +[0-9a-f]{8} Merge branch 'main' pipeline 1$/m);
      expect(card).toMatch(/^Duration +2m 00s( \(queued 30s\))?$/m);
      const raw = plain((await view(['job', 'view', '1', '-p', API, '--raw-fields'], 80)).screen);
      expect(raw).toMatch(/^duration +2m 00s$/m);
      if (flavor === 'gitlab') expect(raw).toMatch(/^queued_duration +30s$/m);
      const versions = plain((await view(['mr', 'versions', '1', '-p', API], 80)).screen);
      expect(versions).toMatch(/^1 +collected +[0-9a-f]{8} +[0-9a-f]{8} +[0-9a-f]{8} /m);
      const sha = JSON.parse((await sb.run(['mr', 'view', '1', '-p', API, '-o', 'json'], { COLLAB_FLAVOR: flavor })).stdout.toString()).sha;
      expect(sha).toMatch(/^[0-9a-f]{40}$/);
      // A SHA asked for by name is shown whole (what `mr merge --sha` takes).
      expect(plain((await view(['mr', 'view', '1', '-p', API, '--fields', 'sha'], 80)).screen)).toBe(`sha  ${sha}\n`);
    });

    it('a project: clone URLs whole, on their own line when they do not fit beside their label', async () => {
      const narrow = plain((await view(['project', 'view', API], 40)).screen).split('\n');
      const clone = narrow.indexOf('Clone');
      expect(clone, narrow.join('\n')).toBeGreaterThan(0);
      expect(narrow[clone + 1]).toBe(`${sb.url}/${API}.git`);
      const wide = plain((await view(['project', 'view', API], 160)).screen);
      expect(wide).toMatch(new RegExp(`^Clone +${sb.url.replace(/\./g, '\\.')}/${API}\\.git$`, 'm'));
    });

    it('a long value is cut with … at the width, never wrapped', async () => {
      const r = plain((await view(['project', 'view', API], 40)).screen);
      expect(r).toMatch(/^Counts +\d+ stars, \d+ forks, .*…$/m);
    });
  });
}

describe('mr view and mr jobs: the head pipeline and its failed jobs', () => {
  let gitlab: SandboxFixture;
  let spec: SandboxFixture;
  const envOf = (sb: SandboxFixture, flavor: string) => ({
    COLLAB_HOST: sb.url,
    COLLAB_TOKEN: ADMIN_TOKEN,
    COLLAB_FLAVOR: flavor,
    COLLAB_PAGER: 'cat',
    NO_COLOR: '1',
  });
  const jobRequests = (sb: SandboxFixture) => sb.requests().filter((r) => /\/pipelines\/\d+\/jobs/.test(r.path));

  beforeAll(async () => {
    [gitlab, spec] = await Promise.all([startSandboxFixture({ flavor: 'gitlab' }), startSandboxFixture({ flavor: 'spec' })]);
  });
  afterAll(async () => {
    await gitlab?.close();
    await spec?.close();
  });

  it('a failed head pipeline: its status and failed jobs by name and id, one request for them', async () => {
    await gitlab.clearRequests();
    const r = await runInTerminal(['mr', 'view', '3', '-p', WEBSITE], { cols: 80, env: envOf(gitlab, 'gitlab') });
    expect(r.code, r.screen).toBe(0);
    const jobs = JSON.parse((await gitlab.run(['job', 'list', '-p', WEBSITE, '-o', 'json'])).stdout.toString());
    const build = jobs.find((j: any) => j.status === 'failed' && j.ref === 'press/kit');
    expect(timeless(r.screen)).toBe(
      [
        `Refresh the press kit ${WEBSITE}!3`,
        'Open · carol opened <when> · 1 comment',
        'Branches      press/kit → main',
        'Merge status  the pipeline must succeed',
        `Pipeline      failed #${build.pipeline.id}`,
        `Failed jobs   build (job ${build.id})`,
        '',
        'Refresh the press kit.',
        '',
        'See the linked issues for context.',
        '',
        `View it at ${gitlab.url}/${WEBSITE}/merge_requests/3`,
        '',
      ].join('\n'),
    );
    const asked = jobRequests(gitlab);
    expect(asked).toHaveLength(1);
    expect(decodeURIComponent(asked[0]!.path)).toMatch(new RegExp(`/pipelines/${build.pipeline.id}/jobs\\?.*scope\\[\\]=failed`));
  });

  it('a pipeline that did not fail: its status, and no request for its jobs; piped: no request either', async () => {
    await gitlab.clearRequests();
    const r = await runInTerminal(['mr', 'view', '1', '-p', API], { cols: 80, env: envOf(gitlab, 'gitlab') });
    expect(plain(r.screen)).toMatch(/^Pipeline +canceling #\d+$/m);
    expect(plain(r.screen)).not.toContain('Failed jobs');
    await gitlab.run(['mr', 'view', '3', '-p', WEBSITE], { COLLAB_FLAVOR: 'gitlab' });
    expect(jobRequests(gitlab)).toHaveLength(0);
    await spec.clearRequests();
    const running = await runInTerminal(['mr', 'view', '8', '-p', API], { cols: 80, env: envOf(spec, 'spec') });
    expect(plain(running.screen)).toMatch(/^Pipeline +running #\d+$/m);
    expect(jobRequests(spec)).toHaveLength(0);
  });

  it('approvals missing are read only when the merge request waits for them', async () => {
    for (const [sb, flavor] of [
      [gitlab, 'gitlab'],
      [spec, 'spec'],
    ] as const) {
      await sb.clearRequests();
      const waiting = await runInTerminal(['mr', 'view', '6', '-p', API], { cols: 80, env: envOf(sb, flavor) });
      expect(plain(waiting.screen)).toMatch(/^Approvals +2 required, 1 missing; approved by carol$/m);
      expect(sb.requests().filter((q) => q.path.endsWith('/approvals'))).toHaveLength(1);
    }
    await gitlab.clearRequests();
    await runInTerminal(['mr', 'view', '1', '-p', API], { cols: 80, env: envOf(gitlab, 'gitlab') });
    expect(gitlab.requests().filter((q) => q.path.endsWith('/approvals'))).toHaveLength(0);
  });

  it('mr jobs lists the head pipeline jobs (for job trace), in every output mode; none: exit 1', async () => {
    const table = await runInTerminal(['mr', 'jobs', '3', '-p', WEBSITE], { cols: 80, env: envOf(gitlab, 'gitlab') });
    expect(plain(table.screen)).toMatch(/^ID +STATUS +STAGE +NAME/);
    expect(plain(table.screen)).toMatch(/^\d+ +failed +build +build +press\/kit /m);
    const json = JSON.parse((await spec.run(['mr', 'jobs', '8', '-p', API, '-o', 'json'])).stdout.toString());
    expect(json.map((j: any) => j.name).sort()).toEqual(['build', 'deploy', 'package', 'test']);
    expect(new Set(json.map((j: any) => j.pipeline.id)).size).toBe(1);
    const failed = await spec.run(['mr', 'jobs', '8', '-p', API, '--scope', 'success', '-o', 'tsv', '--fields', 'name']);
    expect(failed.stdout.toString().trim()).toBe('build');
    const none = await spec.run(['mr', 'jobs', '2', '-p', API]);
    expect(none.exitCode).toBe(1);
    expect(none.stderr).toContain(`merge request !2 in ${API} has no pipeline`);
  });
});
