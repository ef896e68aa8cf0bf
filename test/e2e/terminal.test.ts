import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type SandboxFixture, startSandboxFixture } from '../helpers/e2e.js';
import { plain, runInTerminal } from '../helpers/terminal.js';

const PROJECT = 'acme/platform/api';
const LONG_URL = 'https://gitlab.example.com/acme/platform/api/-/issues/1234567890/a/very/long/url/that/is/never/cut';
// Hostile: a hyperlink escape and a title-setting sequence inside the Markdown.
const DESCRIPTION = [
  '## Steps to reproduce',
  '',
  '1. Open the **settings** page and enable the login feature, with a sentence long enough to wrap twice at eighty columns',
  '2. Call `POST /login` twice',
  '',
  `See ${LONG_URL} for context \u001b]0;owned\u0007and [the docs](https://docs.example.com/login).`,
  '',
  '```',
  'const x = login();',
  '```',
].join('\n');

describe('in a terminal: the built binary against the sandbox', () => {
  let sb: SandboxFixture;
  let env: Record<string, string>;
  beforeAll(async () => {
    sb = await startSandboxFixture();
    env = { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN, COLLAB_PAGER: 'cat' };
    const set = await sb.run(['issue', 'update', '1', '-p', PROJECT, '--description', DESCRIPTION]);
    expect(set.exitCode, set.stderr).toBe(0);
  });
  afterAll(() => sb?.close());

  for (const cols of [80, 140]) {
    for (const color of [true, false]) {
      it(`issue view renders the description as Markdown wrapped to ${cols} columns (${color ? 'colour' : 'no colour'})`, async () => {
        const r = await runInTerminal(['issue', 'view', '1', '-p', PROJECT, ...(color ? [] : ['--no-color'])], { cols, env });
        expect(r.code).toBe(0);
        const lines = plain(r.screen).trimEnd().split('\n');
        // Wrapped, never cut: every line fits but those holding a URL too long for the room left,
        // which is kept whole on its line.
        for (const l of lines) if (!l.includes('://')) expect(stringWidth(l), l).toBeLessThanOrEqual(cols);
        expect(lines.some((l) => l.includes(LONG_URL))).toBe(true);
        if (cols === 80) expect(lines).toContain(LONG_URL);
        expect(lines.some((l) => /^## Steps to reproduce$/.test(l.trim()))).toBe(true);
        // Emphasis rendered, not shown as written; the item's text goes on under its number.
        const item = lines.findIndex((l) => l.includes('1. Open the settings page'));
        expect(item).toBeGreaterThan(0);
        expect(plain(r.screen)).not.toContain('**settings**');
        if (cols === 80) expect(lines[item + 1]).toMatch(/^ {3}\S/);
        expect(plain(r.screen).replace(/\s+/g, ' ')).toContain('the docs (https://docs.example.com/login)');
        expect(plain(r.screen)).toContain('const x = login();');
        expect(r.screen).not.toContain('\u001b]0;');
        if (color) expect(r.screen).toContain('\u001b[1msettings\u001b[22m');
        else expect(r.screen).not.toContain('\u001b');
      });
    }
  }

  it('piped, the view is one line per field, then the description as written (tsv; issue 38 item 4)', async () => {
    const r = await sb.run(['issue', 'view', '1', '-p', PROJECT], {}, { stripFinalNewline: false });
    expect(r.exitCode, r.stderr).toBe(0);
    const [fields, ...rest] = r.stdout.split('\n\n');
    // Every line above the blank one is a field and its value; the description is not among them.
    for (const line of fields!.split('\n')) expect(line).toMatch(/^[\w.]+\t/);
    expect(fields).toMatch(/^title\t/m);
    expect(fields).not.toMatch(/^description\t/m);
    // Below, its list, its code block and its blank lines as written; the escape sequence stripped.
    expect(rest.join('\n\n')).toBe(`${DESCRIPTION.replace(/\u001b\]0;owned\u0007/, '')}\n`);
  });

  it('project view --raw-fields at 80 columns shows URLs whole and wraps long values', async () => {
    const r = await runInTerminal(['project', 'view', '-p', PROJECT, '--no-color', '--raw-fields'], { cols: 80, env });
    expect(r.code).toBe(0);
    expect(r.screen).toMatch(new RegExp(`web_url +${sb.url.replace(/\./g, '\\.')}/acme/platform/api\\n`));
    expect(r.screen).not.toContain('…');
  });

  it('lists give the title the room at 80 columns and say what they hide', async () => {
    const r = await runInTerminal(['issue', 'list', '-p', PROJECT, '--no-color'], { cols: 80, env });
    expect(r.code).toBe(0);
    const lines = r.screen.trimEnd().split('\n');
    const header = lines[0]!;
    expect(header).toMatch(/^IID +STATE +TITLE +LABELS +UPDATED$/);
    const titleWidth = header.indexOf('LABELS') - header.indexOf('TITLE') - 2;
    expect(titleWidth).toBeGreaterThan(30);
    for (const l of lines) expect(stringWidth(l)).toBeLessThanOrEqual(80);
    const total = (await sb.run(['issue', 'list', '-p', PROJECT, '--all', '-o', 'ndjson', '--fields', 'iid'])).stdout
      .trim()
      .split('\n').length;
    expect(lines.at(-1)).toBe(`Showing 20 of ${total} open issues in ${PROJECT} · --all for every page`);
    const wide = await runInTerminal(['issue', 'list', '-p', PROJECT, '--no-color'], { cols: 140, env });
    expect(wide.screen.split('\n')[0]).toMatch(/^IID +STATE +TITLE +LABELS +ASSIGNEES +TASKS +UPDATED$/);
  });

  it('the line that says what a list hides fits a narrow terminal: one line at 40 and 60 columns', async () => {
    for (const cols of [40, 60]) {
      const r = await runInTerminal(['issue', 'list', '-p', PROJECT, '--per-page', '3', '-o', 'tsv'], { cols, env, stdout: 'pipe' });
      expect(r.code).toBe(0);
      const lines = r.screen.split('\n').filter((l) => l !== '');
      expect(lines, r.screen).toHaveLength(1);
      expect(stringWidth(lines[0]!)).toBeLessThan(cols);
      expect(lines[0]).toMatch(/^Showing 3 of \d+ open issues/);
    }
  });

  it('says what a list hides on stderr when stdout is piped, and nothing when stderr is not a terminal', async () => {
    const r = await runInTerminal(['issue', 'list', '-p', PROJECT, '--per-page', '5', '-o', 'tsv'], { cols: 80, env, stdout: 'pipe' });
    expect(r.stdout.trim().split('\n')).toHaveLength(5);
    expect(r.screen).toMatch(/^Showing 5 of \d+ open issues in acme\/platform\/api · --all for every page\n$/);
    const piped = await sb.run(['issue', 'list', '-p', PROJECT, '--per-page', '5']);
    expect(piped.stderr).toBe('');
  });

  it('cross-project lists show full references, which views accept', async () => {
    const r = await runInTerminal(['mr', 'list', '--scope', 'all', '--no-color'], { cols: 80, env });
    expect(r.code).toBe(0);
    expect(r.screen.split('\n')[0]).toMatch(/^REF +STATE +TITLE/);
    expect(r.screen).toMatch(/\nacme\/platform\/api!\d+ +opened/);
    const issues = await runInTerminal(['issue', 'list', '--scope', 'all', '--no-color'], { cols: 80, env });
    expect(issues.screen).toMatch(/\nacme\/platform\/api#\d+ +opened/);
  });

  it('masks secrets in table and tsv views; -o json and --fields by name show them', async () => {
    const json = JSON.parse((await sb.run(['project', 'view', '-p', PROJECT, '-o', 'json'])).stdout);
    expect(json.runners_token).toMatch(/\w{8,}/);
    const tsv = await sb.run(['project', 'view', '-p', PROJECT]);
    expect(tsv.stdout).toContain('runners_token\t********\n');
    expect(tsv.stdout).not.toContain(json.runners_token);
    const table = await runInTerminal(['project', 'view', '-p', PROJECT, '--no-color', '--raw-fields'], { cols: 80, env });
    expect(table.screen).toMatch(/runners_token +\*{8}\n/);
    expect(table.screen).not.toContain(json.runners_token);
    const card = await runInTerminal(['project', 'view', '-p', PROJECT, '--no-color'], { cols: 80, env });
    expect(card.screen).not.toContain(json.runners_token);
    const named = await sb.run(['project', 'view', '-p', PROJECT, '--fields', 'runners_token']);
    expect(named.stdout).toBe(`runners_token\t${json.runners_token}`);
  });

  it('pages output longer than the screen through $COLLAB_PAGER, then $PAGER; never with --no-pager or piped', async () => {
    const pager = { ...env, COLLAB_PAGER: "sed 's/^/paged: /'" };
    const long = await runInTerminal(['issue', 'list', '-p', PROJECT, '--no-color'], { cols: 80, rows: 10, env: pager });
    expect(long.code).toBe(0);
    expect(long.screen).toMatch(/^paged: IID +STATE/);
    const viaPager = await runInTerminal(['issue', 'list', '-p', PROJECT, '--no-color'], {
      cols: 80,
      rows: 10,
      env: { ...env, COLLAB_PAGER: undefined, PAGER: "sed 's/^/PAGER: /'" },
    });
    expect(viaPager.screen).toMatch(/^PAGER: IID/);
    const short = await runInTerminal(['issue', 'list', '-p', PROJECT, '--no-color', '--per-page', '3'], {
      cols: 80,
      rows: 10,
      env: pager,
    });
    expect(short.screen).toMatch(/^IID +STATE/);
    const off = await runInTerminal(['issue', 'list', '-p', PROJECT, '--no-color', '--no-pager'], { cols: 80, rows: 10, env: pager });
    expect(off.screen).toMatch(/^IID +STATE/);
    const piped = await runInTerminal(['issue', 'list', '-p', PROJECT, '-o', 'table'], { cols: 80, rows: 10, env: pager, stdout: 'pipe' });
    expect(piped.stdout).toMatch(/^IID +STATE/);
  });

  it(
    '--fields: a slip is exit 2 before anything is sent; an unknown name is exit 2 ' + 'naming the valid ones; alone it lists them',
    async () => {
      await sb.clearRequests();
      const slip = await sb.run(['issue', 'list', '-p', PROJECT, '--fields', 'iid,titel']);
      expect(slip.exitCode).toBe(2);
      expect(slip.stderr).toMatch(
        /^collab: unknown field "titel" in --fields \(did you mean "title"\?\); valid fields: iid, state, title, /,
      );
      expect(sb.requests()).toHaveLength(0);
      const unknown = await sb.run(['mr', 'view', '1', '-p', PROJECT, '--fields', 'iid,no_such_field']);
      expect(unknown.exitCode).toBe(2);
      expect(unknown.stderr).toContain('unknown field "no_such_field"');
      expect(unknown.stdout).toBe('');
      const listed = await sb.run(['mr', 'list', '--fields']);
      expect(listed.exitCode).toBe(0);
      expect(listed.stdout.split('\n')).toEqual(expect.arrayContaining(['iid', 'title', 'source_branch', 'web_url']));
      const enumSlip = await sb.run(['mr', 'list', '-p', PROJECT, '--state', 'merge']);
      expect([enumSlip.exitCode, enumSlip.stderr]).toEqual([
        2,
        'collab: invalid value for --state: "merge" is not one of opened, closed, merged, all; did you mean "merged"?',
      ]);
    },
  );
});
