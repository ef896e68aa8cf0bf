/**
 * Issue 39 as a user meets it offline: collab, run in-process as the binary runs it, against
 * `collab sandbox --flavor gitlab` (in-process), which answers as GitLab's source writes
 * (lib/api/helpers.rb `find_project!` for a renamed project, lib/api/helpers/notes_helpers.rb's 202
 * NoteCommands, lib/api/notes.rb's paging before dropping internal notes,
 * `handle_job_token_failure!`'s allowlist 403).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOB_TOKEN, type SandboxFixture, USER_TOKEN } from '../helpers/e2e.js';
import { startSandboxInProcess } from '../helpers/in-process.js';

const GITLAB = { COLLAB_FLAVOR: 'gitlab' };
const EXP = 'labs/experiments';

describe('collab against the gitlab flavour: round 4', () => {
  let sb: SandboxFixture;
  const asBob = (args: string[]) => sb.run(args, { ...GITLAB, COLLAB_TOKEN: BOB_TOKEN });
  const asAlice = (args: string[]) => sb.run(args, { ...GITLAB, COLLAB_TOKEN: USER_TOKEN });

  beforeAll(async () => {
    sb = await startSandboxInProcess({ seed: 'demo', flavor: 'gitlab' });
  });
  afterAll(() => sb?.close());

  it('a renamed project: reads and writes by the old path keep working, and collab says where it is', async () => {
    const made = await asBob(['project', 'create', '--name', 'Renamed', '--path', 'renamed-old', '-o', 'json']);
    expect(made.exitCode, made.stderr).toBe(0);
    const id = JSON.parse(made.stdout).id;
    const renamed = await asBob(['project', 'update', String(id), '--path', 'renamed-new', '--name', 'Renamed new']);
    expect(renamed.exitCode, renamed.stderr).toBe(0);
    const old = 'bob/renamed-old';
    const created = await asBob(['issue', 'create', '-p', old, '--title', 'Still works', '-o', 'json']);
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.stderr.split('\n').filter((l) => l.includes(`${old} is now bob/renamed-new`))).toHaveLength(1);
    const listed = await asBob(['issue', 'list', '-p', old, '-o', 'json']);
    expect(listed.exitCode, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).map((i: { title: string }) => i.title)).toContain('Still works');
  });

  it('a comment of quick actions only: exit 0 and what GitLab did', async () => {
    const r = await asAlice(['mr', 'note', '1', '-p', 'acme/website', '-m', '/spend 2h']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('Ran the quick actions on merge request !1 (no comment saved): Added 2h spent time.');
  });

  it('notes emptied after paging: --all reads past the empty pages', async () => {
    const made = await asBob(['issue', 'create', '-p', EXP, '--title', 'Hidden notes', '-o', 'json']);
    const iid = String(JSON.parse(made.stdout).iid);
    for (const [body, internal] of [
      ['seen first', false],
      ['hidden a', true],
      ['hidden b', true],
      ['seen last', false],
    ] as const) {
      const res = await fetch(`${sb.url}/api/v4/projects/${encodeURIComponent(EXP)}/issues/${iid}/notes`, {
        method: 'POST',
        headers: { 'PRIVATE-TOKEN': BOB_TOKEN, 'content-type': 'application/json' },
        body: JSON.stringify({ body, internal }),
      });
      expect(res.status).toBe(201);
    }
    const r = await asAlice(['issue', 'notes', iid, '-p', EXP, '--all', '--per-page', '1', '--sort', 'asc', '-o', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).map((n: { body: string }) => n.body)).toEqual(['seen first', 'seen last']);
  });

  it('the job token on another project: the allowlist refusal, explained', async () => {
    const r = await sb.run(['mr', 'list', '-p', 'acme/website'], {
      ...GITLAB,
      COLLAB_TOKEN: undefined,
      CI: 'true',
      GITLAB_CI: 'true',
      CI_SERVER_URL: sb.url,
      CI_JOB_TOKEN: 'sandbox-job-token',
      CI_PROJECT_PATH: 'acme/platform/api',
    });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/Authentication by CI\/CD job token not allowed from api to website/);
    expect(r.stderr).toMatch(/hint: GitLab's allowlist of website does not take the job token of api/);
  });

  it('artifacts of a project this token cannot see: exit 1, never 3', async () => {
    const r = await asBob(['job', 'artifacts', '1', '-p', 'acme/platform/api', '--dest', '-']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/404 Project Not Found/);
  });
  it('a transferred project (PUT /projects/:id/transfer): the old path keeps working for reads and writes', async () => {
    const made = await asBob(['project', 'create', '--name', 'Moves', '--path', 'moves', '-o', 'json']);
    expect(made.exitCode, made.stderr).toBe(0);
    const id = JSON.parse(made.stdout).id;
    const moved = await asBob(['api', '-X', 'PUT', `projects/${id}/transfer`, '-f', 'namespace=labs', '--jq', '.path_with_namespace']);
    expect([moved.exitCode, moved.stdout.trim()]).toEqual([0, '"labs/moves"']);
    const created = await asBob(['issue', 'create', '-p', 'bob/moves', '--title', 'Moved along', '-o', 'json']);
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.stderr).toContain('bob/moves is now labs/moves');
    expect(JSON.parse(created.stdout).project_id).toBe(id);
  });

  it('a merge that needs a rebase: GitLab 17’s 422, explained with mr rebase', async () => {
    const r = await asAlice(['mr', 'merge', '4', '-p', 'acme/website', '--yes']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^collab: 422 Branch cannot be merged — !4 was not merged: the project merges by fast-forward/m);
    expect(r.stderr).toContain('hint: rebase it on the server: collab mr rebase 4 -p acme/website');
  });

  it('a quick action GitLab refuses: its 400 said, exit 1, and whether the text was saved all the same', async () => {
    const r = await asAlice(['mr', 'note', '3', '-p', 'acme/website', '-m', '/spend -5h']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('Time to subtract exceeds the total time spent');
    expect(r.stderr).toMatch(/hint: GitLab refused the comment's quick actions \(what they would change is unchanged\)$/);
    // notes_helpers.rb `process_note_creation_result` looks at `note.errors` before `persisted?`.
    const made = await asBob(['issue', 'create', '-p', EXP, '--title', 'Overdrawn', '-o', 'json']);
    const iid = String(JSON.parse(made.stdout).iid);
    const t = await asBob(['issue', 'note', iid, '-p', EXP, '-m', 'Correcting my time.\n/spend -1h']);
    expect(t.exitCode).toBe(1);
    expect(t.stderr).toContain(`its text was saved as a comment all the same: check with collab issue notes ${iid} -p ${EXP} before`);
    const listed = await asBob(['issue', 'notes', iid, '-p', EXP, '-o', 'json']);
    expect(JSON.parse(listed.stdout).map((n: { body: string }) => n.body)).toContain('Correcting my time.');
  });
});
