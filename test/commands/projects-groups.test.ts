import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaledClock } from '../../src/sandbox/index.js';
import { type BinResult, type SandboxFixture, tempDir, USER_TOKEN } from '../helpers/e2e.js';
import { startSandboxInProcess } from '../helpers/in-process.js';

/** runInProcess strips the final newline of stdout and stderr, as execa does. */
function json(r: BinResult): any {
  expect(r.exitCode, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

describe('projects and groups against the sandbox', () => {
  let sb: SandboxFixture;
  const project = (...args: string[]) => sb.run(['project', ...args]);
  const group = (...args: string[]) => sb.run(['group', ...args]);

  beforeAll(async () => {
    // Imports of forks end at once: `--wait` sees the fork finish without the second real GitLab takes.
    sb = await startSandboxInProcess({ seed: 'demo', clock: scaledClock(0) });
  });
  afterAll(() => sb?.close());

  it('create → update → archive → unarchive → star twice → upload → fork --wait → delete', async () => {
    const created = json(
      await project(
        'create',
        '--name',
        'E2E Project',
        '--description',
        'first',
        '--no-wiki-enabled',
        '--tag-list',
        'e2e,cli',
        '--visibility',
        'internal',
        '-o',
        'json',
      ),
    );
    expect(created).toMatchObject({
      name: 'E2E Project',
      path: 'e2e-project',
      description: 'first',
      wiki_enabled: false,
      visibility: 'internal',
      tag_list: ['e2e', 'cli'],
    });
    const ref = created.path_with_namespace as string;
    expect(ref).toBe('root/e2e-project');

    const updated = json(await project('update', ref, '--description', 'second', '--only-allow-merge-if-pipeline-succeeds', '-o', 'json'));
    expect(updated).toMatchObject({ name: 'E2E Project', description: 'second', only_allow_merge_if_pipeline_succeeds: true });
    expect(json(await project('view', '-p', ref, '-o', 'json')).description).toBe('second');

    expect(json(await project('archive', ref, '-o', 'json')).archived).toBe(true);
    expect(json(await project('list', '--archived', '--search', 'e2e', '-o', 'json')).map((p: any) => p.path_with_namespace)).toEqual([
      ref,
    ]);
    expect(json(await project('unarchive', ref, '-o', 'json')).archived).toBe(false);

    const starred = await project('star', ref, '--fields', 'star_count');
    expect(starred.exitCode).toBe(0);
    expect(starred.stdout).toBe('star_count\t1');
    const again = await project('star', ref, '--fields', 'star_count');
    expect(again.exitCode).toBe(0);
    expect(again.stdout).toBe('star_count\t1');
    expect(again.stderr).toBe(`You had already starred project ${ref}: nothing changed`);

    const dir = tempDir('collab-e2e-upload-');
    const file = path.join(dir, 'notes.txt');
    fs.writeFileSync(file, 'hello\n');
    const uploaded = await project('upload', file, '-p', ref);
    expect(uploaded.exitCode, uploaded.stderr).toBe(0);
    expect(uploaded.stdout).toMatch(/^\[notes\]\(\/uploads\/[0-9a-f]+\/notes\.txt\)$/);

    const forked = await project('fork', ref, '--namespace', 'acme', '--wait', '-o', 'json');
    expect(json(forked)).toMatchObject({ path_with_namespace: 'acme/e2e-project', import_status: 'finished' });
    expect(json(await project('forks', ref, '-o', 'json')).map((p: any) => p.path_with_namespace)).toEqual(['acme/e2e-project']);

    for (const target of ['acme/e2e-project', ref]) {
      const refused = await project('delete', target);
      expect(refused.exitCode).toBe(2);
      const deleted = await project('delete', target, '--yes');
      expect(deleted.exitCode, deleted.stderr).toBe(0);
      expect(deleted.stdout).toBe('');
      expect(deleted.stderr).toBe(`Deletion of project ${target} accepted: 202 Accepted`);
    }
    const gone = await project('view', ref);
    expect(gone.exitCode).toBe(1);
    expect(gone.stderr).toContain('404');
  });

  it('group create (nested) → update → transfer a project → LDAP link → delete', async () => {
    const acme = json(await group('view', 'acme', '-o', 'json'));
    const created = json(
      await group('create', '--name', 'E2E Team', '--parent-id', String(acme.id), '--description', 'nested', '-o', 'json'),
    );
    expect(created).toMatchObject({ full_path: 'acme/e2e-team', parent_id: acme.id, description: 'nested' });

    expect(json(await group('update', 'acme/e2e-team', '--description', 'changed', '-o', 'json')).description).toBe('changed');

    const temp = json(await project('create', '--path', 'e2e-move', '-o', 'json'));
    const moved = await group('transfer-project', '-g', 'acme/e2e-team', temp.path_with_namespace, '-o', 'json', '--yes');
    expect(json(moved).projects.map((p: any) => p.path_with_namespace)).toEqual(['acme/e2e-team/e2e-move']);
    const listed = await group('projects', 'acme/e2e-team');
    expect(listed.stdout).toContain('acme/e2e-team/e2e-move');

    const link = json(
      await group(
        'ldap-link',
        'add',
        '-g',
        'acme/e2e-team',
        '--cn',
        'devs',
        '--group-access',
        'developer',
        '--provider',
        'ldapmain',
        '-o',
        'json',
      ),
    );
    expect(link).toEqual({ cn: 'devs', group_access: 30, provider: 'ldapmain' });
    expect((await group('ldap-sync', 'acme/e2e-team')).exitCode).toBe(0);
    const unlinked = await group('ldap-link', 'delete', 'devs', '-g', 'acme/e2e-team', '--provider', 'ldapmain', '--yes');
    expect(unlinked.exitCode, unlinked.stderr).toBe(0);
    expect((await group('ldap-link', 'delete', 'devs', '-g', 'acme/e2e-team', '--yes')).exitCode).toBe(1);

    const deleted = await group('delete', 'acme/e2e-team', '--yes');
    expect(deleted.exitCode, deleted.stderr).toBe(0);
    expect(deleted.stderr).toBe('Deletion of group acme/e2e-team accepted: 202 Accepted');
    expect((await group('view', 'acme/e2e-team')).exitCode).toBe(1);
    expect((await project('view', 'acme/e2e-team/e2e-move')).exitCode).toBe(1);
  });

  it('transfer is for administrators; a non-admin gets the server refusal (exit 1)', async () => {
    const denied = await sb.run(['group', 'transfer-project', '-g', 'acme', 'alice/dotfiles', '--yes'], { COLLAB_TOKEN: USER_TOKEN });
    expect(denied.exitCode).toBe(1);
    expect(denied.stderr).toContain('403');
  });
});
