/**
 * The tools of `collab mcp serve` against the command tree as commander builds it: every command
 * of a resource is a tool with no code of its own, by its words; reads by default, writes and
 * irreversible commands only when allowed; nothing local, nothing of auth, config, api & co.
 */
import { describe, expect, it } from 'vitest';
import { declaredCommands } from '../../src/commands/tree.js';
import { describeTree, walk } from '../../src/docs/tree.js';
import { IRREVERSIBLE } from '../../src/help-topics.js';
import { catalogue, type Policy } from '../../src/mcp/catalogue.js';
import { toolCommandLine } from '../../src/mcp/command-line.js';
import { commandTree, type Leaf } from '../helpers/command-tree.js';

const { leaves, plain } = await commandTree();
const commands = await declaredCommands();
const name = (leaf: Leaf) => leaf.words.join('_');
const everything = async (policy: Partial<Policy> = {}) =>
  catalogue({ allowWrites: true, allowDestructive: true, allowSecrets: true, root: '/srv/collab', ...policy }, commands).map((t) => t.name);
/** A declaration that writes files: it is offered only with --root. */
const savesFiles = (leaf: Leaf) => (leaf.spec.flags ?? []).some((f) => f.disk !== undefined && f.disk !== 'read');
/** What reads, by the declaration: a GET endpoint, or a run that says it reads. */
const reads = (leaf: Leaf) => (leaf.spec.run === undefined && leaf.spec.method === 'GET') || leaf.spec.effect === 'read';
/** A declaration whose answer is secret values: a tool only with --allow-secrets. */
const secret = (leaf: Leaf) => leaf.spec.answersSecrets === true;

describe('the tools and the command tree', () => {
  it('every command of a resource is a tool named by its words, but what works on this machine (mr checkout)', async () => {
    const local = leaves.filter((l) => l.spec.effect === 'local');
    expect(local.map((l) => l.words.join(' '))).toEqual(['mr checkout']);
    expect((await everything()).sort()).toEqual(
      leaves
        .filter((l) => !local.includes(l))
        .map(name)
        .sort(),
    );
  });

  it('no command of auth, config, api, completion, sandbox, version or mcp is one', async () => {
    const tools = await everything();
    const others = new Set(plain.map((p) => p.split(' ')[0]));
    for (const noun of ['auth', 'config', 'api', 'completion', 'sandbox', 'version', 'mcp']) expect(others).toContain(noun);
    expect(tools.filter((t) => others.has(t.split('_')[0]!))).toEqual([]);
  });

  it('by default only reads: every GET endpoint and every run declared to read, but downloads without --root and secrets', async () => {
    const tools = catalogue({ allowWrites: false, allowDestructive: false }, commands).map((t) => t.name);
    expect(tools.sort()).toEqual(
      leaves
        .filter((l) => reads(l) && !savesFiles(l) && !secret(l))
        .map(name)
        .sort(),
    );
    expect(tools).toContain('issue_list');
    expect(tools).not.toContain('job_artifacts');
  });

  it('writes with --allow-writes, and the commands of the confirmation rule only with --allow-destructive too', async () => {
    const writes = catalogue({ allowWrites: true, allowDestructive: false, root: '/srv/collab' }, commands);
    const irreversible = leaves.filter((l) => l.spec.confirm).map(name);
    expect(irreversible.sort()).toEqual(IRREVERSIBLE.map((c) => c.replace(/ /g, '_')).sort());
    expect(writes.map((t) => t.name).filter((t) => irreversible.includes(t))).toEqual([]);
    expect(writes.map((t) => t.name)).toEqual(expect.arrayContaining(['issue_create', 'issue_close', 'mr_approve', 'project_fork']));
    expect(await everything()).toEqual(expect.arrayContaining(irreversible));
  });

  it("secret values only with --allow-secrets: CI/CD variables' values, a token's secret shown once", async () => {
    // Marked by their declarations; checked here against what the commands are: every read of the
    // variable noun answers values (variable list, get, export), and a command that shows a secret
    // in table and tsv (revealSecrets: a token printed once) answers one.
    const marked = leaves.filter(secret).map((l) => l.words.join(' '));
    expect(marked.sort()).toEqual(['user token create', 'variable export', 'variable get', 'variable list']);
    const valueReads = leaves.filter((l) => l.words[0] === 'variable' && reads(l));
    const shownOnce = leaves.filter((l) => l.spec.revealSecrets);
    expect([...valueReads, ...shownOnce].filter((l) => !secret(l)).map((l) => l.words.join(' '))).toEqual([]);

    const names = (policy: Partial<Policy>) =>
      catalogue({ allowWrites: false, allowDestructive: false, ...policy }, commands).map((t) => t.name);
    const secrets = marked.map((m) => m.replace(/ /g, '_'));
    expect(names({}).filter((t) => secrets.includes(t))).toEqual([]);
    expect(names({ allowWrites: true, allowDestructive: true }).filter((t) => secrets.includes(t))).toEqual([]);
    expect(names({ allowSecrets: true }).filter((t) => secrets.includes(t))).toEqual(['variable_list', 'variable_get', 'variable_export']);
    expect(
      names({ allowSecrets: true, allowWrites: true })
        .filter((t) => secrets.includes(t))
        .sort(),
    ).toEqual(secrets.sort());
    expect(names({ allowSecrets: true }).length - names({}).length).toBe(3);
  });

  it('with --project, only what works in a project, and nothing that needs another one (issue move --to)', async () => {
    const pinned = await everything({ project: 'acme/platform/api' });
    const elsewhere = (l: Leaf) => (l.spec.flags ?? []).some((f) => f.lookup === 'project' && f.required);
    expect(pinned.sort()).toEqual(
      leaves
        .filter((l) => l.spec.project !== undefined && l.spec.effect !== 'local' && !elsewhere(l) && !l.spec.makesProject)
        .map(name)
        .sort(),
    );
    expect(pinned).not.toContain('user_list');
    expect(pinned).not.toContain('issue_move');
    // A fork is another project (GitLab: POST /projects/:id/fork, lib/api/projects.rb `post ':id/fork'`, creates it).
    expect(leaves.filter((l) => l.spec.makesProject).map(name)).toEqual(['project_fork']);
    expect(pinned).not.toContain('project_fork');
    expect(await everything()).toContain('project_fork');
  });

  it('no tool pushes with git: a flag that runs git push is marked local, and mr_create takes none', async () => {
    const pushing = leaves.flatMap((l) =>
      (l.spec.flags ?? []).filter((f) => /\bgit push\b/.test(f.description)).map((f) => ({ name: `${l.words.join(' ')} --${f.name}`, f })),
    );
    expect(pushing.map((p) => p.name)).toContain('mr create --push');
    expect(pushing.filter((p) => !p.f.local).map((p) => p.name)).toEqual([]);
    const create = catalogue({ allowWrites: true, allowDestructive: false }, commands).find((t) => t.name === 'mr_create')!;
    expect(Object.keys(create.listed.inputSchema.properties!)).not.toContain('push');
    expect(
      toolCommandLine(create, { project: 'acme/web', source: 'feature', fill: true }, { allowWrites: true, allowDestructive: false }).argv,
    ).toContain('--no-push');
  });

  it('walks the tree as the man pages do', async () => {
    const docs = [...walk(await describeTree())]
      .filter((c) => c.commands.length === 0 && c.path[0] !== 'help')
      .map((c) => c.path.join(' '));
    expect(commands.map((c) => c.path.join(' '))).toEqual(docs);
  });

  it('every flag or argument naming a file on this machine says so (so that it is read or written under --root only)', () => {
    /** Paths that are not on this machine: a file of the merge request's diff, a file of a package. */
    const elsewhere = new Set(['mr note --file', 'package download <file>']);
    const inputs = leaves.flatMap((l) => [
      ...(l.spec.flags ?? []).map((f) => ({
        name: `${l.words.join(' ')} --${f.name}`,
        local: ['dest', 'extract'].includes(f.name) || /-file$/.test(f.name) || /^<(file|path|dir)\b/.test(f.value ?? ''),
        marked: f.disk !== undefined || f.file !== undefined,
      })),
      ...(l.spec.args ?? []).map((a) => ({
        name: `${l.words.join(' ')} <${a.name}>`,
        local: a.name === 'file',
        marked: a.disk !== undefined,
      })),
    ]);
    const local = inputs.filter((i) => i.local && !elsewhere.has(i.name));
    expect(local.filter((i) => !i.marked).map((i) => i.name)).toEqual([]);
    expect(local.length).toBeGreaterThan(10);
  });
});
