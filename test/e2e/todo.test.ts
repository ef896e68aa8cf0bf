/**
 * "What needs me" (issue 38 item 14): `todo list` and `todo done` as people use them, the built
 * binary against the sandbox's gitlab flavour (GitLab's to-do API: lib/api/todos.rb) and its spec
 * flavour (none), a table in a pseudo-terminal, ids piped from one to the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJson, type SandboxFixture, startSandboxFixture, USER_TOKEN } from '../helpers/e2e.js';
import { runInTerminal, visible } from '../helpers/terminal.js';

const ALICE = { COLLAB_TOKEN: USER_TOKEN };

describe('to-do items against the gitlab flavour', () => {
  let sb: SandboxFixture;
  beforeAll(async () => {
    sb = await startSandboxFixture({ flavor: 'gitlab' });
  });
  afterAll(() => sb?.close());

  it('a to-do added on an issue is listed; piped to todo done --stdin, it is done', async () => {
    const added = await sb.run(['issue', 'todo', '7', '-p', 'acme/platform/api'], ALICE);
    expect(added.exitCode, added.stderr).toBe(0);
    const marked = (await runJson(sb, ['todo', 'list', '--action', 'marked'], ALICE)) as { id: number; target: { iid: number } }[];
    expect(marked.map((t) => t.target.iid)).toContain(7);
    const ndjson = await sb.run(['todo', 'list', '--action', 'marked', '-o', 'ndjson'], ALICE);
    const done = await sb.run(['todo', 'done', '--stdin'], ALICE, { input: ndjson.stdout });
    expect(done.exitCode, done.stderr).toBe(0);
    expect(done.stderr).toMatch(/^Marked to-do \d+ \(.+\) as done$/m);
    expect(await runJson(sb, ['todo', 'list', '--action', 'marked'], ALICE)).toEqual([]);
    const after = (await runJson(sb, ['todo', 'list', '--state', 'done'], ALICE)) as { target: { iid: number } }[];
    expect(after.map((t) => t.target.iid)).toContain(7);
  });

  it('in a terminal of 80 columns: a table whose references are whole; --all empties the list', async () => {
    const env = { COLLAB_HOST: sb.url, ...ALICE, COLLAB_PAGER: 'cat' };
    const r = await runInTerminal(['todo', 'list'], { cols: 80, env });
    expect(r.code, r.screen).toBe(0);
    const screen = visible(r.screen);
    expect(screen).toMatch(/^ID +REF +ACTION +TITLE/m);
    expect(screen).toMatch(/acme\/platform\/api#\d+ +(assigned|mentioned)/);
    for (const line of screen.trimEnd().split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
    const all = await runInTerminal(['todo', 'done', '--all'], { cols: 80, env });
    expect(visible(all.screen)).toContain('Marked every pending to-do item as done');
    const none = await runInTerminal(['todo', 'list'], { cols: 80, env });
    expect(visible(none.screen).trim()).toBe('No pending to-do items');
  });
});

describe("the spec flavour's servers have no to-do API", () => {
  let sb: SandboxFixture;
  beforeAll(async () => {
    sb = await startSandboxFixture();
  });
  afterAll(() => sb?.close());

  it('todo list is exit 1 saying so', async () => {
    const r = await sb.run(['todo', 'list'], ALICE);
    expect([r.exitCode, r.stderr]).toEqual([
      1,
      "collab: 404 Not Found: this server has no to-do API (GitLab has; the spec's servers have none)",
    ]);
  });
});
