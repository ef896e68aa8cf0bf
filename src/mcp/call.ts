import { Readable, Writable } from 'node:stream';
import type { Context } from '../context.js';
import type { Env } from '../env.js';
import { CollabError } from '../errors.js';
import type { IO } from '../output/io.js';
import type { Policy, ToolDef } from './catalogue.js';
import { toolCommandLine } from './command-line.js';
import { type Printed, redacted, toolResult } from './result.js';
import type { CallToolResult } from './sdk.js';

/**
 * A tool call run as the command it is: collab's own entry (src/cli.ts, as ctx.cli() hands it) with the command line the
 * arguments make, on streams of its own, with `-o json`, in a context where nobody can be asked
 * anything (stdin is the protocol): no terminal, no input, no colour, no pager, no editor, no browser.
 */

/** What a run may print before the rest is dropped (a list is cut by its limit long before). */
const MAX_CAPTURE = 16 * 1024 * 1024;

/** A stream that keeps what is written to it, up to MAX_CAPTURE bytes. */
function capture(): { stream: Writable; text: () => string } {
  const chunks: Buffer[] = [];
  let size = 0;
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      if (size < MAX_CAPTURE) chunks.push(bytes.subarray(0, MAX_CAPTURE - size));
      size += bytes.length;
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

/** Environment variables that would change what a run prints or make it ask: -o json, --no-input and no colour instead. */
const OVERRIDDEN = new Set(['COLLAB_OUTPUT', 'COLLAB_DEBUG', 'COLLAB_PAGER', 'PAGER', 'FORCE_COLOR', 'VISUAL', 'EDITOR', 'BROWSER']);

function toolEnv(env: Env): Env {
  const kept = Object.entries(env).filter(([k]) => !OVERRIDDEN.has(k));
  return { ...Object.fromEntries(kept), COLLAB_NO_INPUT: '1', NO_COLOR: '1' };
}

/**
 * The global flags the server was started with that every run takes too (`collab --host X mcp serve`),
 * and always its host: a URL argument may not move a call to another host with stored credentials.
 */
function globalWords(ctx: Context, policy: Policy): string[] {
  const { host, sudo, timeout, retries } = ctx.settings.flags;
  const given = { host: host ?? policy.host, sudo, timeout, retries };
  return Object.entries(given).flatMap(([name, value]) => (value === undefined ? [] : [`--${name}=${value}`]));
}

const nobody = async (): Promise<never> => {
  throw new CollabError('nobody to ask: collab runs for an AI assistant here', 2);
};

/** Runs collab with `argv` on buffers; what it printed and its exit code. */
async function runOnBuffers(ctx: Context, argv: string[], signal: AbortSignal, cwd?: string): Promise<Printed> {
  const out = capture();
  const err = capture();
  const io: IO = {
    stdin: Readable.from([]),
    stdout: out.stream,
    stderr: err.stream,
    stdinIsTTY: false,
    stdoutIsTTY: false,
    stderrIsTTY: false,
    colorLevel: 0,
    columns: 80,
  };
  const deps = ctx.depsFor((own) => ({ io, signal, env: toolEnv(own.env), ...(cwd ? { cwd } : {}), opener: nobody, editor: nobody }));
  const code = await ctx.cli().run(argv, deps);
  return { code, stdout: out.text(), stderr: err.text() };
}

/** A tool call's result; a bad argument is a failed result with nothing run, never an exception. */
export async function callTool(ctx: Context, policy: Policy, tool: ToolDef, args: unknown, signal: AbortSignal): Promise<CallToolResult> {
  const secrets = ctx.settings.secrets();
  let line: ReturnType<typeof toolCommandLine>;
  try {
    line = toolCommandLine(tool, args, policy);
  } catch (err) {
    const { message, hint } = err instanceof CollabError ? err : { message: String(err), hint: undefined };
    const text = `collab: ${message}${hint ? `\nhint: ${hint}` : ''}`;
    return redacted({ isError: true, content: [{ type: 'text', text }] }, secrets);
  }
  const argv = [...line.argv.slice(0, tool.command.path.length), ...globalWords(ctx, policy), ...line.argv.slice(tool.command.path.length)];
  const printed = await runOnBuffers(ctx, argv, AbortSignal.any([ctx.signal, signal]), line.cwd);
  ctx.debug(`mcp: ${tool.name}: exit ${printed.code}`);
  return toolResult(printed, { secrets, maskSecretFields: !policy.allowSecrets, ...(line.list ? { list: line.list } : {}) });
}
