/**
 * Jobs, refusals and drafts as GitLab's source writes them (issue 39, items 5–8; issue 35's last
 * paragraph), collab run in-process as the binary runs it against small servers on 127.0.0.1:
 * - lib/api/ci/jobs.rb `GET :id/jobs`: `scope` takes `::CommitStatus::AVAILABLE_STATUSES`
 *   (app/models/concerns/ci/has_status.rb); `POST :id/jobs/:job_id/cancel` takes `force` for a job
 *   stuck in `canceling` (maintainers);
 * - app/policies/issuable_policy.rb: `locked & ~is_project_member` prevents `create_note` (403);
 * - lib/api/helpers.rb `handle_job_token_failure!` ("Authentication by CI/CD job token not allowed
 *   from … to …") and `job_token_policies_unauthorized_message` (the permission required);
 * - lib/api/helpers.rb `find_project!` → `not_found!('Project')` ("404 Project Not Found"),
 *   lib/api/api.rb's ActiveRecord::RecordNotFound → "404 Not found" (`find_build!`: no such job),
 *   `present_carrierwave_file!` → `not_found!` ("404 Not Found": no archive);
 * - app/models/merge_request.rb `draftless_title`: `DRAFT_REGEX` takes one `Draft:`, `[Draft]` or
 *   `(Draft)` prefix off, any case (lib/gitlab/regex.rb `merge_request_draft`); `WIP` is none.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type BinResult, tempDir } from '../helpers/e2e.js';
import { runInProcess } from '../helpers/in-process.js';

const TOKEN = 'glpat-jobs-refusals-0123456789';

interface Hit {
  method: string;
  url: string;
  body: string;
  headers: http.IncomingHttpHeaders;
}
type Answer = { status: number; body: unknown } | undefined;

let open: http.Server[] = [];
afterEach(async () => {
  await Promise.all(open.map((s) => new Promise((r) => s.close(r))));
  open = [];
});

/** A server answering `route(hit)` (undefined: 404), /version as GitLab 17.9; every request kept with its body. */
async function gitlab(route: (hit: Hit) => Answer): Promise<{ url: string; hits: Hit[] }> {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const hit = { method: req.method ?? '', url: req.url ?? '', body: Buffer.concat(chunks).toString(), headers: req.headers };
      hits.push(hit);
      const answer =
        hit.url === '/api/v4/version'
          ? { status: 200, body: { version: '17.9.0' } }
          : (route(hit) ?? { status: 404, body: { error: '404 Not Found' } });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  open.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

const run = (url: string, args: string[], env: Record<string, string | undefined> = {}): Promise<BinResult> =>
  runInProcess(args, { COLLAB_HOST: url, COLLAB_TOKEN: TOKEN, COLLAB_CONFIG_DIR: tempDir(), ...env });
const hint = (r: BinResult) => r.stderr.split('\n').find((l) => l.startsWith('hint: '));
const job = (status: string) => ({ id: 12, name: 'deploy', status, stage: 'deploy', ref: 'main' });

describe('jobs (lib/api/ci/jobs.rb)', () => {
  it('every AVAILABLE_STATUSES value is a --scope', async () => {
    const s = await gitlab((h) =>
      h.url.startsWith('/api/v4/projects/acme%2Fweb/jobs?') ? { status: 200, body: [job('canceling')] } : undefined,
    );
    const scopes = ['waiting_for_resource', 'preparing', 'waiting_for_callback', 'canceling', 'scheduled'];
    const r = await run(s.url, ['job', 'list', '-p', 'acme/web', '--scope', scopes.join(','), '-o', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    const sent = new URL(s.hits.at(-1)!.url, s.url).searchParams.getAll('scope[]');
    expect(sent).toEqual(scopes);
  });

  it('cancel --force sends force=true and says so', async () => {
    const s = await gitlab((h) =>
      h.method === 'POST' && h.url.startsWith('/api/v4/projects/acme%2Fweb/jobs/12/cancel')
        ? { status: 201, body: job('canceled') }
        : undefined,
    );
    const r = await run(s.url, ['job', 'cancel', '12', '-p', 'acme/web', '--force']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(s.hits.filter((h) => h.method === 'POST').map((h) => h.url)).toEqual(['/api/v4/projects/acme%2Fweb/jobs/12/cancel?force=true']);
    expect(r.stderr).toContain('Force-cancelled job 12 (deploy)');
    const plain = await run(s.url, ['job', 'cancel', '12', '-p', 'acme/web']);
    expect(plain.exitCode, plain.stderr).toBe(0);
    expect(s.hits.filter((h) => h.method === 'POST').at(-1)!.url).toBe('/api/v4/projects/acme%2Fweb/jobs/12/cancel');
  });

  it('cancel --force refused (403): the role it takes', async () => {
    const s = await gitlab((h) => (h.method === 'POST' ? { status: 403, body: { message: '403 Forbidden' } } : undefined));
    const r = await run(s.url, ['job', 'cancel', '12', '-p', 'acme/web', '--force']);
    expect(r.exitCode).toBe(1);
    expect(hint(r)).toMatch(/Maintainer role/);
  });
});

describe('refusals explained', () => {
  it('a comment on a locked discussion (403): said to be locked to non-members', async () => {
    const s = await gitlab((h) => {
      if (h.method === 'POST') return { status: 403, body: { message: '403 Forbidden' } };
      if (h.url === '/api/v4/projects/acme%2Fweb/issues/7')
        return { status: 200, body: { id: 70, iid: 7, title: 'Heated', discussion_locked: true } };
      return undefined;
    });
    const r = await run(s.url, ['issue', 'note', '7', '-p', 'acme/web', '-m', 'me too']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('the discussion of issue #7 is locked: only members of the project can comment');
  });

  it('a 403 on an unlocked one says nothing of locks', async () => {
    const s = await gitlab((h) => {
      if (h.method === 'POST') return { status: 403, body: { message: '403 Forbidden' } };
      if (h.url === '/api/v4/projects/acme%2Fweb/issues/7')
        return { status: 200, body: { id: 70, iid: 7, title: 'Calm', discussion_locked: false } };
      return undefined;
    });
    const r = await run(s.url, ['issue', 'note', '7', '-p', 'acme/web', '-m', 'me too']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).not.toMatch(/locked/);
  });

  const ci = (url: string) => ({
    COLLAB_TOKEN: undefined,
    CI: 'true',
    GITLAB_CI: 'true',
    CI_SERVER_URL: url,
    CI_JOB_TOKEN: 'ci-job-token-x',
    CI_PROJECT_PATH: 'acme/ci',
  });

  it('the job-token allowlist (handle_job_token_failure!): the target project and where its setting is', async () => {
    const s = await gitlab(() => ({
      status: 403,
      body: { message: '403 Forbidden - Authentication by CI/CD job token not allowed from ci to web.' },
    }));
    const r = await run(s.url, ['job', 'list', '-p', 'acme/web'], ci(s.url));
    expect(r.exitCode).toBe(1);
    expect(s.hits.some((h) => h.headers['job-token'] === 'ci-job-token-x')).toBe(true);
    expect(hint(r)).toBe(
      "hint: GitLab's allowlist of web does not take the job token of ci: a maintainer of web adds ci under Settings › CI/CD › Job token permissions",
    );
  });

  it('a fine-grained job-token 403 names the permissions GitLab asks for', async () => {
    const message =
      '403 Forbidden - Insufficient permissions to access this resource in project web. The following token permissions are required: read_jobs and read_deployments.';
    const s = await gitlab(() => ({ status: 403, body: { message } }));
    const r = await run(s.url, ['job', 'list', '-p', 'acme/web'], ci(s.url));
    expect(r.exitCode).toBe(1);
    expect(hint(r)).toMatch(/fine-grained permissions in web lack "read_jobs" and "read_deployments": a maintainer of web grants them/);
  });
});

describe('exit 3 is no such artifacts, never a project or job that is not there', () => {
  const artifacts = (answer: (h: Hit) => Answer) => gitlab(answer);

  it('404 Project Not Found (find_project!): exit 1', async () => {
    const s = await artifacts(() => ({ status: 404, body: { message: '404 Project Not Found' } }));
    const r = await run(s.url, ['job', 'artifacts', '12', '-p', 'acme/hidden', '--dest', `${tempDir()}/a.zip`]);
    expect(r.exitCode).toBe(1);
    expect(hint(r)).toMatch(/project acme\/hidden was not found/);
  });

  it('404 Not found of the job (find_build!): exit 1, the job named', async () => {
    const s = await artifacts(() => ({ status: 404, body: { message: '404 Not found' } }));
    const r = await run(s.url, ['job', 'artifacts', '12', '-p', 'acme/web', '--dest', `${tempDir()}/a.zip`]);
    expect(r.exitCode).toBe(1);
    expect(hint(r)).toMatch(/job 12 does not exist in project acme\/web/);
  });

  it('a job without artifacts (present_carrierwave_file!): exit 3', async () => {
    const s = await artifacts((h) =>
      h.url.endsWith('/jobs/12/artifacts')
        ? { status: 404, body: { message: '404 Not Found' } }
        : h.url.endsWith('/jobs/12')
          ? { status: 200, body: job('success') }
          : undefined,
    );
    const r = await run(s.url, ['job', 'artifacts', '12', '-p', 'acme/web', '--dest', `${tempDir()}/a.zip`]);
    expect(r.exitCode).toBe(3);
    expect(hint(r)).toMatch(/has no artifacts/);
  });
});

describe('mr update --ready (MergeRequest.draftless_title)', () => {
  const readied = async (title: string, draft = true) => {
    const s = await gitlab((h) => {
      if (h.url !== '/api/v4/projects/acme%2Fweb/merge_requests/5') return undefined;
      if (h.method === 'GET') return { status: 200, body: { id: 50, iid: 5, title, draft, state: 'opened' } };
      return { status: 200, body: { id: 50, iid: 5, title: JSON.parse(h.body).title, draft: false, state: 'opened' } };
    });
    const r = await run(s.url, ['mr', 'update', '5', '-p', 'acme/web', '--ready']);
    expect(r.exitCode, r.stderr).toBe(0);
    return JSON.parse(s.hits.find((h) => h.method === 'PUT')!.body).title as string;
  };

  it.each([
    ['Draft: Fix login', 'Fix login'],
    ['[draft]   Fix login', 'Fix login'],
    ['(DRAFT)Fix login', 'Fix login'],
    ['Draft: [Draft] Fix login', '[Draft] Fix login'],
    ['Draft: WIP: Fix login', 'WIP: Fix login'],
    // Ruby's `\s` is ASCII blanks: a no-break space after the prefix stays.
    ['Draft:\u00a0Fix login', '\u00a0Fix login'],
  ])('%j → %j', async (title, ready) => {
    expect(await readied(title)).toBe(ready);
  });

  // An older GitLab (13–14: lib/gitlab/regex.rb `merge_request_draft` with `draft\s\-\s`, and
  // `merge_request_wip`) says these are drafts and takes the marker off; today's does not.
  it.each([
    ['Draft - Fix login', 'Fix login'],
    ['[WIP] Fix login', 'Fix login'],
    ['WIP: Fix login', 'Fix login'],
  ])('%j, a draft by the server’s word → %j', async (title, ready) => {
    expect(await readied(title, true)).toBe(ready);
  });

  it('"Draft - Fix login" on today’s GitLab (not a draft there): already ready, nothing sent', async () => {
    const s = await gitlab((h) =>
      h.url === '/api/v4/projects/acme%2Fweb/merge_requests/5' && h.method === 'GET'
        ? { status: 200, body: { id: 50, iid: 5, title: 'Draft - Fix login', draft: false, state: 'opened' } }
        : undefined,
    );
    const r = await run(s.url, ['mr', 'update', '5', '-p', 'acme/web', '--ready']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/is already ready: nothing changed/);
    expect(s.hits.filter((h) => h.method === 'PUT')).toEqual([]);
  });
});
