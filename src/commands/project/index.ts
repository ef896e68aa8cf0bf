import { defineNoun } from '../../executor/spec.js';
import { archive, star, unarchive, unstar } from './actions.js';
import { fork } from './fork.js';
import { forks, labels, list, users, view } from './list.js';
import { upload } from './upload.js';
import { create, remove, update } from './write.js';

export const noun = defineNoun({
  name: 'project',
  subject: 'project',
  summary: 'Projects: list, view, create, fork, star, archive, upload',
  description:
    'Projects. The project is -p, --project (numeric id, full path or web URL) or the ' +
    'first argument; without either it comes from COLLAB_PROJECT, CI_PROJECT_ID in ' +
    'CI, or the git remote.',
  commands: [list, view, users, labels, forks, create, update, remove, fork, star, unstar, archive, unarchive, upload],
});
