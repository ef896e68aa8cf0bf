import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type GitlabServer, PERSONAL, runnerEnv, startGitlab } from '../helpers/gitlab-server.js';
import { type VariableStore, variable, variableRoutes } from '../helpers/gitlab-variables.js';
import { runCli } from '../helpers/harness.js';
import { tempDir } from '../helpers/temp.js';

/**
 * `collab variable` against a GitLab answering as lib/api/ci/variables.rb and
 * lib/api/group_variables.rb write it (test/helpers/gitlab-variables.ts), in-process over real
 * HTTP: hostile values go and come back as they are, a masked value is never printed, the job
 * token alone is exit 4 with nothing sent.
 */
let gl: GitlabServer;
let spec: GitlabServer;
const store: VariableStore = { project: [], group: [] };
beforeAll(async () => {
  gl = await startGitlab(variableRoutes(store));
  spec = await startGitlab(variableRoutes(store), { flavor: 'spec' });
});
afterAll(async () => {
  await gl?.close();
  await spec?.close();
});
beforeEach(() => {
  store.project.splice(
    0,
    Infinity,
    variable('LOG_LEVEL', 'debug'),
    variable('DEPLOY_TOKEN', 'tok-3f9a8b7c6d5e', { masked: true, protected: true }),
  );
  store.group.splice(0, Infinity, variable('ORG', 'Acme Corp'));
});

const asUser = (server = gl, more: Record<string, string> = {}) => ({ COLLAB_HOST: server.url, COLLAB_TOKEN: PERSONAL, ...more });

/** Values a shell, a parser or a terminal would take for something else. */
const HOSTILE = [
  `it's "quoted" and 'single'`,
  'two\nlines\n',
  `$(touch /tmp/collab-pwned) \`id\` \${HOME} $HOME`,
  'back\\slash \\n not a newline; && rm -rf ~ | cat',
  "'\"'\"'",
  '   leading and trailing   ',
  'tab\there, cr\r, unicode \u00e9 \u{1f680}',
];

describe('variable get, list', () => {
  it('get prints the bare value and a newline; -o json the variable; a group with -g', async () => {
    const r = await runCli(['variable', 'get', 'LOG_LEVEL', '-p', '7'], { env: asUser() });
    expect([r.code, r.stdout, r.stderr]).toEqual([0, 'debug\n', '']);
    const g = await runCli(['variable', 'get', 'ORG', '-g', 'acme', '-o', 'json'], { env: asUser() });
    expect(JSON.parse(g.stdout)).toMatchObject({ key: 'ORG', value: 'Acme Corp', environment_scope: '*' });
  });

  it('list masks masked values in tsv; JSON keeps what GitLab sent', async () => {
    const r = await runCli(['variable', 'list', '-p', '7'], { env: asUser() });
    expect(r.stdout).toBe('LOG_LEVEL\tdebug\t*\tenv_var\tfalse\tfalse\nDEPLOY_TOKEN\t[masked]\t*\tenv_var\ttrue\ttrue\n');
  });

  it('several variables of a key: exit 1 saying to give --scope; --scope picks one', async () => {
    store.project.push(
      variable('URL', 'https://prod', { environment_scope: 'production' }),
      variable('URL', 'https://stage', { environment_scope: 'staging' }),
    );
    const both = await runCli(['variable', 'get', 'URL', '-p', '7'], { env: asUser() });
    expect(both.code).toBe(1);
    expect(both.stderr).toContain('hint: URL has several environment scopes in 7: give --scope <environment>');
    const one = await runCli(['variable', 'get', 'URL', '-p', '7', '--scope', 'staging'], { env: asUser() });
    expect(one.stdout).toBe('https://stage\n');
  });

  it('a hidden variable has no value to print: exit 1', async () => {
    store.project.push(variable('HIDDEN', 'never-shown-value', { masked: true, hidden: true }));
    const r = await runCli(['variable', 'get', 'HIDDEN', '-p', '7'], { env: asUser() });
    expect([r.code, r.stdout]).toEqual([1, '']);
    expect(r.stderr).toContain('HIDDEN is hidden');
  });
});

describe('variable set', () => {
  it('hostile values go as they are, and come back byte for byte', async () => {
    for (const [i, value] of HOSTILE.entries()) {
      const key = `HOSTILE_${i}`;
      const set = await runCli(['variable', 'set', key, '-p', '7', '--value', value], { env: asUser() });
      expect(set.code, set.stderr).toBe(0);
      expect(store.project.find((v) => v.key === key)?.value).toBe(value);
      const get = await runCli(['variable', 'get', key, '-p', '7'], { env: asUser() });
      expect(get.stdout).toBe(`${value}\n`);
    }
  });

  it('updates with PUT, creates with POST after 404 Variable Not Found; value from an argument, a file or stdin', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'v.txt'), 'from a file\n');
    const updated = await runCli(['variable', 'set', 'LOG_LEVEL', 'info', '-p', '7', '--no-expand'], { env: asUser() });
    expect([updated.code, updated.stderr]).toEqual([0, 'Updated variable LOG_LEVEL of 7 (raw)\n']);
    expect(store.project[0]).toMatchObject({ value: 'info', raw: true });
    const created = await runCli(
      ['variable', 'set', 'NEW_ONE', '-p', '7', '--value-file', 'v.txt', '--scope', 'production', '--type', 'file'],
      {
        env: asUser(),
        cwd: dir,
      },
    );
    expect([created.code, created.stderr]).toEqual([0, 'Created variable NEW_ONE (scope production) of 7\n']);
    expect(store.project.at(-1)).toMatchObject({
      key: 'NEW_ONE',
      value: 'from a file\n',
      environment_scope: 'production',
      variable_type: 'file',
    });
    // lib/api/ci/variables.rb: a PUT without filter[environment_scope] updates the key's one variable, scoped or not.
    const scoped = await runCli(['variable', 'set', 'NEW_ONE', 'again', '-p', '7'], { env: asUser() });
    expect([scoped.code, scoped.stderr]).toEqual([0, 'Updated variable NEW_ONE (scope production) of 7\n']);
    const piped = await runCli(['variable', 'set', 'PIPED', '-p', '7'], { env: asUser(), stdin: 'from\nstdin' });
    expect(piped.code, piped.stderr).toBe(0);
    expect(store.project.at(-1)!.value).toBe('from\nstdin');
    // A CI job (no terminal, stdin empty) that forgot the value: refused, the variable not blanked.
    const before = gl.seen.length;
    const forgot = await runCli(['variable', 'set', 'LOG_LEVEL', '-p', '7'], { env: asUser(), stdin: '' });
    expect([forgot.code, forgot.stderr.split('\n')[0], gl.seen.length]).toEqual([
      2,
      'collab: no value: nothing came on standard input',
      before,
    ]);
    const empty = await runCli(['variable', 'set', 'LOG_LEVEL', '-p', '7', '--value', ''], { env: asUser() });
    expect(empty.code, empty.stderr).toBe(0);
    expect(store.project[0]).toMatchObject({ key: 'LOG_LEVEL', value: '' });
    const twice = await runCli(['variable', 'set', 'X', 'a', '--value', 'b', '-p', '7'], { env: asUser() });
    expect(twice.code).toBe(2);
  });

  it('a masked value is never printed: not by set, not in --debug, not in an error', async () => {
    const secret = 's3cr3t-V4lue-never-shown';
    const r = await runCli(['variable', 'set', 'DEPLOY_TOKEN', '-p', '7', '--value', secret, '--masked', '-o', 'json', '--debug'], {
      env: asUser(),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ key: 'DEPLOY_TOKEN', masked: true });
    expect(JSON.parse(r.stdout)).not.toHaveProperty('value');
    expect(r.stdout + r.stderr).not.toContain(secret);
    expect(store.project.find((v) => v.key === 'DEPLOY_TOKEN')?.value).toBe(secret);
    // A value GitLab would refuse to mask is exit 2 before anything is sent, the value never named.
    const refused = await runCli(['variable', 'set', 'DEPLOY_TOKEN', '-p', '7', '--value', `${secret}\nmore`, '--masked', '--debug'], {
      env: asUser(),
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--masked: the value holds a space or a line break');
    expect(refused.stdout + refused.stderr).not.toContain(secret);
    // Unmasking is another matter: GitLab's own 400 for a masked variable's new value is explained.
    store.project.find((v) => v.key === 'DEPLOY_TOKEN')!.masked = true;
    const kept = await runCli(['variable', 'set', 'DEPLOY_TOKEN', '-p', '7', '--value', 'short'], { env: asUser() });
    expect([kept.code, kept.stderr]).toEqual([
      1,
      expect.stringMatching(/value: is invalid\nhint: GitLab masks a value of 8 characters or more/),
    ]);
  });

  it('--scope is checked against environment_scope_regex before anything is sent', async () => {
    // lib/gitlab/regex.rb environment_scope_regex: letters, digits, - _ / $ { } . * and spaces.
    for (const scope of ['review\\app', 'prod!', 'caf\u00e9', '']) {
      const before = gl.seen.length;
      const r = await runCli(['variable', 'set', 'SCOPED', 'v', '-p', '7', '--scope', scope], { env: asUser() });
      expect([r.code, gl.seen.length], scope).toEqual([2, before]);
      expect(r.stderr).toContain(`invalid value for --scope: "${scope}" is not an environment scope`);
    }
    // GitLab's scope syntax holds `${…}` as written, not a template.
    const scope = ['review/$', '{CI_X} a.b-*'].join('');
    const ok = await runCli(['variable', 'set', 'SCOPED', 'v', '-p', '7', '--scope', scope], { env: asUser() });
    expect(ok.code, ok.stderr).toBe(0);
    expect(store.project.at(-1)).toMatchObject({ key: 'SCOPED', environment_scope: scope });
  });

  it('--masked values are checked against Ci::Maskable before they are sent, both sides of each rule', async () => {
    // app/models/concerns/ci/maskable.rb: REGEX \A[a-zA-Z0-9_+=/@:.~-]{8,}\z (expanded), MASK_AND_RAW_REGEX \A\S{8,}\z (raw).
    const EXPANDED_OK = ['abcdefgh', 'Aa0_+=/@:.~-xyz', 'a'.repeat(200)];
    const RAW_ONLY = ['abc$defgh', 'p@ss#word!', 'caf\u00e9-\u00e9t\u00e9', 'no\u00a0break1'];
    const NEVER = ['abcdefg', 'abc defgh', 'abcdefgh\n', 'abc\tdefgh', '\u{1f680}\u{1f680}\u{1f680}\u{1f680}'];
    const set = (key: string, value: string, more: string[]) =>
      runCli(['variable', 'set', key, '-p', '7', '--masked', '--value', value, ...more], { env: asUser() });
    let n = 0;
    for (const value of EXPANDED_OK) expect((await set(`OK_${n++}`, value, [])).code, value).toBe(0);
    for (const value of RAW_ONLY) {
      // Created expanded (GitLab's default): refused here; raw (--no-expand): taken.
      expect((await set(`RAW_${n}`, value, [])).stderr, value).toContain('--masked: the value holds characters GitLab cannot mask');
      expect((await set(`RAW_${n++}`, value, ['--no-expand'])).code, value).toBe(0);
    }
    for (const value of NEVER) {
      const before = gl.seen.length;
      const r = await set(`NEVER_${n++}`, value, ['--no-expand']);
      expect([r.code, gl.seen.length], JSON.stringify(value)).toEqual([2, before]);
      expect(r.stderr).toMatch(
        /^collab: --masked: the value (is shorter than 8 characters|holds a space or a line break)\nhint: GitLab masks/,
      );
    }
  });

  it('a value that is not UTF-8 (a file, stdin) is refused, never sent with its bytes replaced', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'latin1.txt'), Buffer.from('caf\xe9 \xff', 'latin1'));
    fs.writeFileSync(path.join(dir, 'bom.txt'), Buffer.from('\ufeffwith a BOM\n'));
    const before = gl.seen.length;
    const file = await runCli(['variable', 'set', 'BYTES', '-p', '7', '--value-file', 'latin1.txt'], { env: asUser(), cwd: dir });
    expect([file.code, file.stderr.split('\n')[0]]).toEqual([
      2,
      "collab: the value from latin1.txt is not UTF-8 text, and a variable's value is text: sent, its other bytes would be replaced",
    ]);
    const piped = await runCli(['variable', 'set', 'BYTES', '-p', '7'], { env: asUser(), stdin: Buffer.from([0x61, 0xc3, 0x28]) });
    expect([piped.code, piped.stderr.split('\n')[0]]).toEqual([
      2,
      "collab: the value from standard input is not UTF-8 text, and a variable's value is text: sent, its other bytes would be replaced",
    ]);
    expect(gl.seen.length).toBe(before);
    const bom = await runCli(['variable', 'set', 'BOM', '-p', '7', '--value-file', 'bom.txt'], { env: asUser(), cwd: dir });
    expect(bom.code, bom.stderr).toBe(0);
    expect(store.project.at(-1)!.value).toBe('\ufeffwith a BOM\n');
  });
});

describe('variable export', () => {
  it("sh lines that sh, bash, dash and zsh source back to the very values, the environment's scope first", async () => {
    store.project.push(
      ...HOSTILE.map((value, i) => variable(`HOSTILE_${i}`, value)),
      variable('URL', 'https://prod', { environment_scope: 'production' }),
      variable('URL', 'https://any', { environment_scope: '*' }),
      variable('URL', 'https://review', { environment_scope: 'review/*' }),
      variable('9LIVES', 'not a shell name'),
    );
    const r = await runCli(['variable', 'export', '-p', '7', '--scope', 'production'], { env: asUser() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('skipped 9LIVES: not a name sh can export\n');
    const script = path.join(tempDir(), 'vars.sh');
    fs.writeFileSync(script, r.stdout);
    const expected = { ...Object.fromEntries(HOSTILE.map((v, i) => [`HOSTILE_${i}`, v])), URL: 'https://prod', LOG_LEVEL: 'debug' };
    const keys = Object.keys(expected);
    // sh (dash on Debian), bash, and dash and zsh by name where this machine has them.
    const shells = ['sh', 'bash', ...['dash', 'zsh'].filter((s) => spawnSync('sh', ['-c', `command -v ${s}`]).status === 0)];
    for (const shell of shells) {
      // Each value printed NUL-terminated by the shell that sourced the file, compared byte for byte.
      const out = spawnSync(
        shell,
        ['-c', `. "$1"; for k in ${keys.join(' ')}; do eval "printf '%s\\0' \\"\\$$k\\""; done`, shell, script],
        {
          encoding: 'utf8',
          env: { PATH: process.env.PATH },
        },
      );
      expect(out.status, out.stderr).toBe(0);
      expect(out.stdout.split('\0').slice(0, -1), shell).toEqual(keys.map((k) => expected[k as keyof typeof expected]));
    }
    expect(fs.existsSync('/tmp/collab-pwned')).toBe(false);
    const review = await runCli(['variable', 'export', '-p', '7', '--scope', 'review/app-1', '--format', 'json'], { env: asUser() });
    expect(JSON.parse(review.stdout).URL).toBe('https://review');
    const none = await runCli(['variable', 'export', '-p', '7', '--format', 'json'], { env: asUser() });
    expect(JSON.parse(none.stdout).URL).toBe('https://any');
  });

  it('a file variable is exported as its content, and said so (a job gets the path of a file)', async () => {
    store.project.push(variable('KUBECONFIG', 'apiVersion: v1\n', { variable_type: 'file' }));
    const r = await runCli(['variable', 'export', '-p', '7'], { env: asUser() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("export KUBECONFIG='apiVersion: v1\n'\n");
    expect(r.stderr).toBe('KUBECONFIG is a file variable: its content is exported (in a job it is the path of a file holding it)\n');
    const json = await runCli(['variable', 'export', '-p', '7', '--format', 'json'], { env: asUser() });
    expect([json.stderr, JSON.parse(json.stdout).KUBECONFIG]).toEqual(['', 'apiVersion: v1\n']);
  });

  it('--format env refuses a value with a line break, naming the key', async () => {
    store.project.push(variable('CERT', '-----BEGIN-----\nabc\n'));
    const r = await runCli(['variable', 'export', '-p', '7', '--format', 'env'], { env: asUser() });
    expect([r.code, r.stdout]).toEqual([1, '']);
    expect(r.stderr).toContain('CERT holds a line break');
  });

  it('sh refuses a value with a NUL, which no shell variable can hold, naming the key; json carries it', async () => {
    // GitLab keeps values encrypted (Ci::HasVariable `attr_encrypted :value`): a \u0000 comes back as JSON sends it.
    store.project.push(variable('NUL_IN_IT', 'before\u0000after'));
    const r = await runCli(['variable', 'export', '-p', '7'], { env: asUser() });
    expect([r.code, r.stdout]).toEqual([1, '']);
    expect(r.stderr).toContain('NUL_IN_IT holds a NUL byte');
    const json = await runCli(['variable', 'export', '-p', '7', '--format', 'json'], { env: asUser() });
    expect(JSON.parse(json.stdout).NUL_IN_IT).toBe('before\u0000after');
  });
});

describe('the job token, and a server without the API', () => {
  it('with only CI_JOB_TOKEN every verb is exit 4 naming the token needed, and nothing is sent', async () => {
    const before = gl.seen.length;
    for (const args of [['list'], ['get', 'LOG_LEVEL'], ['set', 'X', 'y'], ['delete', 'X', '--yes'], ['export']]) {
      const r = await runCli(['variable', ...args], { env: { COLLAB_HOST: undefined, COLLAB_TOKEN: undefined, ...runnerEnv(gl) } });
      expect(r.code, args.join(' ')).toBe(4);
      expect(r.stderr).toContain(
        'CI/CD variables need a token with the api scope: GitLab does not take the CI job token for /projects/:id/variables',
      );
      expect(r.stderr).toContain('hint: set COLLAB_TOKEN to a personal, project or group access token with the api scope');
    }
    expect(gl.seen.slice(before)).toEqual([]);
  });

  it('delete asks for --yes off a terminal; with it, deletes', async () => {
    expect((await runCli(['variable', 'delete', 'LOG_LEVEL', '-p', '7'], { env: asUser() })).code).toBe(2);
    const r = await runCli(['variable', 'delete', 'LOG_LEVEL', '-p', '7', '--yes'], { env: asUser() });
    expect([r.code, r.stderr]).toEqual([0, 'Deleted variable LOG_LEVEL of 7\n']);
    expect(store.project.map((v) => v.key)).toEqual(['DEPLOY_TOKEN']);
  });

  it('a server that follows the spec: no CI/CD variables API, exit 1', async () => {
    const r = await runCli(['variable', 'list', '-p', '7'], { env: asUser(spec, { COLLAB_CONFIG_DIR: tempDir() }) });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^collab: this server has no CI\/CD variables API/);
  });
});
