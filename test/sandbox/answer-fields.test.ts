/**
 * The fields each command declares for `--fields` (checked before anything is sent) are the fields
 * the sandbox really answers: every command is run against the sandbox, in both dialects, and
 * - every field of its answer is declared for it (so a valid name is never refused), and
 * - every field declared as the spec's is sent by some command answering with that resource (so
 *   the lists cannot keep names nothing sends); GitLab-only names are never sent by the sandbox's
 *   spec dialect.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandSpec } from '../../src/executor/spec.js';
import { answerFields, type Fields } from '../../src/output/columns.js';
import type { SandboxHandle } from '../../src/sandbox/index.js';
import { otherName } from '../../src/shared/dialect.js';
import { commandTree } from '../helpers/command-tree.js';
import { runCli } from '../helpers/harness.js';
import { tempDir } from '../helpers/temp.js';

const P = 'acme/platform/api';
const UPLOAD = path.join(tempDir('collab-fields-'), 'notes.txt');
fs.writeFileSync(UPLOAD, 'hello\n');
const OUT = path.dirname(UPLOAD);
/** Run as alice rather than root. */
const ALICE = '@alice';
const GPG = '-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQENBFxyz\n-----END PGP PUBLIC KEY BLOCK-----';

/**
 * A command line for every command that answers with data, in an order the demo world allows:
 * reads, then writes, then deletions (which print nothing).
 */
const LINES: string[][] = [
  ['issue', 'list', '-p', P, '--state', 'all'],
  ['issue', 'list', '-g', 'acme', '--state', 'all'],
  ['issue', 'list', '--scope', 'all', '--state', 'all'],
  ['issue', 'view', '1', '-p', P],
  ['issue', 'time-stats', '1', '-p', P],
  ['issue', 'closed-by', '2', '-p', P],
  ['issue', 'user-agent', '1', '-p', P],
  ['board', 'list', '-p', P],
  ['board', 'lists', '1', '-p', P],
  ['board', 'list-view', '1', '1', '-p', P],
  ['board', 'view', '1', '-p', P],
  ['mr', 'list', '-p', P, '--state', 'all'],
  ['mr', 'list', '--scope', 'all', '--state', 'all'],
  ['mr', 'view', '1', '-p', P],
  ['mr', 'approvals', '6', '-p', P],
  ['mr', 'jobs', '8', '-p', P],
  ['mr', 'commits', '1', '-p', P],
  ['mr', 'changes', '1', '-p', P],
  ['mr', 'closes-issues', '1', '-p', P],
  ['mr', 'versions', '1', '-p', P],
  ['mr', 'version', '1', '1', '-p', P],
  ['job', 'list', '-p', P],
  ['job', 'view', '1', '-p', P],
  // With -o json the downloads print a record of what they saved.
  ['job', 'artifacts', '-p', P, '--ref', 'main', '--job', 'build', '--dest', path.join(OUT, 'a.zip')],
  ['job', 'artifact', '-p', P, '--ref', 'main', '--job', 'build', 'README.md', '--dest', path.join(OUT, 'README.md')],
  ['project', 'list'],
  ['project', 'view', P],
  ['project', 'users', P],
  ['project', 'labels', P],
  ['group', 'list'],
  ['group', 'view', 'acme'],
  ['group', 'projects', 'acme'],
  ['namespace', 'list'],
  ['user', 'list'],
  ['user', 'view', '2'],
  ['user', 'me'],
  ['user', 'activities'],
  ['user', 'key', 'list', '--user', '2'],
  ['user', 'key', 'list'],
  ['user', 'gpg-key', 'list', '--user', '2'],
  ['user', 'email', 'list', '--user', '2'],
  ['user', 'token', 'list', '--user', '2'],
  ['user', 'token', 'view', '1', '--user', '2'],
  ['settings', 'view'],
  // Writes.
  ['issue', 'create', '-p', P, '--title', 'Fields'],
  ['issue', 'update', '1', '-p', P, '--title', 'Fields again'],
  ['issue', 'close', '1', '-p', P],
  ['issue', 'reopen', '1', '-p', P],
  ['issue', 'subscribe', '4', '-p', P],
  ['issue', 'unsubscribe', '4', '-p', P],
  ['issue', 'todo', '5', '-p', P],
  ['issue', 'estimate', '1', '2h', '-p', P],
  ['issue', 'spend', '1', '1h', '-p', P],
  ['issue', 'reset-estimate', '1', '-p', P],
  ['issue', 'reset-spent', '1', '-p', P],
  ['issue', 'move', '7', '-p', P, '--to', 'acme/website'],
  ['board', 'list-create', '1', '-p', P, '--label-id', '5'],
  ['board', 'list-move', '1', '1', '-p', P, '--position', '1'],
  ['mr', 'create', '-p', P, '--source', 'feature/fields', '--target', 'main', '--title', 'Fields'],
  ['mr', 'update', '1', '-p', P, '--title', 'Fields'],
  ['mr', 'close', '4', '-p', P],
  ['mr', 'reopen', '4', '-p', P],
  ['mr', 'approve', '1', '-p', P],
  ['mr', 'unapprove', '1', '-p', P],
  ['mr', 'subscribe', '5', '-p', P],
  ['mr', 'unsubscribe', '5', '-p', P],
  ['mr', 'todo', '5', '-p', P],
  ['mr', 'draft', '5', '-p', P],
  ['mr', 'ready', '5', '-p', P],
  ['mr', 'cancel-auto-merge', '7', '-p', P],
  ['mr', 'merge', '8', '-p', P, '--yes'],
  ['job', 'cancel', '13', '-p', P],
  ['job', 'retry', '6', '-p', P],
  ['job', 'play', '19', '-p', P],
  ['job', 'keep', '1', '-p', P],
  ['job', 'erase', '2', '-p', P, '--yes'],
  ['project', 'create', '--name', 'Fields'],
  ['project', 'update', P, '--description', 'Fields'],
  ['project', 'star', 'acme/platform/docs'],
  ['project', 'unstar', 'acme/platform/docs'],
  ['project', 'archive', 'acme/platform/docs'],
  ['project', 'unarchive', 'acme/platform/docs'],
  ['project', 'fork', 'acme/website', '--namespace', 'labs'],
  ['project', 'forks', 'acme/website'],
  ['project', 'upload', UPLOAD, '-p', P],
  ['group', 'create', '--name', 'Fields', '--path', 'fields'],
  ['group', 'update', 'fields', '--description', 'Fields'],
  ['group', 'transfer-project', '4', '-g', 'fields', '--yes'],
  ['group', 'ldap-link', 'add', '-g', 'acme', '--cn', 'fields', '--group-access', '30', '--provider', 'ldapmain'],
  ['user', 'create', '--email', 'f@example.com', '--username', 'frank', '--name', 'Fields', '--reset-password'],
  ['user', 'update', '3', '--name', 'Bob S'],
  ['user', 'key', 'add', '--title', 'fields', '--key', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFields fields@example'],
  ['user', 'gpg-key', 'add', '--key', GPG],
  ['user', 'email', 'add', '--email', 'fields@example.com'],
  ['user', 'key', 'view', '1'],
  ['user', 'gpg-key', 'view', '1', '--user', '2'],
  // Read as alice: the API reads one email of your own only.
  ['user', 'email', 'view', '1', ALICE],
  ['user', 'token', 'create', '--user', '2', '--name', 'fields', '--scopes', 'api'],
  ['settings', 'update', '--help-text', 'Fields'],
];

/** Commands of GitLab's endpoints outside the spec (the spec flavour answers 404): run in the GitLab flavour only. */
const GITLAB_LINES: string[][] = [
  ['todo', 'list'],
  // `todo done --all` answers 204, nothing to print: one item's answer is the to-do.
  ['todo', 'done', '1', ALICE],
  ['issue', 'notes', '1', '-p', P],
  ['mr', 'notes', '1', '-p', P],
  ['issue', 'note', '1', '-p', P, '-m', 'Fields'],
  ['mr', 'note', '1', '-p', P, '-m', 'Fields'],
  ['mr', 'discussions', '6', '-p', P],
  ['mr', 'resolve', '6', '6c268146', '-p', P],
  ['mr', 'unresolve', '6', '6c268146', '-p', P],
  // What a pipeline ships: reads, downloads (their records), then writes.
  ['release', 'list', '-p', P],
  ['release', 'view', 'v1.0', '-p', P],
  ['release', 'link', 'list', 'v1.0', '-p', P],
  ['package', 'list', '-p', P],
  ['variable', 'list', '-p', P],
  ['variable', 'get', 'LOG_LEVEL', '-p', P],
  ['package', 'download', 'acme-api', '1.0.0', 'checksums.txt', '-p', P, '--dest', path.join(OUT, 'checksums.txt')],
  ['release', 'download', 'v1.0', '-p', P, '--asset', 'checksums.txt', '--dest', path.join(OUT, 'checksums-2.txt')],
  ['release', 'create', 'v-fields', '-p', P, '--ref', 'main', '--name', 'Fields'],
  ['release', 'update', 'v-fields', '-p', P, '--notes', 'Fields'],
  ['release', 'link', 'add', 'v-fields', '-p', P, '--name', 'fields', '--url', 'https://example.com/fields'],
  ['package', 'upload', 'fields', '1.0.0', UPLOAD, '-p', P],
  ['release', 'upload', 'v-fields', UPLOAD, '-p', P],
  ['variable', 'set', 'FIELDS_VAR', 'fields', '-p', P],
  // GitLab's pipelines API (the seeds of src/sandbox/seed: 1 main success, 4 feature/x running, 2 main failed).
  ['pipeline', 'list', '-p', P, '--all-refs'],
  ['pipeline', 'view', '1', '-p', P],
  ['pipeline', 'view', '--ref', 'main', '-p', P],
  ['pipeline', 'wait', '1', '-p', P],
  ['pipeline', 'run', '--ref', 'main', '-p', P],
  ['pipeline', 'retry', '2', '-p', P],
  ['pipeline', 'cancel', '4', '-p', P],
  ['mr', 'checks', '1', '-p', P],
  ['mr', 'rebase', 'perf/fonts', '-p', 'acme/website'],
];

interface Seen {
  spec: CommandSpec;
  /** Top-level keys of every object answered, by flavour. */
  keys: Record<string, Set<string>>;
}

async function run(url: string, line: string[]): Promise<unknown> {
  const token = line.includes(ALICE) ? 'sandbox-user-token' : 'sandbox-admin-token';
  const r = await runCli([...line.filter((w) => w !== ALICE), '-o', 'json'], { env: { COLLAB_HOST: url, COLLAB_TOKEN: token } });
  expect(r.code, `collab ${line.join(' ')}: ${r.stderr}`).toBe(0);
  expect(r.stdout, `collab ${line.join(' ')} printed nothing: ${r.stderr}`).not.toBe('');
  return JSON.parse(r.stdout);
}

const objects = (data: unknown): Record<string, unknown>[] =>
  (Array.isArray(data) ? data : [data]).filter(
    (o): o is Record<string, unknown> => o !== null && typeof o === 'object' && !Array.isArray(o),
  );

describe('the fields --fields accepts are the fields the sandbox answers', () => {
  const seen = new Map<string, Seen>();
  let leaves: Awaited<ReturnType<typeof commandTree>>['leaves'];
  const sandboxes: SandboxHandle[] = [];

  beforeAll(async () => {
    leaves = (await commandTree()).leaves;
    const { startSandbox, scaledClock } = await import('../../src/sandbox/index.js');
    for (const flavor of ['spec', 'gitlab'] as const) {
      // What runs on the sandbox's clock (a rebase) ends within milliseconds; the command's own waits are the harness's.
      const sb = await startSandbox({ port: 0, flavor, clock: scaledClock(0.001) });
      sandboxes.push(sb);
      for (const line of flavor === 'gitlab' ? [...LINES, ...GITLAB_LINES] : LINES) {
        const leaf = leaves.filter((l) => l.words.every((w, i) => line[i] === w)).sort((a, b) => b.words.length - a.words.length)[0];
        if (!leaf) throw new Error(`no command for ${line.join(' ')}`);
        const key = leaf.words.join(' ');
        const entry = seen.get(key) ?? { spec: leaf.spec, keys: { spec: new Set(), gitlab: new Set() } };
        seen.set(key, entry);
        for (const o of objects(await run(sb.url, line))) for (const k of Object.keys(o)) entry.keys[flavor]!.add(k);
      }
    }
  }, 120_000);

  afterAll(async () => {
    if (process.env.DUMP_FIELDS)
      fs.writeFileSync(
        process.env.DUMP_FIELDS,
        JSON.stringify(
          Object.fromEntries([...seen].map(([k, v]) => [k, { spec: [...v.keys.spec!], gitlab: [...v.keys.gitlab!] }])),
          null,
          1,
        ),
      );
    for (const sb of sandboxes) await sb.close();
  });

  it('every command that prints an answer was run, and one that prints none declares no fields', () => {
    for (const { words, spec } of leaves) {
      const fields = answerFields(spec.columns);
      if (seen.has(words.join(' '))) expect(fields, `collab ${words.join(' ')} declares its fields`).toBeDefined();
      else
        expect(
          fields,
          `collab ${words.join(' ')} declares fields: add it to LINES (GITLAB_LINES if only GitLab serves it)`,
        ).toBeUndefined();
    }
  });

  it('every field a command answers with is declared for it (in either dialect)', () => {
    for (const [name, { spec, keys }] of seen) {
      const fields = answerFields(spec.columns)!;
      const declared = new Set([...fields.spec, ...(fields.gitlab ?? [])]);
      for (const flavor of ['spec', 'gitlab'] as const) {
        const missing = [...keys[flavor]!].filter((k) => !declared.has(k) && !declared.has(otherName(k) ?? k));
        expect(missing, `collab ${name} (${flavor}) answers with undeclared fields`).toEqual([]);
      }
    }
  });

  it("every field declared as the spec's is sent by a command answering with it, and no GitLab-only one is", () => {
    const byFields = new Map<Fields, Set<string>>();
    for (const { spec, keys } of seen.values()) {
      const fields = answerFields(spec.columns)!;
      const sent = byFields.get(fields) ?? new Set<string>();
      for (const k of keys.spec!) sent.add(k);
      byFields.set(fields, sent);
    }
    for (const [fields, sent] of byFields) {
      expect(
        fields.spec.filter((f) => !sent.has(f)),
        `declared but never sent (${fields.spec.slice(0, 3).join(', ')}, …)`,
      ).toEqual([]);
      expect(
        (fields.gitlab ?? []).filter((f) => sent.has(f)),
        'sent by the spec dialect: a spec field',
      ).toEqual([]);
    }
  });
});
