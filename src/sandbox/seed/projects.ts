import {
  type AccessLevel,
  DEVELOPER,
  type Group,
  MAINTAINER,
  OWNER,
  type Project,
  REPORTER,
  type User,
  type Visibility,
} from '../model.js';
import { newGroup } from '../routes/groups.js';
import { newProject } from '../routes/projects.js';
import type { Store } from '../store.js';
import { at } from '../time.js';
import type { DemoUsers } from './users.js';

export interface DemoProjects {
  api: Project;
  website: Project;
  docs: Project;
  dotfiles: Project;
  experiments: Project;
}

function group(
  store: Store,
  name: string,
  path: string,
  visibility: Visibility,
  parentId: number | null,
  members: [User, AccessLevel][],
  description: string,
  createdAt: number,
): Group {
  const g = newGroup(store, {
    name,
    path,
    parentId,
    visibility,
    members: members.map(([u, level]) => [u.id, level]),
    description,
    createdAt,
  });
  store.groups.set(g.id, g);
  return g;
}

function project(
  store: Store,
  fields: {
    name: string;
    path: string;
    namespaceId: number;
    creator: User;
    visibility: Visibility;
    description: string;
    createdAt: number;
    defaultBranch?: string;
  },
): Project {
  const p = newProject(store, {
    name: fields.name,
    path: fields.path,
    namespaceId: fields.namespaceId,
    creatorId: fields.creator.id,
    visibility: fields.visibility,
  });
  p.description = fields.description;
  p.createdAt = fields.createdAt;
  p.lastActivityAt = fields.createdAt;
  p.defaultBranch = fields.defaultBranch ?? 'main';
  p.statistics = { commit_count: 0, storage_size: 0, repository_size: 0, lfs_objects_size: 0, job_artifacts_size: 0 };
  store.projects.set(p.id, p);
  return p;
}

export function label(store: Store, p: Project, name: string, color: string, description: string | null): void {
  const id = store.nextId('label');
  store.labels.set(id, { id, projectId: p.id, name, color, description });
}

export function milestone(
  store: Store,
  p: Project,
  title: string,
  state: 'active' | 'closed',
  dueDate: string | null,
  createdAt: number,
): number {
  const id = store.nextId('milestone');
  store.milestones.set(id, {
    id,
    iid: store.nextIid('milestone', p.id),
    projectId: p.id,
    title,
    description: `Release ${title}`,
    state,
    createdAt,
    updatedAt: createdAt,
    dueDate,
    closedAt: state === 'closed' ? createdAt + 30 * 86_400_000 : null,
  });
  return id;
}

export function seedProjects(store: Store, users: Required<DemoUsers>): DemoProjects {
  const { alice, bob, carol, dave } = users;
  const acme = group(
    store,
    'Acme',
    'acme',
    'public',
    null,
    [
      [alice, OWNER],
      [carol, MAINTAINER],
    ],
    'Acme Corporation',
    at(2025, 1, 5),
  );
  const platform = group(
    store,
    'Platform',
    'platform',
    'private',
    acme.id,
    [
      [carol, DEVELOPER],
      [dave, DEVELOPER],
    ],
    'The platform team',
    at(2025, 1, 6),
  );
  const labs = group(store, 'Labs', 'labs', 'public', null, [[bob, OWNER]], 'Experiments and prototypes', at(2025, 2, 11));
  platform.ldapLinks.push({ cn: 'platform-developers', group_access: DEVELOPER, provider: 'ldapmain' });

  const api = project(store, {
    name: 'API',
    path: 'api',
    namespaceId: platform.id,
    creator: alice,
    visibility: 'private',
    description: 'The Acme public API service',
    createdAt: at(2025, 1, 6, 10),
  });
  api.tagList = ['backend', 'api'];
  api.features.public_jobs = false;
  api.statistics = {
    commit_count: 1342,
    storage_size: 48_211_034,
    repository_size: 30_113_792,
    lfs_objects_size: 0,
    job_artifacts_size: 18_097_242,
  };
  api.starredBy.add(alice.id);
  api.starredBy.add(carol.id);
  const website = project(store, {
    name: 'Website',
    path: 'website',
    namespaceId: acme.id,
    creator: alice,
    visibility: 'public',
    description: 'acme.example marketing site',
    createdAt: at(2025, 1, 8),
  });
  website.tagList = ['frontend'];
  website.statistics = {
    commit_count: 211,
    storage_size: 9_310_720,
    repository_size: 8_912_896,
    lfs_objects_size: 0,
    job_artifacts_size: 397_824,
  };
  website.members.set(bob.id, REPORTER);
  website.starredBy.add(bob.id);
  const docs = project(store, {
    name: 'Docs',
    path: 'docs',
    namespaceId: platform.id,
    creator: carol,
    visibility: 'internal',
    description: 'Platform documentation',
    createdAt: at(2025, 1, 20),
  });
  const dotfiles = project(store, {
    name: 'dotfiles',
    path: 'dotfiles',
    namespaceId: alice.namespaceId,
    creator: alice,
    visibility: 'private',
    description: "Alice's shell configuration",
    createdAt: at(2025, 2, 1),
    defaultBranch: 'master',
  });
  const experiments = project(store, {
    name: 'Experiments',
    path: 'experiments',
    namespaceId: labs.id,
    creator: bob,
    visibility: 'public',
    description: 'Prototypes',
    createdAt: at(2025, 2, 12),
  });

  for (const [name, color, description] of [
    ['bug', '#d9534f', 'Something is broken'],
    ['feature', '#428bca', 'New functionality'],
    ['docs', '#5cb85c', 'Documentation'],
    ['needs review', '#f0ad4e', 'Waiting for a reviewer'],
    ['security', '#cc0033', null],
    ['performance', '#7f8c8d', 'Speed and resource usage'],
  ] as const) {
    label(store, api, name, color, description);
  }
  for (const [name, color] of [
    ['bug', '#d9534f'],
    ['docs', '#5cb85c'],
    ['design', '#a295d6'],
  ] as const) {
    label(store, website, name, color, null);
  }
  label(store, docs, 'docs', '#5cb85c', null);
  label(store, experiments, 'idea', '#69d100', null);

  milestone(store, api, 'v1.0', 'closed', '2025-06-30', at(2025, 1, 10));
  milestone(store, api, 'v1.1', 'active', '2026-12-15', at(2025, 7, 1));
  milestone(store, api, 'v2.0', 'active', null, at(2025, 9, 1));
  milestone(store, website, 'v1.1', 'active', '2026-12-01', at(2025, 7, 2));

  const board = (p: Project, labels: string[]): void => {
    const id = store.nextId('board');
    store.boards.set(id, {
      id,
      projectId: p.id,
      milestoneId: null,
      lists: labels.map((name, position) => ({ id: store.nextId('list'), labelId: store.labelByName(p.id, name)?.id ?? 0, position })),
    });
  };
  board(api, ['bug', 'needs review', 'feature']);
  board(website, ['design']);

  return { api, website, docs, dotfiles, experiments };
}
