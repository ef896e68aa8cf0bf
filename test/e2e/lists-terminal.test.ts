import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, BOB_TOKEN, type SandboxFixture, startSandboxFixture, tempDir } from '../helpers/e2e.js';
import { gitRepo } from '../helpers/git.js';
import { plain, runInTerminal } from '../helpers/terminal.js';

/** Lists as people see them in a terminal, and as scripts read them, against the sandbox. */
describe('lists in a terminal: the built binary against the sandbox', () => {
  let sb: SandboxFixture;
  let env: Record<string, string>;
  beforeAll(async () => {
    sb = await startSandboxFixture();
    env = { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN, COLLAB_PAGER: 'cat', NO_COLOR: '1' };
  });
  afterAll(() => sb?.close());

  for (const cols of [40, 80, 160]) {
    it(`mr list across projects at ${cols} columns: full references, whole states, nothing wider`, async () => {
      const r = await runInTerminal(['mr', 'list', '--scope', 'all'], { cols, env });
      expect(r.code).toBe(0);
      const lines = plain(r.screen).trimEnd().split('\n');
      for (const l of lines) expect(stringWidth(l), l).toBeLessThanOrEqual(cols);
      expect(lines[0]).toMatch(/^REF {2,}/);
      for (const ref of ['acme/platform/api!1', 'acme/website!1', 'labs/experiments!1'])
        expect(lines.some((l) => l.startsWith(`${ref} `))).toBe(true);
      if (lines[0]!.includes('STATE')) for (const l of lines.slice(1, 9)) expect(l).toMatch(/ {2}(opened|draft) {2}/);
      expect(lines.at(-1)).toBe('open merge requests, all projects');
    });
  }

  it('mr list at 160 columns shows every column whole; at 80 REVIEWERS and MERGE STATUS go and nothing is blank', async () => {
    const wide = plain((await runInTerminal(['mr', 'list', '-p', 'acme/platform/api'], { cols: 160, env })).screen);
    expect(wide.split('\n')[0]).toBe(
      'IID  STATE   TITLE                                  BRANCHES                   AUTHOR  REVIEWERS   MERGE STATUS  UPDATED',
    );
    // The open draft !5 is marked in the STATE column.
    expect(wide).toMatch(/^5 {4}draft {3}Draft: New dashboard widgets/m);
    const at80 = plain((await runInTerminal(['mr', 'list', '-p', 'acme/platform/api'], { cols: 80, env })).screen)
      .trimEnd()
      .split('\n');
    expect(at80[0]).toMatch(/^IID {2}STATE {3}TITLE {2,}BRANCHES {6}AUTHOR {2}UPDATED$/);
    expect(at80[1]).toBe('8    opened  Feature X                         feature/x →…  alice   1 month ago');
    expect(Math.max(...at80.map((l) => stringWidth(l)))).toBe(80);
  });

  it('piped, a list across projects starts each line with the reference a command takes back', async () => {
    const r = await sb.run(['mr', 'list', '--scope', 'all']);
    const refs = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => l.split('\t')[0]);
    expect(refs).toContain('acme/website!1');
    expect(refs.every((ref) => /^[a-z/]+![0-9]+$/.test(ref!))).toBe(true);
    const back = await sb.run(['mr', 'view', 'acme/website!1', '--fields', 'title']);
    expect(back.stdout.trim()).toBe('title\tUpdate landing page copy');
    const json = JSON.parse((await sb.run(['mr', 'list', '--scope', 'all', '-o', 'json'])).stdout) as { iid: unknown }[];
    expect(json.every((m) => typeof m.iid === 'number')).toBe(true);
  });

  it('an empty answer names what was asked on the terminal, and nothing on stdout', async () => {
    const none = await runInTerminal(['issue', 'list', '-p', 'acme/platform/api', '--search', 'zzz-nothing'], {
      cols: 80,
      env,
      stdout: 'pipe',
    });
    expect([none.code, none.stdout, plain(none.screen)]).toEqual([
      0,
      '',
      'No open issues match --search "zzz-nothing" in acme/platform/api\n',
    ]);
    const past = await runInTerminal(['issue', 'list', '-p', 'acme/platform/api', '--page', '99'], { cols: 80, env });
    expect([past.code, plain(past.screen)]).toEqual([0, 'page 99 is past the last page (10)\n']);
  });

  it('outside a checkout the line under the list says whose and where; a remote elsewhere is said once', async () => {
    const cwd = gitRepo(tempDir('collab-gh-'), { origin: 'https://github.com/acme/api.git' });
    const r = await runInTerminal(['issue', 'list', '--scope', 'assigned-to-me', '--per-page', '100'], { cols: 80, env, cwd });
    const lines = plain(r.screen).trimEnd().split('\n');
    const host = new URL(sb.url).host;
    expect(lines.filter((l) => l.includes('remote origin is on github.com'))).toEqual([
      `collab: warning: remote origin is on github.com, not ${host}`,
    ]);
    expect(lines.at(-1)).toBe('open issues assigned to you, all projects · --scope all');
  });

  for (const flavor of ['spec', 'gitlab'] as const) {
    it(`project list and group list default to what you are a member of (${flavor})`, async () => {
      const server = flavor === 'spec' ? sb : await startSandboxFixture({ flavor });
      try {
        const paths = async (args: string[], token: string) =>
          (await server.run([...args], { COLLAB_TOKEN: token })).stdout.trimEnd().split('\n').filter(Boolean).sort();
        expect(await paths(['project', 'list', '--fields', 'path_with_namespace'], BOB_TOKEN)).toEqual([
          'acme/website',
          'labs/experiments',
        ]);
        expect(await paths(['project', 'list', '--all-visible', '--fields', 'path_with_namespace'], BOB_TOKEN)).toContain(
          'acme/platform/docs',
        );
        expect(await paths(['group', 'list', '--fields', 'full_path'], BOB_TOKEN)).toEqual(['labs']);
        expect(await paths(['group', 'list', '--all-visible', '--fields', 'full_path'], BOB_TOKEN)).toEqual(['acme', 'labs']);
        // The administrator is a member of nothing: GitLab would list every group without all_available=false.
        expect(await paths(['group', 'list', '--fields', 'full_path'], ADMIN_TOKEN)).toEqual([]);
        expect(await paths(['project', 'list', '--fields', 'path_with_namespace'], ADMIN_TOKEN)).toEqual([]);
      } finally {
        if (server !== sb) await server.close();
      }
    });
  }

  it('an administrator who is a member of nothing is told so', async () => {
    const r = await runInTerminal(['project', 'list'], { cols: 80, env });
    expect([r.code, plain(r.screen)]).toEqual([0, 'No projects you are a member of\n']);
  });
});
