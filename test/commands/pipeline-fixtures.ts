/** Pipelines and jobs as GitLab answers them, for the pipeline and job command tests. */
import { TEST_HOST } from '../helpers/harness.js';

/** `Entities::Ci::PipelineWithMetadata`, as doc/api/pipelines.md shows it. */
export function pipelineAnswer(id: number, status: string, ref = 'main', extra: Record<string, unknown> = {}) {
  return {
    id,
    iid: id - 100,
    project_id: 7,
    name: null,
    sha: 'a91957a858320c0e17f3a0eca7cfacbff50ea29a',
    ref,
    status,
    source: 'push',
    created_at: '2026-11-25T11:50:00.000Z',
    updated_at: '2026-11-25T11:58:00.000Z',
    web_url: `${TEST_HOST}/acme/platform/api/-/pipelines/${id}`,
    before_sha: '0000000000000000000000000000000000000000',
    tag: false,
    yaml_errors: null,
    user: { id: 1, username: 'alice', name: 'Alice', state: 'active' },
    started_at: '2026-11-25T11:50:05.000Z',
    finished_at: null,
    committed_at: null,
    duration: 65,
    queued_duration: 5,
    coverage: null,
    ...extra,
  };
}

/** `Entities::Ci::Job` of a pipeline's job list (newest first, as Ci::JobsFinder orders them). */
export const job = (id: number, name: string, stage: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  stage,
  status,
  ref: 'main',
  duration: 12.5,
  allow_failure: false,
  pipeline: { id: 4711 },
  ...extra,
});
