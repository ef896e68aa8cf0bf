/**
 * `POST /projects/:id/trigger/pipeline` in the GitLab flavour, as lib/api/ci/triggers.rb and
 * Ci::PipelineTriggerService answer it: `ref` and `token` in the body (Grape's 400 for a missing
 * one), `variables` a map of strings (400 "variables needs to be a map of key-valued strings"), the
 * CI job token as `token` starting a multi-project pipeline (`create_pipeline_from_job`: source
 * `pipeline`, run as the job's user, TRIGGER_PAYLOAD among its variables) that advances with the
 * sandbox's clock; a token that names nothing, or a project the job's user cannot read, is
 * `not_found!`. The spec flavour has no such route.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/sandbox/index.js';
import { PIPELINE_TIMING } from '../../src/sandbox/pipeline-runner.js';
import { API_PROJECT, call, JOB, useSandbox } from './helpers.js';

const P = `/projects/${API_PROJECT}`;
const { queueMs, pickupMs, jobMs } = PIPELINE_TIMING;

describe('GitLab flavour: a pipeline triggered with the CI job token', () => {
  const clock = new ManualClock();
  const gitlab = useSandbox({ flavor: 'gitlab', clock });
  const spec = useSandbox({ flavor: 'spec' });

  it('starts a multi-project pipeline as the job user, with the variables and the payload, run on the clock', async () => {
    const res = await call(gitlab(), `${P}/trigger/pipeline`, {
      token: null,
      json: { token: JOB, ref: 'feature/x', variables: { UPSTREAM: '901' } },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ref: 'feature/x', status: 'created', source: 'pipeline', user: { username: 'alice' } });
    const vars = (await call(gitlab(), `${P}/pipelines/${res.body.id}/variables`)).body as { key: string; value: string }[];
    expect(vars.find((v) => v.key === 'UPSTREAM')?.value).toBe('901');
    expect(JSON.parse(vars.find((v) => v.key === 'TRIGGER_PAYLOAD')?.value ?? '{}')).toMatchObject({ ref: 'feature/x' });
    expect(vars.find((v) => v.key === 'TRIGGER_PAYLOAD')?.value).not.toContain(JOB);
    await clock.advance(queueMs);
    for (let i = 0; i < 3; i++) {
      await clock.advance(pickupMs);
      await clock.advance(jobMs);
    }
    expect((await call(gitlab(), `${P}/pipelines/${res.body.id}`)).body.status).toBe('success');
  });

  it('takes the ref in the path and form fields (variables[KEY]=value)', async () => {
    const res = await call(gitlab(), `${P}/ref/feature%2Fx/trigger/pipeline`, {
      token: null,
      form: { token: JOB, 'variables[A]': '1' },
    });
    expect([res.status, res.body.ref, res.body.source]).toEqual([201, 'feature/x', 'pipeline']);
  });

  it("answers as GitLab does: Grape's 400s, variables not strings, a token that names nothing", async () => {
    const post = (body: Record<string, unknown>) => call(gitlab(), `${P}/trigger/pipeline`, { token: null, json: body });
    expect(await post({ token: JOB })).toMatchObject({ status: 400, body: { error: 'ref is missing' } });
    expect(await post({ ref: 'main' })).toMatchObject({ status: 400, body: { error: 'token is missing' } });
    expect(await post({ ref: 'main', token: JOB, variables: { A: 1 } })).toMatchObject({
      status: 400,
      body: { message: 'variables needs to be a map of key-valued strings' },
    });
    expect(await post({ ref: 'main', token: 'not-a-token' })).toMatchObject({ status: 404, body: { message: '404 Not Found' } });
    expect(await post({ ref: 'nope', token: JOB })).toMatchObject({ status: 400, body: { message: { base: ['Reference not found'] } } });
  });

  it('has no such route in the spec flavour', async () => {
    expect((await call(spec(), `${P}/trigger/pipeline`, { token: null, json: { ref: 'main', token: JOB } })).status).toBe(404);
  });
});
