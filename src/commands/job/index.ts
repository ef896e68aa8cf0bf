import { defineNoun } from '../../executor/spec.js';
import { cancel, erase, keep, play, retry } from './actions.js';
import { artifact, artifacts } from './artifacts.js';
import { list, view } from './list.js';
import { trace } from './trace.js';

export const noun = defineNoun({
  name: 'job',
  summary: 'CI jobs: list, trace, retry, download artifacts',
  description:
    'CI jobs: list and view them, follow their logs, cancel, retry, play, erase, keep ' +
    'artifacts, and download artifacts (atomically, streaming, with the CI job token ' +
    'inside CI).',
  commands: [list, view, trace, artifacts, artifact, cancel, retry, play, erase, keep],
});
