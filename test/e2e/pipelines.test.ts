/**
 * The pipeline loop against `collab sandbox`, as a user runs it: the built binary in a
 * pseudo-terminal, one status line redrawn in place. The gitlab flavour serves GitLab's pipelines
 * API (src/sandbox/routes/pipelines.ts, after lib/api/ci/pipelines.rb) and runs the pipelines it
 * creates on its clock (created → pending → running → success or failed, stage by stage). Piped,
 * and the spec flavour that has no such API: test/commands/pipelines-sandbox.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/sandbox/index.js';
import { PIPELINE_TIMING } from '../../src/sandbox/pipeline-runner.js';
import { ADMIN_TOKEN, type SandboxFixture, startSandboxFixture } from '../helpers/e2e.js';
import { createPipeline, polledPipeline } from '../helpers/sandbox-pipelines.js';
import { runInTerminal } from '../helpers/terminal.js';

const P = 'acme/platform/api';

describe('gitlab flavour, in a pseudo-terminal: one status line redrawn in place', () => {
  let sb: SandboxFixture;
  const clock = new ManualClock();
  beforeAll(async () => {
    sb = await startSandboxFixture({ seed: 'demo', flavor: 'gitlab', clock });
  });
  afterAll(() => sb?.close());

  const polled = (id: number, from: number) => polledPipeline(sb, id, from);

  it('pipeline wait on a terminal: the line changes in place as the pipeline runs, kept at the end, then ✓', async () => {
    // feature/x: three stages, each run to its end (main's manual deploy would block it: `manual`).
    const id = await createPipeline(sb, 'feature/x');
    const waiting = runInTerminal(['pipeline', 'wait', String(id), '-p', P, '--interval', '0.05'], {
      cols: 100,
      env: { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN, COLLAB_FLAVOR: 'gitlab' },
    });
    let seen = await polled(id, 0);
    const { queueMs, pickupMs, jobMs } = PIPELINE_TIMING;
    for (const ms of [queueMs, pickupMs, jobMs, pickupMs, jobMs, pickupMs, jobMs]) {
      await clock.advance(ms);
      seen = await polled(id, seen);
    }
    const r = await waiting;
    expect(r.code, r.screen).toBe(0);
    // Redrawn in place: the line is erased and written again, never a new line per poll.
    expect(r.screen).toMatch(new RegExp(`\\r\\u001b\\[2Kpipeline ${id} on feature/x: created \\(`));
    expect(r.screen).toMatch(new RegExp(`\\r\\u001b\\[2Kpipeline ${id} on feature/x: running \\(`));
    expect(r.screen).toMatch(
      new RegExp(`\\r\\u001b\\[2Kpipeline ${id} on feature/x: success \\([^)]*\\)\\n\\S*✓\\S* Pipeline ${id} succeeded\\n$`),
    );
    expect(r.screen.split('\n').filter((l) => l.includes(`pipeline ${id} on feature/x`))).toHaveLength(1);
  });
});
