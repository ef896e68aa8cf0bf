import { defineNoun } from '../../executor/spec.js';
import { list, remove } from './list.js';
import { download, upload } from './transfer.js';

export const noun = defineNoun({
  name: 'package',
  summary: 'Generic packages: upload, download, list, delete',
  description:
    "GitLab's generic package registry (doc/user/packages/generic_packages): upload files " +
    'streamed with their size, download them atomically and checked (exit 3 when not there), ' +
    'list and delete packages. Inside a CI job the job token is enough. A server that follows ' +
    'the spec has no package registry (exit 1).',
  commands: [upload, download, list, remove],
});
