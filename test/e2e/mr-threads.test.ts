/**
 * The review thread as a reviewer meets it: the built binary against the sandbox's GitLab flavour,
 * whose `!6` of acme/platform/api is seeded with a review (GitLab's discussions API,
 * lib/api/discussions.rb: diff comments with positions, a resolved thread, replies, an internal
 * note), `view --comments` in a pseudo-terminal, then a reply, a diff comment and a resolve made
 * from the command line; a member below Reporter does not see the internal note
 * (`Note#readable_by?`); the spec flavour has neither notes nor threads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, BOB_TOKEN, openMergeRequest, type SandboxFixture, startSandboxFixture, USER_TOKEN } from '../helpers/e2e.js';
import { plain, runInTerminal } from '../helpers/terminal.js';

const P = 'acme/platform/api';

describe('mr threads against the GitLab flavour', () => {
  let sb: SandboxFixture;
  const env = { COLLAB_FLAVOR: 'gitlab' };
  const terminal = (args: string[], cols = 100, token = ADMIN_TOKEN) =>
    runInTerminal(args, { cols, env: { COLLAB_HOST: sb.url, COLLAB_TOKEN: token, COLLAB_PAGER: 'cat', ...env } });
  const threads = async (iid: number) => {
    const r = await sb.run(['mr', 'discussions', String(iid), '-p', P, '-o', 'json'], env);
    expect(r.exitCode, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as { id: string; notes: Record<string, any>[] }[];
  };

  beforeAll(async () => {
    sb = await startSandboxFixture({ flavor: 'gitlab' });
  });
  afterAll(() => sb?.close());

  it('view --comments on a terminal: a diff comment where it sits, its reply under it, resolved or not, internal marked', async () => {
    const r = await terminal(['mr', 'view', '6', '-p', P, '--comments'], 100);
    const screen = plain(r.screen);
    expect(r.code, screen).toBe(0);
    expect(screen).toMatch(/Comments \(\d+\) · 2 threads to resolve/);
    expect(screen).toMatch(
      /carol · \S.* · src\/security_artifacts\.ts:2 · unresolved · 6c268146\n {2}Should this stay `?false`? until the rollout is done\?\n\n {2}↳ alice · .+\n {4}It is behind/,
    );
    expect(screen).toMatch(/root · .+ · src\/security_artifacts\.ts:2 \(old\) · resolved by alice · 5e145bfa/);
    expect(screen).toMatch(/root · .+ · internal\n {2}Internal: a customer escalation/);
    for (const line of screen.split('\n')) expect(line.length, line).toBeLessThanOrEqual(100);
    const open = plain((await terminal(['mr', 'view', '6', '-p', P, '--comments', '--unresolved'], 100)).screen);
    expect(open).toContain('6c268146');
    expect(open).not.toContain('5e145bfa');
    expect(open).not.toContain('added 1 commit');
  });

  it('reply in a thread and resolve it, comment on a line of the diff, from the command line; the threads show it', async () => {
    const reply = await sb.run(
      ['mr', 'note', '6', '-p', P, '--reply', '6c268146', '-m', 'Keeping it behind the flag.', '--resolve', '6c268146'],
      env,
    );
    expect(reply.exitCode, reply.stderr).toBe(0);
    expect(reply.stderr).toBe(
      'Replied in the thread 6c268146 on src/security_artifacts.ts:2 of !6\nResolved the thread 6c268146 on src/security_artifacts.ts:2 of !6',
    );
    const line = await sb.run(['mr', 'note', '6', '-p', P, '--file', 'CHANGELOG.md', '--line', '1', '-m', 'Keep the heading'], env);
    expect([line.exitCode, line.stderr]).toEqual([0, 'Started a thread on CHANGELOG.md:1 of !6']);
    const after = await threads(6);
    const replied = after.find((t) => t.id.startsWith('6c268146'))!;
    expect(replied.notes.map((n) => [n.body, n.resolved])).toEqual([
      ['Should this stay `false` until the rollout is done?', true],
      ['It is behind the `artifacts_hardened` flag already.', true],
      ['Keeping it behind the flag.', true],
    ]);
    // An unchanged line: both numbers, as GitLab wants them (doc/api/discussions.md).
    const started = after.find((t) => t.notes[0]?.body === 'Keep the heading')!;
    expect(started.notes[0]!.position).toMatchObject({ new_path: 'CHANGELOG.md', old_line: 1, new_line: 1, position_type: 'text' });
    const unresolve = await sb.run(['mr', 'unresolve', '6', '6c268146', '-p', P], env);
    expect(unresolve.exitCode, unresolve.stderr).toBe(0);
    expect(unresolve.stderr).toContain('Unresolved the thread 6c268146 (carol: "Should this stay `false` until the rollo…") on !6');
    const again = await sb.run(['mr', 'unresolve', '6', '6c268146', '-p', P], env);
    expect(again.stderr).toContain('is already unresolved: nothing changed');
  });

  it('an internal note: written with --internal, shown to members from Reporter up only', async () => {
    // A public project of alice's where bob is no member: he reads the merge request, not the note.
    const res = await fetch(`${sb.url}/api/v4/projects`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'private-token': USER_TOKEN },
      body: JSON.stringify({ name: 'Open review', visibility: 'public' }),
    });
    const project = ((await res.json()) as { path_with_namespace: string }).path_with_namespace;
    const iid = await openMergeRequest(sb.url, project, { source: 'f/open', title: 'Open', token: USER_TOKEN });
    const as = (token: string) => ({ ...env, COLLAB_TOKEN: token });
    const written = await sb.run(['mr', 'note', String(iid), '-p', project, '--internal', '-m', 'Legal signed off.'], as(USER_TOKEN));
    expect([written.exitCode, written.stderr]).toEqual([
      0,
      `Commented on merge request !${iid} (internal: members from Reporter up see it)`,
    ]);
    await sb.run(['mr', 'note', String(iid), '-p', project, '-m', 'Looks fine.'], as(USER_TOKEN));
    const bodies = async (token: string) =>
      (
        JSON.parse((await sb.run(['mr', 'notes', String(iid), '-p', project, '-o', 'json', '--sort', 'asc'], as(token))).stdout) as {
          body: string;
          internal: boolean;
        }[]
      ).map((n) => `${n.body}${n.internal ? ' (internal)' : ''}`);
    expect(await bodies(USER_TOKEN)).toEqual(['Legal signed off. (internal)', 'Looks fine.']);
    expect(await bodies(BOB_TOKEN)).toEqual(['Looks fine.']);
  });
});

describe('mr threads against the spec flavour', () => {
  let sb: SandboxFixture;
  beforeAll(async () => {
    sb = await startSandboxFixture({ flavor: 'spec' });
  });
  afterAll(() => sb?.close());

  it('no notes, no threads: one line saying so, exit 1, nothing written', async () => {
    for (const args of [
      ['mr', 'notes', '6'],
      ['mr', 'discussions', '6'],
      ['mr', 'note', '6', '--reply', '6c268146', '-m', 'x'],
      ['mr', 'resolve', '6', '6c268146'],
    ]) {
      const r = await sb.run([...args, '-p', P], { COLLAB_FLAVOR: 'spec' });
      expect(r.exitCode, args.join(' ')).toBe(1);
      expect(r.stderr).toContain(
        'this server has no notes API: merge request !6 exists, but /projects/<project>/merge_requests/<iid>/discussions answered 404',
      );
    }
    expect(sb.requests().filter((q) => q.method !== 'GET')).toEqual([]);
  });
});
