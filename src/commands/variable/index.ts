import { defineNoun } from '../../executor/spec.js';
import { exportCommand } from './export.js';
import { get, list, remove } from './read.js';
import { set } from './set.js';

export const noun = defineNoun({
  name: 'variable',
  summary: 'CI/CD variables: list, get, set, delete, export',
  description:
    "GitLab's CI/CD variables of a project (-p) or a group (-g): list them, print one's value " +
    '(X=$(collab variable get X)), set one (updated or created), delete one, export them as lines ' +
    'a shell sources. A masked value is never printed by set, in --debug or in an error. They need ' +
    'a token with the api scope: GitLab does not take the CI job token here (exit 4). A server ' +
    'that follows the spec has no CI/CD variables (exit 1).',
  commands: [list, get, set, remove, exportCommand],
});
