import type { Context } from '../../context.js';
import type { Values } from '../../executor/inputs.js';
import { type CommandSpec, defineCommand } from '../../executor/spec.js';
import { update } from './edit.js';

/**
 * `mr ready` and `mr draft` (gh's `pr ready`, `pr ready --undo`): `mr update --ready` and
 * `--draft` as verbs of their own, one merge request at a time. They are `update` with the flag
 * set: the title read and its draft prefix taken off or put on, nothing sent when it is so
 * already, the same one line on a terminal.
 */
function draftVerb(name: 'ready' | 'draft', summary: string, examples: string[], undo: boolean): CommandSpec {
  const prepare = async (ctx: Context, v: Values) => {
    const ready = name === 'ready' && v.flags.undo !== true;
    delete v.flags.undo;
    v.flags[ready ? 'ready' : 'draft'] = true;
    await update.prepare?.(ctx, v);
  };
  return defineCommand({
    ...update,
    name,
    aliases: [],
    summary,
    description: undefined,
    examples,
    flags: undo ? [{ name: 'undo', param: false, type: 'bool', description: 'mark it as a draft instead (gh pr ready --undo)' }] : [],
    requireOne: false,
    bulk: undefined,
    prepare,
  });
}

export const ready = draftVerb(
  'ready',
  'Mark a merge request as ready (its title without the draft prefix)',
  ['collab mr ready 3 -p acme/platform/api', 'collab mr ready   # the merge request of the branch checked out', 'collab mr ready 3 --undo'],
  true,
);

export const draft = draftVerb(
  'draft',
  'Mark a merge request as a draft ("Draft: " before its title)',
  ['collab mr draft 3 -p acme/platform/api', 'collab mr draft   # the merge request of the branch checked out'],
  false,
);
