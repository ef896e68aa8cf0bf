/**
 * `--web` as people and scripts meet it: the built binary against the sandbox. Off a terminal the
 * page's URL alone on stdout and nothing run; in a pseudo-terminal the `$BROWSER` command run
 * with the URL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type SandboxFixture, startSandboxFixture, tempDir } from '../helpers/e2e.js';
import { runInTerminal, visible } from '../helpers/terminal.js';

const API = 'acme/platform/api';

/** A browser that writes each argument it was given on a line of `out`. */
function fakeBrowser(dir: string): { script: string; out: string } {
  const script = path.join(dir, 'browser.sh');
  const out = path.join(dir, 'opened.txt');
  fs.writeFileSync(script, `#!/bin/sh\nprintf '%s\\n' "$@" > '${out}'\n`, { mode: 0o755 });
  return { script, out };
}

describe('--web on the views', () => {
  let sb: SandboxFixture;
  let env: Record<string, string>;
  beforeAll(async () => {
    sb = await startSandboxFixture({ seed: 'demo' });
    env = { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN, COLLAB_PAGER: 'cat' };
  });
  afterAll(() => sb?.close());

  const views: [string, string[]][] = [
    ['issue', ['issue', 'view', '1', '-p', API]],
    ['mr', ['mr', 'view', '1', '-p', API]],
    ['job', ['job', 'view', '1', '-p', API]],
    ['project', ['project', 'view', API]],
    ['group', ['group', 'view', 'acme']],
    ['user', ['user', 'view', 'alice']],
  ];

  for (const [noun, args] of views) {
    it(`${noun} view --web off a terminal prints exactly the web_url and runs nothing`, async () => {
      const { script, out } = fakeBrowser(tempDir('collab-web-'));
      const json = await sb.run([...args, '-o', 'json']);
      expect(json.exitCode, json.stderr).toBe(0);
      const webUrl = JSON.parse(json.stdout).web_url as string;
      expect(webUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      const r = await sb.run([...args, '--web'], { BROWSER: script }, { stripFinalNewline: false });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout).toBe(`${webUrl}\n`);
      expect(r.stderr).toBe('');
      expect(fs.existsSync(out)).toBe(false);
    });
  }

  it('on a terminal, $BROWSER is run with the page of the view (-w too)', async () => {
    for (const [, args] of [views[0]!, views[4]!]) {
      const { script, out } = fakeBrowser(tempDir('collab-web-'));
      const webUrl = JSON.parse((await sb.run([...args, '-o', 'json'])).stdout).web_url as string;
      const r = await runInTerminal([...args, '-w'], { cols: 100, env: { ...env, BROWSER: script } });
      expect(r.code, r.screen).toBe(0);
      expect(fs.readFileSync(out, 'utf8')).toBe(`${webUrl}\n`);
      expect(visible(r.screen)).toContain(`Opening ${webUrl} in your browser.`);
      // The view itself is not printed.
      expect(visible(r.screen)).not.toMatch(/^title /m);
    }
  });

  it('on a terminal, a $BROWSER that fails is exit 1 naming it, with the URL to open by hand', async () => {
    const r = await runInTerminal(['issue', 'view', '1', '-p', API, '--web'], { cols: 100, env: { ...env, BROWSER: 'false' } });
    expect(r.code).toBe(1);
    expect(visible(r.screen)).toMatch(/collab: the browser \(false\) failed \(exit status 1\)/);
    expect(visible(r.screen)).toMatch(/hint: open http:\/\/127\.0\.0\.1:\d+\/acme\/platform\/api\/issues\/1 yourself/);
  });

  it('on a terminal with no browser to reach (no $BROWSER, no display): the URL on stdout, the reason, exit 0', async () => {
    const webUrl = JSON.parse((await sb.run(['mr', 'view', '1', '-p', API, '-o', 'json'])).stdout).web_url as string;
    // binEnv passes neither DISPLAY nor BROWSER: a session over SSH or in a container.
    const r = await runInTerminal(['mr', 'view', '1', '-p', API, '--web'], { cols: 100, env });
    expect(r.code, r.screen).toBe(0);
    const screen = visible(r.screen);
    expect(screen).toContain(`${webUrl}\n`);
    expect(screen).toContain('No browser found to open it: set BROWSER (or collab config set browser <command>)');
    expect(screen).not.toContain('Opening');
    // stdout a pipe, stderr the terminal: the URL alone is the data.
    const piped = await runInTerminal(['mr', 'view', '1', '-p', API, '--web'], { cols: 100, env, stdout: 'pipe' });
    expect([piped.code, piped.stdout]).toEqual([0, `${webUrl}\n`]);
  });

  it('only views of what has a web page take --web', async () => {
    for (const args of [
      ['settings', 'view'],
      ['issue', 'list'],
      ['issue', 'create'],
    ]) {
      const r = await sb.run([...args, '--web']);
      expect(r.exitCode, args.join(' ')).toBe(2);
      expect(r.stderr).toContain("unknown option '--web'");
    }
  });
});
