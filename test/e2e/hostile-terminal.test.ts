/**
 * A server that controls text (titles, keys, names, error messages, CI logs) cannot drive the
 * user's terminal: the built binary in a pseudo-terminal against a server returning escape
 * sequences, C1 controls, bidi overrides and zero-width characters.
 */

import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, binEnv, runBin, tempDir } from '../helpers/e2e.js';
import { type HostileServer, runInPty, startHostileServer, terminalSafe } from '../helpers/hostile.js';

// Clipboard write, window title, clear screen, a one-byte CSI (cursor report), a C1 OSC hyperlink,
// a right-to-left override, an isolate, a zero-width space, BEL and backspace.
const EVIL =
  '\u001b]52;c;cm0gLXJmIH4=\u0007\u001b]0;pwned\u0007\u001b[2J\u009b6n\u009d8;;https://evil.example\u009cEVIL\u202etxt.exe\u2066x\u2069\u200by\u0007\u0008';
const PROJECT = 'acme%2Fapi';
const TOKEN = 'glpat-hostile-test-0123456789';

const LOG = Buffer.from(
  [
    'section_start:1700000000:build[collapsed=true]\r\u001b[0K\u001b[36;1mStep 1: build\u001b[0;m\n',
    '\u001b]52;c;cm0gLXJmIH4=\u0007clipboard line\n',
    '\u001b]0;owned\u0007title line\n',
    '\u001b]8;;https://evil.example\u001b\\a link\u001b]8;;\u001b\\\n',
    '\u001b[2J\u001b[Hafter clear\u009b5n\n',
    'progress 10%\rprogress 100%\n',
    '\u001b[32mJob succeeded\u001b[0m\n',
    'section_end:1700000001:build\r\u001b[0K',
  ].join(''),
  'utf8',
);

describe('nothing from the server reaches a terminal raw', () => {
  let server: HostileServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    server = await startHostileServer({
      [`GET /api/v4/projects/${PROJECT}/issues/1`]: {
        body: {
          iid: 1,
          title: `Title ${EVIL}`,
          [`key${EVIL}`]: 'value',
          state: `opened${EVIL}`,
          labels: [`bug${EVIL}`],
          author: { username: `mallory${EVIL}` },
        },
      },
      [`GET /api/v4/projects/${PROJECT}/issues/2`]: { status: 404, body: { message: `404 Issue ${EVIL} Not Found` } },
      [`GET /api/v4/projects/${PROJECT}/merge_requests`]: {
        body: [
          {
            iid: 3,
            title: `MR ${EVIL}`,
            state: 'opened',
            author: { username: `eve${EVIL}` },
            source_branch: `feature${EVIL}`,
            target_branch: 'main',
          },
        ],
      },
      [`GET /api/v4/projects/${PROJECT}/jobs/5`]: { body: { id: 5, status: 'failed', name: `deploy${EVIL}` } },
      [`GET /api/v4/projects/${PROJECT}/jobs/5/trace`]: { headers: { 'content-type': 'text/plain' }, body: LOG },
      'GET /api/v4/user': { body: { id: 9, username: `admin${EVIL}`, name: `Ad${EVIL}min` } },
      // Trojan Source: a comment that reorders the code around it.
      [`GET /api/v4/projects/${PROJECT}/merge_requests/3/changes`]: {
        body: {
          iid: 3,
          changes: [
            {
              old_path: `src/a${EVIL}.js`,
              new_path: `src/a${EVIL}.js`,
              diff: `@@ -1 +1 @@\n-a\n+if (role != "user\u202e \u2066// admin only\u2069 \u2066") {${EVIL}\n`,
            },
          ],
        },
      },
      // The file name of a download, shown in the progress bar: percent-encoded, and as raw C1 bytes.
      [`GET /api/v4/projects/${PROJECT}/jobs/7/artifacts`]: {
        headers: {
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(`a${EVIL}.zip`)}`,
        },
        body: Buffer.alloc(64 * 1024, 1),
      },
      [`GET /api/v4/projects/${PROJECT}/jobs/8/artifacts`]: {
        headers: {
          'content-type': 'application/zip',
          'content-disposition': Buffer.from('attachment; filename="b\xc2\x9b2J\xc2\x9d0;t\xc2\x9c.zip"', 'latin1').toString('latin1'),
        },
        body: Buffer.alloc(64 * 1024, 1),
      },
    });
    env = { COLLAB_HOST: server.url, COLLAB_TOKEN: TOKEN, COLLAB_NO_INPUT: '1' };
  });
  afterAll(() => server?.close());

  it(
    'table mode on a terminal: values, keys, states, labels and users carry no ' + 'sequence, control, bidi or zero-width character',
    async () => {
      for (const args of [
        ['issue', 'view', '1', '-p', 'acme/api'],
        ['mr', 'list', '-p', 'acme/api'],
        ['issue', 'view', '1', '-p', 'acme/api', '--fields', 'title,state'],
        ['mr', 'changes', '3', '-p', 'acme/api'],
      ]) {
        const r = await runInPty(args, env);
        expect(r.exitCode, r.output).toBe(0);
        expect(terminalSafe(r.output), args.join(' ')).toEqual([]);
        expect(r.output).toContain('EVILtxt.exe');
        expect(r.output).toContain('\u001b['); // colours are still on
      }
      // A key the server sent is no declared field: naming it is exit 2, and the name is shown safe.
      const named = await runInPty(['issue', 'view', '1', '-p', 'acme/api', '--fields', `title,key${EVIL},state`], env);
      expect(named.exitCode, named.output).toBe(2);
      expect(terminalSafe(named.output)).toEqual([]);
      expect(named.output).toContain('unknown field "keyEVILtxt.exe');
    },
  );

  it('tsv keeps bidi text exact but no control character; json keeps every byte', async () => {
    const tsv = await runBin(['issue', 'view', '1', '-p', 'acme/api'], env);
    expect(tsv.exitCode, tsv.stderr).toBe(0);
    expect(tsv.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(tsv.stdout).toContain('keyEVIL\u202etxt.exe\u2066x\u2069\u200by\tvalue\n');
    const json = await runBin(['issue', 'view', '1', '-p', 'acme/api', '-o', 'json'], env);
    expect(JSON.parse(json.stdout).title).toBe(`Title ${EVIL}`);
    expect(Object.keys(JSON.parse(json.stdout))).toContain(`key${EVIL}`);
  });

  it('error messages, hints and notices on stderr are sanitised (a terminal and a pipe)', async () => {
    const cases: [string[], number][] = [
      [['issue', 'view', '2', '-p', 'acme/api'], 1],
      [['job', 'trace', '5', '-p', 'acme/api', '--exit-status'], 1],
    ];
    for (const [args, code] of cases) {
      const tty = await runInPty(args, { ...env, NO_COLOR: '1' });
      expect(tty.exitCode, tty.output).toBe(code);
      expect(terminalSafe(tty.output), args.join(' ')).toEqual([]);
      expect(tty.output).toContain('EVILtxt.exe');
      const piped = await runBin(args, env);
      expect(piped.exitCode).toBe(code);
      expect(terminalSafe(piped.stderr), args.join(' ')).toEqual([]);
    }
    // The notice of `auth login` names the user as the server spells it.
    const login = await runBin(['auth', 'login', '--host', server.url, '--token-stdin'], {}, { input: TOKEN });
    expect(login.exitCode, login.stderr).toBe(0);
    expect(login.stderr).toMatch(/^Logged in to .* as adminEVILtxt\.exexy \(AdEVILtxt\.exexymin\)/m);
    expect(terminalSafe(login.stderr)).toEqual([]);
  });

  it("a download's progress bar shows the server's file name sanitised", async () => {
    for (const id of ['7', '8']) {
      const dir = tempDir();
      const r = await runInPty(['job', 'artifacts', id, '-p', 'acme/api', '--dest', `${dir}/a.zip`], env);
      expect(r.exitCode, r.output).toBe(0);
      expect(r.output).toMatch(id === '7' ? /aEVILtxt\.exexy\.zip/ : /b\u00c2\u00c2\.zip/);
      // The bar's own erase-line after each redraw is the one sequence collab writes there.
      expect(terminalSafe(r.output.replace(/\u001b\[K/g, '')), id).toEqual([]);
    }
  });

  it(
    'job trace on a terminal keeps colours and \\r only; NO_COLOR and --no-color drop ' + 'the colours too; piped it is byte for byte',
    async () => {
      const args = ['job', 'trace', '5', '-p', 'acme/api'];
      const colour = await runInPty(args, env);
      expect(colour.exitCode, colour.output).toBe(0);
      expect(terminalSafe(colour.output)).toEqual([]);
      expect(colour.output).toContain('\u001b[36;1mStep 1: build\u001b[0;m');
      expect(colour.output).toContain('\u001b[32mJob succeeded\u001b[0m');
      expect(colour.output).toContain('progress 10%\rprogress 100%');
      expect(colour.output).not.toContain('section_');
      for (const text of ['clipboard line', 'title line', 'a link', 'after clear']) expect(colour.output).toContain(text);

      for (const plain of [await runInPty(args, { ...env, NO_COLOR: '1' }), await runInPty([...args, '--no-color'], env)]) {
        expect(plain.exitCode, plain.output).toBe(0);
        expect(plain.output).not.toContain('\u001b');
        expect(plain.output).toContain('Step 1: build');
        expect(plain.output).toContain('progress 10%\rprogress 100%');
      }

      const piped = await execa(process.execPath, [BIN, ...args], {
        env: binEnv(tempDir(), { ...env, FORCE_COLOR: '1' }),
        extendEnv: false,
        encoding: 'buffer',
        stdin: 'ignore',
      });
      expect(Buffer.compare(Buffer.from(piped.stdout), LOG)).toBe(0);
    },
  );
});
