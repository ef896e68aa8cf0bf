import { UsageError } from '../../errors.js';
import { defineCommand, type NounSpec } from '../../executor/spec.js';
import { groupArg } from '../../executor/subject.js';
import { ACCESS_LEVELS, ldapLinkColumns } from '../../resources/group.js';

export const ldapSync = defineCommand({
  name: 'ldap-sync',
  summary: 'Sync a group with its linked LDAP group',
  examples: ['collab group ldap-sync -g acme'],
  args: [groupArg],
  group: 'required',
  method: 'POST',
  path: '/groups/:group/ldap_sync',
  // The spec shows no answer; GitLab's is a bare 202.
  answer: { kind: 'optional' },
  print: false,
  done: (v, answer) => `LDAP sync of group ${v.group} started${typeof answer?.message === 'string' ? `: ${answer.message}` : ''}`,
});

const ACCESS_CHOICES = [...Object.keys(ACCESS_LEVELS), ...Object.values(ACCESS_LEVELS).map(String)];

const add = defineCommand({
  name: 'add',
  summary: 'Link an LDAP group to a group',
  examples: ['collab group ldap-link add -g acme --cn developers --group-access developer --provider ldapmain'],
  group: 'required',
  flags: [
    { name: 'cn', type: 'string', required: true, description: 'LDAP group CN' },
    { name: 'group-access', type: 'enum', choices: ACCESS_CHOICES, required: true, description: 'minimum access level of its members' },
    { name: 'provider', type: 'string', required: true, description: 'LDAP provider name' },
  ],
  method: 'POST',
  path: '/groups/:group/ldap_group_links',
  answer: { kind: 'object', key: 'cn' },
  columns: ldapLinkColumns,
  prepare: (_ctx, v) => {
    const access = v.flags['group-access'] ?? '';
    v.params.group_access = ACCESS_LEVELS[access] ?? Number(access);
  },
  done: (v) => `Linked LDAP group ${String(v.flags.cn)} (${String(v.flags.provider)}) to group ${v.group}`,
});

const remove = defineCommand({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Remove an LDAP group link',
  examples: [
    'collab group ldap-link delete developers -g acme',
    'collab group ldap-link delete developers -g acme --provider ldapmain --yes',
  ],
  args: [{ name: 'cn', type: 'string', description: 'LDAP group CN' }],
  group: 'required',
  flags: [{ name: 'provider', in: 'path', type: 'string', description: 'only the link of this LDAP provider' }],
  method: 'DELETE',
  confirm: {
    mode: 'yes',
    read: false,
    question: (v) => `Remove LDAP link ${v.flags.provider !== undefined ? `${v.flags.provider}/` : ''}${v.args.cn} from group ${v.group}?`,
  },
  path: (v) => (v.flags.provider !== undefined ? '/groups/:group/ldap_group_links/:provider/:cn' : '/groups/:group/ldap_group_links/:cn'),
  prepare: (_ctx, v) => {
    if (v.args.cn.trim() === '') throw new UsageError('missing argument <cn>');
  },
  done: (v) => `Removed LDAP link ${v.flags.provider !== undefined ? `${v.flags.provider}/` : ''}${v.args.cn} from group ${v.group}`,
});

export const ldapLink: NounSpec = {
  name: 'ldap-link',
  summary: 'LDAP group links of a group: add, delete',
  commands: [add, remove],
};
