/**
 * `collab mcp serve` in-process: a client's newline-delimited JSON-RPC on stdin (MCP 2025-06-18,
 * basic/transports "stdio"), the answers on stdout, each tool call run as its command against an
 * undici MockAgent. Every tool of the tree reaches the server with valid arguments; bad ones reach
 * nothing; nothing prompts even when the server itself has a terminal; the token is nowhere.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { declaredCommands } from '../../src/commands/tree.js';
import { catalogue, type ToolDef } from '../../src/mcp/catalogue.js';
import type { JsonSchema } from '../../src/mcp/inputs.js';
import { LOGGED_ERRORS } from '../../src/mcp/serve.js';
import { baseOf, commandTree, type Leaf, refusingTransport } from '../helpers/command-tree.js';
import { mockApi, type RunOptions, runCli, scriptedPrompter, TEST_TOKEN } from '../helpers/harness.js';
import { JSON_HEADERS } from '../helpers/json-answer.js';

interface Call {
  name: string;
  arguments?: unknown;
}

/** What a client writes: the handshake, then one tools/call per call (ids 2, 3, …). */
function clientLines(calls: Call[], protocolVersion = '2025-06-18'): string {
  const messages = [
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion, capabilities: {}, clientInfo: { name: 'test', version: '1' } },
    },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    ...calls.map((params, i) => ({ jsonrpc: '2.0', id: i + 2, method: 'tools/call', params })),
  ];
  return messages.map((m) => `${JSON.stringify(m)}\n`).join('');
}

/** The server run until the client's stdin ends; its answers by id. */
async function session(serveArgs: string[], calls: Call[], options: RunOptions = {}) {
  const r = await runCli(['mcp', 'serve', ...serveArgs], { ...options, stdin: clientLines(calls) });
  const answers = new Map<number, any>();
  for (const line of r.stdout.split('\n').filter((l) => l !== '')) {
    const message = JSON.parse(line);
    answers.set(message.id, message);
  }
  return { ...r, answers, result: (i: number) => answers.get(i + 2)?.result };
}

describe('collab mcp serve, in-process', () => {
  it('answers a read with the JSON -o json prints, as text and structured content', async () => {
    const api = mockApi();
    // GitLab: GET /projects/:id/issues/:issue_iid (lib/api/issues.rb, `get ':id/issues/:issue_iid'`).
    const issue = {
      id: 30,
      iid: 3,
      project_id: 7,
      title: 'Crash on save',
      state: 'opened',
      web_url: 'https://gitlab.test/acme/web/-/issues/3',
    };
    api.pool.intercept({ path: '/api/v4/projects/acme%2Fweb/issues/3', method: 'GET' }).reply(200, issue, { headers: JSON_HEADERS });
    const s = await session([], [{ name: 'issue_view', arguments: { project: 'acme/web', iid: 3 } }], { transport: api.transport });
    expect(s.code).toBe(0);
    expect(s.answers.get(1).result).toMatchObject({
      protocolVersion: '2025-06-18',
      serverInfo: { name: 'collab' },
      capabilities: { tools: {} },
    });
    expect(s.result(0)).toEqual({ content: [{ type: 'text', text: JSON.stringify(issue) }], structuredContent: issue });
    expect(s.stderr).toMatch(/^collab mcp serve: \d+ tools \(reads only\), MCP on stdin and stdout\n$/);
    api.done();
  });

  it('refuses a bad argument with nothing sent, and answers the good call after it', async () => {
    const api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/acme%2Fweb/issues/4', method: 'GET' })
      .reply(200, { id: 40, iid: 4, title: 'x' }, { headers: JSON_HEADERS });
    const s = await session(
      [],
      [
        { name: 'issue_view', arguments: { project: 'acme/web', iid: '4; rm -rf /' } },
        { name: 'issue_view', arguments: { project: 'acme/web', iid: 4 } },
      ],
      { transport: api.transport },
    );
    expect(s.result(0)).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'collab: invalid value for "iid": "4; rm -rf /" is not an integer of at least 0' }],
    });
    expect(s.result(1).structuredContent).toEqual({ id: 40, iid: 4, title: 'x' });
    api.done();
  });

  it('logs a flood of bad lines and stray notifications in a bounded number of lines, and goes on serving', async () => {
    const api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/acme%2Fweb/issues/5', method: 'GET' })
      .reply(200, { id: 50, iid: 5, title: 'x' }, { headers: JSON_HEADERS });
    const junk = Array.from({ length: 500 }, (_, i) =>
      i % 2 === 0
        ? 'not JSON \u001b[2J'
        : JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: i, progress: i } }),
    );
    const [handshake, call] = clientLines([{ name: 'issue_view', arguments: { project: 'acme/web', iid: 5 } }]).split(
      /\n(?=[^\n]*tools\/call)/,
    );
    const r = await runCli(['mcp', 'serve'], { transport: api.transport, stdin: `${handshake}\n${junk.join('\n')}\n${call}` });
    expect(r.code).toBe(0);
    const answer = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
    expect(answer).toMatchObject({ id: 2, result: { structuredContent: { iid: 5 } } });
    const lines = r.stderr.trim().split('\n');
    expect(lines.length).toBe(1 + LOGGED_ERRORS + 1);
    expect(lines.at(-1)).toBe('collab mcp serve: more protocol errors; they are not logged');
    expect(r.stderr).not.toContain('\u001b');
    api.done();
  });

  it('refuses --allow-destructive without --allow-writes, and a --root that is no folder: exit 2, nothing served', async () => {
    const alone = await runCli(['mcp', 'serve', '--allow-destructive'], { stdin: clientLines([]) });
    expect([alone.code, alone.stdout, alone.stderr]).toEqual([
      2,
      '',
      'collab: --allow-destructive adds the irreversible commands to the writes: give --allow-writes too\n',
    ]);
    const root = await runCli(['mcp', 'serve', '--root', '/nonexistent/collab-root'], { stdin: clientLines([]) });
    expect([root.code, root.stdout, root.stderr]).toEqual([
      2,
      '',
      'collab: invalid value for --root: /nonexistent/collab-root is not a directory\n',
    ]);
  });

  it('offers no write by default: calling one is an unknown tool', async () => {
    const { transport, calls } = refusingTransport();
    const s = await session([], [{ name: 'issue_close', arguments: { project: 'acme/web', iid: [3] } }], { transport });
    expect(s.answers.get(2).error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('unknown tool: issue_close (not offered: it writes, and the server runs without --allow-writes)'),
    });
    expect(calls).toEqual([]);
  });

  it('says why a command of collab is not offered, and refuses it with nothing sent', async () => {
    const { transport, calls } = refusingTransport();
    const s = await session(
      ['--allow-writes', '--project', 'acme/web'],
      [
        { name: 'issue_delete', arguments: { iid: [3] } },
        { name: 'variable_get', arguments: { key: 'DEPLOY_TOKEN' } },
        { name: 'job_artifacts', arguments: { id: '5', dest: 'a.zip' } },
        { name: 'user_list', arguments: {} },
        { name: 'no_such', arguments: {} },
        { name: 'config_get', arguments: {} },
      ],
      { transport },
    );
    const said = [2, 3, 4, 5, 6, 7].map((id) => s.answers.get(id).error.message.replace(/^MCP error -32602: /, ''));
    expect(said).toEqual([
      'unknown tool: issue_delete (not offered: it is irreversible, and the server runs without --allow-destructive)',
      'unknown tool: variable_get (not offered: it answers secret values, and the server runs without --allow-secrets)',
      'unknown tool: job_artifacts (not offered: it reads or writes files, and the server runs without --root)',
      'unknown tool: user_list (not offered: the server works in acme/web only)',
      'unknown tool: no_such',
      'unknown tool: config_get',
    ]);
    expect(calls).toEqual([]);
  });

  it("offers no CI/CD variable's value by default; --allow-secrets does", async () => {
    const call = { name: 'variable_get', arguments: { project: 'acme/web', key: 'DEPLOY_TOKEN' } };
    const { transport, calls } = refusingTransport();
    const closed = await session(['--allow-writes', '--allow-destructive'], [call], { transport });
    expect(closed.answers.get(2).error).toMatchObject({ code: -32602, message: expect.stringContaining('unknown tool: variable_get') });
    expect(calls).toEqual([]);
    expect(closed.stderr).toMatch(/tools \(reads, writes and irreversible commands\)/);

    const api = mockApi();
    // GitLab: GET /projects/:id/variables/:key (lib/api/ci/variables.rb, `get ':id/variables/:key'`; Entities::Ci::Variable).
    const variable = {
      key: 'DEPLOY_TOKEN',
      value: 's3cr3t-value',
      variable_type: 'env_var',
      protected: false,
      masked: true,
      environment_scope: '*',
    };
    api.pool
      .intercept({ path: '/api/v4/projects/acme%2Fweb/variables/DEPLOY_TOKEN', method: 'GET' })
      .reply(200, variable, { headers: JSON_HEADERS });
    const open = await session(['--allow-secrets'], [call], { transport: api.transport });
    expect(open.result(0).structuredContent).toEqual(variable);
    expect(open.stderr).toMatch(/tools \(reads only, secrets too\)/);
    api.done();
  });

  it("masks a project's runners_token by default; --allow-secrets answers it", async () => {
    // GitLab: GET /projects/:id answers runners_token to who can administer the project
    // (lib/api/entities/project.rb, `expose :runners_token, if: … options[:user_can_admin_project]`).
    const project = { id: 7, path_with_namespace: 'acme/web', runners_token: 'GR1348941sEcReT' };
    const view = async (flags: string[]) => {
      const api = mockApi();
      api.pool.intercept({ path: '/api/v4/projects/acme%2Fweb', method: 'GET' }).reply(200, project, { headers: JSON_HEADERS });
      const s = await session(flags, [{ name: 'project_view', arguments: { project: 'acme/web' } }], { transport: api.transport });
      api.done();
      return s;
    };
    const closed = await view([]);
    expect(closed.result(0).structuredContent).toEqual({ ...project, runners_token: '********' });
    expect(closed.stdout).not.toContain('GR1348941sEcReT');
    expect((await view(['--allow-secrets'])).result(0).structuredContent).toEqual(project);
  });

  it('never asks, even where the server has a terminal: a create offers no editor, a deletion needs no yes', async () => {
    const api = mockApi();
    const created: string[] = [];
    api.pool.intercept({ path: '/api/v4/projects/acme%2Fweb/issues', method: 'POST' }).reply((req) => {
      created.push(String(req.body));
      return { statusCode: 201, data: { id: 50, iid: 5, title: 'From an assistant' }, responseOptions: { headers: JSON_HEADERS } };
    });
    // GitLab: DELETE /projects/:id/issues/:issue_iid answers 204 (lib/api/issues.rb, `delete ":id/issues/:issue_iid"`).
    api.pool.intercept({ path: '/api/v4/projects/acme%2Fweb/issues/5', method: 'DELETE' }).reply(204, '');
    const prompter = scriptedPrompter([]);
    const s = await session(
      ['--allow-writes', '--allow-destructive'],
      [
        { name: 'issue_create', arguments: { project: 'acme/web', title: 'From an assistant' } },
        { name: 'issue_delete', arguments: { project: 'acme/web', iid: [5] } },
      ],
      { transport: api.transport, tty: true, prompter },
    );
    expect(prompter.asked).toEqual([]);
    expect(JSON.parse(created[0]!)).toEqual({ title: 'From an assistant' });
    expect(s.result(0).structuredContent).toEqual({ id: 50, iid: 5, title: 'From an assistant' });
    expect(s.result(1)).toEqual({ content: [{ type: 'text', text: 'Deleted issue #5' }] });
    api.done();
  });

  it('answers a server error as a failed tool call with its one line, and never with the token', async () => {
    const api = mockApi();
    // A server that quotes the token back, in an error and in a body.
    api.pool
      .intercept({ path: '/api/v4/projects/acme%2Fweb/issues/6', method: 'GET' })
      .reply(403, { message: `403 Forbidden - token ${TEST_TOKEN} has no access` }, { headers: JSON_HEADERS });
    api.pool
      .intercept({ path: '/api/v4/projects/acme%2Fweb/issues/7', method: 'GET' })
      .reply(200, { id: 70, iid: 7, title: `seen ${TEST_TOKEN}` }, { headers: JSON_HEADERS });
    const s = await session(
      ['--debug'],
      [
        { name: 'issue_view', arguments: { project: 'acme/web', iid: 6 } },
        { name: 'issue_view', arguments: { project: 'acme/web', iid: 7 } },
      ],
      { transport: api.transport },
    );
    expect(s.result(0).isError).toBe(true);
    expect(s.result(0).content).toHaveLength(1);
    expect(s.result(0).content[0].text).toMatch(/^collab: 403 Forbidden/);
    expect(s.result(1).structuredContent).toEqual({ id: 70, iid: 7, title: 'seen [REDACTED]' });
    expect(s.stdout + s.stderr).not.toContain(TEST_TOKEN);
    api.done();
  });

  it('keeps every call on its host: a URL argument on another host with a stored token is refused, nothing sent', async () => {
    const api = mockApi();
    const job = { id: 5, name: 'test', status: 'success', web_url: 'https://gitlab.test/acme/web/-/jobs/5' };
    // GitLab: GET /projects/:id/jobs/:job_id (lib/api/ci/jobs.rb, `get ':id/jobs/:job_id'`).
    api.pool.intercept({ path: '/api/v4/projects/acme%2Fweb/jobs/5', method: 'GET' }).reply(200, job, { headers: JSON_HEADERS });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'collab-mcp-hosts-'));
    // The server's host is the config's; another host has credentials of its own (an admin's, say).
    const hosts = {
      'https://gitlab.test': { token: 'glpat-home-0123456789', token_type: 'private', user: 'alice' },
      'https://admin.example': { token: 'glpat-admin-0123456789', token_type: 'private', user: 'root' },
    };
    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ host: 'https://gitlab.test', hosts }), { mode: 0o600 });
    const env = { COLLAB_CONFIG_DIR: dir, COLLAB_TOKEN: undefined, COLLAB_HOST: undefined };
    const s = await session(
      ['--project', 'acme/web'],
      [
        { name: 'job_view', arguments: { id: 'https://admin.example/acme/web/-/jobs/5' } },
        { name: 'job_view', arguments: { id: 'https://gitlab.test/acme/web/-/jobs/5' } },
      ],
      { transport: api.transport, env },
    );
    fs.rmSync(dir, { recursive: true, force: true });
    expect(s.result(0).isError).toBe(true);
    expect(s.result(0).content[0].text).toMatch(/^collab: this URL is on admin\.example but --host is gitlab\.test/);
    expect(s.result(1).structuredContent).toEqual(job);
    api.done();
  });
});

/** A valid value of an input from the text a command line would give it. */
function toolValue(schema: JsonSchema, raw: string | true): unknown {
  if (schema.type === 'array')
    return String(raw)
      .split(',')
      .map((v) => toolValue(schema.items ?? {}, v));
  if (schema.type === 'integer' || schema.type === 'number') return Number(raw);
  if (schema.type === 'boolean') return true;
  return String(raw);
}

/** The arguments of a tool call from the base command line of its command (test/helpers/command-tree.ts). */
function toolArguments(leaf: Leaf, tool: ToolDef, root: string): Record<string, unknown> {
  const base = baseOf(leaf);
  const given: [string, string | true][] = [
    ...(leaf.spec.args ?? []).map((a, i) => [a.name, base.args[i]!] as [string, string]),
    ...[...base.flags].filter(([k]) => k !== 'yes'),
  ];
  const args: Record<string, unknown> = {};
  for (const [key, raw] of given) {
    const input = tool.inputs.find((i) => i.key === key);
    if (!input) continue;
    const value = input.disk !== undefined && typeof raw === 'string' && path.isAbsolute(raw) ? path.relative(root, raw) : raw;
    args[key] = toolValue(input.schema, value);
  }
  // A download to standard output on the command line names a file as a tool (its answer is JSON).
  for (const input of tool.inputs) if (input.required && args[input.key] === undefined && input.disk) args[input.key] = 'saved.file';
  return args;
}

describe('every tool of the tree', async () => {
  const { leaves } = await commandTree();
  const root = fs.realpathSync(os.tmpdir());
  const tools = catalogue({ allowWrites: true, allowDestructive: true, allowSecrets: true, root }, await declaredCommands());
  const cases = tools.map((t) => [t.name, t, leaves.find((l) => l.words.join('_') === t.name)!] as const);

  it('is a command of the tree', () => {
    expect(cases.length).toBeGreaterThan(100);
    for (const [name, , leaf] of cases) expect(leaf, name).toBeDefined();
  });

  it.each(cases)('%s reaches the server with valid arguments', async (name, tool, leaf) => {
    const { transport, calls } = refusingTransport();
    const args = toolArguments(leaf, tool, root);
    const s = await session(['--allow-writes', '--allow-destructive', '--allow-secrets', '--root', root], [{ name, arguments: args }], {
      transport,
    });
    expect(calls.length, `${name} ${JSON.stringify(args)} → ${JSON.stringify(s.result(0))}`).toBeGreaterThan(0);
    expect(s.result(0).isError).toBe(true);
  });
});
