import type { FlagSpec } from '../../executor/inputs.js';
import { defineCommand, defineNoun } from '../../executor/spec.js';

const serveFlags = [
  { name: 'allow-writes', type: 'bool', description: 'offer the commands that change data too (create, update, close, approve, …)' },
  {
    name: 'allow-destructive',
    type: 'bool',
    description: 'with --allow-writes: the irreversible ones too (delete, erase, merge, revoke, …), run without asking',
  },
  {
    name: 'allow-secrets',
    type: 'bool',
    description:
      "offer the commands whose answer is secret values too (variable_list, variable_get, variable_export: CI/CD variables' values), " +
      'and answer secret fields (runners_token) unmasked',
  },
  {
    name: 'project',
    short: 'p',
    type: 'string',
    value: '<id|path>',
    description: 'every tool works in this project only (numeric id or full path); tools that work in none are not offered',
  },
  {
    name: 'root',
    type: 'string',
    value: '<dir>',
    description: 'where downloads are saved and uploads read from; without it no tool reads or writes a file',
  },
] as const satisfies readonly FlagSpec[];

const serve = defineCommand({
  name: 'serve',
  summary: 'Offer collab to AI assistants: every command a tool, over MCP on stdio',
  description:
    "Speaks the Model Context Protocol on stdin and stdout (an MCP client starts it): each of collab's " +
    'commands on resources is a tool named <noun>_<verb> (issue_list, mr_view, job_artifacts), whose ' +
    'inputs are its arguments and flags, typed. A tool runs the command as `-o json` does and answers ' +
    "its JSON; a failure answers collab's one-line error and hint. Only commands that read are offered " +
    'unless --allow-writes is given; the irreversible ones need --allow-destructive as well. Commands ' +
    "whose answer is secret values (CI/CD variables' values, a new impersonation token) are offered only " +
    'with --allow-secrets, without which secret fields (runners_token) answer masked. Nothing ever ' +
    'prompts; the token comes from the config or the environment, as for any command, and never appears ' +
    'in an answer. Local commands (auth, config, mr checkout, …) are not tools.',
  examples: [
    'collab mcp serve',
    'collab mcp serve --project acme/platform/api --allow-writes',
    'collab mcp serve --allow-secrets   # variable_get and variable_export answer values too',
    'collab mcp serve --root ~/Downloads/collab   # job_artifacts and package_download save there',
  ],
  flags: serveFlags,
  effect: 'local',
  run: async (ctx, v) => {
    const { serve: serveMcp } = await import('../../mcp/serve.js');
    await serveMcp(ctx, {
      allowWrites: v.flags['allow-writes'] === true,
      allowDestructive: v.flags['allow-destructive'] === true,
      allowSecrets: v.flags['allow-secrets'] === true,
      ...(v.flags.project !== undefined ? { project: v.flags.project } : {}),
      ...(v.flags.root !== undefined ? { root: v.flags.root } : {}),
    });
  },
});

export const noun = defineNoun({
  name: 'mcp',
  summary: 'Serve collab to AI assistants (Model Context Protocol)',
  commands: [serve],
});
