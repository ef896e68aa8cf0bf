import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runBin, tempDir } from '../helpers/e2e.js';

describe('start-up through the bundle and the V8 code cache', () => {
  it('writes a code cache on the first run, reuses it, and survives a corrupt one', async () => {
    const cache = tempDir('collab-cache-');
    const env = { XDG_CACHE_HOME: cache };
    const first = await runBin(['help', 'exit-codes'], env);
    expect(first.exitCode).toBe(0);
    const files = fs.readdirSync(path.join(cache, 'collab'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^code-v\d+.*\.bin$/);
    const file = path.join(cache, 'collab', files[0]!);
    const written = fs.statSync(file).mtimeMs;

    const second = await runBin(['help', 'exit-codes'], env);
    expect(second.stdout).toBe(first.stdout);
    expect(fs.statSync(file).mtimeMs).toBe(written);

    fs.writeFileSync(file, 'not a code cache');
    const third = await runBin(['help', 'exit-codes'], env);
    expect(third.exitCode).toBe(0);
    expect(third.stdout).toBe(first.stdout);
    expect(third.stderr).toBe('');
    expect(fs.readFileSync(file).toString()).not.toBe('not a code cache');
  });

  it('the build produces the bundle, and --version matches package.json', async () => {
    expect(fs.existsSync(path.join(ROOT, 'dist/bundle/collab.cjs'))).toBe(true);
    const r = await runBin(['--version']);
    expect(r.stdout.trim()).toBe(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
  });
});
