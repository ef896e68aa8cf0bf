import type { Project, User } from '../model.js';
import type { ArtifactSpec, Job, JobStatus } from '../model-ci.js';
import { sha } from '../shas.js';
import type { Store } from '../store.js';

const STAGES: Record<string, string> = {
  build: 'build',
  test: 'test',
  package: 'package',
  pages: 'deploy',
  deploy: 'deploy',
  lint: 'test',
};

export interface DemoJob {
  name: string;
  status: JobStatus;
  artifact?: Partial<ArtifactSpec>;
  coverage?: number;
}

export interface DemoPipeline {
  ref: string;
  tag?: boolean;
  status: string;
  jobs: DemoJob[];
  createdAt: number;
}

/** A runner log with colours, collapsible section markers and `\r` progress lines, like real traces. */
export function demoTrace(job: Pick<Job, 'name' | 'status' | 'ref' | 'commitSha'>): string {
  const esc = '\u001b';
  const lines = [
    `${esc}[0KRunning with sandbox-runner 17.0.0 (abc123de)${esc}[0;m`,
    `${esc}[0K  on sandbox-runner-1 xyZ12${esc}[0;m`,
    `section_start:1767225600:prepare_executor\r${esc}[0K${esc}[0K${esc}[36;1mPreparing the "docker" executor${esc}[0;m${esc}[0;m`,
    `${esc}[0KUsing Docker executor with image node:20 ...${esc}[0;m`,
    `section_end:1767225601:prepare_executor\r${esc}[0K`,
    `${esc}[32;1mFetching changes with git depth set to 20...${esc}[0;m`,
    `${esc}[32;1mChecking out ${job.commitSha.slice(0, 8)} as detached HEAD (ref is ${job.ref})...${esc}[0;m`,
    `Downloading dependencies   0%\rDownloading dependencies  35%\rDownloading dependencies  70%\rDownloading dependencies 100%`,
    `${esc}[32;1m$ npm run ${job.name}${esc}[0;m`,
    `> ${job.name}`,
  ];
  if (job.status === 'failed') {
    lines.push(`${esc}[31;1m✗ 2 of 118 checks failed${esc}[0;m`, `${esc}[31;1mERROR: Job failed: exit code 1${esc}[0;m`);
  } else if (job.status === 'running') {
    lines.push('Running 118 checks ...');
  } else if (job.status === 'canceled') {
    lines.push(`${esc}[31;1mERROR: Job failed: canceled${esc}[0;m`);
  } else {
    lines.push(
      `✓ all 118 checks passed`,
      `${esc}[32;1mUploading artifacts for successful job${esc}[0;m`,
      `${esc}[32;1mJob succeeded${esc}[0;m`,
    );
  }
  return `${lines.join('\n')}\n`;
}

const HOUR = 3_600_000;

export function seedPipelines(store: Store, project: Project, user: User, pipelines: DemoPipeline[]): Job[] {
  const jobs: Job[] = [];
  for (const [index, p] of pipelines.entries()) {
    const commitSha = sha(`${project.id}:${p.ref}:${index}`);
    const pipelineId = store.nextId('pipeline');
    const source = p.ref.startsWith('refs/merge-requests/') ? 'merge_request_event' : 'push';
    const iid = store.nextIid('pipeline', project.id);
    const updatedAt = p.createdAt + p.jobs.length * 4 * 60_000;
    store.pipelines.set(pipelineId, {
      id: pipelineId,
      iid,
      projectId: project.id,
      ref: p.ref,
      sha: commitSha,
      status: p.status,
      source,
      userId: user.id,
      createdAt: p.createdAt,
      updatedAt,
    });
    for (const [position, d] of p.jobs.entries()) {
      const createdAt = p.createdAt + position * 60_000;
      const started = !['created', 'pending', 'manual', 'skipped'].includes(d.status);
      const finished = started && d.status !== 'running';
      const job: Job = {
        id: store.nextId('job'),
        projectId: project.id,
        pipelineId,
        name: d.name,
        stage: STAGES[d.name] ?? 'test',
        ref: p.ref,
        tag: p.tag ?? false,
        status: d.status,
        coverage: d.coverage ?? null,
        createdAt,
        startedAt: started ? createdAt + 30_000 : null,
        finishedAt: finished ? createdAt + 30_000 + (2 + position) * 60_000 : null,
        erasedAt: null,
        userId: user.id,
        commitSha,
        commitTitle: `Merge branch '${p.ref}' pipeline ${index + 1}`,
        artifact: d.artifact
          ? {
              kind: 'demo',
              quotedFilename: true,
              viaObjectStorage: false,
              expireAt: createdAt + 30 * 24 * HOUR,
              kept: false,
              ...d.artifact,
            }
          : null,
        trace: started ? '' : null,
      };
      if (job.trace !== null) job.trace = demoTrace(job);
      store.addJob(job);
      jobs.push(job);
    }
  }
  return jobs;
}
