import type { Store } from '../store.js';
import { at } from '../time.js';
import { seedPipelines } from './jobs.js';
import type { DemoProjects } from './projects.js';
import type { DemoUsers } from './users.js';

/** acme/platform/api's `.gitlab-ci.yml`: what its created pipelines run, and what `GET …/ci/lint` checks. */
export const API_CI_CONFIG = `# acme/platform/api: build, test, package; pages and a manual deploy on the default branch; a release on tags.
stages:
  - build
  - test
  - package
  - deploy

variables:
  NODE_VERSION: "20"

default:
  image: node:\${NODE_VERSION}

build:
  stage: build
  script:
    - npm ci
    - npm run build
  artifacts:
    paths:
      - dist/

.tests:
  stage: test
  needs: [build]

test:
  extends: .tests
  script: npm test
  coverage: '/Lines\\s*:\\s*(\\d+\\.?\\d*)%/'
  artifacts:
    reports:
      junit: reports/junit.xml

lint:
  extends: .tests
  script: npm run lint

package:
  stage: package
  script: npm pack
  artifacts:
    paths: [package/]

pages:
  stage: deploy
  script: npm run docs
  artifacts:
    paths: [public]
  rules:
    - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH

deploy:
  stage: deploy
  script: ./scripts/deploy.sh production
  environment: production
  rules:
    - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH
      when: manual

release:
  stage: deploy
  script: collab release create "$CI_COMMIT_TAG" --notes-file CHANGELOG.md
  rules:
    - if: $CI_COMMIT_TAG
`;

const WEBSITE_CI_CONFIG = `stages: [build, deploy]

build:
  stage: build
  script: make site
  artifacts:
    paths: [site/]

pages:
  stage: deploy
  script: make publish
  only: [main]
`;

const FAILED_TEST_LOG = [
  '\u001b[31;1m  ✗ auth › refresh › renews a token that expires within 60 s\u001b[0;m',
  '      expected 401 to equal 200',
  '      at test/auth/refresh.test.ts:48:22',
  '\u001b[31;1m  ✗ auth › refresh › keeps the session when two requests race\u001b[0;m',
  '      expected 2 sessions to equal 1',
  '      at test/auth/refresh.test.ts:71:9',
].join('\n');

/**
 * The CI/CD side of the GitLab flavour's demo world, after everything else (so the ids of the
 * shared world stay): the projects' `.gitlab-ci.yml`, tags and branches, and pipelines of
 * acme/platform/api on more branches — failed with a failing test's log (`fix/login-timeout`),
 * running and started from the web with variables (`release/2.0`), blocked on a manual job
 * (`docs/api-guide`), canceled (`spike/cache`).
 */
export function seedCiWorld(store: Store, users: Required<DemoUsers>, projects: DemoProjects): void {
  const { alice, carol } = users;
  const { api, website } = projects;
  store.ci.configs.set(api.id, API_CI_CONFIG);
  store.ci.configs.set(website.id, WEBSITE_CI_CONFIG);
  const v10 = [...store.pipelines.values()].find((p) => p.projectId === api.id && p.ref === 'v1.0');
  const tags = store.ci.projectTags(api.id);
  tags.set('v0.9', 'c0ffee09c0ffee09c0ffee09c0ffee09c0ffee09');
  if (v10) tags.set('v1.0', v10.sha);
  const branches = ['fix/login-timeout', 'release/2.0', 'docs/api-guide', 'spike/cache'];
  store.ci.branches.set(api.id, new Set(branches));

  const jobs = seedPipelines(store, api, carol, [
    {
      ref: 'fix/login-timeout',
      status: 'failed',
      createdAt: at(2026, 10, 28, 8),
      jobs: [
        { name: 'build', status: 'success', artifact: {} },
        { name: 'test', status: 'failed' },
        { name: 'lint', status: 'success' },
        { name: 'package', status: 'skipped' },
      ],
    },
  ]);
  const failedTest = jobs.find((j) => j.name === 'test');
  if (failedTest?.trace)
    failedTest.trace = failedTest.trace.replace('\u001b[31;1m✗ 2 of 118', `${FAILED_TEST_LOG}\n\u001b[31;1m✗ 2 of 118`);
  seedPipelines(store, api, alice, [
    {
      ref: 'release/2.0',
      status: 'running',
      createdAt: at(2026, 10, 29, 8),
      jobs: [
        { name: 'build', status: 'success', artifact: {} },
        { name: 'test', status: 'running' },
        { name: 'lint', status: 'success' },
        { name: 'package', status: 'created' },
      ],
    },
  ]);
  const release = [...store.pipelines.values()].find((p) => p.projectId === api.id && p.ref === 'release/2.0');
  if (release) {
    release.source = 'web';
    store.ci.pipelineNames.set(release.id, 'Release 2.0 candidate');
    store.ci.pipelineVariables.set(release.id, [
      { key: 'DEPLOY_ENV', value: 'staging', variableType: 'env_var' },
      { key: 'RELEASE_NOTES', value: 'Release notes for 2.0\n', variableType: 'file' },
    ]);
  }
  const manual = seedPipelines(store, api, alice, [
    {
      ref: 'docs/api-guide',
      status: 'manual',
      createdAt: at(2026, 10, 30, 8),
      jobs: [
        { name: 'build', status: 'success', artifact: {} },
        { name: 'test', status: 'success', coverage: 86.4 },
        { name: 'deploy', status: 'manual' },
      ],
    },
  ]);
  // A manual job that may not fail blocks its pipeline (`manual`), as GitLab's composite status says.
  for (const job of [...manual, ...store.projectJobs(api.id)])
    if (job.status === 'manual') store.ci.jobPlans.set(job.id, { when: 'manual', allowFailure: false, artifacts: false });
  seedPipelines(store, api, alice, [
    {
      ref: 'spike/cache',
      status: 'canceled',
      createdAt: at(2026, 10, 30, 12),
      jobs: [
        { name: 'build', status: 'success', artifact: {} },
        { name: 'test', status: 'canceled' },
      ],
    },
  ]);
}
