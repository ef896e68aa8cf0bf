import { projectColumns } from '../../resources/project.js';
import type { CommandSpec } from '../spec.js';
import { projectArg } from './subject.js';

export const star: CommandSpec = {
  name: 'star',
  summary: 'Star a project',
  examples: ['collab project star -p acme/website', 'collab project star acme/website -o json'],
  args: [projectArg],
  project: 'required',
  method: 'POST',
  path: '/projects/:project/star',
  columns: projectColumns,
  notModified: { notice: 'The project was already starred', refetch: '/projects/:project' },
};

export const unstar: CommandSpec = {
  name: 'unstar',
  summary: 'Remove your star from a project',
  examples: ['collab project unstar -p acme/website'],
  args: [projectArg],
  project: 'required',
  method: 'POST',
  path: '/projects/:project/unstar',
  columns: projectColumns,
  notModified: { notice: 'The project was not starred', refetch: '/projects/:project' },
};

export const archive: CommandSpec = {
  name: 'archive',
  summary: 'Archive a project (read-only)',
  examples: ['collab project archive -p acme/old-site'],
  args: [projectArg],
  project: 'required',
  method: 'POST',
  path: '/projects/:project/archive',
  columns: projectColumns,
};

export const unarchive: CommandSpec = {
  name: 'unarchive',
  summary: 'Unarchive a project',
  examples: ['collab project unarchive -p acme/old-site'],
  args: [projectArg],
  project: 'required',
  method: 'POST',
  path: '/projects/:project/unarchive',
  columns: projectColumns,
};
