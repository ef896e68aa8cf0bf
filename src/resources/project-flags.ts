import type { FlagSpec } from '../executor/inputs.js';
import { PROJECT_ORDER_BY, VISIBILITIES } from './project.js';
import { sortFlag } from './sort.js';

/** A boolean switch with its `--no-` form. */
const toggle = (name: string, description: string, param?: string): FlagSpec => ({
  name,
  type: 'bool',
  negatable: true,
  description,
  ...(param ? { param } : {}),
});

/** The list filters of part 2 §4.1, shared by `GET /projects`, `/users/:user_id/projects` and `/projects/:id/forks`. */
export const projectListFilters: FlagSpec[] = [
  toggle('archived', 'only archived projects (--no-archived: only active ones)'),
  { name: 'visibility', type: 'enum', choices: VISIBILITIES, description: 'only projects with this visibility' },
  { name: 'order-by', type: 'enum', choices: PROJECT_ORDER_BY, description: 'sort field (default created_at)' },
  sortFlag('desc'),
  { name: 'search', type: 'string', description: 'match name, path and description' },
  { name: 'simple', type: 'bool', description: 'only id, URLs, name and path of each project' },
  { name: 'owned', type: 'bool', description: 'only projects you own' },
  { name: 'membership', type: 'bool', description: 'only projects you are a member of' },
  { name: 'starred', type: 'bool', description: 'only projects you starred' },
  { name: 'statistics', type: 'bool', description: 'include storage and commit statistics' },
  { name: 'with-issues-enabled', type: 'bool', description: 'only projects with issues enabled' },
  { name: 'with-merge-requests-enabled', type: 'bool', description: 'only projects with merge requests enabled' },
];

/** The filters `GET /groups/:id/projects` accepts (part 2 §4.2). */
export const groupProjectFilters: FlagSpec[] = projectListFilters.filter((f) =>
  ['archived', 'visibility', 'order-by', 'sort', 'search', 'simple', 'owned', 'starred'].includes(f.name),
);

type Applies = 'C' | 'U' | 'E';

interface SettingFlag {
  flag: FlagSpec;
  applies: Applies[];
}

const ALL: Applies[] = ['C', 'U', 'E'];

/** The create / create-for-user / edit parameters of part 2 §4.1, in the table's order. */
const SETTINGS: SettingFlag[] = [
  { flag: { name: 'name', short: 'n', type: 'string', description: 'project name' }, applies: ALL },
  { flag: { name: 'path', type: 'string', description: 'repository path (default: generated from the name)' }, applies: ALL },
  {
    flag: { name: 'namespace-id', type: 'id', description: 'namespace (group or user) id to create it in; default: yours' },
    applies: ['C', 'U'],
  },
  { flag: { name: 'default-branch', type: 'string', description: 'default branch (default master)' }, applies: ['C', 'E'] },
  { flag: { name: 'description', short: 'd', type: 'string', description: 'short description' }, applies: ALL },
  { flag: toggle('issues-enabled', 'enable issues'), applies: ALL },
  { flag: toggle('merge-requests-enabled', 'enable merge requests'), applies: ALL },
  { flag: toggle('jobs-enabled', 'enable CI jobs'), applies: ALL },
  { flag: toggle('wiki-enabled', 'enable the wiki'), applies: ALL },
  { flag: toggle('snippets-enabled', 'enable snippets'), applies: ALL },
  { flag: toggle('container-registry-enabled', 'enable the container registry'), applies: ALL },
  { flag: toggle('shared-runners-enabled', 'enable shared runners'), applies: ALL },
  { flag: toggle('resolve-outdated-diff-discussions', 'auto-resolve diff discussions on lines changed by a push'), applies: ALL },
  { flag: { name: 'visibility', type: 'enum', choices: VISIBILITIES, description: 'who can see the project' }, applies: ALL },
  { flag: { name: 'import-url', type: 'string', description: 'URL to import the repository from' }, applies: ALL },
  { flag: toggle('public-jobs', 'jobs viewable by non-members'), applies: ALL },
  { flag: toggle('only-allow-merge-if-pipeline-succeeds', 'merge only when the pipeline succeeded'), applies: ALL },
  { flag: toggle('only-allow-merge-if-all-discussions-are-resolved', 'merge only when every discussion is resolved'), applies: ALL },
  { flag: toggle('lfs-enabled', 'enable Git LFS'), applies: ALL },
  { flag: toggle('request-access-enabled', 'let users request access'), applies: ALL },
  { flag: { name: 'tag-list', type: 'stringList', description: 'comma-separated tags (replaces the current ones)' }, applies: ALL },
  {
    flag: { name: 'avatar', file: 'part', type: 'string', value: '<file>', description: 'avatar image file (sent as multipart form data)' },
    applies: ALL,
  },
  {
    flag: toggle('printing-merge-request-link-enabled', 'show the merge request link when pushing from the command line'),
    applies: ['C', 'U'],
  },
  { flag: { name: 'ci-config-path', type: 'string', description: 'path of the CI configuration file' }, applies: ALL },
  { flag: { name: 'repository-storage', type: 'string', description: 'storage shard (administrators)' }, applies: ALL },
  {
    flag: { name: 'approvals-before-merge', type: 'int', min: 0, description: 'default approvals required on merge requests' },
    applies: ALL,
  },
];

export function settingFlags(kind: 'create' | 'edit'): FlagSpec[] {
  return SETTINGS.filter((s) => (kind === 'create' ? s.applies.includes('C') || s.applies.includes('U') : s.applies.includes('E'))).map(
    (s) => s.flag,
  );
}

/** Flags of `create` that `POST /projects/user/:user_id` does not take. */
export const createOnlyFlags: string[] = SETTINGS.filter((s) => s.applies.includes('C') && !s.applies.includes('U')).map(
  (s) => s.flag.name,
);
