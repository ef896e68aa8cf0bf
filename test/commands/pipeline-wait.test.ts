/**
 * Waiting for a pipeline in-process, on the harness's virtual clock (each wait is counted, none is
 * spent): `pipeline wait`, `view --watch` / `status --live`, `run --wait`. The server answers as
 * GitLab does: lib/api/ci/pipelines.rb `get ':id/pipelines/:pipeline_id'` (Entities::Ci::
 * PipelineWithMetadata), Rails' Rack::ETag / Rack::ConditionalGet (a weak ETag; 304 to a matching
 * If-None-Match), app/models/concerns/ci/has_status.rb for the statuses.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { gitRepo } from '../helpers/git.js';
import { mockApi, recordRequests, runCli, TEST_HOST } from '../helpers/harness.js';
import { JSON_HEADERS } from '../helpers/json-answer.js';
import { tempDirsPerTest } from '../helpers/temp.js';
import { pipelineAnswer } from './pipeline-fixtures.js';

const P = '/api/v4/projects/acme%2Fplatform%2Fapi';
const newDir = tempDirsPerTest('collab-pipeline-wait-');

let api: ReturnType<typeof mockApi>;
afterEach(() => api?.done());

interface Poll {
  status: string;
  headers?: Record<string, string>;
}

/**
 * Pipeline `id` read poll by poll: each poll's status, the ETag of that state; a request whose
 * If-None-Match is the current ETag is a 304. `seen` lists each request's If-None-Match.
 */
function servePolls(id: number, polls: Poll[], path = `${P}/pipelines/${id}`) {
  const seen: string[] = [];
  let n = 0;
  api.pool
    .intercept({ path, method: 'GET' })
    .reply((req) => {
      const poll = polls[Math.min(n++, polls.length - 1)]!;
      const etag = `W/"${poll.status}"`;
      const asked = Object.entries(req.headers as Record<string, string>).find(([k]) => k.toLowerCase() === 'if-none-match')?.[1] ?? '';
      seen.push(asked);
      if (asked === etag) return { statusCode: 304, data: '', responseOptions: { headers: { etag, ...poll.headers } } };
      return {
        statusCode: 200,
        data: JSON.stringify(pipelineAnswer(id, poll.status)),
        responseOptions: { headers: { ...JSON_HEADERS, etag, ...poll.headers } },
      };
    })
    .times(polls.length);
  return seen;
}

async function wait(args: string[], options: Parameters<typeof runCli>[1] = {}) {
  const waits: number[] = [];
  const r = await runCli(args, { transport: api.transport, sleep: async (ms) => void waits.push(ms), ...options });
  return { ...r, waits };
}

const statuses = (...list: string[]): Poll[] => list.map((status) => ({ status }));

describe('pipeline wait', () => {
  it('piped: one plain line per change, exit 0 when it succeeded; the wait grows while nothing changes', async () => {
    api = mockApi();
    const seen = servePolls(4711, statuses('pending', 'running', 'running', 'running', 'running', 'success'));
    const r = await wait(['pipeline', 'wait', '4711', '-p', 'acme/platform/api']);
    expect([r.code, r.stdout]).toEqual([0, '']);
    expect(r.stderr).toBe('pipeline 4711 on main: pending\npipeline 4711 on main: running\npipeline 4711 on main: success\n');
    expect(r.stderr).not.toMatch(/\u001b/);
    expect(r.waits).toEqual([3000, 3000, 4500, 6750, 10125]);
    // Every poll after the first asks only for a change; unchanged states came back as 304s.
    expect(seen).toEqual(['', 'W/"pending"', 'W/"running"', 'W/"running"', 'W/"running"', 'W/"running"']);
  });

  it.each([
    ['failed', 'collab: pipeline 4711 failed\nhint: collab pipeline view 4711 --log-failed -p acme/platform/api prints the failed logs\n'],
    [
      'canceled',
      'collab: pipeline 4711 was canceled\nhint: collab pipeline view 4711 --log-failed -p acme/platform/api prints the failed logs\n',
    ],
    [
      'skipped',
      'collab: pipeline 4711 was skipped\nhint: collab pipeline view 4711 --log-failed -p acme/platform/api prints the failed logs\n',
    ],
    [
      'manual',
      'collab: pipeline 4711 is manual: it waits for someone to start a job\n' +
        'hint: collab pipeline view 4711 -p acme/platform/api lists its jobs; ' +
        'collab job play <name> --pipeline 4711 -p acme/platform/api starts one\n',
    ],
  ])('exit 1 when it is %s, saying so (a manual one is not waited on)', async (status, said) => {
    api = mockApi();
    servePolls(4711, statuses('running', status));
    const r = await wait(['pipeline', 'wait', '4711', '-p', 'acme/platform/api']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`pipeline 4711 on main: running\npipeline 4711 on main: ${status}\n${said}`);
    expect(r.waits).toEqual([3000]);
  });

  it('--timeout: the last poll at the deadline, then exit 124 naming what did not end', async () => {
    api = mockApi();
    servePolls(4711, statuses('running', 'running', 'running', 'running', 'running'));
    const r = await wait(['pipeline', 'wait', '4711', '-p', 'acme/platform/api', '--timeout', '15s']);
    expect(r.code).toBe(124);
    expect(r.waits).toEqual([3000, 4500, 6750, 750]);
    expect(r.stderr).toBe(
      'pipeline 4711 on main: running\ncollab: pipeline 4711 has not ended after 15s (--timeout)\n' +
        'hint: collab pipeline wait 4711 -p acme/platform/api goes on waiting\n',
    );
  });

  it("honours the server's Retry-After between polls", async () => {
    api = mockApi();
    servePolls(4711, [{ status: 'running', headers: { 'retry-after': '20' } }, { status: 'success' }]);
    const r = await wait(['pipeline', 'wait', '4711', '-p', 'acme/platform/api']);
    expect([r.code, r.waits]).toEqual([0, [20000]]);
  });

  it('on a terminal: one status line redrawn in place on stderr, kept at the end, then ✓', async () => {
    api = mockApi();
    servePolls(4711, statuses('pending', 'running', 'success'));
    const r = await wait(['pipeline', 'wait', '4711', '-p', 'acme/platform/api'], { tty: true });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      '\r\u001b[2Kpipeline 4711 on main: pending (0s)\r\u001b[2Kpipeline 4711 on main: running (3s)' +
        '\r\u001b[2Kpipeline 4711 on main: success (6s)\n✓ Pipeline 4711 succeeded\n',
    );
  });

  it('-o json prints the pipeline as it ended', async () => {
    api = mockApi();
    servePolls(4711, statuses('running', 'failed'));
    const r = await wait(['pipeline', 'wait', '4711', '-p', 'acme/platform/api', '-o', 'json', '--jq', '.status']);
    expect([r.code, r.stdout]).toEqual([1, '"failed"\n']);
  });

  it('without an id: the latest pipeline of the branch checked out', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${P}/pipelines/latest?ref=feature%2Flogin`, method: 'GET' })
      .reply(200, JSON.stringify(pipelineAnswer(4720, 'running', 'feature/login')), { headers: JSON_HEADERS });
    servePolls(4720, statuses('running', 'success'));
    const cwd = gitRepo(newDir(), { origin: `${TEST_HOST}/acme/platform/api.git` }, 'feature/login');
    const r = await wait(['pipeline', 'wait'], { cwd });
    expect(r.code).toBe(0);
  });

  it('a bad --timeout is exit 2, nothing sent', async () => {
    api = mockApi();
    const r = await wait(['pipeline', 'wait', '4711', '-p', 'acme/platform/api', '--timeout', 'soon']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('invalid value for --timeout: "soon" is neither a positive number of seconds nor a duration');
  });
});

describe('pipeline view --watch, status --live, run --wait', () => {
  it('view --watch and status --live wait as pipeline wait does, then show it, with the same exit status', async () => {
    api = mockApi();
    servePolls(4711, statuses('running', 'running', 'failed'));
    const r = await wait(['pipeline', 'view', '4711', '-p', 'acme/platform/api', '--watch']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('status\tfailed\n');
    api = mockApi();
    servePolls(4711, statuses('running', 'success'));
    const live = await wait(['ci', 'status', '4711', '-p', 'acme/platform/api', '--live']);
    expect([live.code, live.stderr]).toEqual([0, 'pipeline 4711 on main: running\npipeline 4711 on main: success\n']);
  });

  it('run --wait: the pipeline created, then waited for (its answer is the first state: no read at once)', async () => {
    api = mockApi();
    recordRequests(api, 'POST', `${P}/pipeline`, 201, pipelineAnswer(4800, 'created'));
    servePolls(4800, statuses('running', 'success'));
    const r = await wait(['pipeline', 'run', '-p', 'acme/platform/api', '--ref', 'main', '--wait']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`4800\tcreated\tmain\t${TEST_HOST}/acme/platform/api/-/pipelines/4800\n`);
    expect(r.stderr).toBe(
      `Started pipeline 4800 on main: ${TEST_HOST}/acme/platform/api/-/pipelines/4800\n` +
        'pipeline 4800 on main: created\npipeline 4800 on main: running\npipeline 4800 on main: success\n',
    );
    expect(r.waits).toEqual([3000, 3000]);
  });
});

describe('inside a CI job (runner variables, no TTY)', () => {
  const runner = {
    CI: 'true',
    GITLAB_CI: 'true',
    CI_SERVER_URL: TEST_HOST,
    CI_PROJECT_ID: '7',
    CI_PIPELINE_ID: '901',
    CI_COMMIT_REF_NAME: 'main',
    CI_JOB_TOKEN: 'ci-job-token-secret',
    COLLAB_TOKEN: undefined,
  };

  it.each([
    [['pipeline', 'wait']],
    [['pipeline', 'wait', 'current']],
    [['pipeline', 'wait', '901', '-p', '7']],
    [['pipeline', 'view', '901', '--watch']],
  ])("%j: the job's own pipeline cannot end while it waits: said at once, exit 2, nothing sent", async (args) => {
    api = mockApi();
    const r = await wait(args, { env: { ...runner, COLLAB_TOKEN: 'glpat-ci-reader' } });
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toMatch(/^collab: pipeline 901 is this CI job's own: it cannot end while this job waits for it\n/);
  });

  it('with a token: another pipeline of its project is waited for', async () => {
    api = mockApi();
    servePolls(900, statuses('running', 'success'), '/api/v4/projects/7/pipelines/900');
    const r = await wait(['pipeline', 'wait', '900'], { env: { ...runner, COLLAB_TOKEN: 'glpat-ci-reader' } });
    expect([r.code, r.stderr]).toEqual([0, 'pipeline 900 on main: running\npipeline 900 on main: success\n']);
  });

  it('with only the job token: not sent where GitLab refuses it, and the refusal says what is needed', async () => {
    api = mockApi();
    const seen: Record<string, string>[] = [];
    api.pool.intercept({ path: '/api/v4/projects/7/pipelines/901', method: 'GET' }).reply((req) => {
      seen.push(req.headers as Record<string, string>);
      // lib/api/helpers.rb: a private project is a 404 to nobody.
      return { statusCode: 404, data: JSON.stringify({ message: '404 Project Not Found' }), responseOptions: { headers: JSON_HEADERS } };
    });
    const r = await wait(['pipeline', 'view', 'current'], { env: runner });
    expect(r.code).toBe(1);
    expect(Object.keys(seen[0]!).map((k) => k.toLowerCase())).not.toContain('job-token');
    expect(r.stderr).toBe(
      'collab: 404 Project Not Found\nhint: GitLab does not take the CI job token for its pipelines API (lib/api/ci/pipelines.rb: ' +
        'no job_token_allowed there): set COLLAB_TOKEN to a token with read_api (api to run, retry, cancel or delete pipelines)\n',
    );
    expect(r.stderr).not.toContain('ci-job-token-secret');
  });

  it('run with only the job token: the trigger route, which takes it as its token (variables a map of strings)', async () => {
    api = mockApi();
    const sent = recordRequests(api, 'POST', '/api/v4/projects/acme%2Fdeploy/trigger/pipeline', 201, pipelineAnswer(950, 'created'));
    const r = await wait(['pipeline', 'run', '-p', 'acme/deploy', '--ref', 'main', '--variable', 'UPSTREAM=901'], { env: runner });
    expect(r.code).toBe(0);
    expect(JSON.parse(sent[0]!.body)).toEqual({ token: 'ci-job-token-secret', ref: 'main', variables: { UPSTREAM: '901' } });
    const names = Object.keys(sent[0]!.headers).map((k) => k.toLowerCase());
    expect(names).not.toContain('private-token');
    expect(names).not.toContain('job-token');
  });
});

describe('mr checks --watch', () => {
  /** The merge request poll by poll (lib/api/entities/merge_request.rb exposes head_pipeline, a Ci::PipelineBasic). */
  function serveMr(heads: ({ id: number; status: string } | null)[]) {
    let n = 0;
    api.pool
      .intercept({ path: `${P}/merge_requests/3`, method: 'GET' })
      .reply(() => {
        const head = heads[Math.min(n++, heads.length - 1)];
        const body = {
          id: 90,
          iid: 3,
          project_id: 7,
          title: 'Login',
          state: 'opened',
          head_pipeline: head && { ...head, ref: 'feature/login', project_id: 7 },
        };
        return { statusCode: 200, data: JSON.stringify(body), responseOptions: { headers: JSON_HEADERS } };
      })
      .times(heads.length);
  }

  it("waits for the head pipeline (a push's new one followed), with pipeline wait's exit status", async () => {
    api = mockApi();
    serveMr([null, { id: 4711, status: 'running' }, { id: 4712, status: 'pending' }, { id: 4712, status: 'failed' }]);
    const r = await wait(['mr', 'checks', '3', '-p', 'acme/platform/api', '--watch']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'merge request !3: no pipeline yet\nmerge request !3: pipeline 4711 on feature/login: running\n' +
        'merge request !3: pipeline 4712 on feature/login: pending\nmerge request !3: pipeline 4712 on feature/login: failed\n' +
        'collab: pipeline 4712 failed\nhint: collab pipeline view 4712 --log-failed -p acme/platform/api prints the failed logs\n',
    );
    expect(r.waits).toEqual([3000, 3000, 3000]);
  });

  it('--live is --watch; a succeeded pipeline is exit 0', async () => {
    api = mockApi();
    serveMr([
      { id: 4711, status: 'running' },
      { id: 4711, status: 'success' },
    ]);
    const r = await wait(['mr', 'checks', '3', '-p', 'acme/platform/api', '--live']);
    expect(r.code).toBe(0);
  });

  it("inside the merge request pipeline's own job: its head pipeline is the job's, said at once (exit 2)", async () => {
    api = mockApi();
    serveMr([{ id: 4711, status: 'running' }]);
    const env = { CI: 'true', CI_PROJECT_ID: '7', CI_PIPELINE_ID: '4711', COLLAB_TOKEN: 'glpat-ci-reader' };
    const r = await wait(['mr', 'checks', '3', '-p', 'acme/platform/api', '--watch'], { env });
    expect([r.code, r.waits]).toEqual([2, []]);
    expect(r.stderr).toBe(
      "collab: pipeline 4711 is this CI job's own: it cannot end while this job waits for it\n" +
        'hint: wait for another pipeline (its id, or --ref with -p); jobs of one pipeline wait for each other with stages or needs:\n',
    );
  });

  it('no pipeline ever comes: said after ten polls, exit 1 (not waited on forever)', async () => {
    api = mockApi();
    serveMr(Array(10).fill(null));
    const r = await wait(['mr', 'checks', '3', '-p', 'acme/platform/api', '--watch']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'merge request !3: no pipeline yet\ncollab: merge request !3 has no pipeline\nhint: its source branch has not run CI\n',
    );
    expect(r.waits.length).toBe(9);
  });
});
