/**
 * A generated bad-input suite: walks the whole command tree and, for every typed flag and
 * positional argument, derives values its type must refuse. Each case must end with exit 2, a
 * message naming the flag, nothing on stdout, and no request attempted (the transport is an undici
 * MockAgent without interceptors, wrapped to count every call).
 *
 * Every case is built on a "base" command line that is valid and complete (numeric `-p 1`, required
 * flags filled in, `--yes` for destructive commands); a baseline test proves that the base line
 * does reach the transport, so a case that sends nothing was stopped by its bad value alone.
 */
import { describe, expect, it } from 'vitest';
import type { FlagSpec } from '../../src/executor/inputs.js';
import { otherFlagNames } from '../../src/executor/options.js';
import { baseOf, commandTree, type Leaf, refusingTransport, validValue } from '../helpers/command-tree.js';
import { tempDir } from '../helpers/e2e.js';
import { gitRepo } from '../helpers/git.js';
import { runCli } from '../helpers/harness.js';

/** Commands that work in a git checkout only: their base line runs in one. */
const IN_A_CHECKOUT = new Set(['mr checkout']);

const HUGE = 'a'.repeat(2 * 1024 * 1024);
const REPLACEMENT = 'caf\uFFFD'; // what Node makes of invalid UTF-8 bytes in argv
const LONE_SURROGATE = 'x\uD800y';

/** Values a flag's type must refuse, each with a short label for the test name. */
function badValues(flag: FlagSpec): [string, string][] {
  const bounds = (): [string, string][] => {
    const out: [string, string][] = [];
    if (flag.min !== undefined) out.push([`below min ${flag.min}`, String(flag.min - 1)]);
    if (flag.max !== undefined) out.push([`above max ${flag.max}`, String(flag.max + 1)]);
    return out;
  };
  switch (flag.type) {
    case 'weight':
      return [
        ['10', '10'],
        ['-1', '-1'],
        ['x', 'x'],
        ['4.5', '4.5'],
      ];
    case 'date':
      return [
        ['2026-02-30', '2026-02-30'],
        ['tomorrow', 'tomorrow'],
        ['2026-1-5', '2026-1-5'],
      ];
    case 'datetime':
      return [
        ['2026-01-01T25:00', '2026-01-01T25:00'],
        ['2026-13-01', '2026-13-01'],
        ['yesterday', 'yesterday'],
      ];
    case 'duration':
      return [
        ['5 parsecs', '5 parsecs'],
        ['1h30', '1h30'],
      ];
    case 'id':
      return [
        ['0', '0'],
        ['abc', 'abc'],
        ['1e3', '1e3'],
        ['-5', '-5'],
      ];
    case 'int':
      return [['1.5', '1.5'], ['x', 'x'], ['99999999999999999999', '99999999999999999999'], ...bounds()];
    case 'number':
      return [['abc', 'abc'], ['1,5', '1,5'], ...bounds()];
    case 'enum':
      return [
        ['not-a-choice', 'not-a-choice'],
        ['empty', ''],
      ];
    case 'intList':
      return [
        ['1,x', '1,x'],
        ['1.5', '1.5'],
        ['empty', ','],
      ];
    case 'stringList':
    case 'csv':
      return flag.choices ? [['not-a-choice', `${flag.choices[0]},not-a-choice`]] : [['U+FFFD (invalid UTF-8)', `a,${REPLACEMENT}`]];
    case 'string':
      return [
        ['2 MB string', HUGE],
        ['U+FFFD (invalid UTF-8)', REPLACEMENT],
        ['lone surrogate', LONE_SURROGATE],
      ];
    default:
      return [];
  }
}

interface Case {
  title: string;
  argv: string[];
  /** Text the error must contain: the flag or argument at fault. */
  names: string[];
}

function casesFor(leaf: Leaf): Case[] {
  const { spec, words } = leaf;
  const base = baseOf(leaf);
  const name = words.join(' ');
  const cases: Case[] = [];
  for (const flag of spec.flags ?? []) {
    for (const [label, value] of badValues(flag)) {
      cases.push({ title: `${name} --${flag.name} ${label}`, argv: base.render({ set: [[flag.name, value]] }), names: [`--${flag.name}`] });
    }
    // A flag with a suggestion (mr create's branches) is not missing when dropped: its tests say what it becomes.
    if ((flag.required || flag.prompt) && !flag.suggest)
      cases.push({ title: `${name} without required --${flag.name}`, argv: base.render({ drop: [flag.name] }), names: [`--${flag.name}`] });
    // Its other names (`--source-branch`, GitLab's spelling) refuse the same values; two of its names given different values are refused.
    for (const alias of otherFlagNames(spec, flag)) {
      for (const [label, value] of badValues(flag))
        cases.push({ title: `${name} --${alias} ${label}`, argv: base.render({ set: [[alias, value]] }), names: [`--${flag.name}`] });
      if (flag.type !== 'bool' && (flag.choices === undefined || flag.choices.length > 1)) {
        const [a, b] = flag.choices ? [flag.choices[0]!, flag.choices[1]!] : ['1', '2'];
        cases.push({
          title: `${name} --${flag.name} with --${alias}, different values`,
          argv: base.render({
            set: [
              [flag.name, a],
              [alias, b],
            ],
          }),
          names: [`--${flag.name}`, `--${alias}`, 'give one'],
        });
      }
    }
    for (const other of flag.conflicts ?? []) {
      const otherFlag = spec.flags!.find((f) => f.name === other)!;
      cases.push({
        title: `${name} --${flag.name} with --${other}`,
        argv: base.render({
          set: [
            [flag.name, validValue(flag)],
            [other, validValue(otherFlag)],
          ],
        }),
        names: [`--${flag.name}`, `--${other}`],
      });
    }
  }
  (spec.args ?? []).forEach((arg, i) => {
    // Where a branch may stand for the argument, only what is neither a number nor a branch name is bad.
    const bad: string[] = arg.fromBranch
      ? ['a..b', 'x y', '-']
      : arg.type === 'id'
        ? ['0', 'abc', '1e3']
        : arg.type === 'int'
          ? ['1.5', 'x']
          : arg.type === 'path'
            ? ['../secret']
            : [];
    for (const value of bad) {
      const args = [...base.args];
      args[i] = value;
      cases.push({ title: `${name} <${arg.name}> ${value}`, argv: base.render({ args }), names: [arg.name] });
    }
    if (!arg.optional && i === (spec.args ?? []).filter((a) => !a.optional).length - 1)
      cases.push({ title: `${name} without <${arg.name}>`, argv: base.render({ args: base.args.slice(0, i) }), names: [arg.name] });
  });
  cases.push({ title: `${name} unknown flag`, argv: base.render({ set: [['no-such-flag', 'x']] }), names: ['--no-such-flag'] });
  if (spec.list) {
    cases.push({ title: `${name} --per-page 101`, argv: base.render({ set: [['per-page', '101']] }), names: ['--per-page'] });
    cases.push({ title: `${name} --per-page 0`, argv: base.render({ set: [['per-page', '0']] }), names: ['--per-page'] });
    cases.push({ title: `${name} --limit x`, argv: base.render({ set: [['limit', 'x']] }), names: ['--limit'] });
    cases.push({ title: `${name} -L 0`, argv: [...base.render(), '-L', '0'], names: ['--limit'] });
    cases.push({ title: `${name} --concurrency 17`, argv: base.render({ set: [['concurrency', '17']] }), names: ['--concurrency'] });
    cases.push({
      title: `${name} --all with --page`,
      argv: base.render({
        set: [
          ['all', true],
          ['page', '2'],
        ],
      }),
      names: ['--all', '--page'],
    });
  }
  if (spec.project && spec.group)
    cases.push({ title: `${name} --project with --group`, argv: base.render({ set: [['group', '1']] }), names: ['--project', '--group'] });
  if (spec.project) {
    cases.push({ title: `${name} --project ../x`, argv: base.render({ set: [['project', 'acme/../x']] }), names: ['acme/../x'] });
    cases.push({ title: `${name} -R ../x`, argv: [...base.render({ drop: ['project'] }), '-R', 'acme/../x'], names: ['acme/../x'] });
    cases.push({ title: `${name} -R beside another -p`, argv: [...base.render(), '-R', '2'], names: ['-R/--repo', 'give one'] });
  }
  cases.push({ title: `${name} --json`, argv: [...base.render(), '--json', 'id,name'], names: ['use -o json --fields id,name'] });
  return cases;
}

/** Global flags checked before anything is sent, on one ordinary command. */
const GLOBAL_CASES: Case[] = [
  { title: 'global --timeout abc', argv: ['--timeout', 'abc', 'issue', 'view', '1', '-p', '1'], names: ['--timeout'] },
  { title: 'global --timeout 0', argv: ['--timeout', '0', 'issue', 'view', '1', '-p', '1'], names: ['--timeout'] },
  { title: 'global --timeout -3', argv: ['--timeout=-3', 'issue', 'view', '1', '-p', '1'], names: ['--timeout'] },
  { title: 'global --retries many', argv: ['--retries', 'many', 'issue', 'view', '1', '-p', '1'], names: ['--retries'] },
  { title: 'global --retries -1', argv: ['--retries=-1', 'issue', 'view', '1', '-p', '1'], names: ['--retries'] },
  { title: 'global --retries 101', argv: ['--retries', '101', 'issue', 'view', '1', '-p', '1'], names: ['--retries', '0 to 100'] },
  { title: 'global --retries 2.5', argv: ['--retries', '2.5', 'issue', 'view', '1', '-p', '1'], names: ['--retries'] },
  { title: 'global -o xml', argv: ['-o', 'xml', 'issue', 'view', '1', '-p', '1'], names: ['xml'] },
  { title: 'global --sudo empty', argv: ['--sudo', '', 'issue', 'view', '1', '-p', '1'], names: ['--sudo'] },
  { title: 'global --host ftp://', argv: ['--host', 'ftp://gitlab.test', 'issue', 'view', '1', '-p', '1'], names: ['ftp://gitlab.test'] },
  {
    title: 'global --host without a scheme',
    argv: ['--host', 'gitlab.test', 'issue', 'view', '1', '-p', '1'],
    names: ['gitlab.test', 'hint: give it as https://gitlab.test'],
  },
  {
    title: 'auth login --host without a scheme',
    argv: ['auth', 'login', '--host', '127.0.0.1:8080', '--token-stdin'],
    names: ['"127.0.0.1:8080": it has no scheme', 'http://'],
  },
  { title: 'unknown verb', argv: ['issue', 'frobnicate', '1'], names: ['frobnicate'] },
  { title: 'api -X BREW', argv: ['api', '-X', 'BREW', '/user'], names: ['-X'] },
  { title: 'api -f without =', argv: ['api', '/user', '-f', 'novalue'], names: ['-f'] },
  { title: 'api -H without colon', argv: ['api', '/user', '-H', 'X-Thing'], names: ['-H'] },
  { title: 'api absolute URL on another host', argv: ['api', 'https://evil.test/api/v4/user'], names: ['https://evil.test'] },
  { title: 'api --paginate with POST', argv: ['api', '-X', 'POST', '/projects', '--paginate'], names: ['--paginate'] },
  { title: 'config set unknown key', argv: ['config', 'set', 'colour', 'red'], names: ['colour'] },
  { title: 'completion unknown shell', argv: ['completion', 'powershell'], names: ['powershell'] },
  { title: 'unknown noun', argv: ['isue', 'list'], names: ['"isue"', 'did you mean "issue"'] },
  { title: "gh's noun", argv: ['pr', 'view', '1'], names: ['"pr view"', 'collab mr view 1'] },
  { title: 'global -o yaml', argv: ['issue', 'list', '-p', '1', '-o', 'yaml'], names: ['invalid value for --output: "yaml"'] },
  // --fields is checked the same way on every command: one that prints no fields says so.
  { title: 'auth token --fields', argv: ['auth', 'token', '--fields', 'token'], names: ['--fields', 'prints no fields'] },
  { title: 'sandbox --port out of range', argv: ['sandbox', '--port', '70000'], names: ['--port', 'maximum 65535'] },
  // A stored zip stops at 4 GiB: refused at the flag, not as an unexpected error after starting.
  { title: 'sandbox --artifact-mb 5000', argv: ['sandbox', '--artifact-mb', '5000'], names: ['--artifact-mb', 'maximum 4094'] },
];

const { leaves, plain } = await commandTree();
const generated = leaves.flatMap(casesFor);

async function expectRefused(c: Case): Promise<void> {
  const { transport, calls } = refusingTransport();
  const r = await runCli(c.argv, { transport });
  const where = `${c.title}: ${r.stderr.slice(0, 300)}`;
  expect(calls, where).toEqual([]);
  expect(r.code, where).toBe(2);
  expect(r.stdout, where).toBe('');
  for (const n of c.names) expect(r.stderr, where).toContain(n);
  expect(r.stderr, where).not.toContain('unexpected error');
  // The message quotes at most a prefix of the value: a 2 MB argument is not echoed back.
  expect(r.stderr.length, where).toBeLessThan(2000);
}

describe('generated bad input: exit 2, the flag named, nothing sent', () => {
  it('walks the whole tree: every declared command, and enough cases', () => {
    expect(leaves.length).toBeGreaterThan(100);
    expect(plain.sort()).toEqual(
      [
        'api',
        'auth login',
        'auth logout',
        'auth status',
        'auth token',
        'completion',
        'config get',
        'config list',
        'config set',
        'config unset',
        'help',
        'mcp serve',
        'sandbox',
        'version',
      ].sort(),
    );
    expect(generated.length).toBeGreaterThan(500);
  });

  // Without this, a case could "pass" because its base line was itself incomplete.
  it.each(leaves.map((l) => [l.words.join(' '), l] as const))('baseline %s reaches the transport', async (_name, leaf) => {
    const { transport, calls } = refusingTransport();
    const argv = baseOf(leaf).render();
    // `mr checkout` switches branches in a git checkout: without one it stops before sending.
    const cwd = IN_A_CHECKOUT.has(leaf.words.join(' ')) ? gitRepo(tempDir('collab-bad-input-'), {}) : undefined;
    const r = await runCli(argv, { transport, cwd });
    expect(calls.length, `${argv.join(' ')} → ${r.code} ${r.stderr}`).toBeGreaterThan(0);
    expect(r.code, r.stderr).toBe(1);
  });

  it.each(generated.map((c) => [c.title, c] as const))('%s', async (_title, c) => {
    await expectRefused(c);
  });

  it.each(GLOBAL_CASES.map((c) => [c.title, c] as const))('%s', async (_title, c) => {
    await expectRefused(c);
  });
});
