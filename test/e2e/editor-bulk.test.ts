/**
 * `--editor` writes one item's text: with several ids (as arguments or on --stdin) it is exit 2
 * before the editor opens or anything is sent, so one issue's description is never copied onto
 * others. The built binary against the sandbox, with a script as $EDITOR that records each run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runJson, type SandboxFixture, startSandboxFixture, tempDir } from '../helpers/e2e.js';

const API = 'acme/platform/api';

describe('--editor with several items', () => {
  let sb: SandboxFixture;
  let editor: string;
  let runs: string;
  beforeAll(async () => {
    sb = await startSandboxFixture({ seed: 'demo' });
    const dir = tempDir('collab-editor-');
    runs = path.join(dir, 'runs');
    editor = path.join(dir, 'editor.sh');
    // Appends the text it was given to `runs`, then writes its own.
    fs.writeFileSync(editor, `#!/bin/sh\ncat "$1" >> '${runs}'\nprintf 'written in the editor' > "$1"\n`, { mode: 0o755 });
  });
  afterAll(() => sb?.close());
  beforeEach(async () => {
    await sb.clearRequests();
    fs.rmSync(runs, { force: true });
  });
  const env = () => ({ EDITOR: editor, VISUAL: editor });
  const description = async (iid: number) => (await runJson(sb, ['issue', 'view', String(iid), '-p', API])).description as string;

  it('several ids as arguments or on --stdin: exit 2, the editor never opens, nothing is sent', async () => {
    const args = await sb.run(['issue', 'update', '3', '4', '-p', API, '--editor'], env());
    expect(args.exitCode).toBe(2);
    expect(args.stderr.split('\n')[0]).toBe(
      'collab: --editor edits one description: give one id, or the same description to all with --description',
    );
    const stdin = await sb.run(['issue', 'update', '-p', API, '--editor', '--stdin'], env(), { input: '3\n4\n' });
    expect(stdin.exitCode).toBe(2);
    expect(fs.existsSync(runs)).toBe(false);
    expect(sb.requests()).toEqual([]);
  });

  it('one id (the control): the editor opens on that issue alone', async () => {
    const other = await description(4);
    await sb.clearRequests();
    const r = await sb.run(['issue', 'update', '3', '-p', API, '--editor'], env());
    expect(r.exitCode, r.stderr).toBe(0);
    expect(fs.existsSync(runs)).toBe(true);
    expect(await description(3)).toBe('written in the editor');
    expect(await description(4)).toBe(other);
    // A batch of one on --stdin is one item too.
    const one = await sb.run(['issue', 'update', '-p', API, '--editor', '--stdin'], env(), { input: '4\n' });
    expect(one.exitCode, one.stderr).toBe(0);
    expect(await description(4)).toBe('written in the editor');
  });
});
