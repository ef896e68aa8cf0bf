/**
 * What a write prints, proved on the whole command tree: on a terminal one line on stderr (✓ and
 * what was done, naming the object) and nothing on stdout, unless the answer is what the command
 * is for; with -o json the object as the server sent it; piped, the object on stdout and the
 * line (without ✓) on stderr.
 */
import { MockAgent } from 'undici';
import { describe, expect, it } from 'vitest';
import type { Transport } from '../../src/api/transport.js';
import type { Prompter } from '../../src/prompt.js';
import { answeringTransport, baseOf, commandTree, type Leaf, OBJECT } from '../helpers/command-tree.js';
import { jsonReply, runCli, TEST_HOST } from '../helpers/harness.js';

const { leaves } = await commandTree();
const writes = leaves.filter((l) => l.spec.method !== undefined && l.spec.method !== 'GET');
const name = (leaf: Leaf) => leaf.words.join(' ');
/** Answers what a command asks beyond its flags (a group's path; no to the editor a create offers). */
const prompter: Prompter = {
  input: async () => 'x',
  password: async () => 'x',
  confirm: async (m) => !m.startsWith('Write a'),
  select: async (_m, c) => c[0]!,
};
// block/unblock answer a scalar; the declarations print nothing else either way.
const objectAnswers = writes.filter((l) => l.spec.print !== false);

describe('a write says what it did', () => {
  it('every declared write has its one line', () => {
    expect(writes.length).toBeGreaterThan(40);
    for (const leaf of writes) expect(leaf.spec.done, name(leaf)).toBeDefined();
  });

  it.each(writes.map((l) => [name(l), l] as const))('%s: on a terminal, one ✓ line and nothing on stdout', async (_n, leaf) => {
    // Its thread is unresolved: `mr unresolve` needs a resolved one to change.
    const { transport } = answeringTransport({ resolvedThreads: name(leaf) === 'mr unresolve' });
    // The answering server's merge request is no draft: `mr ready` of it is so already (nothing sent); `--undo` is a change.
    const undo = name(leaf) === 'mr ready' ? ['--undo'] : [];
    const r = await runCli([...baseOf(leaf).render(), ...undo], { transport, tty: true, prompter });
    expect(r.code, r.stderr).toBe(0);
    if (!leaf.spec.showAnswer) expect(r.stdout).toBe('');
    const lines = r.stderr.split('\n').filter((l) => l.startsWith('✓ '));
    expect(lines, r.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^✓ [A-Z]/);
  });

  it.each(objectAnswers.map((l) => [name(l), l] as const))(
    '%s: -o json prints the answer; piped, the object and the line without ✓',
    async (_n, leaf) => {
      const resolvedThreads = name(leaf) === 'mr unresolve';
      const json = await runCli([...baseOf(leaf).render(), '-o', 'json'], {
        transport: answeringTransport({ resolvedThreads }).transport,
        tty: true,
        prompter,
      });
      expect(json.code, json.stderr).toBe(0);
      expect(JSON.parse(json.stdout)).toMatchObject({ id: OBJECT.id });
      const piped = await runCli(baseOf(leaf).render(), { transport: answeringTransport({ resolvedThreads }).transport });
      expect(piped.code, piped.stderr).toBe(0);
      expect(piped.stdout).not.toBe('');
      expect(piped.stderr).not.toContain('✓');
    },
  );
});

/** Reads answer OBJECT (lists of it where a list is asked for); writes answer `answer`, whatever was sent. */
function sparseTransport(answer: unknown): Transport {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const pool = agent.get(TEST_HOST);
  const readAnswer = answeringTransport().transport;
  for (const method of ['POST', 'PUT', 'DELETE'])
    pool
      .intercept({ path: () => true, method })
      .reply(200, ...jsonReply(JSON.stringify(answer)))
      .persist();
  return {
    request: (req) => (req.method === 'GET' ? readAnswer.request(req) : (agent.request(req as never) as never)),
  };
}

describe('a one-line result never prints a field the answer left out', () => {
  // What a server may answer a write with: GitLab's documented `POST /user/keys` answer has no id
  // (doc/api/user_keys.md: {"title":"ABC","key":…,"expires_at":…,"usage_type":"auth"}); others
  // carry their id but nothing that names the object, or only a message.
  const answers = [
    { title: 'ABC', key: 'ssh-ed25519 AAAA', expires_at: '2016-01-21T00:00:00.000Z', usage_type: 'auth' },
    { id: 7 },
    { iid: 7 },
    { message: '201 Created' },
  ];
  it.each(writes.map((l) => [name(l), l] as const))('%s', async (_n, leaf) => {
    for (const answer of answers) {
      const r = await runCli(baseOf(leaf).render(), { transport: sparseTransport(answer), tty: true, prompter });
      // An answer the command cannot take (no iid where it reports one) is an error of its own.
      if (r.code !== 0) continue;
      expect(r.stderr, JSON.stringify(answer)).not.toMatch(/\b(undefined|NaN)\b|\[object /);
      const line = r.stderr.split('\n').find((l) => l.startsWith('✓ '));
      if (line) expect(line, JSON.stringify(answer)).not.toMatch(/\bnull\b|\(\)| {2}| $/);
    }
  });
});
