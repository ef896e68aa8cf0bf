import { defineNoun } from '../../executor/spec.js';
import { activities, block, create, list, me, remove, unblock, update, view } from './account.js';
import { email, gpgKey, sshKey } from './owned.js';
import { token } from './tokens.js';

export const noun = defineNoun({
  name: 'user',
  summary: 'Users, SSH/GPG keys, emails, impersonation tokens',
  commands: [list, view, me, create, update, remove, block, unblock, activities],
  nouns: [sshKey, gpgKey, email, token],
});
