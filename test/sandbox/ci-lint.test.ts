/**
 * CI lint in the GitLab flavour (lib/api/lint.rb, lib/api/entities/ci/lint/result.rb,
 * doc/api/lint.md): `POST /projects/:id/ci/lint` with the content, `GET /projects/:id/ci/lint` for
 * the project's own `.gitlab-ci.yml`; `valid`, `errors`, `warnings`, `merged_yaml` as Ruby's
 * `to_yaml` writes it, `includes`, and `jobs` with `include_jobs=true`. The messages are GitLab's
 * (lib/gitlab/ci/config/entry/*.rb, lib/gitlab/ci/yaml_processor.rb; Psych's for YAML syntax).
 */
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/sandbox/ci-config.js';
import { parseYaml } from '../../src/sandbox/ci-yaml.js';
import { API_PROJECT, BOB, call, useSandbox } from './helpers.js';

const P = `/projects/${API_PROJECT}`;

describe('GitLab flavour: CI lint', () => {
  const gitlab = useSandbox({ flavor: 'gitlab' });

  it("answers doc/api/lint.md's valid example, with merged_yaml in Ruby's symbol-keyed YAML and the jobs when asked", async () => {
    const res = await call(gitlab(), `${P}/ci/lint`, { json: { content: 'test_job:\n  script: echo 1\n', include_jobs: true } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      valid: true,
      errors: [],
      warnings: [],
      merged_yaml: '---\n:test_job:\n  :script: echo 1\n',
      includes: [],
      jobs: [
        {
          name: 'test_job',
          stage: 'test',
          before_script: [],
          script: ['echo 1'],
          after_script: [],
          tag_list: [],
          environment: null,
          when: 'on_success',
          allow_failure: false,
          only: { refs: ['branches', 'tags'] },
          except: null,
        },
      ],
    });
    const without = await call(gitlab(), `${P}/ci/lint`, { json: { content: 'test_job:\n  script: echo 1\n' } });
    expect(without.body).not.toHaveProperty('jobs');
  });

  it('names what is wrong as GitLab does, each error on its own', async () => {
    const errors = async (content: string) => (await call(gitlab(), `${P}/ci/lint`, { json: { content } })).body;
    expect(await errors('.hidden:\n  script: echo 1\n')).toMatchObject({
      valid: false,
      errors: ['jobs config should contain at least one visible job'],
    });
    expect((await errors('build:\n  stage: build\n')).errors).toEqual([
      'jobs:build config should implement the script:, run:, or trigger: keyword',
    ]);
    expect((await errors('build:\n  stage: compile\n  script: make\n')).errors).toEqual([
      'build job: chosen stage compile does not exist; available stages are .pre, build, test, deploy, .post',
    ]);
    expect((await errors('build:\n  script: make\n  artefacts: {}\n')).errors).toEqual([
      'jobs:build config contains unknown keys: artefacts',
    ]);
    expect((await errors('variables: [a, b]\nbuild:\n  script: make\n')).errors).toEqual([
      'variables config should be a hash of key value pairs',
    ]);
    expect((await errors('test:\n  script: x\n  needs: [build]\n')).errors).toEqual(['test job: undefined need: build']);
    expect((await errors('build:\n  script: make\n when: manual\n')).errors[0]).toMatch(
      /^\(<unknown>\): did not find expected key while parsing a block mapping at line 1 column 1$/,
    );
    expect((await errors('build:\n\tscript: make\n')).errors[0]).toMatch(/^\(<unknown>\): found character that cannot start any token/);
    expect((await errors('')).errors).toEqual(['Please provide content of .gitlab-ci.yml']);
    expect(await call(gitlab(), `${P}/ci/lint`, { json: {} })).toMatchObject({ status: 400, body: { error: 'content is missing' } });
  });

  it('warns of rules:when without workflow:rules (doc/api/lint.md)', async () => {
    const content = 'job:\n  script: echo\n  rules:\n    - when: always\n';
    const body = (await call(gitlab(), `${P}/ci/lint`, { json: { content } })).body;
    expect(body).toMatchObject({ valid: true, errors: [] });
    expect(body.warnings).toEqual([
      'jobs:job may allow multiple pipelines to run for a single action due to `rules:when` clause with no `workflow:rules` - read more: https://docs.gitlab.com/ee/ci/troubleshooting.html#pipeline-warnings',
    ]);
    const quiet = `workflow:\n  rules:\n    - when: always\n${content}`;
    expect((await call(gitlab(), `${P}/ci/lint`, { json: { content: quiet } })).body.warnings).toEqual([]);
  });

  it("lints the project's own .gitlab-ci.yml; a project without one as empty", async () => {
    const own = (await call(gitlab(), `${P}/ci/lint?include_jobs=true`)).body;
    expect(own).toMatchObject({ valid: true, errors: [], warnings: [] });
    expect(own.jobs.map((j: { name: string; stage: string }) => `${j.stage}:${j.name}`)).toEqual([
      'build:build',
      'test:test',
      'test:lint',
      'package:package',
      'deploy:pages',
      'deploy:deploy',
      'deploy:release',
    ]);
    expect(own.merged_yaml).toMatch(/^---\n:stages:\n- build\n/);
    expect((await call(gitlab(), '/projects/acme%2Fplatform%2Fdocs/ci/lint')).body).toMatchObject({
      valid: false,
      errors: ['Please provide content of .gitlab-ci.yml'],
    });
  });

  it('lets a reporter read the lint of the project, and only those who may run pipelines lint content', async () => {
    expect((await call(gitlab(), '/projects/acme%2Fwebsite/ci/lint', { token: BOB })).body.valid).toBe(true);
    expect(await call(gitlab(), '/projects/acme%2Fwebsite/ci/lint', { token: BOB, json: { content: 'a:\n  script: x\n' } })).toMatchObject({
      status: 403,
    });
  });
});

describe('the YAML the sandbox reads (src/sandbox/ci-yaml.ts), as Psych reads it', () => {
  it('reads block and flow collections, quoted and block scalars, comments and anchors', () => {
    const text = [
      '# a comment',
      '.base: &base',
      '  image: "node:20"   # trailing comment',
      '  tags: [docker, "linux, x64"]',
      'job:',
      '  <<: *base',
      '  script:',
      '    - |',
      '      echo one',
      '      echo two',
      "    - 'it''s'",
      '  variables: {A: 1, B: "two"}',
      '  allow_failure: true',
      '  retry: 2',
      '  when: ~',
    ].join('\n');
    expect(parseYaml(text)).toEqual({
      '.base': { image: 'node:20', tags: ['docker', 'linux, x64'] },
      job: {
        image: 'node:20',
        tags: ['docker', 'linux, x64'],
        script: ['echo one\necho two\n', "it's"],
        variables: { A: 1, B: 'two' },
        allow_failure: true,
        retry: 2,
        when: null,
      },
    });
  });

  it('extends jobs and keeps their keys in merged_yaml', () => {
    const result = lint('.t:\n  stage: build\n  script: [make]\nbuild:\n  extends: .t\n  when: manual\n');
    expect(result.valid).toBe(true);
    expect(result.jobs[0]).toMatchObject({ name: 'build', stage: 'build', when: 'manual', allow_failure: true, script: ['make'] });
    expect(result.merged_yaml).toBe('---\n:.t:\n  :stage: build\n  :script:\n  - make\n:build:\n  :extends: .t\n  :when: manual\n');
  });
});
