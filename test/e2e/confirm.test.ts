/**
 * The confirmation rule as a person meets it: the built binary in a pseudo-terminal against the
 * sandbox, prompts answered by typing; and as a script meets it: piped, without --yes, nothing sent.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type SandboxFixture, startSandboxFixture } from '../helpers/e2e.js';
import { runInTerminal, visible } from '../helpers/terminal.js';

const API = 'acme/platform/api';

describe('irreversible commands: a question naming the object on a terminal, --yes elsewhere', () => {
  let sb: SandboxFixture;
  let env: Record<string, string>;
  const sent = (method: string, pattern: RegExp) => sb.requests().filter((r) => r.method === method && pattern.test(r.path));
  const json = async (args: string[]) => {
    const r = await sb.run([...args, '-o', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    return JSON.parse(r.stdout);
  };

  beforeAll(async () => {
    sb = await startSandboxFixture({ seed: 'demo' });
    env = { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN, COLLAB_PAGER: 'cat' };
  });
  afterAll(() => sb?.close());
  beforeEach(() => sb.clearRequests());

  it(
    'mr merge shows title, branches, the head it pins, approvals missing and the ' + 'pipeline; "n" merges nothing, "y" merges that head',
    async () => {
      const mr = await json(['mr', 'view', '8', '-p', API]);
      const no = await runInTerminal(['mr', 'merge', '8', '-p', API], { cols: 100, env, answers: [['(y/N)', 'n\r']] });
      const screen = visible(no.screen);
      expect(no.code, screen).toBe(2);
      expect(screen).toContain(`  ${mr.source_branch} → ${mr.target_branch}\n`);
      expect(screen).toContain(`  head ${mr.sha.slice(0, 8)}, pinned: a push after this makes the merge fail\n`);
      expect(screen).toMatch(/ {2}approvals: (none|\d+) missing\n/);
      expect(screen).toContain(`  pipeline: ${mr.head_pipeline.status} (#${mr.head_pipeline.id})\n`);
      expect(screen).toContain(`Merge !8 (${mr.title}) in ${API}?`);
      expect(screen).toContain('collab: cancelled: nothing was sent');
      expect(sent('PUT', /\/merge$/)).toEqual([]);

      const yes = await runInTerminal(['mr', 'merge', '8', '-p', API], { cols: 100, env, answers: [['(y/N)', 'y\r']] });
      expect(yes.code, visible(yes.screen)).toBe(0);
      expect((await json(['mr', 'view', '8', '-p', API])).state).toBe('merged');
    },
  );

  it('project delete: the path is typed; a wrong one deletes nothing', async () => {
    const wrong = await runInTerminal(['project', 'delete', '-p', '3'], {
      cols: 100,
      env,
      answers: [['to confirm:', 'acme/platform/doc\r']],
    });
    expect(wrong.code).toBe(2);
    expect(visible(wrong.screen)).toContain('Delete project acme/platform/docs with all its issues, merge requests and repository?');
    expect(visible(wrong.screen)).toContain('Type acme/platform/docs to confirm:');
    expect(sent('DELETE', /.*/)).toEqual([]);
    const typed = await runInTerminal(['project', 'delete', '-p', '3'], {
      cols: 100,
      env,
      answers: [['to confirm:', 'acme/platform/docs\r']],
    });
    expect(typed.code, visible(typed.screen)).toBe(0);
    expect(sent('DELETE', /^\/api\/v4\/projects\/3$/)).toHaveLength(1);
  });

  it('user key, email and gpg-key deletes and token revokes ask too, naming the object', async () => {
    const key = (await json(['user', 'key', 'list', '--user', 'alice']))[0];
    const r = await runInTerminal(['user', 'key', 'delete', String(key.id), '--user', 'alice'], {
      cols: 100,
      env,
      answers: [['(y/N)', 'y\r']],
    });
    expect(r.code, visible(r.screen)).toBe(0);
    expect(visible(r.screen)).toContain(`Delete SSH key ${key.id} (${key.title}) of user`);
    const token = (await json(['user', 'token', 'list', '--user', 'alice']))[0];
    const t = await runInTerminal(['user', 'token', 'revoke', String(token.id), '--user', 'alice'], {
      cols: 100,
      env,
      answers: [['(y/N)', '\r']],
    });
    expect(t.code).toBe(2);
    expect(visible(t.screen)).toContain(`Revoke impersonation token ${token.id} (${token.name}) of user`);
    expect(sent('DELETE', /.*/)).toHaveLength(1);
  });

  it('piped, without --yes: exit 2 and not one request, for every kind', async () => {
    for (const args of [
      ['user', 'email', 'delete', '1', '--user', 'alice'],
      ['user', 'gpg-key', 'delete', '1', '--user', 'alice'],
      ['mr', 'merge', '1', '-p', API],
      ['group', 'transfer-project', '-g', 'acme', 'labs/experiments'],
    ]) {
      const r = await sb.run(args);
      expect([r.exitCode, r.stdout], r.stderr).toEqual([2, '']);
      expect(r.stderr).toMatch(/^collab: refusing to .* without --yes/);
    }
    expect(sb.requests()).toEqual([]);
  });
});
