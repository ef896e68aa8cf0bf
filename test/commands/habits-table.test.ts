/**
 * Every hint collab prints for gh's and glab's words (src/habits-table.ts) names a command that
 * exists and parses with the words given, `-p` kept: each entry is typed as a gh or glab user
 * types it (with `-R`), and each command line of its hint is run through collab's parser in a
 * checkout of the project, against a transport that refuses every request (a parse error is exit
 * 2 before anything is sent; a command that parsed reaches for the server). An unknown verb with
 * no close equivalent is said plainly, never commander's guess.
 */
import fs from 'node:fs';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { HABITS } from '../../src/habits-table.js';
import { buildProgram } from '../../src/program.js';
import { refusingTransport } from '../helpers/command-tree.js';
import { gitRepo } from '../helpers/git.js';
import { habitsMarkdown } from '../helpers/habits-markdown.js';
import { runCli, TEST_HOST } from '../helpers/harness.js';
import { tempDir } from '../helpers/temp.js';

const program = await buildProgram(
  () => {
    throw new Error('nothing runs');
  },
  { loadAll: true },
);
/** Whether collab itself answers to these words (a noun and a verb, by name, alias or plural). */
function isCommand(words: string[]): boolean {
  let cmd: Command | undefined = program;
  for (const word of words) {
    cmd = cmd?.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!cmd) return false;
  }
  return cmd !== program && cmd!.commands.length === 0;
}

const PROJECT = 'acme/platform/api';
const cwd = gitRepo(tempDir('collab-habits-'), { origin: `${TEST_HOST}/${PROJECT}.git` }, 'main');
fs.writeFileSync(`${cwd}/.gitlab-ci.yml`, 'test:\n  script: echo 1\n');

/** A hint's command line as a shell reads it (single quotes only: what shellWord writes). */
function shellSplit(line: string): string[] {
  return [...line.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((m) => (m[1] !== undefined ? m[1].replace(/'\\''/g, "'") : m[2]!));
}

/** What commander and the values stage say of a command line that does not parse. */
const PARSE_ERROR = /unknown (command|option)|invalid value|too many arguments|missing (required )?argument|no such verb|did you mean/i;

/**
 * Runs a collab command line through the parser, on GitLab: it parsed when it then reached for the
 * server or ran (`mr diff` in a checkout reads git), or stopped at what the command itself needs
 * (a title off a terminal, --yes), never at an unknown word, a bad value or a missing argument.
 */
async function parses(argv: string[]): Promise<{ ok: boolean; said: string }> {
  const { transport, calls } = refusingTransport();
  const r = await runCli(argv, { transport, cwd, env: { COLLAB_FLAVOR: 'gitlab' } });
  return { ok: !PARSE_ERROR.test(r.stderr) && (calls.length > 0 || r.stderr !== '' || r.code === 0), said: r.stderr };
}

describe('the habits table: every hint parses', () => {
  it.each(HABITS.map((h) => [`${h.tools.join('/')} ${h.words} ${h.example.join(' ')}`.trim(), h] as const))('%s', async (_title, habit) => {
    const typed = [...habit.words.split(' '), ...habit.example, '-R', PROJECT];
    if (isCommand(habit.words.split(' '))) {
      // collab answers to these words itself (glab's `ci status` is `pipeline status`): what it runs parses.
      expect((await parses(typed)).ok, typed.join(' ')).toBe(true);
      return;
    }
    const { transport, calls } = refusingTransport();
    const r = await runCli(typed, { transport, cwd, env: { COLLAB_HOST: TEST_HOST } });
    expect([r.code, r.stdout, calls], r.stderr).toEqual([2, '', []]);
    const [said, hint] = r.stderr.split('\n');
    expect(said).toMatch(new RegExp(`^collab: unknown command "${habit.words}"`));
    if (!habit.collab) {
      expect(said).toContain('collab has no equivalent');
      expect(hint).toBe(`hint: ${habit.none}`);
      return;
    }
    expect(hint).toMatch(/^hint: try: /);
    const lines = hint!.replace(/^hint: try: /, '').split('; ');
    expect(lines.length).toBe(habit.collab.length);
    for (const line of lines) {
      const words = shellSplit(line);
      if (words[0] === 'git') {
        expect(words).toEqual(['git', 'clone', `${TEST_HOST}/${PROJECT}.git`]);
        continue;
      }
      expect(words[0]).toBe('collab');
      // -p kept: the project typed with -R is the project of the command to try (where it takes one).
      if (habit.project !== false) expect(words.slice(-2)).toEqual(['-p', PROJECT]);
      else expect(words).not.toContain('-p');
      expect(isCommand(words.slice(1, 3)) || isCommand(words.slice(1, 4)), line).toBe(true);
      const { ok, said: why } = await parses(words.slice(1));
      expect(ok, `${line}: ${JSON.stringify(why)}`).toBe(true);
    }
  });

  it('the typed words after the verb go in their places, quoted for the shell', async () => {
    const r = await runCli(['ci', 'artifact', 'feature/$(id)', 'build', '--repo', 'acme/web']);
    expect(r.stderr).toBe(
      'collab: unknown command "ci artifact": collab calls it "job artifacts"\n' +
        "hint: try: collab job artifacts --ref 'feature/$(id)' --job build -p acme/web\n",
    );
  });

  it.each([
    [['run', 'view', '4711', '--log-failed', '-R', 'acme/web'], 'collab pipeline view 4711 --log-failed -p acme/web'],
    [['run', 'view', '--web', '4711'], 'collab pipeline view 4711 --web'],
    [['pr', 'checks', '3', '--watch', '-i', '5'], 'collab mr checks 3 --watch --interval 5'],
    [['run', 'watch', '--exit-status', '4711'], 'collab pipeline wait 4711'],
    [['workflow', 'run', 'deploy.yml', '--ref', 'main', '-f', 'ENV=a b'], "collab pipeline run --ref main --variable 'ENV=a b'"],
    [['ci', 'trace', 'test', '-b', 'feature/x'], 'collab job trace test --ref feature/x'],
    [['run', 'download', '4711', '-n', 'build', '-D', 'out'], 'collab job artifacts --pipeline 4711 --job build --extract out'],
  ])("the other tool's flags the habit knows are carried over as collab's: %j", async (typed, line) => {
    const r = await runCli(typed);
    expect([r.code, r.stderr.split('\n')[1]]).toEqual([2, `hint: try: ${line}`]);
    const { ok, said } = await parses(shellSplit(line).slice(1));
    expect(ok, said).toBe(true);
  });

  it('a missing word leaves its flag out', async () => {
    const r = await runCli(['run', 'download']);
    expect(r.stderr.split('\n')[1]).toBe('hint: try: collab job artifacts');
  });
});

describe('an unknown verb of a known noun', () => {
  it('a slip gets the closest verb', async () => {
    const r = await runCli(['mr', 'aprove', '3']);
    expect([r.code, r.stderr]).toEqual([2, 'collab: unknown command "mr aprove"; did you mean "mr approve"?\n']);
  });

  it.each([
    ['mr', 'bisect'],
    ['issue', 'frobnicate'],
    ['pipeline', 'explode'],
  ])('%s %s: no close verb, said plainly, never a guess that means something else', async (noun, verb) => {
    const r = await runCli([noun, verb, '3']);
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toBe(
      `collab: unknown command "${noun} ${verb}": collab ${noun} has no such verb\nhint: collab ${noun} --help lists them\n`,
    );
    expect(r.stderr).not.toMatch(/did you mean/i);
  });

  it('nested nouns too: user key ad', async () => {
    const r = await runCli(['user', 'key', 'ad']);
    expect(r.stderr).toBe('collab: unknown command "user key ad"; did you mean "user key add"?\n');
  });
});

describe("README's table", () => {
  it('is the habits table, line for line', () => {
    const readme = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(habitsMarkdown());
  });
});
