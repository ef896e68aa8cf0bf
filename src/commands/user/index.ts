import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { buildNoun } from '../build.js';
import { camel } from '../execute.js';
import { defineNoun } from '../spec.js';
import { REPEAT_SEPARATOR, activities, block, create, list, me, remove, unblock, update, view } from './account.js';
import { email, gpgKey, sshKey } from './owned.js';
import { token } from './tokens.js';

export const noun = defineNoun({
  name: 'user',
  summary: 'Users, SSH/GPG keys, emails, impersonation tokens',
  commands: [list, view, me, create, update, remove, block, unblock, activities],
  nouns: [sshKey, gpgKey, email, token],
});

/** commander keeps only the last value of an option: collect every `--custom-attribute`. */
function repeatable(cmd: Command, verb: string, flag: string): void {
  const option = cmd.commands.find((c) => c.name() === verb)?.options.find((o) => o.attributeName() === camel(flag));
  option?.argParser((value: string, previous: string | undefined) => (previous === undefined ? value : `${previous}${REPEAT_SEPARATOR}${value}`));
}

export const build = (getCtx: () => Context, only?: string[]) => {
  const cmd = buildNoun(noun, getCtx, { only });
  repeatable(cmd, 'list', 'custom-attribute');
  return cmd;
};
