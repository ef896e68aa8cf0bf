import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { NOUNS } from '../../src/commands/index.js';
import { type DocCommand, describeTree, walk } from '../../src/docs/tree.js';
import { GLOBAL_FLAGS, GLOBAL_VALUE_FLAGS } from '../../src/global-flags.js';
import { ENVIRONMENT, EXIT_CODES } from '../../src/help-topics.js';
import { buildProgram } from '../../src/program.js';
import { runCli } from '../helpers/harness.js';

const ROOT_DIR = path.resolve(import.meta.dirname, '../..');

const program = await buildProgram(
  () => {
    throw new Error('the help tests run no command');
  },
  { loadAll: true },
);
const tree = await describeTree();
const commands = [...walk(tree)].filter((c) => c.path.length > 0 && c.name !== 'help');
const leaves = commands.filter((c) => c.commands.length === 0);
const label = (c: DocCommand) => `collab ${c.path.join(' ')}`;

/** The command words of the first `collab …` invocation in an example, flags dropped. */
function invokedWords(example: string, depth: number): string[] {
  const start = example.search(/(^|[\s(])collab\s/);
  if (start < 0) return [];
  const tokens = example.slice(start).trim().replace(/^\(/, '').split(/\s+/).slice(1);
  const words: string[] = [];
  for (let i = 0; i < tokens.length && words.length < depth; i++) {
    const t = tokens[i]!;
    if (t.startsWith('-')) {
      if (GLOBAL_VALUE_FLAGS.has(t)) i++;
      continue;
    }
    words.push(t.replace(/[)"']+$/, ''));
  }
  return words;
}

function runsCommand(example: string, cmd: DocCommand): boolean {
  const words = invokedWords(example, cmd.path.length);
  let node: DocCommand | undefined = tree;
  for (const w of words) node = node?.commands.find((c) => c.name === w || c.aliases.includes(w));
  return node === cmd;
}

describe('every command teaches', () => {
  it('the tree holds every noun of the registry; each resource has verbs', () => {
    expect(tree.commands.map((c) => c.name)).toEqual([...NOUNS.map((n) => n.name), 'help']);
    for (const n of NOUNS.filter((x) => x.section === 'Resources')) {
      expect(tree.commands.find((c) => c.name === n.name)!.commands.length, n.name).toBeGreaterThan(0);
    }
  });

  it.each(commands.map((c) => [label(c), c] as const))('%s has a one-line summary', (_, cmd) => {
    expect(cmd.summary.trim()).not.toBe('');
    expect(cmd.summary).not.toMatch(/\n|^TODO$/);
  });

  it.each(leaves.map((c) => [label(c), c] as const))('%s has an example that runs it', (_, cmd) => {
    expect(cmd.examples.length, 'no example (CommandSpec.examples)').toBeGreaterThan(0);
    expect(
      cmd.examples.some((e) => runsCommand(e, cmd)),
      `no example runs ${label(cmd)}:\n${cmd.examples.join('\n')}`,
    ).toBe(true);
  });

  it.each(leaves.map((c) => [label(c), c] as const))('%s describes its arguments and options', (_, cmd) => {
    for (const a of cmd.arguments) expect(a.description.trim(), `argument <${a.name}>`).not.toBe('');
    for (const o of cmd.options) expect(o.description.trim(), `option ${o.long ?? o.short}`).not.toBe('');
  });
});

describe('the generated docs describe the commands collab runs', () => {
  /** Each command's path, arguments and visible options, as `--help` shows them. */
  const fromCommander = (cmd: Command, path: string[]): string[] => [
    `${path.join(' ')}: ${cmd.registeredArguments.map((a) => a.name()).join(' ')} | ${cmd.options
      .filter((o) => !o.hidden)
      .map((o) => o.flags)
      .join(' ')}`,
    ...cmd.commands.flatMap((c) => fromCommander(c, [...path, c.name()])),
  ];
  const fromDocs = (cmd: DocCommand): string[] => [
    `${cmd.path.join(' ')}: ${cmd.arguments.map((a) => a.name).join(' ')} | ${cmd.options
      .filter((o) => o.long !== '--help')
      .map((o) => [o.short, o.long].filter(Boolean).join(', ') + (o.value ? ` ${o.value}` : ''))
      .join(' ')}`,
    ...cmd.commands.flatMap(fromDocs),
  ];

  it('every command, argument and option, in the same order', () => {
    const docs = fromDocs(tree);
    expect(docs.length).toBeGreaterThan(130);
    expect(docs).toEqual(fromCommander(program, []));
  });
});

describe('help output', () => {
  it('root help groups the nouns and lists the environment and exit codes', async () => {
    const r = await runCli(['--help']);
    expect(r.code).toBe(0);
    const out = r.stdout;
    const sections = ['Resources:', 'Access:', 'Tools:', 'Global options:', 'Examples:', 'Help topics:'];
    const positions = sections.map((s) => out.indexOf(`\n${s}\n`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const n of NOUNS) {
      const section = out.slice(out.indexOf(`\n${n.section}:\n`));
      expect(section).toMatch(new RegExp(`^  ${n.name} +${n.summary.replace(/[()]/g, '\\$&')}$`, 'm'));
    }
    expect(out).toContain('collab help environment');
    expect(out).toContain('collab help exit-codes');
    for (const e of ENVIRONMENT) for (const name of e.name.split(', ')) expect(out).toContain(name);
    for (const c of EXIT_CODES) expect(out).toContain(`${c.name} ${c.short}`);
    const globals = out.slice(out.indexOf('\nGlobal options:\n'), out.indexOf('\nExamples:\n'));
    for (const f of GLOBAL_FLAGS) expect(globals).toContain(f.flags);
  });

  it('the global flags of the table are the root options, and the value-taking ones are skipped by the argv scan', () => {
    const root = tree.options.map((o) => [o.short, o.long].filter(Boolean).join(', ') + (o.value ? ` ${o.value}` : ''));
    expect(root.filter((o) => !o.includes('--version') && !o.includes('--help'))).toEqual(GLOBAL_FLAGS.map((f) => f.flags));
    expect([...GLOBAL_VALUE_FLAGS].sort()).toEqual([
      '--color',
      '--fields',
      '--host',
      '--jq',
      '--output',
      '--retries',
      '--sudo',
      '--timeout',
      '-o',
    ]);
  });

  it('collab help environment and collab help exit-codes print the topics', async () => {
    const env = await runCli(['help', 'environment']);
    expect(env.code).toBe(0);
    for (const e of ENVIRONMENT)
      expect(env.stdout).toMatch(new RegExp(`^  ${e.name} +${e.description.slice(0, 12).replace(/[()$.]/g, '\\$&')}`, 'm'));
    expect(env.stdout).toContain('CI_JOB_TOKEN');
    const codes = await runCli(['help', 'exit-codes']);
    expect(codes.code).toBe(0);
    expect(codes.stdout).toMatch(
      /^Exit codes:\n {2}0 {4}success \(a 304 "already so" answer included\); help, and collab or a noun alone \(its help, on stdout\)\n {2}1 {4}API, network or server failure\n {2}2 {4}usage error or invalid input \(nothing was sent\)\n {2}3 {4}no such artifacts: an artifact download answered 404 for the artifacts \(none on the job, no such file, no job of the name with artifacts on the ref or in the pipeline\), or a package or release download for its file \(no such package, version, file or asset\); a project not found or hidden, or a job id that does not exist, is a failure \(1\), which a script waiting for artifacts does not wait out\n {2}4 {4}authentication missing or rejected \(401\)\n {2}5 {4}the --jq filter failed on the answer \(a jq runtime error, as jq exits 5\)\n {2}124 {2}a wait ran out of time: --timeout passed before the pipeline waited for ended \(pipeline wait, run --wait, view --watch, mr checks --watch\), as timeout\(1\) exits\n {2}130 {2}interrupted \(Ctrl-C\), or stopped by SIGTERM or SIGHUP\n\nIrreversible commands ask on a terminal/,
    );
  });

  it('collab help <noun> <verb> shows the same help as --help, examples included', async () => {
    const viaHelp = await runCli(['help', 'issue', 'list']);
    const viaFlag = await runCli(['issue', 'list', '--help']);
    expect(viaHelp.code).toBe(0);
    expect(viaFlag.code).toBe(0);
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
    expect(viaHelp.stdout).toMatch(/^Usage: collab issue list\|ls \[options\]/);
    expect(viaHelp.stdout).toContain('\nExamples:\n  $ collab issue list ');
  });

  it('collab help man [command] prints the shipped manual page (aliases too); an unknown page is exit 2', async () => {
    const root = await runCli(['help', 'man']);
    expect(root.code).toBe(0);
    expect(root.stdout).toBe(fs.readFileSync(path.join(ROOT_DIR, 'man', 'collab.1'), 'utf8'));
    const mr = await runCli(['help', 'man', 'mr']);
    expect(mr.stdout).toBe(fs.readFileSync(path.join(ROOT_DIR, 'man', 'collab-mr.1'), 'utf8'));
    const none = await runCli(['help', 'man', 'nothing']);
    expect(none.code).toBe(2);
    expect(none.stdout).toBe('');
    expect(none.stderr).toMatch(/^collab: no manual page collab-nothing\(1\); pages: .*collab-issue/);
  });

  it('an unknown topic is a usage error', async () => {
    const r = await runCli(['help', 'nonsense']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('collab: unknown help topic "nonsense" (topics: environment, exit-codes, or a command)\n');
    const slip = await runCli(['help', 'isue']);
    expect([slip.code, slip.stdout]).toEqual([2, '']);
    expect(slip.stderr).toContain('did you mean "issue"?');
  });

  it('a verb that does not exist is exit 2, suggesting the closest at that level', async () => {
    for (const [words, suggested] of [
      [['issue', 'lst'], 'issue list'],
      [['mr', 'aprove'], 'mr approve'],
      [['user', 'key', 'ad'], 'user key add'],
      [['project', 'vew'], 'project view'],
    ] as const) {
      const r = await runCli(['help', ...words]);
      expect([r.code, r.stdout], words.join(' ')).toEqual([2, '']);
      expect(r.stderr).toContain(`unknown command "${words.join(' ')}"; did you mean "${suggested}"?`);
    }
    const none = await runCli(['help', 'job', 'zzzzzz']);
    expect(none.code).toBe(2);
    expect(none.stderr).not.toContain('did you mean');
    const leaf = await runCli(['help', 'issue', 'view', 'extra']);
    expect([leaf.code, leaf.stdout]).toEqual([2, '']);
  });

  it('collab --help lists each command once', async () => {
    const r = await runCli(['--help']);
    for (const n of NOUNS) expect(r.stdout.match(new RegExp(`^  ${n.name} `, 'gm')) ?? [], n.name).toHaveLength(1);
    expect(r.stdout).not.toMatch(/^Commands:/m);
  });
});

describe("a verb's help shows the global flags that matter to it", () => {
  type Spec = { list?: boolean; columns?: unknown; run?: unknown; print?: unknown; method?: string; confirm?: unknown; project?: string };
  const leafCommands: Command[] = [];
  const visit = (c: Command) => (c.commands.length === 0 ? leafCommands.push(c) : c.commands.forEach(visit));
  visit(program);
  const declared = leafCommands.filter((c) => (c as Command & { collabSpec?: Spec }).collabSpec);
  const specOf = (c: Command) => (c as Command & { collabSpec: Spec }).collabSpec;
  const name = (c: Command): string => (c.parent ? `${name(c.parent)} ${c.name()}` : c.name());

  it.each(declared.filter((c) => specOf(c).list).map((c) => [name(c), c] as const))(
    '%s (a list): -o, --fields, --all, and -p when it takes a project',
    (_, c) => {
      const help = c.helpInformation();
      for (const flag of ['-o, --output <format>', '--fields [a,b]', '--all', '--limit <n>']) expect(help).toContain(flag);
      if (specOf(c).project) expect(help).toContain('-p, --project');
      expect(help).toContain('Global options (every one: collab --help):');
    },
  );

  it.each(declared.filter((c) => c.name() === 'view').map((c) => [name(c), c] as const))('%s (a view): -o and --fields', (_, c) => {
    const help = c.helpInformation();
    expect(help).toContain('-o, --output <format>');
    expect(help).toContain('--fields [a,b]');
  });

  it.each(declared.filter((c) => specOf(c).confirm).map((c) => [name(c), c] as const))(
    '%s (asks first): --no-input beside --yes',
    (_, c) => {
      const help = c.helpInformation();
      expect(help).toContain('--no-input');
      expect(help).toContain('-y, --yes');
    },
  );

  it('a verb that prints no data does not offer -o; the flags that matter nowhere stay in the root help', async () => {
    const del = await runCli(['user', 'key', 'delete', '--help']);
    expect(del.stdout).not.toContain('--output');
    // A bulk verb prints a result per item (-o json/ndjson).
    expect((await runCli(['issue', 'delete', '--help'])).stdout).toContain('-o, --output <format>');
    const trace = await runCli(['job', 'trace', '--help']);
    expect(trace.stdout).not.toContain('--fields');
    for (const argv of [
      ['issue', 'list', '--help'],
      ['api', '--help'],
      ['auth', 'status', '--help'],
      ['config', 'list', '--help'],
    ]) {
      const r = await runCli(argv);
      expect(r.stdout, argv.join(' ')).toContain('-o, --output <format>');
      expect(r.stdout, argv.join(' ')).not.toContain('--timeout');
    }
    expect((await runCli(['auth', 'login', '--help'])).stdout).toContain('--no-input');
  });
});
