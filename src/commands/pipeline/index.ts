import { defineNoun } from '../../executor/spec.js';
import { cancel, remove, retry } from './actions.js';
import { lint } from './lint.js';
import { list } from './list.js';
import { report } from './report.js';
import { run } from './run.js';
import { view } from './view.js';
import { wait } from './wait.js';

export const noun = defineNoun({
  name: 'pipeline',
  summary: 'CI pipelines: list, view, wait, run, retry, cancel, lint',
  description:
    "CI pipelines (GitLab's pipelines API, outside the spec's endpoints): list them, view one " +
    'with its jobs by stage, wait for one to end (exit 0, 1, or 124 on --timeout), start one ' +
    'with variables, retry, cancel or delete it, read its test report, print its failed logs, ' +
    'and check a CI configuration. Without an id, the latest pipeline of the branch checked out ' +
    '(--ref another); inside a CI job, current is its own.',
  commands: [list, view, wait, run, retry, cancel, remove, report, lint],
});
