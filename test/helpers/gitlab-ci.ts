import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { KeyPair } from './pki.js';
import { zipOf } from './zip-writer.js';

/*
 * A GitLab instance as a CI job meets it, answering as GitLab's source writes it:
 * - lib/api/ci/job_artifacts.rb: the four artifact downloads (`job_token_allowed: true`); by ref,
 *   Project#latest_successful_build_for_ref!: the newest *successful pipeline* of that ref
 *   (Ci::Pipeline.latest_successful_for_ref compares the pipeline's `ref`), then its latest job of
 *   that name with an artifacts archive; else ActiveRecord::RecordNotFound, which lib/api/api.rb
 *   answers `404 {"message":"404 Not found"}`.
 * - lib/api/ci/pipelines.rb `GET :id/pipelines/:pipeline_id/jobs` and lib/api/ci/jobs.rb
 *   `GET :id/jobs` take the job token (`job_token_allowed: true`, job_token_policies :read_jobs) on
 *   newer GitLab only (`jobTokenJobLists`); `GET :id/jobs/:job_id` and `POST …/retry` never do;
 *   `GET /job` only does (the job the token belongs to).
 * - lib/api/commits.rb `GET :id/repository/commits/:sha` and lib/api/releases.rb `GET
 *   :id/releases` take the job token; lib/api/branches.rb `GET :id/repository/branches/:branch` and
 *   lib/api/projects.rb `GET :id` do not (a private project answers the anonymous 404).
 * - lib/api/api.rb: an unknown route is `404 {"error":"404 Not Found"}`; lib/api/helpers.rb
 *   `unauthorized!` is `401 {"message":"401 Unauthorized"}`.
 * `flavor: 'spec'` is a server that follows only the spec's endpoint list: no raw-by-ref route, no
 * `GET /version`, no `GET /job`.
 */

export interface CiJobModel {
  id: number;
  name: string;
  status: string;
  /** The archive's entries (file name → content); none: the job has no artifacts. */
  files?: Record<string, string>;
  /** The archive itself, as a test built it (instead of `files`). */
  archive?: Buffer;
}

export interface CiPipelineModel {
  id: number;
  ref: string;
  status: 'success' | 'running' | 'failed' | 'canceled';
  source?: string;
  jobs: CiJobModel[];
}

export interface GitlabCiOptions {
  projectId?: number;
  projectPath?: string;
  personalToken?: string;
  jobToken?: string;
  /** The job the job token belongs to (GET /job). */
  currentJob?: number;
  /** The repository's branches (default: main). */
  branches?: string[];
  /** Whether the job lists take the job token (GitLab's fine-grained job token permissions); default true. */
  jobTokenJobLists?: boolean;
  flavor?: 'gitlab' | 'spec';
  tls?: KeyPair;
}

export interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

export interface GitlabCi {
  url: string;
  projectId: number;
  projectPath: string;
  seen: Seen[];
  pipelines: CiPipelineModel[];
  /** The archive served for a job (built once per job). */
  archive(jobId: number): Buffer;
  close(): Promise<void>;
}

type Who = 'personal' | 'job' | 'none' | 'bad';

function send(res: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}): void {
  const text = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': text.length, ...headers });
  res.end(text);
}

export async function startGitlabCi(pipelines: CiPipelineModel[], options: GitlabCiOptions = {}): Promise<GitlabCi> {
  const o = {
    projectId: 7,
    projectPath: 'acme/app',
    personalToken: 'glpat-personal',
    jobToken: 'ci-job-token',
    jobTokenJobLists: true,
    flavor: 'gitlab',
    ...options,
  };
  const seen: Seen[] = [];
  const archives = new Map<number, Buffer>();
  const all = () => pipelines.flatMap((p) => p.jobs.map((job) => ({ job, pipeline: p })));
  const archive = (jobId: number): Buffer => {
    const found = all().find(({ job }) => job.id === jobId)?.job;
    if (found?.archive) return found.archive;
    if (!found?.files) throw new Error(`job ${jobId} has no artifacts`);
    if (!archives.has(jobId)) archives.set(jobId, zipOf(Object.entries(found.files).map(([name, data]) => ({ name, data }))));
    return archives.get(jobId)!;
  };
  let base = '';
  const entity = (job: CiJobModel, p: CiPipelineModel) => ({
    id: job.id,
    status: job.status,
    stage: 'build',
    name: job.name,
    ref: p.ref,
    tag: false,
    created_at: '2026-11-20T10:00:00.000Z',
    pipeline: { id: p.id, project_id: o.projectId, ref: p.ref, status: p.status, source: p.source ?? 'push' },
    web_url: `${base}/${o.projectPath}/-/jobs/${job.id}`,
    user: { id: 3, username: 'deployer', name: 'Dee Ployer', state: 'active' },
    artifacts_file: job.files || job.archive ? { filename: 'artifacts.zip', size: archive(job.id).length } : undefined,
    artifacts:
      job.files || job.archive
        ? [{ file_type: 'archive', size: archive(job.id).length, filename: 'artifacts.zip', file_format: 'zip' }]
        : [],
  });

  const who = (req: http.IncomingMessage): Who => {
    const personal = req.headers['private-token'];
    const job = req.headers['job-token'];
    if (personal !== undefined) return personal === o.personalToken ? 'personal' : 'bad';
    if (job !== undefined) return job === o.jobToken ? 'job' : 'bad';
    return 'none';
  };

  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname.replace(/^\/api\/v4/, '');
    const caller = who(req);
    const unauthorized = () => send(res, 401, { message: '401 Unauthorized' });
    const notFound = () => send(res, 404, { message: '404 Not found' });
    const noRoute = () => send(res, 404, o.flavor === 'gitlab' ? { error: '404 Not Found' } : { message: '404 Not Found' });
    // Which credentials each route takes: the job token only where GitLab's route says job_token_allowed.
    const allow = (jobToken: boolean) => caller === 'personal' || (jobToken && caller === 'job');
    const project = `(?:${o.projectId}|${encodeURIComponent(o.projectPath)})`;
    const route = (re: string) => new RegExp(`^/projects/${project}${re}$`).exec(path);
    const zip = (job: CiJobModel) =>
      send(res, 200, archive(job.id), { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="artifacts.zip"' });
    const entry = (job: CiJobModel, file: string) => {
      const content = job.files?.[decodeURIComponent(file)];
      if (content === undefined) return send(res, 404, { message: '404 Not Found' });
      send(res, 200, Buffer.from(content), { 'content-type': 'application/octet-stream' });
    };
    const latestByRef = (ref: string, name: string) => {
      const pipeline = pipelines.filter((p) => p.ref === ref && p.status === 'success').sort((a, b) => b.id - a.id)[0];
      return pipeline?.jobs.filter((j) => j.name === name && (j.files || j.archive)).sort((a, b) => b.id - a.id)[0];
    };
    let m: RegExpExecArray | null;
    if (req.method === 'GET' && path === '/version') {
      if (o.flavor === 'spec') return noRoute();
      return caller === 'personal' ? send(res, 200, { version: '18.5.0', revision: 'abc' }) : unauthorized();
    }
    if (req.method === 'GET' && path === '/job' && o.flavor === 'gitlab') {
      if (caller !== 'job') return unauthorized();
      const found = all().find(({ job }) => job.id === o.currentJob);
      return found ? send(res, 200, entity(found.job, found.pipeline)) : notFound();
    }
    if (req.method === 'GET' && (m = route('/jobs/artifacts/([^?]+)/download'))) {
      if (!allow(true)) return unauthorized();
      const job = latestByRef(decodeURIComponent(m[1]!), url.searchParams.get('job') ?? '');
      return job ? zip(job) : notFound();
    }
    if (req.method === 'GET' && o.flavor === 'gitlab' && (m = route('/jobs/artifacts/(.+?)/raw/(.+)'))) {
      if (!allow(true)) return unauthorized();
      const job = latestByRef(decodeURIComponent(m[1]!), url.searchParams.get('job') ?? '');
      return job ? entry(job, m[2]!) : notFound();
    }
    if (req.method === 'GET' && (m = route('/jobs/(\\d+)/artifacts(?:/(.+))?'))) {
      if (!allow(true)) return unauthorized();
      const job = all().find(({ job }) => job.id === Number(m![1]))?.job;
      if (!job?.files && !job?.archive) return notFound();
      return m[2] === undefined ? zip(job) : entry(job, m[2]);
    }
    if (req.method === 'GET' && (m = route('/pipelines/(\\d+)/jobs'))) {
      if (!allow(o.jobTokenJobLists)) return unauthorized();
      const p = pipelines.find((x) => x.id === Number(m![1]));
      if (!p) return notFound();
      return send(
        res,
        200,
        [...p.jobs].sort((a, b) => b.id - a.id).map((j) => entity(j, p)),
      );
    }
    if (req.method === 'GET' && route('/jobs')) {
      if (!allow(o.jobTokenJobLists)) return unauthorized();
      const scopes = url.searchParams.getAll('scope[]').concat(url.searchParams.getAll('scope'));
      const rows = all()
        .filter(({ job }) => scopes.length === 0 || scopes.includes(job.status))
        .sort((a, b) => b.job.id - a.job.id);
      const perPage = Number(url.searchParams.get('per_page') ?? 20);
      const page = Number(url.searchParams.get('page') ?? 1);
      const slice = rows.slice((page - 1) * perPage, page * perPage);
      const next = page * perPage < rows.length ? String(page + 1) : '';
      return send(
        res,
        200,
        slice.map(({ job, pipeline }) => entity(job, pipeline)),
        { 'x-next-page': next, 'x-page': String(page), 'x-per-page': String(perPage) },
      );
    }
    if (req.method === 'GET' && (m = route('/jobs/(\\d+)'))) {
      if (!allow(false)) return unauthorized();
      const found = all().find(({ job }) => job.id === Number(m![1]));
      return found ? send(res, 200, entity(found.job, found.pipeline)) : notFound();
    }
    if (req.method === 'POST' && (m = route('/jobs/(\\d+)/retry'))) {
      if (!allow(false)) return unauthorized();
      const found = all().find(({ job }) => job.id === Number(m![1]));
      if (!found) return notFound();
      const copy: CiJobModel = { id: Math.max(...all().map(({ job }) => job.id)) + 1, name: found.job.name, status: 'pending' };
      found.pipeline.jobs.push(copy);
      return send(res, 201, entity(copy, found.pipeline));
    }
    const branch = (name: string) => (o.branches ?? ['main']).includes(name);
    const commit = (ref: string) => ({ id: `${'c0ffee'.repeat(6)}cafe`, short_id: 'c0ffeec0', title: `tip of ${ref}` });
    if (req.method === 'GET' && (m = route('/repository/commits/([^/?]+)'))) {
      if (!allow(true)) return unauthorized();
      const ref = decodeURIComponent(m[1]!);
      return branch(ref) ? send(res, 200, commit(ref)) : send(res, 404, { message: '404 Commit Not Found' });
    }
    if (req.method === 'GET' && (m = route('/repository/branches/([^?]+)'))) {
      if (!allow(false)) return caller === 'none' ? notFound() : unauthorized();
      const name = decodeURIComponent(m[1]!);
      return branch(name)
        ? send(res, 200, { name, commit: commit(name), merged: false, protected: name === 'main', default: name === 'main' })
        : send(res, 404, { message: '404 Branch Not Found' });
    }
    if (req.method === 'GET' && route('/releases')) {
      if (!allow(true)) return unauthorized();
      return send(res, 200, [{ tag_name: 'v1.0.0', name: 'First', released_at: '2026-11-01T00:00:00.000Z' }]);
    }
    if (req.method === 'GET' && route('')) {
      if (!allow(false)) return caller === 'none' ? notFound() : unauthorized();
      return send(res, 200, { id: o.projectId, path_with_namespace: o.projectPath, default_branch: 'main' });
    }
    noRoute();
  };

  const listener = (req: http.IncomingMessage, res: http.ServerResponse) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    req.on('end', () => handle(req, res));
  };
  const server = o.tls ? https.createServer({ cert: o.tls.cert, key: o.tls.key }, listener) : http.createServer(listener);
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `${o.tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    projectId: o.projectId,
    projectPath: o.projectPath,
    seen,
    pipelines,
    archive,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The environment a GitLab runner gives a job of `project` in `pipeline` (no HOME config, no TTY: the test's runner adds those). */
export function runnerEnv(ci: GitlabCi, pipeline: CiPipelineModel, extra: Record<string, string | undefined> = {}) {
  return {
    CI: 'true',
    GITLAB_CI: 'true',
    CI_SERVER_URL: ci.url,
    CI_API_V4_URL: `${ci.url}/api/v4`,
    CI_PROJECT_ID: String(ci.projectId),
    CI_PROJECT_PATH: ci.projectPath,
    CI_JOB_TOKEN: 'ci-job-token',
    CI_PIPELINE_ID: String(pipeline.id),
    CI_PIPELINE_SOURCE: pipeline.source ?? 'push',
    CI_COMMIT_REF_NAME: pipeline.ref,
    CI_COMMIT_BRANCH: pipeline.ref,
    ...extra,
  };
}
