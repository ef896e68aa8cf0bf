/**
 * `--editor` as people meet it: the built binary against the sandbox, with an editor script
 * written here (it records what it was given and writes the new text), in a pseudo-terminal where
 * the offer on a terminal is the subject.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, BIN, binEnv, runJson, type SandboxFixture, startSandboxFixture, tempDir } from '../helpers/e2e.js';
import { runInTerminal, visible } from '../helpers/terminal.js';

const API = 'acme/platform/api';

interface FakeEditor {
  script: string;
  /** The file the editor was given, and what it held then (undefined: never run). */
  seen(): { file: string; before: string } | undefined;
}

/** An editor that records its file and what it held, then writes `text` into it (or exits with `status`). */
function fakeEditor(text: string, status = 0): FakeEditor {
  const dir = tempDir('collab-editor-');
  const script = path.join(dir, 'editor.sh');
  const log = path.join(dir, 'file');
  const before = path.join(dir, 'before');
  const newText = path.join(dir, 'text');
  fs.writeFileSync(newText, text);
  fs.writeFileSync(script, `#!/bin/sh\nprintf '%s' "$1" > '${log}'\ncat "$1" > '${before}'\ncat '${newText}' > "$1"\nexit ${status}\n`, {
    mode: 0o755,
  });
  return {
    script,
    seen: () => (fs.existsSync(log) ? { file: fs.readFileSync(log, 'utf8'), before: fs.readFileSync(before, 'utf8') } : undefined),
  };
}

describe('--editor on issue and merge request create and update', () => {
  let sb: SandboxFixture;
  let env: Record<string, string>;
  const writes = () => sb.requests().filter((r) => r.method === 'POST' || r.method === 'PUT');
  const json = (args: string[], extra: Record<string, string> = {}) => runJson(sb, args, extra);

  beforeAll(async () => {
    sb = await startSandboxFixture({ seed: 'demo' });
    env = { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN, COLLAB_PAGER: 'cat' };
  });
  afterAll(() => sb?.close());
  beforeEach(() => sb.clearRequests());

  it('issue update --editor starts from the current description, sends what was written, and removes the file', async () => {
    const before = (await json(['issue', 'view', '3', '-p', API])).description as string;
    expect(before.length).toBeGreaterThan(0);
    const editor = fakeEditor('## Edited\n\n- one\n- two\n\n\n');
    const updated = await json(['issue', 'update', '3', '-p', API, '--editor'], { EDITOR: editor.script });
    const seen = editor.seen()!;
    expect(seen.before).toBe(before);
    expect(seen.file).toMatch(/\.md$/);
    // Trailing blank lines dropped; the text otherwise as written.
    expect(updated.description).toBe('## Edited\n\n- one\n- two');
    expect(fs.existsSync(seen.file)).toBe(false);
    expect(fs.existsSync(path.dirname(seen.file))).toBe(false);
  });

  it('$VISUAL wins over $EDITOR; mr create and mr update take --editor too', async () => {
    const visual = fakeEditor('Written in VISUAL');
    const editor = fakeEditor('Written in EDITOR');
    const mr = await json(['mr', 'create', '-p', API, '--source', 'feature/edited', '--target', 'main', '--title', 'Edited', '-e'], {
      VISUAL: visual.script,
      EDITOR: editor.script,
    });
    expect(mr.description).toBe('Written in VISUAL');
    expect(visual.seen()!.before).toBe('');
    expect(editor.seen()).toBeUndefined();
    const again = fakeEditor('Second version');
    const updated = await json(['mr', 'update', String(mr.iid), '-p', API, '--editor'], { EDITOR: again.script });
    expect(again.seen()!.before).toBe('Written in VISUAL');
    expect(updated.description).toBe('Second version');
  });

  it('an empty result or a failing editor stops the command: exit 2, nothing sent, no file left', async () => {
    for (const [editor, message] of [
      [fakeEditor(' \n\n'), 'collab: the description is empty: nothing was sent'],
      [fakeEditor('half written', 3), 'failed (exit status 3): nothing was sent'],
    ] as const) {
      const r = await sb.run(['issue', 'create', '-p', API, '--title', 'Never sent', '--editor'], { EDITOR: editor.script });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain(message);
      expect(fs.existsSync(path.dirname(editor.seen()!.file))).toBe(false);
    }
    const u = await sb.run(['mr', 'update', '1', '-p', API, '--editor'], { EDITOR: fakeEditor('').script });
    expect(u.exitCode).toBe(2);
    expect(writes()).toEqual([]);
  });

  it('--editor beside a description given otherwise is exit 2 before anything is sent', async () => {
    const editor = fakeEditor('x');
    for (const extra of [
      ['-d', 'given'],
      ['--description-file', '-'],
    ]) {
      const r = await sb.run(
        ['issue', 'create', '-p', API, '--title', 'x', '--editor', ...extra],
        { EDITOR: editor.script },
        { input: 'from stdin' },
      );
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain('--editor writes the description');
    }
    expect(editor.seen()).toBeUndefined();
    expect(sb.requests()).toEqual([]);
  });

  it('on a terminal, a create without a description offers the editor: yes writes it there, no sends none', async () => {
    const editor = fakeEditor('Offered and written');
    const yes = await runInTerminal(['issue', 'create', '-p', API, '--title', 'Offered', '-o', 'json'], {
      cols: 100,
      env: { ...env, EDITOR: editor.script },
      answers: [['(y/N)', 'y\r']],
    });
    const screen = visible(yes.screen);
    expect(yes.code, screen).toBe(0);
    expect(screen).toContain(`Write a description in ${editor.script}?`);
    const created = sb.requests().filter((r) => r.method === 'POST');
    expect(created).toHaveLength(1);
    const iid = Number(/"iid":\s*(\d+)/.exec(screen)![1]);
    expect((await json(['issue', 'view', String(iid), '-p', API])).description).toBe('Offered and written');

    const other = fakeEditor('never');
    const no = await runInTerminal(['issue', 'create', '-p', API, '--title', 'Not offered twice', '-o', 'json'], {
      cols: 100,
      env: { ...env, EDITOR: other.script },
      answers: [['(y/N)', 'n\r']],
    });
    expect(no.code, visible(no.screen)).toBe(0);
    expect(other.seen()).toBeUndefined();
    // Piped or with a description, nothing is offered.
    const piped = await sb.run(['issue', 'create', '-p', API, '--title', 'Piped'], { EDITOR: other.script });
    expect(piped.exitCode, piped.stderr).toBe(0);
    expect(other.seen()).toBeUndefined();
  });

  it('a closed terminal (SIGHUP) while the editor is open: exit 130, nothing sent, the file removed at once', async () => {
    const dir = tempDir('collab-editor-');
    const log = path.join(dir, 'file');
    const stop = path.join(dir, 'stop');
    const script = path.join(dir, 'editor.sh');
    // An editor still open when collab is told to end: it waits until the test lets it go.
    // The name is written whole before the test can see it: a shell's `>` creates the file before printf fills it.
    fs.writeFileSync(
      script,
      `#!/bin/sh\nprintf '%s' "$1" > '${log}.part'\nmv '${log}.part' '${log}'\nwhile [ ! -f '${stop}' ]; do sleep 0.05; done\n`,
      { mode: 0o755 },
    );
    const child = execa(process.execPath, [BIN, 'issue', 'create', '-p', API, '--title', 'Interrupted', '--editor'], {
      env: binEnv(tempDir('collab-cfg-'), { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN, EDITOR: script }),
      extendEnv: false,
      reject: false,
      stdin: 'ignore',
    });
    for (let i = 0; i < 2000 && !fs.existsSync(log); i++) await new Promise((r) => setTimeout(r, 5));
    const file = fs.readFileSync(log, 'utf8');
    expect(fs.existsSync(file)).toBe(true);
    // The editor holds collab's output open: it is let go once collab has ended, which the test checks first.
    let leftAfterExit: boolean | undefined;
    child.once('exit', () => {
      leftAfterExit = fs.existsSync(path.dirname(file));
      fs.writeFileSync(stop, '');
    });
    child.kill('SIGHUP');
    const r = await child;
    expect(r.exitCode).toBe(130);
    expect(leftAfterExit).toBe(false);
    expect(writes()).toEqual([]);
  });
});
