import { gitlabName } from '../shared/dialect.js';
import type { FlagSpec } from './inputs.js';

/** How a declared flag is named: on the command line, in commander's values, and in the API. */

/** The key of a flag's value among commander's options: `assignee-ids` → `assigneeIds`. */
export function camel(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** The flag as people type it: `--assignee-ids`, or `-H` for a flag with one letter only. */
export function flagLabel(flag: Pick<FlagSpec, 'name'>): string {
  return flag.name.length === 1 ? `-${flag.name}` : `--${flag.name}`;
}

/** The API parameter a flag fills (`assignee_ids`), or false for a flag only hooks read. */
export function paramName(flag: FlagSpec): string | false {
  if (flag.param === false) return false;
  return flag.param ?? flag.name.replace(/-/g, '_');
}

/** The flag's GitLab spelling (`akismet-enabled` beside `spamfilter-enabled`), when its parameter is named otherwise there. */
export function gitlabFlagName(flag: FlagSpec): string | undefined {
  const param = paramName(flag);
  const gitlab = param === false ? undefined : gitlabName(param);
  const name = gitlab?.replace(/_/g, '-');
  return name !== undefined && name !== flag.name ? name : undefined;
}
