/**
 * `collab mcp serve` as an MCP client uses it: the built binary spawned by the SDK's own client
 * (`@modelcontextprotocol/sdk/client`, StdioClientTransport) and by a raw newline-delimited
 * JSON-RPC exchange (MCP 2025-06-18, basic/transports "stdio"; basic/lifecycle "Version
 * Negotiation"), against `collab sandbox`.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, BIN, binEnv, type SandboxFixture, startSandboxFixture, tempDir } from '../helpers/e2e.js';

const API = 'acme/platform/api';

let sb: SandboxFixture;
beforeAll(async () => {
  sb = await startSandboxFixture({ seed: 'demo' });
});
afterAll(() => sb?.close());

/** The environment the binary runs in: the sandbox (`url`), the admin token, a config dir of its own. */
const serverEnv = (url = sb.url) =>
  binEnv(tempDir('collab-mcp-cfg-'), { COLLAB_HOST: url, COLLAB_TOKEN: ADMIN_TOKEN }) as Record<string, string>;

/** The SDK's client connected to `collab mcp serve <flags>` (against the sandbox at `url`); its stderr kept. */
async function connect(flags: string[] = [], url?: string) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', 'serve', ...flags],
    env: serverEnv(url),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const client = new Client({ name: 'collab-e2e', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** Every tool, through the cursors. */
async function allTools(client: Client) {
  const tools: Awaited<ReturnType<Client['listTools']>>['tools'] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
    pages++;
  } while (cursor !== undefined);
  return { tools, pages };
}

const text = (r: object) => ((r as { content?: { text: string }[] }).content ?? []).map((c) => c.text).join('\n');

describe('collab mcp serve through the SDK client', () => {
  it('offers reads only by default, writes with --allow-writes, irreversible commands with --allow-destructive too', async () => {
    const reads = await connect();
    const ro = await allTools(reads.client);
    await reads.close();
    expect(ro.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['issue_list', 'mr_view', 'job_trace', 'project_view']));
    expect(ro.tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
    expect(ro.tools.map((t) => t.name)).not.toContain('issue_create');

    const writes = await connect(['--allow-writes']);
    const rw = await allTools(writes.client);
    await writes.close();
    expect(rw.pages).toBeGreaterThan(1);
    expect(new Set(rw.tools.map((t) => t.name)).size).toBe(rw.tools.length);
    expect(rw.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['issue_create', 'issue_close', 'mr_approve']));
    expect(rw.tools.filter((t) => t.annotations?.destructiveHint)).toEqual([]);

    const all = await connect(['--allow-writes', '--allow-destructive']);
    const everything = await allTools(all.client);
    await all.close();
    expect(everything.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['issue_delete', 'mr_merge', 'job_erase', 'project_delete']),
    );
    expect(everything.tools.length).toBeGreaterThan(rw.tools.length);
  });

  it('reads, writes, refuses a bad argument then answers the good call, and answers a server error as a tool error', async () => {
    const s = await connect(['--allow-writes']);
    try {
      // GitLab: GET /projects/:id/issues/:issue_iid (lib/api/issues.rb).
      const view = await s.client.callTool({ name: 'issue_view', arguments: { project: API, iid: 1, fields: ['iid', 'title', 'state'] } });
      expect(view.isError).toBeFalsy();
      expect(view.structuredContent).toMatchObject({ iid: 1 });
      expect(JSON.parse(text(view))).toEqual(view.structuredContent);

      const list = await s.client.callTool({ name: 'issue_list', arguments: { project: API, limit: 3, fields: ['iid'] } });
      expect((list.structuredContent as { items: unknown[] }).items).toHaveLength(3);
      expect(list.structuredContent).toMatchObject({ more: true });
      expect(text(list)).toMatch(/there are more: call again with page 2/);

      // GitLab: POST /projects/:id/issues (lib/api/issues.rb, `post ':id/issues'`).
      const created = await s.client.callTool({
        name: 'issue_create',
        arguments: { project: API, title: 'Filed by an assistant', weight: 2 },
      });
      expect(created.isError, text(created)).toBeFalsy();
      expect(created.structuredContent).toMatchObject({ title: 'Filed by an assistant', weight: 2, state: 'opened' });
      const iid = (created.structuredContent as { iid: number }).iid;
      const read = await s.client.callTool({ name: 'issue_view', arguments: { project: API, iid, fields: ['title'] } });
      expect(read.structuredContent).toEqual({ title: 'Filed by an assistant' });

      const bad = await s.client.callTool({ name: 'issue_view', arguments: { project: API, iid: -1 } });
      expect(bad).toEqual({
        isError: true,
        content: [{ type: 'text', text: 'collab: invalid value for "iid": -1 is not an integer of at least 0' }],
      });
      const good = await s.client.callTool({ name: 'issue_view', arguments: { project: API, iid: 2, fields: ['iid'] } });
      expect(good.structuredContent).toEqual({ iid: 2 });

      const missing = await s.client.callTool({ name: 'issue_view', arguments: { project: API, iid: 999_999 } });
      expect(missing.isError).toBe(true);
      expect(text(missing)).toMatch(/^collab: 404 /);
      const after = await s.client.callTool({ name: 'user_me', arguments: { fields: ['username'] } });
      expect(after.structuredContent).toEqual({ username: 'root' });
    } finally {
      await s.close();
    }
  });

  it('saves a download under --root only, and answers its path, size and SHA-256', async () => {
    const root = fs.realpathSync(tempDir('collab-mcp-root-'));
    const s = await connect(['--root', root]);
    try {
      // GitLab: GET /projects/:id/jobs/artifacts/:ref_name/download?job=name (lib/api/ci/job_artifacts.rb).
      const saved = await s.client.callTool({
        name: 'job_artifacts',
        arguments: { project: API, ref: 'main', job: 'package', dest: 'out.zip' },
      });
      expect(saved.isError, text(saved)).toBeFalsy();
      const file = path.join(root, 'out.zip');
      const bytes = fs.readFileSync(file);
      expect(saved.structuredContent).toMatchObject({
        path: file,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
      const outside = await s.client.callTool({
        name: 'job_artifacts',
        arguments: { project: API, ref: 'main', job: 'package', dest: '../out.zip' },
      });
      expect(outside.isError).toBe(true);
      expect(fs.existsSync(path.join(root, '..', 'out.zip'))).toBe(false);
    } finally {
      await s.close();
    }
  });

  it("answers CI/CD variables' values only when started with --allow-secrets", async () => {
    // The gitlab flavour serves CI/CD variables as lib/api/ci/variables.rb does; its demo seed has
    // acme/platform/api's masked DEPLOY_TOKEN.
    const gitlab = await startSandboxFixture({ flavor: 'gitlab', seed: 'demo' });
    const secrets = ['variable_list', 'variable_get', 'variable_export'];
    try {
      const closed = await connect(['--allow-writes'], gitlab.url);
      try {
        const names = (await allTools(closed.client)).tools.map((t) => t.name);
        expect(names).toContain('variable_set');
        expect(names.filter((n) => secrets.includes(n) || n === 'user_token_create')).toEqual([]);
        await expect(closed.client.callTool({ name: 'variable_get', arguments: { project: API, key: 'DEPLOY_TOKEN' } })).rejects.toThrow(
          /unknown tool: variable_get/,
        );
      } finally {
        await closed.close();
      }
      expect(gitlab.requests().filter((q) => q.path.includes('/variables'))).toEqual([]);

      const open = await connect(['--allow-secrets'], gitlab.url);
      try {
        const tools = (await allTools(open.client)).tools;
        expect(tools.filter((t) => secrets.includes(t.name)).map((t) => t.name)).toEqual(secrets);
        expect(tools.find((t) => t.name === 'variable_get')?.description).toContain('Its answer holds secret values.');
        const r = await open.client.callTool({ name: 'variable_get', arguments: { project: API, key: 'DEPLOY_TOKEN' } });
        expect(r.structuredContent).toMatchObject({ key: 'DEPLOY_TOKEN', value: 'sandbox-deploy-token-0a1b2c3d', masked: true });
        expect(open.stderr()).toContain('(reads only, secrets too)');
      } finally {
        await open.close();
      }
    } finally {
      await gitlab.close();
    }
  });

  it('pins every tool to the project of --project', async () => {
    const s = await connect(['--project', API]);
    try {
      const { tools } = await allTools(s.client);
      expect(tools.map((t) => t.name)).not.toContain('user_list');
      const view = tools.find((t) => t.name === 'issue_view')!;
      expect(Object.keys(view.inputSchema.properties ?? {})).not.toContain('project');
      const r = await s.client.callTool({ name: 'issue_view', arguments: { iid: 1, fields: ['project_id'] } });
      expect(r.structuredContent).toEqual({ project_id: 1 });
    } finally {
      await s.close();
    }
  });
});

/** A raw client: the binary spawned, every byte it writes kept, one request at a time by id. */
function rawServer(flags: string[] = []) {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [BIN, 'mcp', 'serve', ...flags], { env: serverEnv() });
  let out = '';
  let err = '';
  const waiting = new Map<number, (m: any) => void>();
  child.stdout.on('data', (d) => {
    out += String(d);
  });
  child.stderr.on('data', (d) => {
    err += String(d);
  });
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line);
    waiting.get(message.id)?.(message);
  });
  let id = 0;
  return {
    request(method: string, params: unknown): Promise<any> {
      const n = ++id;
      return new Promise((resolve) => {
        waiting.set(n, resolve);
        child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: n, method, params })}\n`);
      });
    },
    notify: (method: string) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method })}\n`),
    send: (line: string) => child.stdin.write(`${line}\n`),
    /** Closes stdin, as a client that leaves does: the server ends; what it wrote. */
    async end(): Promise<{ code: number | null; stdout: string; stderr: string }> {
      child.stdin.end();
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      return { code, stdout: out, stderr: err };
    },
  };
}

describe('collab mcp serve through a raw JSON-RPC exchange', () => {
  it.each(['2025-06-18', '2024-11-05'])('agrees on protocol %s, lists, calls, and never writes the token', async (version) => {
    const s = rawServer(['--allow-writes']);
    const init = await s.request('initialize', { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } });
    expect(init.result).toMatchObject({ protocolVersion: version, capabilities: { tools: {} }, serverInfo: { name: 'collab' } });
    s.notify('notifications/initialized');
    const first = await s.request('tools/list', {});
    expect(first.result.nextCursor).toEqual(expect.any(String));
    const second = await s.request('tools/list', { cursor: first.result.nextCursor });
    expect(second.result.tools.map((t: { name: string }) => t.name)).not.toContain(first.result.tools[0].name);
    expect((await s.request('tools/list', { cursor: 'nonsense' })).error).toMatchObject({ code: -32602 });
    s.send('this line is no JSON-RPC message');
    const me = await s.request('tools/call', { name: 'user_me', arguments: {} });
    expect(me.result.structuredContent).toMatchObject({ username: 'root' });
    const denied = await s.request('tools/call', { name: 'project_view', arguments: { project: 'nobody/nothing' } });
    expect(denied.result.isError).toBe(true);
    const closed = await s.request('tools/call', { name: 'issue_close', arguments: { project: API, iid: [2] } });
    expect(closed.result.structuredContent).toMatchObject({ iid: 2, state: 'closed' });
    const ended = await s.end();
    expect(ended.code).toBe(0);
    // Every line on stdout is a JSON-RPC message; the token is in none of them, nor in the log.
    for (const line of ended.stdout.split('\n').filter((l) => l !== '')) expect(JSON.parse(line).jsonrpc).toBe('2.0');
    expect(ended.stdout).not.toContain(ADMIN_TOKEN);
    expect(ended.stderr).not.toContain(ADMIN_TOKEN);
    expect(ended.stderr).toMatch(/^collab mcp serve: \d+ tools \(reads and writes\)/);
    expect(ended.stderr.split('\n')[1]).toMatch(/^collab mcp serve: .*JSON/);
  });
});
