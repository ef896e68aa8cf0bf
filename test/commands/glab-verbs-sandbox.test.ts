/**
 * Verbs and flags glab and gh users bring (issue 38 item 13), as they type them: collab run
 * in-process as the binary runs it against the sandbox's gitlab flavour, `mr ready` and `mr draft`
 * in a git checkout made here (the merge request of the branch checked out),
 * `mr diff --name-only|--stat` piped, `-c`. `mr create -y` in a pseudo-terminal:
 * test/e2e/glab-verbs.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMergeRequest, runJson, type SandboxFixture, tempDir } from '../helpers/e2e.js';
import { gitRepo } from '../helpers/git.js';
import { startSandboxInProcess } from '../helpers/in-process.js';

const P = 'acme/platform/api';

describe('glab and gh habits against the gitlab flavour', () => {
  let sb: SandboxFixture;
  beforeAll(async () => {
    sb = await startSandboxInProcess({ flavor: 'gitlab' });
  });
  afterAll(() => sb?.close());

  it('mr draft and mr ready on the branch checked out change the title the server has', async () => {
    const iid = await openMergeRequest(sb.url, P, { source: 'habits/ready', title: 'Speed up search' });
    const cwd = gitRepo(tempDir('collab-ready-'), { origin: `${sb.url}/${P}.git` }, 'habits/ready');
    const draft = await sb.run(['mr', 'draft'], {}, { cwd });
    expect([draft.exitCode, draft.stderr]).toEqual([0, `Marked merge request !${iid} (Draft: Speed up search) as a draft`]);
    expect((await runJson(sb, ['mr', 'view', String(iid), '-p', P])).draft).toBe(true);
    const ready = await sb.run(['mr', 'ready'], {}, { cwd });
    expect([ready.exitCode, ready.stderr]).toEqual([0, `Marked merge request !${iid} (Speed up search) as ready`]);
    const again = await sb.run(['mr', 'ready'], {}, { cwd });
    expect([again.exitCode, again.stderr]).toEqual([0, `Merge request !${iid} (Speed up search) is already ready: nothing changed`]);
  });

  it('mr diff --name-only and --stat, piped, list what the merge request changes', async () => {
    const files = (await runJson(sb, ['mr', 'changes', '1', '-p', P])).changes as {
      new_path: string;
      deleted_file: boolean;
      old_path: string;
    }[];
    const names = await sb.run(['mr', 'diff', '1', '-p', P, '--name-only'], {}, { stripFinalNewline: false });
    expect(names.exitCode, names.stderr).toBe(0);
    expect(names.stdout).toBe(files.map((f) => `${f.deleted_file ? f.old_path : f.new_path}\n`).join(''));
    const stat = await sb.run(['mr', 'diff', '1', '-p', P, '--stat']);
    expect(stat.exitCode, stat.stderr).toBe(0);
    const lines = stat.stdout.split('\n');
    expect(lines).toHaveLength(files.length + 1);
    expect(lines.at(-1)).toMatch(new RegExp(`^ ${files.length} files? changed(, \\d+ insertions?\\(\\+\\))?(, \\d+ deletions?\\(-\\))?$`));
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('issue list -c lists closed issues only', async () => {
    const closed = (await runJson(sb, ['issue', 'list', '-p', P, '-c', '--all'])) as { state: string }[];
    expect(closed.length).toBeGreaterThan(0);
    expect(new Set(closed.map((i) => i.state))).toEqual(new Set(['closed']));
  });
});
