/**
 * gh and glab habits as people meet them: the built binary (exit codes, stdout against stderr, a
 * pseudo-terminal where the programs collab runs matter), against the sandbox and in real git
 * checkouts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION } from '../../src/version.js';
import { ADMIN_TOKEN, runBin, type SandboxFixture, startSandboxFixture, tempDir } from '../helpers/e2e.js';
import { runInTerminal, visible } from '../helpers/terminal.js';

const API = 'acme/platform/api';

describe('help, version and usage errors: which stream, which exit code', () => {
  it('collab or a noun alone prints its help on stdout with exit 0 (collab | less works)', async () => {
    for (const [args, usage] of [
      [[], 'Usage: collab <command>'],
      [['issue'], 'Usage: collab issue'],
      [['issues'], 'Usage: collab issue'],
      [['user', 'key'], 'Usage: collab user key'],
    ] as const) {
      const r = await runBin([...args]);
      expect([r.exitCode, r.stderr], args.join(' ')).toEqual([0, '']);
      expect(r.stdout.startsWith(usage), r.stdout.slice(0, 80)).toBe(true);
    }
  });

  it('real usage errors stay exit 2 on stderr, with nothing on stdout', async () => {
    for (const [args, message] of [
      [['isue', 'list'], 'collab: unknown command "isue"; did you mean "issue"?'],
      [['pr', 'list'], 'collab: unknown command "pr list": collab calls it "mr list"\nhint: try: collab mr list'],
      [['issue', 'lst'], 'collab: unknown command "issue lst"; did you mean "issue list"?'],
      [['issue', 'list', '--json', 'iid,title'], "collab: --json is gh's flag: use -o json --fields iid,title"],
      [['issue', 'list', '-o', 'yaml'], 'collab: invalid value for --output: "yaml" is not one of table, tsv, json, ndjson'],
      [['issue', '--bogus'], "collab: unknown option '--bogus'"],
    ] as const) {
      const r = await runBin([...args]);
      expect([r.exitCode, r.stdout], args.join(' ')).toEqual([2, '']);
      expect(r.stderr.startsWith(message), r.stderr).toBe(true);
    }
  });

  it('collab version prints what collab --version prints', async () => {
    const [word, flag] = await Promise.all([runBin(['version']), runBin(['--version'])]);
    expect([word.exitCode, word.stdout, word.stderr]).toEqual([0, VERSION, '']);
    expect(flag.stdout).toBe(word.stdout);
  });
});

describe('against the sandbox', () => {
  let sb: SandboxFixture;
  let configDir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    sb = await startSandboxFixture({ seed: 'demo' });
    configDir = tempDir('collab-habits-cfg-');
    env = { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN, COLLAB_CONFIG_DIR: configDir };
  });
  afterAll(() => sb?.close());

  const config = async (...args: string[]) => {
    const r = await sb.run(['config', ...args], { COLLAB_CONFIG_DIR: configDir });
    expect(r.exitCode, r.stderr).toBe(0);
    return r.stdout;
  };

  it('config set pager|editor|browser: stored, and the programs collab runs', async () => {
    await config('set', 'pager', "sed 's/^/configured: /'");
    expect(await config('get', 'pager')).toBe("sed 's/^/configured: /'");
    const paged = await runInTerminal(['issue', 'list', '-p', API, '--no-color'], { cols: 80, rows: 5, env: { ...env, PAGER: 'cat' } });
    expect(paged.code).toBe(0);
    expect(paged.screen).toMatch(/^configured: IID/);
    // COLLAB_PAGER still comes first.
    const own = await runInTerminal(['issue', 'list', '-p', API, '--no-color'], {
      cols: 80,
      rows: 5,
      env: { ...env, COLLAB_PAGER: "sed 's/^/own: /'" },
    });
    expect(own.screen).toMatch(/^own: IID/);

    const dir = tempDir('collab-habits-programs-');
    const opened = path.join(dir, 'opened');
    const browser = path.join(dir, 'browser.sh');
    fs.writeFileSync(browser, `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`, { mode: 0o755 });
    await config('set', 'browser', browser);
    const web = await runInTerminal(['issue', 'view', '1', '-p', API, '--web'], { cols: 80, env: { ...env, BROWSER: 'false' } });
    expect(web.code, web.screen).toBe(0);
    expect(fs.readFileSync(opened, 'utf8')).toMatch(/\/acme\/platform\/api\/(-\/)?issues\/1$/);

    const editor = path.join(dir, 'editor.sh');
    fs.writeFileSync(editor, `#!/bin/sh\nprintf 'Written in the configured editor' > "$1"\n`, { mode: 0o755 });
    await config('set', 'editor', editor);
    const edited = await sb.run(['issue', 'update', '2', '-p', API, '--editor', '-o', 'json'], {
      ...env,
      EDITOR: 'false',
      VISUAL: 'false',
    });
    expect(edited.exitCode, edited.stderr).toBe(0);
    expect(JSON.parse(edited.stdout).description).toBe('Written in the configured editor');
  });

  it('an --editor update that changes nothing says so and sends nothing', async () => {
    const dir = tempDir('collab-habits-same-');
    const untouched = path.join(dir, 'editor.sh');
    fs.writeFileSync(untouched, '#!/bin/sh\nprintf "\\n\\n" >> "$1"\n', { mode: 0o755 });
    await sb.clearRequests();
    const r = await sb.run(['issue', 'update', '3', '-p', API, '--editor'], { EDITOR: untouched });
    expect([r.exitCode, r.stdout, r.stderr]).toEqual([0, '', 'The description is unchanged: nothing was sent']);
    expect(sb.requests().filter((q) => q.method !== 'GET')).toEqual([]);
    // Beside another change, the unchanged text is left out and the change goes.
    const titled = await sb.run(['issue', 'update', '3', '-p', API, '--editor', '--title', 'Retitled', '-o', 'json'], {
      EDITOR: untouched,
    });
    expect(titled.exitCode, titled.stderr).toBe(0);
    expect(JSON.parse(titled.stdout).title).toBe('Retitled');
    expect(sb.requests().filter((q) => q.method === 'PUT')).toHaveLength(1);
  });

  describe('mr create --fill, in a real checkout', () => {
    let repo: string;
    const git = (...args: string[]) =>
      execFileSync('git', args, {
        cwd: repo,
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          HOME: repo,
          GIT_CONFIG_NOSYSTEM: '1',
          GIT_AUTHOR_NAME: 'A',
          GIT_AUTHOR_EMAIL: 'a@x',
          GIT_COMMITTER_NAME: 'A',
          GIT_COMMITTER_EMAIL: 'a@x',
        },
      });
    const commit = (message: string) => git('commit', '-q', '--allow-empty', '-m', message);

    beforeAll(() => {
      repo = tempDir('collab-fill-');
      git('init', '-q', '-b', 'main');
      commit('Initial commit');
    });

    it('one commit: its subject and body, asking nothing even on a terminal', async () => {
      git('checkout', '-q', '-b', 'fix/login-crash', 'main');
      commit('Fix the crash on login\n\nThe session was read before it was set.');
      const r = await runInTerminal(['mr', 'create', '-p', API, '--fill', '--target', 'main'], {
        cols: 100,
        env: { ...env, COLLAB_PAGER: 'cat' },
        cwd: repo,
      });
      const screen = visible(r.screen);
      expect(r.code, screen).toBe(0);
      expect(screen).not.toContain('?');
      const iid = /Created merge request !(\d+)/.exec(screen)?.[1];
      const view = await sb.run(['mr', 'view', iid!, '-p', API, '-o', 'json']);
      expect(JSON.parse(view.stdout)).toMatchObject({
        source_branch: 'fix/login-crash',
        target_branch: 'main',
        title: 'Fix the crash on login',
        description: 'The session was read before it was set.',
      });
    });

    it('several commits: the branch name as the title and the commits as a list, oldest first; given flags win', async () => {
      git('checkout', '-q', '-b', 'feature/dark_mode-toggle', 'main');
      commit('Add the toggle');
      commit('Remember the choice');
      const r = await sb.run(['mr', 'create', '-p', API, '--fill', '-o', 'json'], {}, { cwd: repo });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({
        source_branch: 'feature/dark_mode-toggle',
        title: 'feature/dark mode toggle',
        description: '- Add the toggle\n- Remember the choice',
      });
      git('checkout', '-q', '-b', 'feature/titled', 'main');
      commit('One change');
      const titled = await sb.run(['mr', 'create', '-p', API, '--fill', '--title', 'Mine', '-o', 'json'], {}, { cwd: repo });
      expect(JSON.parse(titled.stdout)).toMatchObject({ title: 'Mine', source_branch: 'feature/titled' });
    });

    it('nothing to fill from is exit 2 before the merge request is sent', async () => {
      git('checkout', '-q', '-b', 'feature/empty', 'main');
      await sb.clearRequests();
      const empty = await sb.run(['mr', 'create', '-p', API, '--fill', '--target', 'main'], {}, { cwd: repo });
      expect([empty.exitCode, empty.stderr]).toEqual([2, 'collab: --fill: feature/empty has no commits that main lacks']);
      const elsewhere = await sb.run(['mr', 'create', '-p', API, '--fill', '--source', 'x', '--target', 'main'], {}, { cwd: tempDir() });
      expect(elsewhere.exitCode).toBe(2);
      expect(elsewhere.stderr).toContain('--fill reads the commits of x that main lacks, and git knows no such branches here');
      expect(sb.requests().filter((q) => q.method === 'POST')).toEqual([]);
    });
  });
});
