import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { MockAgent } from 'undici';
import type { Transport } from '../../src/api/transport.js';
import { NOUNS } from '../../src/commands/index.js';
import type { FlagSpec } from '../../src/executor/inputs.js';
import type { CommandSpec } from '../../src/executor/spec.js';
import { buildProgram } from '../../src/program.js';
import { TEST_HOST } from './harness.js';
import { JSON_HEADERS } from './json-answer.js';
import { tempDir } from './temp.js';

/**
 * The declared command tree as tests walk it, and a valid, complete command line for each leaf.
 * `leaves` are the resources' commands (each calls the API); `plain` the others (`auth login`,
 * `config set`, `sandbox`, `help`), which run on their own terms.
 */

export interface Leaf {
  words: string[];
  spec: CommandSpec;
}

export async function commandTree(): Promise<{ leaves: Leaf[]; plain: string[] }> {
  const program = await buildProgram(
    () => {
      throw new Error('the tree walk runs nothing');
    },
    { loadAll: true },
  );
  const leaves: Leaf[] = [];
  const plain: string[] = [];
  const resources = new Set(NOUNS.filter((n) => n.section === 'Resources').map((n) => n.name));
  const walk = (cmd: Command, words: string[]) => {
    if (cmd.commands.length === 0) {
      const spec = (cmd as Command & { collabSpec?: CommandSpec }).collabSpec;
      if (spec && resources.has(words[0]!)) leaves.push({ words, spec });
      else plain.push(words.join(' '));
      return;
    }
    for (const sub of cmd.commands) walk(sub, [...words, sub.name()]);
  };
  walk(program, []);
  return { leaves, plain };
}

/** A transport that refuses every request and remembers that one was attempted. */
export function refusingTransport(): { transport: Transport; calls: string[] } {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const calls: string[] = [];
  const transport: Transport = {
    request: (req) => {
      calls.push(`${req.method} ${req.origin}${req.path}`);
      return agent.request(req as never) as never;
    },
  };
  return { transport, calls };
}

/** The object every GET answers with: something to name, under every name the rule reads (and user "x" of the base lines). */
export const OBJECT = {
  id: 1,
  iid: 1,
  username: 'x',
  title: 'The named object',
  sha: '1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c',
  path_with_namespace: 'acme/named',
  full_path: 'acme/named',
};

/** Paths of lists among the GETs the commands send (lookups, another user's keys). */
const COLLECTION = /\/(keys|gpg_keys|emails|users|labels|milestones|impersonation_tokens)(\?|$)/;
/** A merge request's threads, and one of them: a resolvable thread whose first note is OBJECT (`mr resolve 1 1` names it by note id). */
const THREADS = /\/discussions(\?|$)/;
const ONE_THREAD = /\/discussions\/[0-9a-f]+(\?|$)/;

function readAnswer(path: string, resolved: boolean): object {
  const thread = {
    id: '6c268146a1b2c3d4e5f60718293a4b5c6d7e8f90',
    individual_note: false,
    notes: [{ ...OBJECT, resolvable: true, resolved }],
  };
  if (THREADS.test(path)) return [thread];
  if (ONE_THREAD.test(path)) return thread;
  return COLLECTION.test(path) ? [OBJECT] : OBJECT;
}

function bodyOf(body: unknown): Record<string, unknown> {
  try {
    return typeof body === 'string' ? JSON.parse(body) : {};
  } catch {
    return {};
  }
}

/**
 * A server that answers everything and remembers each request: GETs with OBJECT (a list of it for
 * collections), writes with OBJECT and what was sent, plus the keys some answers must have.
 */
/** `resolvedThreads`: the merge request's thread is resolved already (what `mr unresolve` changes). */
export function answeringTransport(options: { resolvedThreads?: boolean } = {}): { transport: Transport; calls: string[] } {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const pool = agent.get(TEST_HOST);
  pool
    .intercept({ path: () => true, method: 'GET' })
    .reply((req) => ({
      statusCode: 200,
      data: readAnswer(req.path, options.resolvedThreads === true),
      responseOptions: { headers: JSON_HEADERS },
    }))
    .persist();
  const written = { cn: 'devs', markdown: '![a](/uploads/a.txt)', time_estimate: 0, total_time_spent: 0 };
  for (const method of ['POST', 'PUT', 'DELETE'])
    pool
      .intercept({ path: () => true, method })
      .reply((req) => ({
        statusCode: 200,
        data: { ...OBJECT, ...written, ...bodyOf(req.body) },
        responseOptions: { headers: JSON_HEADERS },
      }))
      .persist();
  const calls: string[] = [];
  return {
    calls,
    transport: {
      request: (req) => {
        calls.push(`${req.method} ${req.path}`);
        return agent.request(req as never) as never;
      },
    },
  };
}

const UPLOAD_FILE = path.join(tempDir('collab-bad-input-'), 'upload.txt');
fs.writeFileSync(UPLOAD_FILE, 'hello\n');

/** A valid value of a flag's type (bool flags take none). */
export function validValue(flag: FlagSpec): string | true {
  switch (flag.type) {
    case 'bool':
      return true;
    case 'int':
    case 'number': {
      const n = Math.max(flag.min ?? 1, 1);
      return String(flag.max !== undefined ? Math.min(n, flag.max) : n);
    }
    case 'id':
      return '1';
    case 'weight':
      return '3';
    case 'date':
      return '2026-01-15';
    case 'datetime':
      return '2026-01-15T10:00:00Z';
    case 'duration':
      return '1h30m';
    case 'enum':
      return flag.choices![0]!;
    case 'intList':
      return '1,2';
    case 'stringList':
    case 'csv':
      return flag.choices?.[0] ?? 'a';
    default:
      return 'x';
  }
}

/** A valid positional value, by argument name where the name says more than the type. */
function validArg(words: string[], name: string): string {
  if (name === 'file' && ['project upload', 'package upload', 'release upload', 'pipeline lint'].includes(words.join(' ')))
    return UPLOAD_FILE;
  if (name === 'duration') return '1h';
  if (name === 'path') return 'reports/a.txt';
  if (name === 'cn') return 'cn=devs';
  return '1'; // ids, iids, and projects, groups or users given by numeric id
}

export function flagArg(name: string, value: string | true): string[] {
  return value === true ? [`--${name}`] : [`--${name}=${value}`];
}

const EXTRA_BASE: Record<string, [string, string | true][]> = {
  'user key add': [['key', 'ssh-ed25519 AAAA test']],
  'user gpg-key add': [['key', '-----BEGIN PGP PUBLIC KEY BLOCK-----']],
  'board list-create': [['label-id', '1']],
  'project create': [['name', 'x']],
  'issue move': [['to', 'acme/website']],
  'user create': [['reset-password', true]],
  'mr create': [['target', 'main']],
  // The comment comes from -m, the editor or stdin: the base line gives it.
  'release link add': [['url', 'https://example.com/x']],
  'issue note': [['message', 'x']],
  'mr note': [['message', 'x']],
};

/** The base command line of a leaf: every required value present and valid. */
export function baseOf(leaf: Leaf) {
  const { spec, words } = leaf;
  const args = (spec.args ?? []).map((a) => validArg(words, a.name));
  const flags = new Map<string, string | true>();
  if (spec.project) flags.set('project', '1');
  if (spec.group === 'required') flags.set('group', '1');
  for (const f of spec.flags ?? []) if (f.required || f.prompt) flags.set(f.name, validValue(f));
  if (spec.requireOne && flags.size === (spec.project ? 1 : 0) + (spec.group === 'required' ? 1 : 0)) {
    const filler = (spec.flags ?? []).find((f) => !f.hidden && f.param !== false && f.type === 'string');
    if (filler) flags.set(filler.name, validValue(filler));
  }
  if (spec.confirm || (spec.flags ?? []).some((f) => f.name === 'yes')) flags.set('yes', true);
  // What a command's own code requires beyond the declaration (one of two flags, a password source).
  for (const [flag, value] of EXTRA_BASE[words.join(' ')] ?? []) flags.set(flag, value);
  const render = (opts: { args?: string[]; set?: [string, string | true][]; drop?: string[] } = {}) => {
    const merged = new Map(flags);
    for (const d of opts.drop ?? []) merged.delete(d);
    for (const [k, v] of opts.set ?? []) {
      merged.delete(k);
      merged.set(k, v);
    }
    const flagArgv = [...merged].flatMap(([k, v]) => flagArg(k, v));
    return [...words, ...(opts.args ?? args), ...flagArgv];
  };
  return { args, flags, render };
}
