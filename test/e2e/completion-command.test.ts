import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/harness.js';
import { tempDir } from '../helpers/temp.js';

const root = path.resolve(import.meta.dirname, '../..');

describe('collab completion <shell>', () => {
  it.each([
    ['bash', 'completions/collab.bash'],
    ['zsh', 'completions/_collab'],
    ['fish', 'completions/collab.fish'],
  ])('%s prints the committed %s', async (shell, file) => {
    const r = await runCli(['completion', shell]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(fs.readFileSync(path.join(root, file), 'utf8'));
  });

  it('refuses another shell with exit 2', async () => {
    const r = await runCli(['completion', 'tcsh']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('collab: invalid value for <shell>: "tcsh" is not one of bash, zsh, fish\n');
  });

  it('needs a shell (exit 2)', async () => {
    const r = await runCli(['completion']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("missing required argument 'shell'");
  });

  it('loads neither the other commands, the generators nor undici', () => {
    const dir = tempDir('collab-loads-');
    const log = path.join(dir, 'loaded.txt');
    const hooks = `import fs from 'node:fs';
export async function load(url, context, next) {
  fs.appendFileSync(${JSON.stringify(log)}, url + '\\n');
  return next(url, context);
}`;
    fs.writeFileSync(path.join(dir, 'hooks.mjs'), hooks);
    fs.writeFileSync(
      path.join(dir, 'register.mjs'),
      `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${path.join(dir, 'hooks.mjs')}`)});\n`,
    );
    const r = spawnSync(
      process.execPath,
      ['--import', path.join(dir, 'register.mjs'), path.join(root, 'bin/collab.js'), 'completion', 'bash'],
      {
        encoding: 'utf8',
        env: { PATH: process.env.PATH, HOME: dir },
      },
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(fs.readFileSync(path.join(root, 'completions/collab.bash'), 'utf8'));
    const loaded = fs.readFileSync(log, 'utf8').split('\n').filter(Boolean);
    // The CLI runs from one bundle (commands inside it are compiled lazily, never run); what must
    // not load is the network stack, the heavy dependencies, or the sandbox.
    expect(loaded.some((u) => u.endsWith('/bin/collab.js'))).toBe(true);
    const unwanted = loaded.filter((u) =>
      /undici|inquirer|chalk|\/ora\/|cli-table3|\/conf\/|^node:https?$|\/dist\/sandbox\/|\/dist\/docs\/(?!files\.js)/.test(u),
    );
    expect(unwanted).toEqual([]);
  });
});
