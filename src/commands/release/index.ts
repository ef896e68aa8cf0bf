import { defineNoun } from '../../executor/spec.js';
import { download } from './download.js';
import { link } from './link.js';
import { list, view } from './read.js';
import { upload } from './upload.js';
import { create, remove, update } from './write.js';

export const noun = defineNoun({
  name: 'release',
  summary: 'Releases: create with links, list, view, upload and download assets',
  description:
    "GitLab's releases (doc/api/releases): create one with its notes and asset links in one " +
    'request, list, view (--latest), update, delete; upload files to the package registry and ' +
    'link them; download assets as artifacts are downloaded (exit 3 when not there). Inside a CI ' +
    'job the job token is enough. A server that follows the spec has no releases (exit 1).',
  commands: [create, list, view, update, remove, upload, download],
  nouns: [link],
});
