import type { FlagSpec } from '../executor/inputs.js';

/** The directions a list can be sorted in. */
const SORT = ['asc', 'desc'] as const;

/** `--sort`, and the direction the server sorts in when it is not given. */
export function sortFlag(serverDefault: (typeof SORT)[number]): FlagSpec {
  return { name: 'sort', type: 'enum', choices: SORT, description: `sort direction (default ${serverDefault})` };
}
