import { type DeclaredCommand, effectOf } from '../executor/spec.js';
import { commandInputs, type JsonSchema, type ToolInput } from './inputs.js';

/**
 * The tools `collab mcp serve` offers: one per declared command of a resource noun, named by its
 * words (`issue_list`, `user_key_add`), its input schema built from its arguments and flags
 * (src/mcp/inputs.ts), and only those the server was allowed to offer.
 */

/** What the server was started with. */
export interface Policy {
  allowWrites: boolean;
  /** With allowWrites: the irreversible commands too (`--yes` is implied for them). */
  allowDestructive: boolean;
  /** `--allow-secrets`: the commands whose answer is secret values (`answersSecrets`: CI/CD variables' values). */
  allowSecrets?: boolean;
  /** `--project`: every tool works in this project, and a tool that works in none is not offered. */
  project?: string;
  /** `--root`, its real path: where files are read and written. Without it no tool touches a file. */
  root?: string;
  /**
   * The host the server works on (--host, else the one configured when it started): every call is
   * run with it as --host, so a web URL argument on another host with stored credentials is refused.
   */
  host?: string;
  /** The project commands infer where the server runs (COLLAB_PROJECT, the git checkout): `project` may be left out. */
  defaultProject?: string;
}

/** What a tool does: reads; writes; or writes what cannot be undone (the confirmation rule's commands). */
export type ToolKind = 'read' | 'write' | 'irreversible';

export interface ToolDef {
  name: string;
  command: DeclaredCommand;
  kind: ToolKind;
  inputs: ToolInput[];
  /** It saves files (a download): it runs in --root. */
  savesFiles: boolean;
  /** What tools/list says of it. */
  listed: {
    name: string;
    title: string;
    description: string;
    inputSchema: JsonSchema & { type: 'object' };
    annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; openWorldHint: boolean };
  };
}

/** `issue_list`, `user_key_add`, `issue_reset-estimate`: words joined by `_`, each as collab spells it. */
export const toolName = (path: readonly string[]): string => path.join('_');

/**
 * What a declared command is as a tool, or undefined when it is none: only resources' commands
 * (not auth, config, api, completion, sandbox, version, mcp), and nothing local (mr checkout).
 */
export function kindOf(cmd: Pick<DeclaredCommand, 'spec' | 'section'>): ToolKind | undefined {
  if (cmd.section !== 'Resources') return undefined;
  const effect = effectOf(cmd.spec);
  if (effect === 'local') return undefined;
  return cmd.spec.confirm ? 'irreversible' : effect;
}

const KIND_NOTE: Record<ToolKind, string> = {
  read: 'Reads only.',
  write: 'Changes data on the server.',
  irreversible: 'Irreversible: runs without asking for confirmation.',
};

function description(cmd: DeclaredCommand, kind: ToolKind, savesFiles: boolean): string {
  const { spec } = cmd;
  const summary = `${spec.summary}${spec.admin ? ' (administrators)' : ''}.`;
  const body = spec.description && spec.description !== spec.summary ? [spec.description] : [];
  const files = savesFiles ? ["Saves files under the server's --root; paths are relative to it."] : [];
  const secrets = spec.answersSecrets ? ['Its answer holds secret values.'] : [];
  return [summary, ...body, [KIND_NOTE[kind], ...secrets, ...files].join(' ')].join('\n\n');
}

/** Whether the policy lets the command be a tool at all, before its inputs are looked at. */
function allowed(cmd: DeclaredCommand, kind: ToolKind, policy: Policy): boolean {
  if (kind !== 'read' && !policy.allowWrites) return false;
  if (kind === 'irreversible' && !policy.allowDestructive) return false;
  if (cmd.spec.answersSecrets && !policy.allowSecrets) return false;
  return policy.project === undefined || (cmd.spec.project !== undefined && cmd.spec.makesProject !== true);
}

/**
 * The inputs the policy leaves: none touching a file without --root, no project where one is
 * pinned (nor a group, nor another project to move things to). Undefined when a required one had to go.
 */
function inputsUnder(inputs: ToolInput[], policy: Policy): ToolInput[] | undefined {
  const pinned = policy.project !== undefined;
  const gone = (i: ToolInput) =>
    (i.disk !== undefined && policy.root === undefined) || (pinned && (i.otherProject || i.to.kind === 'project' || i.to.kind === 'group'));
  if (inputs.some((i) => gone(i) && i.required && i.to.kind !== 'project')) return undefined;
  return inputs
    .filter((i) => !gone(i))
    .map((i) => (i.to.kind === 'project' && policy.defaultProject !== undefined ? { ...i, required: false } : i));
}

/** The tool a declared command is under this policy, or undefined when it offers none. */
export function toolFor(cmd: DeclaredCommand, policy: Policy): ToolDef | undefined {
  const kind = kindOf(cmd);
  if (kind === undefined || !allowed(cmd, kind, policy)) return undefined;
  const all = commandInputs(cmd.spec, cmd.subject);
  const savesFiles = all.some((i) => i.disk !== undefined && i.disk !== 'read');
  if (savesFiles && policy.root === undefined) return undefined;
  const inputs = inputsUnder(all, policy);
  if (inputs === undefined) return undefined;
  const name = toolName(cmd.path);
  const title = `collab ${cmd.path.join(' ')}`;
  const required = inputs.filter((i) => i.required).map((i) => i.key);
  const inputSchema: JsonSchema & { type: 'object' } = {
    type: 'object',
    properties: Object.fromEntries(inputs.map((i) => [i.key, i.schema])),
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
  return {
    name,
    command: cmd,
    kind,
    inputs,
    savesFiles,
    listed: {
      name,
      title,
      description: description(cmd, kind, savesFiles),
      inputSchema,
      annotations: { title, readOnlyHint: kind === 'read', destructiveHint: kind === 'irreversible', openWorldHint: true },
    },
  };
}

/** Why a command is no tool of this server (a call naming it is told), or undefined when it is no tool under any flags. */
export function whyNotOffered(cmd: DeclaredCommand, policy: Policy): string | undefined {
  const kind = kindOf(cmd);
  if (kind === undefined) return undefined;
  if (kind !== 'read' && !policy.allowWrites) return 'it writes, and the server runs without --allow-writes';
  if (kind === 'irreversible' && !policy.allowDestructive) return 'it is irreversible, and the server runs without --allow-destructive';
  if (cmd.spec.answersSecrets && !policy.allowSecrets) return 'it answers secret values, and the server runs without --allow-secrets';
  const files = commandInputs(cmd.spec, cmd.subject).some((i) => i.disk !== undefined && (i.required || i.disk !== 'read'));
  if (files && policy.root === undefined) return 'it reads or writes files, and the server runs without --root';
  return policy.project !== undefined ? `the server works in ${policy.project} only` : undefined;
}

/** Every tool the policy offers of the declared commands, in their order. */
export function catalogue(policy: Policy, commands: readonly DeclaredCommand[]): ToolDef[] {
  const tools = commands.map((c) => toolFor(c, policy)).filter((t) => t !== undefined);
  const names = new Set<string>();
  for (const t of tools) {
    if (names.has(t.name)) throw new Error(`internal: two tools named ${t.name}`);
    names.add(t.name);
  }
  return tools;
}
