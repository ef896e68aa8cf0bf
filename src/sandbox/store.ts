import type { Flavor } from '../shared/flavor.js';
import { CiState } from './ci-state.js';
import { type Clock, realClock } from './clock.js';
import { ListCache } from './list-cache.js';
import type {
  Board,
  Email,
  GpgKey,
  Group,
  ImpersonationToken,
  Issue,
  Label,
  MergeRequest,
  Milestone,
  Note,
  Project,
  SshKey,
  Todo,
  Upload,
  User,
  UserNamespace,
} from './model.js';
import type { Job, Pipeline } from './model-ci.js';
import { defaultSettings } from './settings-defaults.js';

export type TokenKind = 'private' | 'oauth' | 'job';

export interface TokenRecord {
  kind: TokenKind;
  userId: number;
  /** For job tokens: the project of their job (project-route.ts: what they reach). */
  projectId?: number;
  /** For job tokens: their job (`GET /job`); else the project's running job. */
  jobId?: number;
  note: string;
  /** A personal access token's name, scopes and expiry (GitLab's `GET /personal_access_tokens/self`). */
  personal?: ImpersonationToken;
}

type Kind =
  | 'user'
  | 'namespace'
  | 'project'
  | 'label'
  | 'milestone'
  | 'issue'
  | 'mr'
  | 'todo'
  | 'board'
  | 'list'
  | 'pipeline'
  | 'job'
  | 'key'
  | 'gpg'
  | 'email'
  | 'token'
  | 'upload'
  | 'version'
  | 'note';

/** All state of one sandbox instance. Nothing here is global: each `startSandbox` builds its own. */
export class Store {
  /** Base URL used to build `web_url`s; set once the server listens. */
  baseUrl = 'http://127.0.0.1';
  /** The API dialect served: the spec's, or GitLab's names, methods and answers. */
  flavor: Flavor = 'spec';

  readonly users = new Map<number, User>();
  readonly userNamespaces = new Map<number, UserNamespace>();
  readonly groups = new Map<number, Group>();
  readonly projects = new Map<number, Project>();
  readonly labels = new Map<number, Label>();
  readonly milestones = new Map<number, Milestone>();
  readonly issues = new Map<number, Issue>();
  readonly issuesByProject = new Map<number, Issue[]>();
  readonly mergeRequests = new Map<number, MergeRequest>();
  readonly mergeRequestsByProject = new Map<number, MergeRequest[]>();
  readonly todos: Todo[] = [];
  readonly boards = new Map<number, Board>();
  readonly pipelines = new Map<number, Pipeline>();
  readonly jobs = new Map<number, Job>();
  readonly jobsByProject = new Map<number, Job[]>();
  readonly sshKeys = new Map<number, SshKey>();
  readonly gpgKeys = new Map<number, GpgKey>();
  readonly emails = new Map<number, Email>();
  readonly impersonationTokens = new Map<number, ImpersonationToken>();
  readonly uploads = new Map<number, Upload>();
  /** Notes by `Issue:<id>` or `MergeRequest:<id>`, oldest first. */
  readonly notes = new Map<string, Note[]>();
  readonly tokens = new Map<string, TokenRecord>();
  /** What the gitlab flavour answers `GET /version` with, and which GitLab it behaves as where versions differ. */
  gitlabVersion = '17.6.1-ee';

  /** Whether the gitlab flavour is GitLab `major` or later. */
  gitlabAtLeast(major: number): boolean {
    return Number(this.gitlabVersion.split('.')[0]) >= major;
  }

  /** A renamed or transferred project's old full path (lower case) → its id (GitLab's redirect routes). */
  readonly redirectRoutes = new Map<string, number>();
  /** A project's CI/CD job token allowlist: the projects whose job tokens reach it (project-route.ts). */
  readonly jobTokenAllowlist = new Map<number, Set<number>>();
  /** CI/CD configuration, tags, releases, packages and variables (ci-state.ts). */
  readonly ci = new CiState();
  readonly settings: Record<string, unknown> = defaultSettings();
  readonly settingsMeta = { id: 1, createdAt: Date.UTC(2025, 0, 2, 9), updatedAt: Date.UTC(2025, 0, 2, 9) };

  /** GitLab refuses offset pages past this many rows where it offers keyset pagination (0: never). */
  offsetLimit = 50_000;

  /** Bumped by every write request: cached list results older than this are stale. */
  version = 0;
  readonly listCache = new ListCache();
  /** Rendered JSON of list items, valid while `version` and the viewer match (see paginateCached). */
  readonly jsonCache = new WeakMap<object, { version: number; viewer: number | null; json: string }>();

  private readonly counters = new Map<Kind, number>();
  private readonly iidCounters = new Map<string, number>();

  constructor(readonly clock: Clock = realClock) {}

  now(): number {
    return this.clock.now();
  }

  nextId(kind: Kind): number {
    const next = (this.counters.get(kind) ?? 0) + 1;
    this.counters.set(kind, next);
    return next;
  }

  nextIid(kind: 'issue' | 'mr' | 'milestone' | 'pipeline', projectId: number): number {
    const key = `${kind}:${projectId}`;
    const next = (this.iidCounters.get(key) ?? 0) + 1;
    this.iidCounters.set(key, next);
    return next;
  }

  // ---- users --------------------------------------------------------------------------------

  userById(id: number): User | undefined {
    return this.users.get(id);
  }

  userByName(username: string): User | undefined {
    const wanted = username.toLowerCase();
    for (const user of this.users.values()) if (user.username.toLowerCase() === wanted) return user;
    return undefined;
  }

  /** An id (`12`) or a username (`alice`). */
  findUser(ref: string): User | undefined {
    return /^\d+$/.test(ref) ? this.users.get(Number(ref)) : this.userByName(ref);
  }

  // ---- namespaces, groups and projects -------------------------------------------------------

  namespaceKind(id: number): 'user' | 'group' | undefined {
    if (this.groups.has(id)) return 'group';
    if (this.userNamespaces.has(id)) return 'user';
    return undefined;
  }

  namespaceFullPath(id: number): string {
    const group = this.groups.get(id);
    if (group) return this.groupFullPath(group);
    const ns = this.userNamespaces.get(id);
    return ns ? (this.users.get(ns.userId)?.username ?? '') : '';
  }

  namespaceName(id: number): string {
    const group = this.groups.get(id);
    if (group) return group.name;
    const ns = this.userNamespaces.get(id);
    return ns ? (this.users.get(ns.userId)?.name ?? '') : '';
  }

  namespacePath(id: number): string {
    const group = this.groups.get(id);
    if (group) return group.path;
    const ns = this.userNamespaces.get(id);
    return ns ? (this.users.get(ns.userId)?.username ?? '') : '';
  }

  /** A namespace by id or full path. */
  findNamespace(ref: string): number | undefined {
    if (/^\d+$/.test(ref)) return this.namespaceKind(Number(ref)) ? Number(ref) : undefined;
    const group = this.findGroup(ref);
    if (group) return group.id;
    const user = this.userByName(ref);
    return user?.namespaceId;
  }

  groupAncestors(group: Group): Group[] {
    const chain: Group[] = [];
    let current: Group | undefined = group;
    while (current) {
      chain.unshift(current);
      current = current.parentId == null ? undefined : this.groups.get(current.parentId);
    }
    return chain;
  }

  groupFullPath(group: Group): string {
    return this.groupAncestors(group)
      .map((g) => g.path)
      .join('/');
  }

  groupFullName(group: Group): string {
    return this.groupAncestors(group)
      .map((g) => g.name)
      .join(' / ');
  }

  groupDescendants(group: Group): Group[] {
    const result: Group[] = [];
    const visit = (parentId: number): void => {
      for (const g of this.groups.values()) {
        if (g.parentId === parentId) {
          result.push(g);
          visit(g.id);
        }
      }
    };
    visit(group.id);
    return result;
  }

  findGroup(ref: string): Group | undefined {
    if (/^\d+$/.test(ref)) return this.groups.get(Number(ref));
    const wanted = ref.toLowerCase();
    for (const group of this.groups.values()) if (this.groupFullPath(group).toLowerCase() === wanted) return group;
    return undefined;
  }

  projectFullPath(project: Project): string {
    return `${this.namespaceFullPath(project.namespaceId)}/${project.path}`;
  }

  projectFullName(project: Project): string {
    const group = this.groups.get(project.namespaceId);
    const prefix = group ? this.groupFullName(group) : this.namespaceName(project.namespaceId);
    return `${prefix} / ${project.name}`;
  }

  findProject(ref: string): Project | undefined {
    if (/^\d+$/.test(ref)) return this.projects.get(Number(ref));
    const wanted = ref.toLowerCase();
    for (const project of this.projects.values()) if (this.projectFullPath(project).toLowerCase() === wanted) return project;
    return undefined;
  }

  projectWebUrl(project: Project): string {
    return `${this.baseUrl}/${this.projectFullPath(project)}`;
  }

  projectLabels(projectId: number): Label[] {
    return [...this.labels.values()].filter((l) => l.projectId === projectId);
  }

  labelByName(projectId: number, name: string): Label | undefined {
    const wanted = name.toLowerCase();
    for (const label of this.labels.values()) if (label.projectId === projectId && label.name.toLowerCase() === wanted) return label;
    return undefined;
  }

  milestoneByTitle(projectId: number, title: string): Milestone | undefined {
    for (const m of this.milestones.values()) if (m.projectId === projectId && m.title === title) return m;
    return undefined;
  }

  // ---- issues and merge requests -------------------------------------------------------------

  projectIssues(projectId: number): Issue[] {
    let list = this.issuesByProject.get(projectId);
    if (!list) {
      list = [];
      this.issuesByProject.set(projectId, list);
    }
    return list;
  }

  addIssue(issue: Issue): void {
    this.issues.set(issue.id, issue);
    this.projectIssues(issue.projectId).push(issue);
  }

  removeIssue(issue: Issue): void {
    this.issues.delete(issue.id);
    this.notes.delete(`Issue:${issue.id}`);
    const list = this.projectIssues(issue.projectId);
    const index = list.indexOf(issue);
    if (index !== -1) list.splice(index, 1);
  }

  findIssue(projectId: number, iid: number): Issue | undefined {
    const list = this.projectIssues(projectId);
    // iids grow with insertion order; search from the probable position.
    const guess = list[iid - 1];
    if (guess && guess.iid === iid) return guess;
    return list.find((issue) => issue.iid === iid);
  }

  projectMergeRequests(projectId: number): MergeRequest[] {
    let list = this.mergeRequestsByProject.get(projectId);
    if (!list) {
      list = [];
      this.mergeRequestsByProject.set(projectId, list);
    }
    return list;
  }

  addMergeRequest(mr: MergeRequest): void {
    this.mergeRequests.set(mr.id, mr);
    this.projectMergeRequests(mr.projectId).push(mr);
  }

  removeMergeRequest(mr: MergeRequest): void {
    this.mergeRequests.delete(mr.id);
    this.notes.delete(`MergeRequest:${mr.id}`);
    const list = this.projectMergeRequests(mr.projectId);
    const index = list.indexOf(mr);
    if (index !== -1) list.splice(index, 1);
  }

  findMergeRequest(projectId: number, iid: number): MergeRequest | undefined {
    return this.projectMergeRequests(projectId).find((mr) => mr.iid === iid);
  }

  /** The notes of an issue or merge request, oldest first (the list is the store's own). */
  notesOf(type: Note['noteableType'], id: number): Note[] {
    const key = `${type}:${id}`;
    let list = this.notes.get(key);
    if (!list) {
      list = [];
      this.notes.set(key, list);
    }
    return list;
  }

  /** GitLab's `user_notes_count`: the comments people wrote, system notes not counted. */
  userNotesCount(type: Note['noteableType'], id: number): number {
    return this.notes.get(`${type}:${id}`)?.reduce((n, note) => (note.system ? n : n + 1), 0) ?? 0;
  }

  // ---- jobs -----------------------------------------------------------------------------------

  projectJobs(projectId: number): Job[] {
    let list = this.jobsByProject.get(projectId);
    if (!list) {
      list = [];
      this.jobsByProject.set(projectId, list);
    }
    return list;
  }

  addJob(job: Job): void {
    this.jobs.set(job.id, job);
    this.projectJobs(job.projectId).push(job);
  }

  /** Removes a project and everything that belongs to it. */
  removeProject(project: Project): void {
    for (const issue of [...this.projectIssues(project.id)]) this.removeIssue(issue);
    this.issuesByProject.delete(project.id);
    for (const mr of [...this.projectMergeRequests(project.id)]) this.removeMergeRequest(mr);
    this.mergeRequestsByProject.delete(project.id);
    for (const job of this.projectJobs(project.id)) this.jobs.delete(job.id);
    this.jobsByProject.delete(project.id);
    for (const [id, p] of this.pipelines) if (p.projectId === project.id) this.pipelines.delete(id);
    for (const [id, b] of this.boards) if (b.projectId === project.id) this.boards.delete(id);
    for (const [id, l] of this.labels) if (l.projectId === project.id) this.labels.delete(id);
    for (const [id, m] of this.milestones) if (m.projectId === project.id) this.milestones.delete(id);
    for (const [id, u] of this.uploads) if (u.projectId === project.id) this.uploads.delete(id);
    for (let i = this.todos.length - 1; i >= 0; i--) if (this.todos[i].projectId === project.id) this.todos.splice(i, 1);
    for (const [token, record] of this.tokens) if (record.kind === 'job' && record.projectId === project.id) this.tokens.delete(token);
    this.ci.removeProject(project.id);
    this.projects.delete(project.id);
  }
}
