import type { FlagSpec, Values } from '../executor/inputs.js';

/**
 * glab's `-c, --closed` and `-M, --merged` on lists: `--state closed` and `--state merged` as
 * flags of their own (glab issue list, glab mr list).
 */
export function stateShortcuts(kind: 'issues' | 'merge requests'): FlagSpec[] {
  const flags: FlagSpec[] = [
    { name: 'closed', short: 'c', param: false, type: 'bool', description: `only closed ${kind} (--state closed)`, conflicts: ['state'] },
  ];
  if (kind === 'merge requests')
    flags.push({
      name: 'merged',
      short: 'M',
      param: false,
      type: 'bool',
      description: 'only merged merge requests (--state merged)',
      conflicts: ['state', 'closed'],
    });
  return flags;
}

/** The state a shortcut stands for, in the flags (what the list says it holds) and the parameters. */
export function applyStateShortcut(v: Values): void {
  const state = v.flags.merged === true ? 'merged' : v.flags.closed === true ? 'closed' : undefined;
  if (state === undefined) return;
  v.flags.state = state;
  v.params.state = state;
}
