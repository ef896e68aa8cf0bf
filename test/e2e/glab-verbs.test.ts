/**
 * Verbs and flags glab and gh users bring (issue 38 item 13), as they type them: `mr create -y` in
 * a pseudo-terminal (nothing asked), the built binary against the sandbox's gitlab flavour in a git
 * checkout made here. `mr ready`, `mr draft`, `mr diff --name-only|--stat` and `-c`:
 * test/commands/glab-verbs-sandbox.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJson, type SandboxFixture, startSandboxFixture, tempDir } from '../helpers/e2e.js';
import { gitRepo } from '../helpers/git.js';
import { runInTerminal, visible } from '../helpers/terminal.js';

const P = 'acme/platform/api';

describe('glab and gh habits against the gitlab flavour', () => {
  let sb: SandboxFixture;
  beforeAll(async () => {
    sb = await startSandboxFixture({ flavor: 'gitlab' });
  });
  afterAll(() => sb?.close());

  it('mr create -y in a terminal asks nothing: the branches as suggested, no editor offered', async () => {
    const cwd = gitRepo(tempDir('collab-create-y-'), { origin: `${sb.url}/${P}.git` }, 'habits/yes');
    const r = await runInTerminal(['mr', 'create', '-y', '--title', 'Yes please'], {
      cols: 100,
      cwd,
      env: { COLLAB_HOST: sb.url, COLLAB_TOKEN: 'sandbox-admin-token' },
    });
    expect(r.code, r.screen).toBe(0);
    const screen = visible(r.screen);
    expect(screen).not.toMatch(/\?/);
    expect(screen).toMatch(/Created merge request !\d+ \(Yes please\)/);
    const created = await runJson(sb, ['mr', 'view', 'habits/yes', '-p', P]);
    expect(created).toMatchObject({ title: 'Yes please', source_branch: 'habits/yes', target_branch: 'main' });
  });
});
