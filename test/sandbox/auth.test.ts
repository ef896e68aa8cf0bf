import { describe, expect, it } from 'vitest';
import { ADMIN, ALICE, API_PROJECT, BOB, call, JOB, OAUTH, useSandbox } from './helpers.js';

describe('sandbox authentication', () => {
  const sandbox = useSandbox();

  it('accepts PRIVATE-TOKEN in any header case and as private_token', async () => {
    const sb = sandbox();
    const lower = await call(sb, '/user', { token: null, headers: { 'private-token': ALICE } });
    expect(lower.status).toBe(200);
    expect(lower.body.username).toBe('alice');
    const query = await call(sb, `/user?private_token=${ALICE}`, { token: null });
    expect(query.body.username).toBe('alice');
  });

  it('accepts OAuth tokens as Bearer or access_token, but not as PRIVATE-TOKEN', async () => {
    const sb = sandbox();
    expect((await call(sb, '/user', { token: null, headers: { Authorization: `Bearer ${OAUTH}` } })).body.username).toBe('alice');
    expect((await call(sb, `/user?access_token=${OAUTH}`, { token: null })).body.username).toBe('alice');
    expect((await call(sb, '/user', { token: OAUTH })).status).toBe(401);
  });

  it('accepts the session cookie', async () => {
    const res = await call(sandbox(), '/user', { token: null, headers: { Cookie: 'other=1; _service_session=sandbox-session-alice' } });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe('alice');
  });

  it('answers 401 with the exact body for missing or wrong credentials', async () => {
    const sb = sandbox();
    for (const token of [null, 'nope']) {
      const res = await call(sb, '/user', { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: '401 Unauthorized' });
    }
    // Issues always need authentication, even on public projects.
    expect((await call(sb, '/projects/acme%2Fwebsite/issues', { token: null })).status).toBe(401);
  });

  it('lets anonymous callers read public projects and groups only', async () => {
    const sb = sandbox();
    const projects = await call(sb, '/projects', { token: null });
    expect(projects.status).toBe(200);
    expect(projects.body.every((p: { visibility: string }) => p.visibility === 'public')).toBe(true);
    expect((await call(sb, '/projects/acme%2Fwebsite', { token: null })).status).toBe(200);
    const hidden = await call(sb, `/projects/${API_PROJECT}`, { token: null });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ message: '404 Project Not Found' });
    expect((await call(sb, '/groups/acme', { token: null })).status).toBe(200);
    expect((await call(sb, '/groups/acme%2Fplatform', { token: null })).status).toBe(404);
  });

  it('hides private projects from non-members', async () => {
    const res = await call(sandbox(), `/projects/${API_PROJECT}`, { token: BOB });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: '404 Project Not Found' });
  });

  it('implements sudo by username or id for admins only', async () => {
    const sb = sandbox();
    expect((await call(sb, '/user', { headers: { Sudo: 'alice' } })).body.username).toBe('alice');
    expect((await call(sb, '/user?sudo=3')).body.username).toBe('bob');
    const denied = await call(sb, '/user', { token: ALICE, headers: { SUDO: 'bob' } });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ message: '403 Forbidden - Must be admin to use sudo' });
    const unknown = await call(sb, '/user', { headers: { Sudo: 'nobody' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: '404 Not Found: No user id or username for: nobody' });
  });

  // GitLab's `route_setting :authentication, job_token_allowed: true` (lib/api/ci/job_artifacts.rb,
  // lib/api/ci/jobs.rb, lib/api/ci/pipelines.rb, lib/api/merge_requests.rb, lib/api/notes.rb), and
  // lib/api/helpers.rb `handle_job_token_failure!` for another project not on the allowlist.
  it('takes the job token where GitLab marks job_token_allowed, for its project (artifacts: any public one)', async () => {
    const sb = sandbox();
    const job = (path: string, token = JOB) => call(sb, path, { token: null, headers: { 'JOB-TOKEN': token } });
    const download = await job(`/projects/${API_PROJECT}/jobs/artifacts/main/download?job=package`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    const viaQuery = await call(sb, `/projects/${API_PROJECT}/jobs/artifacts/main/download?job=package&job_token=${JOB}`, { token: null });
    expect(viaQuery.status).toBe(200);
    for (const token of [JOB, 'glcbt-sandbox-job-token']) {
      for (const path of ['/jobs', '/pipelines/1/jobs', '/merge_requests', '/merge_requests/1'])
        expect((await job(`/projects/${API_PROJECT}${path}`, token)).status, `${path} ${token}`).toBe(200);
      const file = await job(`/projects/${API_PROJECT}/jobs/artifacts/main/raw/dist/app/version.txt?job=build`, token);
      expect(file.status, token).toBe(200);
    }
    // Another project: the allowlist refusal, on every route that takes the token.
    const refused = await job('/projects/acme%2Fwebsite/pipelines/8/jobs');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: '403 Forbidden - Authentication by CI/CD job token not allowed from api to website.' });
    expect((await job('/projects/acme%2Fwebsite/merge_requests')).status).toBe(403);
    // A public project's artifacts are open to any job token.
    expect((await job('/projects/acme%2Fwebsite/jobs/artifacts/main/download?job=build')).status).not.toBe(403);
    // Routes without job_token_allowed: the token authenticates nobody.
    expect((await job(`/projects/${API_PROJECT}/issues`)).status).toBe(401);
    expect((await job('/user')).status).toBe(401);
    expect(
      (await call(sb, `/projects/${API_PROJECT}/jobs`, { token: null, headers: { 'PRIVATE-TOKEN': 'glcbt-sandbox-job-token' } })).status,
    ).toBe(401);
  });

  it('keeps admin-only endpoints for admins', async () => {
    const sb = sandbox();
    for (const path of ['/application/settings', '/user/activities', '/users/2/keys']) {
      const res = await call(sb, path, { token: ALICE });
      expect(res.status, path).toBe(403);
      expect(res.body).toEqual({ message: '403 Forbidden' });
    }
    expect((await call(sb, '/application/settings', { token: ADMIN })).status).toBe(200);
  });

  it('shows private_token to admins on GET /user only', async () => {
    const sb = sandbox();
    const admin = await call(sb, '/user');
    expect(admin.body.private_token).toBe(ADMIN);
    expect(admin.body.is_admin).toBe(true);
    const alice = await call(sb, '/user', { token: ALICE });
    expect(alice.body.private_token).toBeUndefined();
    expect(alice.body.is_admin).toBeUndefined();
    expect(alice.body.email).toBe('alice@example.com');
    expect(alice.body.identities).toEqual([]);
  });

  it('answers 404 with an error body for unknown routes and 405 for a wrong method', async () => {
    const sb = sandbox();
    const unknown = await call(sb, '/nothing/here');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: '404 Not Found' });
    expect((await call(sb, '/user', { method: 'DELETE' })).status).toBe(405);
  });

  it('records every request with lower-cased headers', async () => {
    const sb = sandbox();
    await call(sb, '/version?x=1', { headers: { 'X-Custom': 'yes' } });
    const last = sb.requests().at(-1);
    expect(last?.method).toBe('GET');
    expect(last?.path).toBe('/api/v4/version?x=1');
    expect(last?.headers['x-custom']).toBe('yes');
    expect(last?.headers['private-token']).toBe(ADMIN);
    const viaHttp = (await fetch(`${sb.url}/__sandbox/requests`).then((r) => r.json())) as { path: string }[];
    expect(viaHttp.some((r) => r.path === '/api/v4/version?x=1')).toBe(true);
  });
});

describe("the token a request carries (GitLab's GET /personal_access_tokens/self)", () => {
  const gitlab = useSandbox({ flavor: 'gitlab' });
  const spec = useSandbox();

  it('answers the personal or impersonation token of the request; an OAuth token is no such token (400)', async () => {
    const alice = await call(gitlab(), '/personal_access_tokens/self', { token: ALICE });
    expect([alice.status, alice.body]).toMatchObject([200, { id: 9002, scopes: ['api'], expires_at: '2030-06-30', active: true }]);
    const bob = await call(gitlab(), '/personal_access_tokens/self?private_token=sandbox-bob-token', { token: null });
    expect(bob.body).toMatchObject({ user_id: 3, scopes: ['api', 'read_user'], expires_at: '2030-01-15' });
    const impersonation = await call(gitlab(), '/personal_access_tokens/self', { token: 'sandbox-impersonation-alice' });
    expect(impersonation.body).toMatchObject({ name: 'ci-bot', scopes: ['api'] });
    expect(impersonation.body).not.toHaveProperty('impersonation');
    const oauth = await call(gitlab(), '/personal_access_tokens/self', { token: null, headers: { Authorization: `Bearer ${OAUTH}` } });
    expect(oauth.status).toBe(400);
    expect((await call(gitlab(), '/personal_access_tokens/self', { token: null })).status).toBe(401);
  });

  it('the spec flavour has no such route: 404', async () => {
    expect((await call(spec(), '/personal_access_tokens/self', { token: ALICE })).status).toBe(404);
  });
});
