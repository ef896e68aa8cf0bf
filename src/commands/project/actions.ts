import type { Answer, Values } from '../../executor/inputs.js';
import { defineCommand } from '../../executor/spec.js';
import { projectArg } from '../../executor/subject.js';
import { described, objectName } from '../../output/names.js';
import { projectColumns } from '../../resources/project.js';

/** `project acme/website`, by the path the answer gives (the command line may have an id). */
export const projectNamed = (v: Values, answer?: Answer) => described('project', objectName(answer, 'path') ?? v.project, undefined);
const capitalNamed = (v: Values, answer?: Answer) => described('Project', objectName(answer, 'path') ?? v.project, undefined);

export const star = defineCommand({
  name: 'star',
  summary: 'Star a project',
  examples: ['collab project star -p acme/website', 'collab project star acme/website -o json'],
  args: [projectArg],
  project: 'required',
  method: 'POST',
  path: '/projects/:project/star',
  columns: projectColumns,
  notModified: { notice: (v) => `You had already starred ${projectNamed(v)}: nothing changed`, refetch: '/projects/:project' },
  done: (v, project) => `Starred ${projectNamed(v, project)}`,
});

export const unstar = defineCommand({
  name: 'unstar',
  summary: 'Remove your star from a project',
  examples: ['collab project unstar -p acme/website'],
  args: [projectArg],
  project: 'required',
  method: 'POST',
  path: '/projects/:project/unstar',
  columns: projectColumns,
  notModified: { notice: (v) => `You had not starred ${projectNamed(v)}: nothing changed`, refetch: '/projects/:project' },
  done: (v, project) => `Removed your star from ${projectNamed(v, project)}`,
});

export const archive = defineCommand({
  name: 'archive',
  summary: 'Archive a project (read-only)',
  examples: ['collab project archive -p acme/old-site'],
  args: [projectArg],
  project: 'required',
  method: 'POST',
  path: '/projects/:project/archive',
  columns: projectColumns,
  already: {
    read: '/projects/:project',
    notice: (v, project) => (project?.archived === true ? `${capitalNamed(v, project)} is already archived: nothing changed` : undefined),
  },
  done: (v, project) => `Archived ${projectNamed(v, project)}`,
});

export const unarchive = defineCommand({
  name: 'unarchive',
  summary: 'Unarchive a project',
  examples: ['collab project unarchive -p acme/old-site'],
  args: [projectArg],
  project: 'required',
  method: 'POST',
  path: '/projects/:project/unarchive',
  columns: projectColumns,
  already: {
    read: '/projects/:project',
    notice: (v, project) => (project?.archived === false ? `${capitalNamed(v, project)} is not archived: nothing changed` : undefined),
  },
  done: (v, project) => `Unarchived ${projectNamed(v, project)}`,
});
