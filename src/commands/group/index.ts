import { defineNoun } from '../../executor/spec.js';
import { ldapLink, ldapSync } from './ldap.js';
import { list, projects, view } from './list.js';
import { create, remove, transferProject, update } from './write.js';

export const noun = defineNoun({
  name: 'group',
  subject: 'group',
  summary: 'Groups: list, view, create, transfer projects, LDAP links',
  description: 'Groups. The group is -g, --group (numeric id or full path) or the first argument where a command takes no other one.',
  commands: [list, view, projects, create, update, remove, transferProject, ldapSync],
  nouns: [ldapLink],
});
