import { fillPath } from '../../api/path.js';
import { UsageError } from '../../errors.js';
import { ACCESS_LEVELS, ldapLinkColumns } from '../../resources/group.js';
import { groupArg } from '../project/subject.js';
import type { CommandSpec, NounSpec } from '../spec.js';

export const ldapSync: CommandSpec = {
  name: 'ldap-sync',
  summary: 'Sync a group with its linked LDAP group',
  examples: ['collab group ldap-sync -g acme'],
  args: [groupArg],
  group: 'required',
  endpoints: ['POST /groups/:id/ldap_sync'],
  run: async (ctx, v) => {
    const res = await ctx.api().request({ method: 'POST', path: fillPath('/groups/:group/ldap_sync', { group: v.group }) });
    const message = (res.data as { message?: unknown } | undefined)?.message;
    ctx.notice(`LDAP sync of group ${v.group} started${typeof message === 'string' ? `: ${message}` : ''}`);
  },
};

const ACCESS_CHOICES = [...Object.keys(ACCESS_LEVELS), ...Object.values(ACCESS_LEVELS).map(String)];

const add: CommandSpec = {
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
  columns: ldapLinkColumns,
  prepare: (_ctx, v) => {
    const access = v.params.group_access as string;
    v.params.group_access = ACCESS_LEVELS[access] ?? Number(access);
  },
};

const remove: CommandSpec = {
  name: 'delete',
  aliases: ['rm'],
  summary: 'Remove an LDAP group link',
  examples: ['collab group ldap-link delete developers -g acme', 'collab group ldap-link delete developers -g acme --provider ldapmain'],
  args: [{ name: 'cn', type: 'string', description: 'LDAP group CN' }],
  group: 'required',
  flags: [{ name: 'provider', param: false, type: 'string', description: 'only the link of this LDAP provider' }],
  endpoints: ['DELETE /groups/:id/ldap_group_links/:cn', 'DELETE /groups/:id/ldap_group_links/:provider/:cn'],
  run: async (ctx, v) => {
    const cn = v.args.cn as string;
    if (cn.trim() === '') throw new UsageError('missing argument <cn>');
    const provider = v.flags.provider as string | undefined;
    const template = provider !== undefined ? '/groups/:group/ldap_group_links/:provider/:cn' : '/groups/:group/ldap_group_links/:cn';
    await ctx.api().request({ method: 'DELETE', path: fillPath(template, { group: v.group, provider, cn }) });
    ctx.notice(`Removed LDAP link ${provider !== undefined ? `${provider}/` : ''}${cn} from group ${v.group}`);
  },
};

export const ldapLink: NounSpec = {
  name: 'ldap-link',
  summary: 'LDAP group links of a group: add, delete',
  commands: [add, remove],
};
