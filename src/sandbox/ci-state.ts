/**
 * What a project's CI/CD keeps beyond pipelines and jobs (those are in model-ci.ts): its
 * `.gitlab-ci.yml`, tags, releases, generic packages, CI/CD variables and the variables a pipeline
 * was started with. One per store (`store.ci`); times are epoch milliseconds.
 */

export type LinkType = 'other' | 'runbook' | 'image' | 'package';
export const LINK_TYPES: readonly LinkType[] = ['other', 'runbook', 'image', 'package'];

export interface ReleaseLink {
  id: number;
  name: string;
  url: string;
  /** GitLab's `filepath` column, set through `direct_asset_path`: `/bin/app`. */
  directAssetPath: string | null;
  linkType: LinkType;
  createdAt: number;
}

export interface Release {
  id: number;
  projectId: number;
  tag: string;
  name: string;
  description: string | null;
  createdAt: number;
  releasedAt: number;
  authorId: number | null;
  sha: string;
  milestoneIds: number[];
  links: ReleaseLink[];
  /** When the evidence was collected (none for upcoming and historical releases). */
  evidenceAt: number | null;
}

export interface PackageFile {
  id: number;
  packageId: number;
  fileName: string;
  size: number;
  sha256: string;
  md5: string;
  sha1: string;
  /** Where its bytes are, under the sandbox's data directory. */
  path: string;
  createdAt: number;
}

export interface Package {
  id: number;
  projectId: number;
  name: string;
  version: string;
  packageType: 'generic';
  status: 'default' | 'hidden';
  createdAt: number;
  lastDownloadedAt: number | null;
  files: PackageFile[];
}

export type VariableType = 'env_var' | 'file';

/** A project's or a group's CI/CD variable (Ci::Variable, Ci::GroupVariable). */
export interface CiVariable {
  key: string;
  value: string;
  variableType: VariableType;
  protected: boolean;
  masked: boolean;
  hidden: boolean;
  raw: boolean;
  environmentScope: string;
  description: string | null;
}

/** A variable a pipeline was started with (Ci::PipelineVariable). */
export interface PipelineVariable {
  key: string;
  value: string;
  variableType: VariableType;
}

/** What a job's configuration says about how it runs (for jobs of pipelines the sandbox runs). */
export interface JobPlan {
  when: string;
  allowFailure: boolean;
  artifacts: boolean;
}

type Counter = 'release' | 'link' | 'package' | 'file';

export class CiState {
  /** Where package files are kept (package-files.ts); set when the sandbox starts. */
  dataDir = '';
  /** `.gitlab-ci.yml` of a project, by project id; a project without one cannot run pipelines. */
  readonly configs = new Map<number, string>();
  /** Tags by project id: name → commit sha. */
  readonly tags = new Map<number, Map<string, string>>();
  /** Branches a project has besides its default branch and the refs of its merge requests and pipelines. */
  readonly branches = new Map<number, Set<string>>();
  readonly releases = new Map<number, Release>();
  readonly packages = new Map<number, Package>();
  readonly projectVariables = new Map<number, CiVariable[]>();
  readonly groupVariables = new Map<number, CiVariable[]>();
  readonly pipelineVariables = new Map<number, PipelineVariable[]>();
  readonly jobPlans = new Map<number, JobPlan>();
  /** Jobs a retry replaced: left out of their pipeline's job list unless `include_retried`. */
  readonly retriedJobs = new Set<number>();
  /** GitLab's pipeline `name` (`workflow:name`, or set through `PUT …/metadata`), by pipeline id. */
  readonly pipelineNames = new Map<number, string>();
  /** The run that moves a pipeline along; a new one (retry) or none (cancel, delete) stops the old. */
  readonly runs = new Map<number, number>();
  private runCounter = 0;
  private readonly counters = new Map<Counter, number>();

  nextId(kind: Counter): number {
    const next = (this.counters.get(kind) ?? 0) + 1;
    this.counters.set(kind, next);
    return next;
  }

  /** A new run of a pipeline; the previous one notices it is stale and stops. */
  newRun(pipelineId: number): number {
    const run = ++this.runCounter;
    this.runs.set(pipelineId, run);
    return run;
  }

  projectTags(projectId: number): Map<string, string> {
    let tags = this.tags.get(projectId);
    if (!tags) {
      tags = new Map();
      this.tags.set(projectId, tags);
    }
    return tags;
  }

  variablesOf(owner: 'project' | 'group', id: number): CiVariable[] {
    const map = owner === 'project' ? this.projectVariables : this.groupVariables;
    let list = map.get(id);
    if (!list) {
      list = [];
      map.set(id, list);
    }
    return list;
  }

  projectReleases(projectId: number): Release[] {
    return [...this.releases.values()].filter((r) => r.projectId === projectId);
  }

  releaseByTag(projectId: number, tag: string): Release | undefined {
    for (const release of this.releases.values()) if (release.projectId === projectId && release.tag === tag) return release;
    return undefined;
  }

  findPackage(projectId: number, name: string, version: string): Package | undefined {
    for (const p of this.packages.values()) if (p.projectId === projectId && p.name === name && p.version === version) return p;
    return undefined;
  }

  /** Everything of a project that is being removed (its package files stay on disk until the sandbox closes). */
  removeProject(projectId: number): void {
    this.configs.delete(projectId);
    this.tags.delete(projectId);
    this.branches.delete(projectId);
    this.projectVariables.delete(projectId);
    for (const [id, r] of this.releases) if (r.projectId === projectId) this.releases.delete(id);
    for (const [id, p] of this.packages) if (p.projectId === projectId) this.packages.delete(id);
  }
}
