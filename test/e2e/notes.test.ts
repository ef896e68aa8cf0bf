/**
 * Comments as a reviewer meets them: the built binary against the sandbox's GitLab flavour (which
 * serves GitLab's notes, seeded with conversations and system notes), and `view --comments` in a
 * pseudo-terminal, through one pager. The spec flavour (no notes API): test/commands/notes-sandbox.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type SandboxFixture, startSandboxFixture, tempDir } from '../helpers/e2e.js';
import { plain, runInTerminal } from '../helpers/terminal.js';

const P = 'acme/platform/api';

describe('notes against the GitLab flavour', () => {
  let sb: SandboxFixture;
  const env = { COLLAB_FLAVOR: 'gitlab' };
  const json = async (args: string[]) => {
    const r = await sb.run([...args, '-o', 'json'], env);
    expect(r.exitCode, r.stderr).toBe(0);
    return JSON.parse(r.stdout);
  };

  beforeAll(async () => {
    sb = await startSandboxFixture({ flavor: 'gitlab' });
  });
  afterAll(() => sb?.close());

  it('issue note -m adds a comment the list and user_notes_count then show', async () => {
    const before = (await json(['issue', 'view', '3', '-p', P])).user_notes_count;
    const r = await sb.run(['issue', 'note', '3', '-p', P, '-m', 'Reviewed: **fine**', '--fields', 'id,body,system'], env);
    expect(r.exitCode, r.stderr).toBe(0);
    // execa leaves out the last line break.
    expect(r.stdout).toMatch(/^id\t\d+\nbody\tReviewed: \*\*fine\*\*\nsystem\tfalse$/);
    expect(r.stderr).toBe('Commented on issue #3');
    const notes = await json(['issue', 'notes', '3', '-p', P, '--sort', 'desc', '--order-by', 'created_at']);
    expect(notes[0].body).toBe('Reviewed: **fine**');
    expect((await json(['issue', 'view', '3', '-p', P])).user_notes_count).toBe(before + 1);
  });

  it('mr comment reads piped stdin; an empty one is exit 2 and nothing is sent', async () => {
    const r = await sb.run(['mr', 'comment', '1', '-p', P], env, { input: 'From a pipe\n' });
    expect(r.exitCode, r.stderr).toBe(0);
    const notes = await json(['mr', 'notes', '1', '-p', P, '--sort', 'asc', '--all']);
    expect(notes.at(-1).body).toBe('From a pipe');
    await sb.clearRequests();
    const empty = await sb.run(['mr', 'note', '1', '-p', P], env, { input: '\n\n' });
    expect([empty.exitCode, empty.stderr]).toEqual([2, 'collab: the comment is empty: nothing was sent']);
    expect(sb.requests().filter((q) => q.method === 'POST')).toEqual([]);
  });

  it('--editor writes the comment in $EDITOR; left empty, nothing is sent (exit 2)', async () => {
    const dir = tempDir('collab-note-editor-');
    const editor = (text: string) => {
      const script = path.join(dir, `editor-${text.length}.sh`);
      fs.writeFileSync(script, `#!/bin/sh\nprintf '%s' '${text}' > "$1"\n`, { mode: 0o755 });
      return script;
    };
    const r = await sb.run(['issue', 'note', '5', '-p', P, '--editor', '-o', 'json'], { ...env, EDITOR: editor('Written in the editor') });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).body).toBe('Written in the editor');
    await sb.clearRequests();
    const empty = await sb.run(['issue', 'note', '5', '-p', P, '--editor'], { ...env, EDITOR: editor('') });
    expect(empty.exitCode).toBe(2);
    expect(sb.requests().filter((q) => q.method === 'POST')).toEqual([]);
  });

  it('--all reads every page, in each output mode', async () => {
    const all = await json(['issue', 'notes', '2', '-p', P, '--all', '--per-page', '5', '--sort', 'asc']);
    expect(all.length).toBeGreaterThan(10);
    const ndjson = await sb.run(['issue', 'notes', '2', '-p', P, '--all', '--per-page', '5', '--sort', 'asc', '-o', 'ndjson'], env);
    expect(
      ndjson.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual(all.map((n: { id: number }) => n.id));
    const tsv = await sb.run(['issue', 'notes', '2', '-p', P, '--all', '--per-page', '5', '--fields', 'id,author'], env);
    expect(tsv.stdout.trim().split('\n')).toHaveLength(all.length);
    const firstPage = await json(['issue', 'notes', '2', '-p', P, '--per-page', '5']);
    expect(firstPage).toHaveLength(5);
  });

  it('view --comments piped: the body, then the conversation with system notes, oldest first; --no-system hides them', async () => {
    const r = await sb.run(['issue', 'view', '4', '-p', P, '--comments'], env);
    expect(r.exitCode, r.stderr).toBe(0);
    const at = r.stdout.indexOf('\nComments (2)\n');
    expect(at).toBeGreaterThan(0);
    const discussion = r.stdout.slice(at);
    expect(discussion.match(/^• /gm)).toHaveLength(3);
    const notes = await json(['issue', 'notes', '4', '-p', P, '--sort', 'asc', '--all']);
    const firstComment = notes.find((n: { system: boolean }) => !n.system);
    expect(discussion).toContain(`${firstComment.author.username} · `);
    const hidden = await sb.run(['issue', 'view', '4', '-p', P, '--comments', '--no-system'], env);
    expect(hidden.stdout).toContain('\nComments (2)\n');
    expect(hidden.stdout).not.toMatch(/^• /m);
  });
});

describe('view --comments in a terminal', () => {
  let sb: SandboxFixture;
  let env: Record<string, string>;

  beforeAll(async () => {
    sb = await startSandboxFixture({ flavor: 'gitlab' });
    env = { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN, COLLAB_FLAVOR: 'gitlab', COLLAB_NO_INPUT: '1', COLLAB_PAGER: 'cat' };
  });
  afterAll(() => sb?.close());

  for (const cols of [40, 80, 160]) {
    it(`at ${cols} columns: comments under their author, system notes dimmed, nothing wider than the terminal`, async () => {
      const r = await runInTerminal(['mr', 'view', '1', '-p', P, '--comments'], { cols, env });
      expect(r.code, r.screen).toBe(0);
      // A system note is one dimmed line (or several, wrapped, each dimmed).
      expect(r.screen).toMatch(/\u001b\[2m• \w+ /);
      const screen = plain(r.screen);
      expect(screen).toContain('Comments (3)');
      expect(screen).toMatch(/^carol · .+ ago\n {2}The pipeline is green now\.$/m);
      // The discussion's lines fit; it comes between the description and the link, which stays whole.
      const discussion = screen.slice(screen.indexOf('Comments (3)'), screen.indexOf('View it at'));
      expect(discussion).toContain('The pipeline is green now.');
      for (const line of discussion.split('\n')) expect(line.length, line).toBeLessThanOrEqual(cols);
    });
  }

  it('NO_COLOR: no escape sequences, system notes still told apart by their bullet', async () => {
    const r = await runInTerminal(['mr', 'view', '1', '-p', P, '--comments'], { cols: 80, env: { ...env, NO_COLOR: '1' } });
    expect(r.code, r.screen).toBe(0);
    expect(r.screen).not.toContain('\u001b');
    expect(r.screen).toMatch(/^• \w+ .+ ago$/m);
  });

  it('note on a terminal says what it did in one line, the note itself not printed', async () => {
    const r = await runInTerminal(['mr', 'note', '1', '-p', P, '-m', 'Typed on a terminal'], { cols: 80, env });
    expect(r.code, r.screen).toBe(0);
    expect(plain(r.screen).trim()).toBe('✓ Commented on merge request !1');
  });

  it('the view and its discussion go through one pager', async () => {
    const dir = tempDir('collab-pager-');
    const log = path.join(dir, 'paged');
    const pager = path.join(dir, 'pager.sh');
    fs.writeFileSync(pager, `#!/bin/sh\ncat >> '${log}'\necho '--- pager ended' >> '${log}'\n`, { mode: 0o755 });
    const r = await runInTerminal(['issue', 'view', '2', '-p', P, '--comments'], {
      cols: 80,
      rows: 10,
      env: { ...env, COLLAB_PAGER: pager },
    });
    expect(r.code, r.screen).toBe(0);
    const paged = plain(fs.readFileSync(log, 'utf8'));
    expect(paged.match(/--- pager ended/g)).toHaveLength(1);
    expect(paged.indexOf(`${P}#2`)).toBeGreaterThanOrEqual(0);
    expect(paged.indexOf(`${P}#2`)).toBeLessThan(paged.indexOf('Comments (12)'));
  });
});
