/**
 * `mr create` knows the branch: the built binary, run inside a real git checkout (a subdirectory
 * of it), against the sandbox: piped it opens the merge request from the branch checked out into
 * the project's default branch; in a pseudo-terminal the prompts show both as defaults.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type SandboxFixture, startSandboxFixture, tempDir } from '../helpers/e2e.js';
import { runInTerminal, visible } from '../helpers/terminal.js';

const API = 'acme/platform/api';

describe('mr create: source and target by default', () => {
  let sb: SandboxFixture;
  let cwd: string;
  const posted = () => sb.requests().filter((r) => r.method === 'POST' && r.path.endsWith('/merge_requests'));

  beforeAll(async () => {
    sb = await startSandboxFixture({ seed: 'demo' });
    const repo = tempDir('collab-mr-branch-');
    execFileSync('git', ['init', '-q', '-b', 'main', repo]);
    execFileSync('git', ['checkout', '-q', '-b', 'feature/from-git'], { cwd: repo });
    cwd = path.join(repo, 'src');
    fs.mkdirSync(cwd);
  });
  afterAll(() => sb?.close());

  it('piped: from the branch checked out into the default branch', async () => {
    const r = await sb.run(['mr', 'create', '-p', API, '--title', 'From git', '-o', 'json'], {}, { cwd });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ source_branch: 'feature/from-git', target_branch: 'main', title: 'From git' });
  });

  it('on a terminal the prompts show the defaults, and Enter takes them', async () => {
    const env = { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN, COLLAB_PAGER: 'cat' };
    execFileSync('git', ['checkout', '-q', '-b', 'feature/prompted'], { cwd });
    const before = posted().length;
    const r = await runInTerminal(['mr', 'create', '-p', API, '-d', 'x'], {
      cols: 100,
      env,
      cwd,
      answers: [
        ['(feature/prompted)', '\r'],
        ['(main)', '\r'],
        ['Title:', 'Typed title\r'],
      ],
    });
    const screen = visible(r.screen);
    expect(r.code, JSON.stringify(r.screen)).toBe(0);
    expect(screen).toContain('Source branch: (feature/prompted)');
    expect(screen).toContain('Target branch: (main)');
    const iid = /✓ Created merge request !(\d+) \(Typed title\)/.exec(screen)?.[1];
    expect(iid, screen).toBeDefined();
    expect(posted()).toHaveLength(before + 1);
    const view = await sb.run(['mr', 'view', iid!, '-p', API, '-o', 'json']);
    expect(JSON.parse(view.stdout)).toMatchObject({ source_branch: 'feature/prompted', target_branch: 'main', title: 'Typed title' });
  });
});
