import fs from 'node:fs';
import path from 'node:path';
import type { Context } from '../context.js';
import { CancelError, excerpt, UsageError } from '../errors.js';
import type { DeclaredCommand } from '../executor/spec.js';
import { VERSION } from '../version.js';
import { callTool } from './call.js';
import { catalogue, type Policy, type ToolDef, toolName, whyNotOffered } from './catalogue.js';

/**
 * `collab mcp serve`: the Model Context Protocol over stdio (newline-delimited JSON-RPC on stdin
 * and stdout) with the official SDK, which only this command loads. Every tool call runs as the
 * command it names (src/mcp/call.ts); stdout carries the protocol and nothing else, stderr is the log.
 */

export interface ServeOptions {
  allowWrites: boolean;
  allowDestructive: boolean;
  allowSecrets: boolean;
  project?: string;
  root?: string;
}

/** How many tools one tools/list answer holds; a cursor gives the next ones. */
export const TOOLS_PER_PAGE = 50;

const INSTRUCTIONS =
  "collab's commands for GitLab as tools, named <noun>_<verb> (issue_list, mr_view, user_key_add). " +
  'Inputs are named as the command line flags (order-by for --order-by); a project is a numeric id or a full ' +
  'path (group/project). Results are what `collab … -o json` prints; a list returns `limit` items (20 by ' +
  'default) and says when there are more. A failure is one line, `collab: …`, and often a `hint:`.';

/** --root as a real directory; a usage error when it is not one. */
function rootDir(ctx: Context, raw: string): string {
  const full = path.resolve(ctx.settings.cwd, raw);
  if (!fs.statSync(full, { throwIfNoEntry: false })?.isDirectory())
    throw new UsageError(`invalid value for --root: ${raw} is not a directory`);
  return fs.realpathSync(full);
}

/** The host the tool calls work on, if one is configured (without one, every call says so). */
function configuredHost(ctx: Context): string | undefined {
  try {
    return ctx.settings.auth().host;
  } catch {
    return undefined;
  }
}

/** The project commands infer here (COLLAB_PROJECT, the config's, the git checkout), if any. */
function inferredProject(ctx: Context): string | undefined {
  try {
    return ctx.settings.project();
  } catch {
    return undefined;
  }
}

export function policyOf(ctx: Context, options: ServeOptions): Policy {
  if (options.allowDestructive && !options.allowWrites)
    throw new UsageError('--allow-destructive adds the irreversible commands to the writes: give --allow-writes too');
  const project = options.project === undefined ? undefined : ctx.settings.project(options.project, '--project');
  const root = options.root === undefined ? undefined : rootDir(ctx, options.root);
  const defaultProject = project ?? inferredProject(ctx);
  const host = configuredHost(ctx);
  return {
    allowWrites: options.allowWrites,
    allowDestructive: options.allowDestructive,
    allowSecrets: options.allowSecrets,
    ...(project !== undefined ? { project } : {}),
    ...(root !== undefined ? { root } : {}),
    ...(host !== undefined ? { host } : {}),
    ...(defaultProject !== undefined ? { defaultProject } : {}),
  };
}

/** The offset a tools/list cursor stands for. */
function offsetOf(cursor: string | undefined, total: number): number | undefined {
  if (cursor === undefined) return 0;
  const n = /^\d{1,6}$/.test(cursor) ? Number(cursor) : Number.NaN;
  return Number.isInteger(n) && n > 0 && n < total ? n : undefined;
}

/** What the server says of itself on stderr when it starts. */
function startLine(tools: ToolDef[], policy: Policy): string {
  const kinds = policy.allowDestructive
    ? 'reads, writes and irreversible commands'
    : policy.allowWrites
      ? 'reads and writes'
      : 'reads only';
  const secrets = policy.allowSecrets ? ', secrets too' : '';
  const where = policy.project !== undefined ? `, in ${policy.project} only` : '';
  const files = policy.root !== undefined ? `, files under ${policy.root}` : '';
  return `collab mcp serve: ${tools.length} tools (${kinds}${secrets}${where}${files}), MCP on stdin and stdout`;
}

/** How many protocol errors the log says one by one; the rest are only counted (a client can send any number). */
export const LOGGED_ERRORS = 20;

/** The log of protocol errors: the first LOGGED_ERRORS lines, then one saying the rest go unlogged. */
function errorLog(ctx: Context): (err: Error) => void {
  let seen = 0;
  return (err) => {
    seen++;
    if (seen <= LOGGED_ERRORS) ctx.notice(`collab mcp serve: ${excerpt(err.message, 200)}`);
    else if (seen === LOGGED_ERRORS + 1) ctx.notice('collab mcp serve: more protocol errors; they are not logged');
  };
}

/** What a call of a tool not offered is told: why, when it is a command of collab's. */
function unknownTool(name: string, commands: readonly DeclaredCommand[], policy: Policy): string {
  const cmd = commands.find((c) => toolName(c.path) === name);
  const why = cmd && whyNotOffered(cmd, policy);
  return `unknown tool: ${excerpt(name, 80)}${why ? ` (not offered: ${why})` : ''}`;
}

/** Once every call under way (and any it let start) has been answered. */
async function drained(running: Set<Promise<unknown>>): Promise<void> {
  // The SDK hands the last requests read to their handlers a few callbacks later, and writes the
  // answers a few callbacks after they settle.
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  await turn();
  while (running.size > 0) {
    await Promise.allSettled([...running]);
    await turn();
  }
}

export async function serve(ctx: Context, options: ServeOptions): Promise<void> {
  const policy = policyOf(ctx, options);
  const commands = (await ctx.cli().commands()) as readonly DeclaredCommand[];
  const tools = catalogue(policy, commands);
  const byName = new Map(tools.map((t) => [t.name, t]));
  const sdk = await import('./sdk.js');
  const server = new sdk.Server({ name: 'collab', version: VERSION }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(sdk.ListToolsRequestSchema, (request) => {
    const from = offsetOf(request.params?.cursor, tools.length);
    if (from === undefined) throw new sdk.McpError(sdk.ErrorCode.InvalidParams, 'invalid cursor');
    const next = from + TOOLS_PER_PAGE;
    return { tools: tools.slice(from, next).map((t) => t.listed), ...(next < tools.length ? { nextCursor: String(next) } : {}) };
  });
  const running = new Set<Promise<unknown>>();
  server.setRequestHandler(sdk.CallToolRequestSchema, (request, extra) => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new sdk.McpError(sdk.ErrorCode.InvalidParams, unknownTool(request.params.name, commands, policy));
    const call = callTool(ctx, policy, tool, request.params.arguments, extra.signal);
    running.add(call);
    return call.finally(() => running.delete(call));
  });
  // A line that is no JSON-RPC message (or a transport failure): said in the log, and the session goes on;
  // a flood of them is not copied line for line into the log.
  server.onerror = errorLog(ctx);
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  const stop = () => void server.close();
  // The client closing its end of stdin ends the session once the calls under way are answered; Ctrl-C at once.
  ctx.io.stdin.once('end', () => void drained(running).then(stop));
  ctx.signal.addEventListener('abort', stop, { once: true });
  await server.connect(new sdk.StdioServerTransport(ctx.io.stdin, ctx.io.stdout));
  ctx.notice(startLine(tools, policy));
  await closed;
  if (ctx.signal.aborted) throw new CancelError();
}
