import { expect } from 'vitest';
import { ADMIN_TOKEN, type SandboxFixture } from './e2e.js';

/** acme/platform/api's routes on the sandbox. */
const API = '/api/v4/projects/acme%2Fplatform%2Fapi';

/** A pipeline started on the sandbox (POST …/pipeline, as GitLab's lib/api/ci/pipelines.rb takes it); its id. */
export async function createPipeline(sb: SandboxFixture, ref: string, variables: { key: string; value: string }[] = []): Promise<number> {
  const res = await fetch(`${sb.url}${API}/pipeline`, {
    method: 'POST',
    headers: { 'PRIVATE-TOKEN': ADMIN_TOKEN, 'content-type': 'application/json' },
    body: JSON.stringify({ ref, variables }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** How many times pipeline `id` of acme/platform/api has been read (`GET …/pipelines/:id`): the polls of a waiting command. */
const pipelineReads = (sb: SandboxFixture, id: number): number =>
  sb.requests().filter((r) => r.method === 'GET' && r.path === `${API}/pipelines/${id}`).length;

/** Resolves once pipeline `id` has been read more than `from` times (a waiting command polled again); the new count. */
export async function polledPipeline(sb: SandboxFixture, id: number, from: number): Promise<number> {
  while (pipelineReads(sb, id) <= from) await new Promise((r) => setTimeout(r, 20));
  return pipelineReads(sb, id);
}
