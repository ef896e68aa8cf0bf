import { type Env, inCi } from '../env.js';
import { normalizeHost } from '../host-url.js';

/*
 * What the environment of a GitLab CI job says, as a runner sets it (GitLab's
 * lib/gitlab/ci/variables/builder.rb, app/models/merge_request.rb#predefined_variables). Read only
 * inside a job: CI or GITLAB_CI true.
 */

/** The ref a merge request pipeline of each kind runs for (CI_MERGE_REQUEST_EVENT_TYPE): MergeRequest#merge_ref_path, #train_ref_path. */
const MR_PIPELINE_REFS: Readonly<Record<string, string>> = { merged_result: 'merge', merge_train: 'train' };

/** A ref as a job's pipeline runs for it, and which variables said so (for messages). */
export interface CiRef {
  ref: string;
  from: string;
}

export class CiJob {
  constructor(private readonly env: Env) {}

  get inside(): boolean {
    return inCi(this.env);
  }

  /**
   * The ref the job's pipeline runs for, as GitLab stores it on the pipeline (what the by-ref
   * artifact routes compare with). A merge request pipeline runs for the merge request's ref, not
   * its source branch: `refs/merge-requests/<iid>/head` (CI_MERGE_REQUEST_REF_PATH), `/merge` for a
   * merged results pipeline, `/train` on a merge train; except one that runs in the source project
   * of a fork (CI_PROJECT_ID is not CI_MERGE_REQUEST_PROJECT_ID), which runs for the source branch
   * (MergeRequests::CreatePipelineService#pipeline_ref_for_detached_merge_request_pipeline). Any
   * other pipeline runs for CI_COMMIT_REF_NAME.
   */
  ref(): CiRef | undefined {
    if (!this.inside) return undefined;
    const e = this.env;
    const head = e.CI_MERGE_REQUEST_REF_PATH || (e.CI_MERGE_REQUEST_IID ? `refs/merge-requests/${e.CI_MERGE_REQUEST_IID}/head` : '');
    const inSourceProject = !!e.CI_MERGE_REQUEST_PROJECT_ID && !!e.CI_PROJECT_ID && e.CI_MERGE_REQUEST_PROJECT_ID !== e.CI_PROJECT_ID;
    if (e.CI_PIPELINE_SOURCE === 'merge_request_event' && head && !inSourceProject) {
      const kind = MR_PIPELINE_REFS[e.CI_MERGE_REQUEST_EVENT_TYPE ?? ''];
      const ref = kind ? head.replace(/\/head$/, `/${kind}`) : head;
      const what = kind ? `a ${e.CI_MERGE_REQUEST_EVENT_TYPE!.replace('_', ' ')} pipeline` : 'a merge request pipeline';
      return { ref, from: `CI_MERGE_REQUEST_REF_PATH: ${what}` };
    }
    return e.CI_COMMIT_REF_NAME ? { ref: e.CI_COMMIT_REF_NAME, from: 'CI_COMMIT_REF_NAME' } : undefined;
  }

  /** The job's pipeline (CI_PIPELINE_ID), what `--pipeline current` means. */
  pipeline(): string | undefined {
    return this.inside ? this.env.CI_PIPELINE_ID || undefined : undefined;
  }

  /** The branch the pipeline runs for: none for a tag (CI_COMMIT_BRANCH), a merge request's source branch. */
  branch(): string | undefined {
    if (!this.inside) return undefined;
    return this.env.CI_COMMIT_BRANCH || this.env.CI_MERGE_REQUEST_SOURCE_BRANCH_NAME || undefined;
  }

  /** The job's project by its id (CI_PROJECT_ID). */
  projectId(): string | undefined {
    return this.inside ? this.env.CI_PROJECT_ID || undefined : undefined;
  }

  /** The job's project as its full path (CI_PROJECT_PATH). */
  projectPath(): string | undefined {
    return this.inside ? this.env.CI_PROJECT_PATH || undefined : undefined;
  }

  /**
   * The instance that runs the job: CI_SERVER_URL, else CI_API_V4_URL, as an origin (scheme, host,
   * port); the variable's name for messages. Read whether or not `inside` is set: the job token
   * belongs to it either way.
   */
  server(): { name: string; origin?: string } {
    const [name, raw] = this.env.CI_SERVER_URL ? ['CI_SERVER_URL', this.env.CI_SERVER_URL] : ['CI_API_V4_URL', this.env.CI_API_V4_URL];
    try {
      return { name, origin: raw ? new URL(normalizeHost(raw)).origin : undefined };
    } catch {
      // an unusable URL names no instance
      return { name };
    }
  }

  /**
   * The private CA a runner gives a job for its instance (CI_SERVER_TLS_CA_FILE, set for
   * self-managed instances with a CA of their own), for `host` when it is that instance.
   */
  caFileFor(host: string): string | undefined {
    const file = this.env.CI_SERVER_TLS_CA_FILE;
    if (!this.inside || !file) return undefined;
    return this.server().origin === new URL(host).origin ? file : undefined;
  }
}
