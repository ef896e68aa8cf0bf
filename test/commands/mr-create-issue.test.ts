/**
 * `mr create --related-issue` (glab's flag) and the answer to a source branch the server does not
 * have, in-process: the issue read in the project (GET /projects/:id/issues/:iid, doc/api/issues.md),
 * its title the prompt's default, `Closes #<iid>` in the description (GitLab closes it on merge:
 * doc/user/project/issues/managing_issues.md, "closing pattern").
 */
import { isDeepStrictEqual } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, runCli, scriptedPrompter } from '../helpers/harness.js';
import { mr } from './mr-fixtures.js';

const PROJECT = '/api/v4/projects/acme%2Fplatform%2Fapi';
const MRS = `${PROJECT}/merge_requests`;
const P = ['-p', 'acme/platform/api', '--source', 'fix/crash', '--target', 'main'];
const ISSUE = { id: 70, iid: 7, title: 'Crash on save', labels: ['bug', 'ux'], milestone: { id: 4, title: 'v1.1' } };

describe('mr create --related-issue', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());
  const sends = (body: Record<string, unknown>) =>
    api.pool
      .intercept({ path: MRS, method: 'POST', body: (b: string) => isDeepStrictEqual(JSON.parse(b), body) })
      .reply(201, ...jsonReply(mr(9)));

  it("on a terminal: the issue's title is the prompt's default; the description closes the issue", async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${PROJECT}/issues/7`, method: 'GET' })
      .reply(200, ...jsonReply(ISSUE))
      .times(2);
    sends({ source_branch: 'fix/crash', target_branch: 'main', title: 'Crash on save', description: 'Saves first.\n\nCloses #7' });
    const prompter = scriptedPrompter(['']);
    const r = await runCli(['mr', 'create', ...P, '--related-issue', '7', '-d', 'Saves first.'], {
      transport: api.transport,
      tty: true,
      prompter,
    });
    expect(r.code, r.stderr).toBe(0);
    expect([prompter.asked, prompter.defaults]).toEqual([['Title:'], ['Crash on save']]);
  });

  it('--copy-issue-labels: its labels beside --labels, its milestone; a closing pattern already there is not repeated', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${PROJECT}/issues/7`, method: 'GET' }).reply(200, ...jsonReply(ISSUE));
    sends({
      source_branch: 'fix/crash',
      target_branch: 'main',
      title: 'Mine',
      description: 'Fixes #7 at last',
      labels: 'review,bug,ux',
      milestone_id: 4,
    });
    const r = await runCli(
      ['mr', 'create', ...P, '--title', 'Mine', '-i', '7', '--copy-issue-labels', '--labels', 'review', '-d', 'Fixes #7 at last'],
      { transport: api.transport },
    );
    expect(r.code, r.stderr).toBe(0);
  });

  it('--copy-issue-labels alone, and a bad iid: exit 2, nothing sent', async () => {
    api = mockApi();
    const alone = await runCli(['mr', 'create', ...P, '--title', 'T', '--copy-issue-labels'], { transport: api.transport });
    expect([alone.code, alone.stderr]).toEqual([2, 'collab: --copy-issue-labels goes with --related-issue <iid>\n']);
    const bad = await runCli(['mr', 'create', ...P, '--title', 'T', '--related-issue', 'seven'], { transport: api.transport });
    expect(bad.code).toBe(2);
  });
});

describe('mr create: the server has no such source branch', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  // GitLab's model validation (`{"message":{"source_branch":["does not exist"]}}`) and its older build
  // service's line (app/services/merge_requests/build_service.rb: `Source branch "x" does not exist`).
  for (const message of [{ source_branch: ['does not exist'] }, ['Source branch "fix/crash" does not exist']])
    it(`${JSON.stringify(message)}: the push to run`, async () => {
      api = mockApi();
      api.pool.intercept({ path: MRS, method: 'POST' }).reply(400, ...jsonReply({ message }));
      const r = await runCli(['mr', 'create', ...P, '--title', 'T'], { transport: api.transport });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        'hint: the source branch fix/crash is not on the server yet: push it first: git push -u origin fix/crash (or run this again with --push)',
      );
    });

  it('another 400 is left as it is', async () => {
    api = mockApi();
    api.pool.intercept({ path: MRS, method: 'POST' }).reply(400, ...jsonReply({ message: { title: ["can't be blank"] } }));
    const r = await runCli(['mr', 'create', ...P, '--title', 'T'], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).not.toContain('push it first');
  });
});
