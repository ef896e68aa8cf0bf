import { describe, expect, it, vi } from 'vitest';
import { STAGES } from '../../src/executor/spec.js';
import { jsonReply, mockApi, runCli, scriptedPrompter } from '../helpers/harness.js';

/**
 * The executor calls a declaration's hooks in the order STAGES lists them: a probe noun whose two
 * commands (an endpoint and a `run`) record every hook they are asked, run the ways a command can
 * go, and each record must follow STAGES.
 */
const calls = vi.hoisted(() => [] as string[]);

vi.mock('../../src/commands/index.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/commands/index.js')>();
  const { ApiError } = await import('../../src/errors.js');
  const { defineCommand, defineNoun } = await import('../../src/executor/spec.js');
  const hook =
    <T>(name: string, result: T) =>
    () => {
      calls.push(name);
      return result;
    };
  const common = {
    summary: 'a probe',
    examples: ['collab probe endpoint 1'],
    args: [{ name: 'id', type: 'id', description: 'an id' }],
    flags: [{ name: 'title', type: 'string', required: true, description: 'a title', suggest: async () => hook('flags.suggest', 'T')() }],
    prepare: hook('prepare', undefined),
    confirm: {
      mode: 'yes',
      read: async () => hook('confirm.read', { title: 'the thing' })(),
      details: hook('confirm.details', []),
      question: hook('confirm.question', 'Change the thing?'),
    },
    explain: { 404: hook('explain', undefined) },
  } as const;
  const endpoint = defineCommand({
    ...common,
    name: 'endpoint',
    method: 'PUT',
    // A real endpoint's path: every request a command test sends counts towards the endpoint coverage.
    path: '/projects/7/issues/:id',
    already: { notice: hook('already.notice', undefined) },
    notModified: { notice: hook('notModified.notice', 'It was so') },
    done: hook('done', 'Changed the thing'),
    print: async () => hook('print', undefined)(),
  });
  const run = defineCommand({
    ...common,
    name: 'run',
    run: async () => {
      hook('run', undefined)();
      throw new ApiError('404 Not Found', 404);
    },
  });
  const probe = {
    name: 'probe',
    summary: 'a probe',
    section: 'Tools' as const,
    load: async () => ({ noun: defineNoun({ name: 'probe', summary: 'a probe', commands: [endpoint, run] }) }),
  };
  const NOUNS: typeof original.NOUNS = [...original.NOUNS, probe];
  return { ...original, NOUNS, findNoun: (name: string) => NOUNS.find((n) => n.name === name || n.aliases?.includes(name)) };
});

const ORDER = STAGES.flatMap((stage) => stage.hooks as readonly string[]);

/** Whether `seen` follows ORDER: each hook at or after the place of the one before it. */
function followsStages(seen: string[]): boolean {
  let at = 0;
  for (const name of seen) {
    const next = ORDER.indexOf(name, at);
    if (next < 0) return false;
    at = next + 1;
  }
  return true;
}

async function record(argv: string[], replies: [string, number][], options: { tty?: boolean } = {}) {
  calls.length = 0;
  const api = mockApi();
  for (const [method, status] of replies)
    api.pool
      .intercept({ path: '/api/v4/projects/7/issues/1', method })
      .reply(status, ...jsonReply(status === 304 ? '' : { id: 1, iid: 1, title: 'the thing' }));
  const r = await runCli(['probe', ...argv], {
    transport: api.transport,
    tty: options.tty,
    prompter: options.tty ? scriptedPrompter([true]) : undefined,
  });
  return { code: r.code, calls: [...calls] };
}

describe('the hook order is the order of STAGES', () => {
  const runs = [
    [
      'a write asked on a terminal',
      ['endpoint', '1', '-o', 'json'],
      [
        ['GET', 200],
        ['GET', 200],
        ['PUT', 200],
      ],
      { tty: true },
    ],
    ['refused off a terminal without --yes', ['endpoint', '1'], [], {}],
    [
      'an error answer explained',
      ['endpoint', '1', '--yes'],
      [
        ['GET', 200],
        ['PUT', 404],
      ],
      {},
    ],
    [
      'already so (304)',
      ['endpoint', '1', '--yes'],
      [
        ['GET', 200],
        ['PUT', 304],
      ],
      {},
    ],
    ['a run, its error explained', ['run', '1', '--yes'], [], {}],
  ] as const;

  it.each(runs)('%s', async (_title, argv, replies, options) => {
    const { calls: seen } = await record(
      [...argv],
      replies.map(([m, s]) => [m, s]),
      options,
    );
    expect(seen.length).toBeGreaterThan(1);
    expect(followsStages(seen), seen.join(' → ')).toBe(true);
  });

  it('a write on a terminal calls the hooks of every stage, in order', async () => {
    const { code, calls: seen } = await record(
      ['endpoint', '1', '-o', 'json'],
      [
        ['GET', 200],
        ['GET', 200],
        ['PUT', 200],
      ],
      { tty: true },
    );
    expect(code).toBe(0);
    expect(seen).toEqual([
      'flags.suggest',
      'prepare',
      'confirm.read',
      'confirm.details',
      'confirm.question',
      'already.notice',
      'done',
      'print',
    ]);
  });

  it('every hook STAGES names is called by one of those runs', async () => {
    const all = new Set<string>();
    for (const [, argv, replies, options] of runs)
      for (const name of (
        await record(
          [...argv],
          replies.map(([m, s]) => [m, s]),
          options,
        )
      ).calls)
        all.add(name);
    expect([...all].sort()).toEqual([...new Set(ORDER)].sort());
  });

  it('a hook called out of order is caught', () => {
    expect(followsStages(['prepare', 'flags.suggest'])).toBe(false);
    expect(followsStages(['done', 'explain'])).toBe(false);
  });
});
