import type { AnswerShape } from '../api/answer-check.js';
import type { Values } from './inputs.js';
import type { CommandSpec } from './spec.js';

/** What a declaration's endpoint means: its path for some values, the answer it expects, the web page it shows. */

/** The values that fill a path's placeholders: arguments, path flags, the project and the group. */
export function pathValues(v: Values): Record<string, unknown> {
  return { ...v.args, project: v.project, group: v.group };
}

/** The command's path template for these values (its `path`, or what its function gives). */
export function pathTemplate(spec: CommandSpec, v: Values): string | undefined {
  return typeof spec.path === 'function' ? spec.path(v) : spec.path;
}

/** Collections whose members collab reports by `iid` (`#5`, `!7`). */
const BY_IID = new Set(['issues', 'merge_requests']);

/** The last named segment of a path template (`/projects/:project/issues/:iid` → `issues`). */
export function resourceOf(template: string): string | undefined {
  return template
    .split('?')[0]!
    .split('/')
    .filter((s) => s !== '' && !s.startsWith(':'))
    .pop();
}

/**
 * The JSON a declared command expects of a 2xx: a list for lists; nothing or an object for
 * DELETE; otherwise an object: carrying `iid` when the path names an issue or merge request (or
 * their collection), `id` when it names another resource by its placeholder (`/jobs/:id`), and
 * at least one field for anything else (a creation, an action's answer).
 */
export function expectedAnswer(spec: Pick<CommandSpec, 'answer' | 'list'>, method: string, template: string): AnswerShape {
  if (spec.answer) return spec.answer;
  if (spec.list) return { kind: 'list' };
  if (method === 'DELETE') return { kind: 'optional' };
  // The resource the path names: its last segment, a member's placeholder (`/:iid`) set aside.
  const path = template.split('?')[0]!;
  const resource =
    path
      .replace(/\/:[^/]+$/, '')
      .split('/')
      .pop() ?? '';
  if (BY_IID.has(resource)) return { kind: 'object', key: 'iid' };
  return /\/:[^/]+$/.test(path) ? { kind: 'object', key: 'id' } : { kind: 'object' };
}

/** Resources with a page in the web UI (`web_url`): their `view` takes `--web`. */
const WEB_PAGES = new Set(['issues', 'merge_requests', 'jobs', 'pipelines', 'projects', 'groups', 'users']);

/** Whether a declaration shows one object that has a web page: `view` of an issue, a project, a user… */
export function opensWebPage(spec: Pick<CommandSpec, 'name' | 'method' | 'path' | 'list'>): boolean {
  if (spec.name !== 'view' || spec.method !== 'GET' || spec.list || typeof spec.path !== 'string') return false;
  const resource = resourceOf(spec.path);
  return resource !== undefined && WEB_PAGES.has(resource);
}
