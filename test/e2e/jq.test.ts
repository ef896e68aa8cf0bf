import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binEnv, ROOT, type SandboxFixture, startSandboxFixture, tempDir, USER_TOKEN } from '../helpers/e2e.js';

const P = ['-p', 'acme/platform/api'];

/** The rest of --jq runs in-process: test/commands/jq-sandbox.test.ts. */
describe('--jq: jq on the JSON output of every command', () => {
  let sb: SandboxFixture;
  beforeAll(async () => {
    sb = await startSandboxFixture({ seed: 250 });
  });
  afterAll(() => sb?.close());

  it('jq is loaded only when --jq is given: an installation without it works until --jq is used', async () => {
    const root = tempDir('collab-nojq-');
    for (const rel of ['package.json', 'bin', 'dist']) fs.cpSync(path.join(ROOT, rel), path.join(root, rel), { recursive: true });
    const modules = path.join(root, 'node_modules');
    fs.mkdirSync(modules);
    for (const name of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
      if (name !== 'jq-wasm' && !name.startsWith('.')) fs.symlinkSync(path.join(ROOT, 'node_modules', name), path.join(modules, name));
    }
    const bin = path.join(root, 'bin/collab.js');
    const env = binEnv(root, { COLLAB_HOST: sb.url, COLLAB_TOKEN: USER_TOKEN });
    const run = (args: string[]) => execa(process.execPath, [bin, ...args], { env, extendEnv: false, reject: false, stdin: 'ignore' });
    const plain = await run(['issue', 'view', '1', ...P, '-o', 'json']);
    expect(plain.exitCode, String(plain.stderr)).toBe(0);
    expect(JSON.parse(String(plain.stdout)).iid).toBe(1);
    const filtered = await run(['issue', 'view', '1', ...P, '--jq', '.iid']);
    expect(filtered.exitCode).toBe(1);
    expect(String(filtered.stderr)).toMatch(/jq could not be loaded/);
  });
});
