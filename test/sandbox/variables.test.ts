/**
 * Project and group CI/CD variables in the GitLab flavour, as lib/api/ci/variables.rb,
 * lib/api/group_variables.rb, lib/api/entities/ci/variable.rb and the models' rules
 * (app/models/concerns/ci/has_variable.rb, ci/maskable.rb) of gitlab-org/gitlab define them
 * (doc/api/project_level_variables.md, doc/api/group_level_variables.md): masking rules, hidden
 * values, `environment_scope` and `filter[environment_scope]`, raw, protected, file variables,
 * descriptions; maintainers of a project, owners of a group; never the CI job token.
 */
import { describe, expect, it } from 'vitest';
import { ALICE, API_PROJECT, call, JOB, useSandbox } from './helpers.js';

const V = `/projects/${API_PROJECT}/variables`;
const GV = '/groups/acme/variables';
const CAROL = 'sandbox-impersonation-carol';

describe('GitLab flavour: CI/CD variables', () => {
  const gitlab = useSandbox({ flavor: 'gitlab' });
  const spec = useSandbox({ flavor: 'spec' });

  it("lists a project's variables with every key of Ci::Variable, and one by key", async () => {
    const list = (await call(gitlab(), V)).body as Record<string, unknown>[];
    expect(list.map((v) => `${v.key}@${v.environment_scope}`)).toEqual([
      'DEPLOY_TOKEN@*',
      'KUBECONFIG@production',
      'KUBECONFIG@staging',
      'LOG_LEVEL@*',
      'DOCS_TEMPLATE@*',
    ]);
    expect(list[0]).toEqual({
      variable_type: 'env_var',
      key: 'DEPLOY_TOKEN',
      value: 'sandbox-deploy-token-0a1b2c3d',
      hidden: false,
      protected: true,
      masked: true,
      raw: false,
      environment_scope: '*',
      description: 'Token of the deploy job',
    });
    expect((await call(gitlab(), `${V}/LOG_LEVEL`)).body).toMatchObject({ value: 'debug', description: 'Verbosity of the test jobs' });
    expect((await call(gitlab(), `${V}/DOCS_TEMPLATE`)).body).toMatchObject({
      raw: true,
      value: 'Built from $CI_COMMIT_SHA by $GITLAB_USER_LOGIN',
    });
    expect(await call(gitlab(), `${V}/NOPE`)).toMatchObject({ status: 404, body: { message: '404 Variable Not Found' } });
  });

  it('asks for filter[environment_scope] when a key has several scopes (409), and finds the one it names', async () => {
    expect(await call(gitlab(), `${V}/KUBECONFIG`)).toMatchObject({
      status: 409,
      body: { message: "There are multiple variables with provided parameters. Please use 'filter[environment_scope]'" },
    });
    const staging = await call(gitlab(), `${V}/KUBECONFIG?filter[environment_scope]=staging`);
    expect(staging.body).toMatchObject({
      variable_type: 'file',
      environment_scope: 'staging',
      value: expect.stringContaining('# staging'),
    });
    const updated = await call(gitlab(), `${V}/KUBECONFIG?filter%5Benvironment_scope%5D=production`, {
      method: 'PUT',
      json: { value: 'new: 1\n' },
    });
    expect(updated.body).toMatchObject({ environment_scope: 'production', value: 'new: 1\n' });
    expect((await call(gitlab(), `${V}/KUBECONFIG?filter[environment_scope]=staging`)).body.value).toContain('# staging');
  });

  it('creates, updates and deletes variables with the masking rules of Ci::Maskable', async () => {
    const post = (json: Record<string, unknown>) => call(gitlab(), V, { json });
    const made = await post({ key: 'NEW_VAR', value: 'new value', description: 'A new one', variable_type: 'file', protected: true });
    expect([made.status, made.body]).toEqual([
      201,
      {
        variable_type: 'file',
        key: 'NEW_VAR',
        value: 'new value',
        hidden: false,
        protected: true,
        masked: false,
        raw: false,
        environment_scope: '*',
        description: 'A new one',
      },
    ]);
    // Masked: 8 characters or more from the Base64 alphabet and @ : . ~ (REGEX); raw ones any but spaces (MASK_AND_RAW_REGEX).
    expect((await post({ key: 'SHORT', value: 'abc', masked: true })).body).toEqual({ message: { value: ['is invalid'] } });
    expect((await post({ key: 'SPACE', value: 'has a space', masked: true })).body).toEqual({ message: { value: ['is invalid'] } });
    expect((await post({ key: 'BANG', value: 'secret!!!', masked: true })).body).toEqual({ message: { value: ['is invalid'] } });
    expect((await post({ key: 'BANG', value: 'secret!!!', masked: true, raw: true })).status).toBe(201);
    expect((await post({ key: 'LINES', value: 'two\nlines!', masked: true, raw: true })).body).toEqual({
      message: { value: ['is invalid'] },
    });
    expect((await post({ key: 'OK_MASK', value: 'abc+/=@:.~-_123', masked: true })).status).toBe(201);
    // Ruby's \S: a no-break space is not white space to it; four rockets are four characters, not eight.
    expect((await post({ key: 'NBSP', value: 'no\u00a0break1', masked: true, raw: true })).status).toBe(201);
    expect((await post({ key: 'ROCKETS', value: '\u{1f680}'.repeat(4), masked: true, raw: true })).body).toEqual({
      message: { value: ['is invalid'] },
    });
    expect((await post({ key: 'BAD-KEY', value: 'x' })).body).toEqual({ message: { key: ["can contain only letters, digits and '_'."] } });
    expect((await post({ key: 'NEW_VAR', value: 'again' })).body).toEqual({ message: { key: ['(NEW_VAR) has already been taken'] } });
    expect((await post({ key: 'NEW_VAR', value: 'scoped', environment_scope: 'review/*' })).status).toBe(201);
    // environment_scope_regex: `$ { } . *` and spaces, never a backslash.
    expect((await post({ key: 'NEW_VAR', value: 'x', environment_scope: ['$', '{CI} a.b-*'].join('') })).status).toBe(201);
    expect((await post({ key: 'NEW_VAR', value: 'x', environment_scope: 'review\\app' })).body).toEqual({
      message: { environment_scope: ["can contain only letters, digits, '-', '_', '/', '$', '{', '}', '.', '*' and spaces"] },
    });
    expect((await post({ key: 'X', value: 'x', variable_type: 'secret' })).body).toEqual({
      error: 'variable_type does not have a valid value',
    });
    expect((await post({ key: 'X' })).body).toEqual({ error: 'value is missing' });
    const put = await call(gitlab(), `${V}/LOG_LEVEL`, { method: 'PUT', json: { value: 'info', masked: true } });
    expect(put.body).toEqual({ message: { value: ['is invalid'] } });
    expect((await call(gitlab(), `${V}/LOG_LEVEL`, { method: 'PUT', json: { value: 'warning-level' } })).body.value).toBe('warning-level');
    expect((await call(gitlab(), `${V}/LOG_LEVEL`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(gitlab(), `${V}/LOG_LEVEL`, { method: 'DELETE' })).status).toBe(404);
  });

  it("never shows a hidden variable's value (masked_and_hidden, GitLab 17.4)", async () => {
    const made = await call(gitlab(), V, { json: { key: 'HIDDEN_ONE', value: 'hidden-value-123', masked_and_hidden: true } });
    expect(made.body).toMatchObject({ key: 'HIDDEN_ONE', value: null, hidden: true, masked: true });
    expect((await call(gitlab(), `${V}/HIDDEN_ONE`)).body.value).toBeNull();
    expect((await call(gitlab(), GV)).body.find((v: { key: string }) => v.key === 'REGISTRY_PASSWORD')).toMatchObject({
      value: null,
      hidden: true,
    });
  });

  it("serves a group's variables to its owners only (a project's to its maintainers), 404 GroupVariable Not Found", async () => {
    expect((await call(gitlab(), GV, { token: ALICE })).body.map((v: { key: string }) => v.key)).toEqual(['REGISTRY_PASSWORD', 'ORG_NAME']);
    expect(await call(gitlab(), GV, { token: CAROL })).toMatchObject({ status: 403, body: { message: '403 Forbidden' } });
    expect((await call(gitlab(), V, { token: CAROL })).status).toBe(200);
    const made = await call(gitlab(), GV, { token: ALICE, json: { key: 'GROUP_ONE', value: 'g1', environment_scope: 'production' } });
    expect(made).toMatchObject({ status: 201, body: { key: 'GROUP_ONE', environment_scope: 'production' } });
    expect((await call(gitlab(), `${GV}/GROUP_ONE`, { method: 'PUT', json: { value: 'g2' } })).body.value).toBe('g2');
    expect(await call(gitlab(), `${GV}/NOPE`)).toMatchObject({ status: 404, body: { message: '404 GroupVariable Not Found' } });
    expect(await call(gitlab(), `${GV}/NOPE`, { method: 'PUT', json: { value: 'x' } })).toMatchObject({ status: 404 });
    expect((await call(gitlab(), `${GV}/GROUP_ONE`, { method: 'DELETE' })).status).toBe(204);
  });

  it('refuses the CI job token (no job_token_allowed in lib/api/ci/variables.rb): a token with api scope is needed', async () => {
    const job = { token: null, headers: { 'JOB-TOKEN': JOB } } as const;
    expect(await call(gitlab(), V, job)).toMatchObject({ status: 401, body: { message: '401 Unauthorized' } });
    expect((await call(gitlab(), `${V}/LOG_LEVEL`, job)).status).toBe(401);
    expect((await call(gitlab(), V, { ...job, json: { key: 'A', value: 'b' } })).status).toBe(401);
    expect((await call(gitlab(), GV, job)).status).toBe(401);
  });

  it('has no variables API in the spec flavour', async () => {
    expect((await call(spec(), V)).status).toBe(404);
    expect((await call(spec(), GV)).status).toBe(404);
  });
});
