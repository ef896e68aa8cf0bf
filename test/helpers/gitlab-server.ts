import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { json } from './json-answer.js';

/*
 * A small GitLab for the tests of what a pipeline ships (releases, packages, variables): a table
 * of routes, each saying whether GitLab takes the CI job token there (`route_setting
 * :authentication, job_token_allowed: true` in its lib/api/*.rb), answering as GitLab's source
 * writes. Who calls: lib/api/helpers.rb `unauthorized!` is `401 {"message":"401 Unauthorized"}`;
 * an unknown route `404 {"error":"404 Not Found"}` (lib/api/api.rb); a project a caller cannot
 * see `404 {"message":"404 Project Not Found"}` (find_project!).
 */

export type Who = 'personal' | 'job' | 'none' | 'bad';

export interface Call {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  url: URL;
  /** The route's captures. */
  m: RegExpExecArray;
  who: Who;
  /** The request body, read whole (routes that stream it set `streamBody`). */
  body: Buffer;
}

export interface Route {
  method: string;
  /** Below /api/v4/projects/<project>, or from /api/v4 with `top`. */
  path: RegExp;
  top?: boolean;
  /** GitLab takes the CI job token here. */
  jobToken: boolean;
  /** The route reads the body itself (an upload streamed to disk). */
  streamBody?: boolean;
  handle(call: Call): void | Promise<void>;
}

export interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

export interface GitlabServer {
  url: string;
  projectId: number;
  projectPath: string;
  seen: Seen[];
  close(): Promise<void>;
}

export interface ServerOptions {
  projectId?: number;
  projectPath?: string;
  personalToken?: string;
  jobToken?: string;
  /** A server that follows the spec: none of these routes (404), no GET /version. */
  flavor?: 'gitlab' | 'spec';
}

export const PERSONAL = 'glpat-personal-ships';
export const JOB = 'ci-job-token-ships';

export async function startGitlab(routes: readonly Route[], options: ServerOptions = {}): Promise<GitlabServer> {
  const o = { projectId: 7, projectPath: 'acme/app', personalToken: PERSONAL, jobToken: JOB, flavor: 'gitlab', ...options };
  const seen: Seen[] = [];
  const who = (req: http.IncomingMessage): Who => {
    const personal = req.headers['private-token'];
    const job = req.headers['job-token'];
    if (personal !== undefined) return personal === o.personalToken ? 'personal' : 'bad';
    if (job !== undefined) return job === o.jobToken ? 'job' : 'bad';
    return 'none';
  };
  const project = `(?:${o.projectId}|${encodeURIComponent(o.projectPath)})`;
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname.replace(/^\/api\/v4/, '');
    const caller = who(req);
    if (req.method === 'GET' && path === '/version')
      return o.flavor === 'gitlab' ? json(res, 200, { version: '18.5.0', revision: 'abc' }) : json(res, 404, { message: '404 Not Found' });
    for (const route of routes) {
      if (route.method !== req.method) continue;
      const m = route.top ? route.path.exec(path) : new RegExp(`^/projects/${project}${route.path.source}`).exec(path);
      if (!m) continue;
      if (o.flavor === 'spec') break;
      if (caller === 'bad' || (caller === 'job' && !route.jobToken)) {
        req.resume();
        return json(res, 401, { message: '401 Unauthorized' });
      }
      if (caller === 'none') {
        req.resume();
        return json(
          res,
          req.method === 'GET' ? 404 : 401,
          req.method === 'GET' ? { message: '404 Project Not Found' } : { message: '401 Unauthorized' },
        );
      }
      const body = route.streamBody ? Buffer.alloc(0) : await readAll(req);
      return route.handle({ req, res, url, m, who: caller, body });
    }
    req.resume();
    if (new RegExp(`^/projects/(?!${project}(/|$))[^/]+`).test(path)) return json(res, 404, { message: '404 Project Not Found' });
    json(res, 404, o.flavor === 'gitlab' ? { error: '404 Not Found' } : { message: '404 Not Found' });
  };
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    handle(req, res).catch((err) => {
      if (!res.headersSent) json(res, 500, { message: `500 ${(err as Error).message}` });
      else res.destroy();
    });
  });
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    projectId: o.projectId,
    projectPath: o.projectPath,
    seen,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function readAll(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** A JSON body as GitLab's Grape reads it (JSON, or a form). */
export function params(call: Call): Record<string, unknown> {
  const type = call.req.headers['content-type'] ?? '';
  const text = call.body.toString('utf8');
  const query = Object.fromEntries(call.url.searchParams);
  if (type.includes('json') && text !== '') return { ...query, ...(JSON.parse(text) as Record<string, unknown>) };
  if (type.includes('x-www-form-urlencoded')) return { ...query, ...Object.fromEntries(new URLSearchParams(text)) };
  return query;
}

/** The environment a GitLab runner gives a job of the server's project (no TTY, no config: the test runner adds those). */
export function runnerEnv(gl: GitlabServer, extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    CI: 'true',
    GITLAB_CI: 'true',
    CI_SERVER_URL: gl.url,
    CI_API_V4_URL: `${gl.url}/api/v4`,
    CI_PROJECT_ID: String(gl.projectId),
    CI_PROJECT_PATH: gl.projectPath,
    CI_JOB_TOKEN: JOB,
    CI_PIPELINE_ID: '900',
    CI_PIPELINE_SOURCE: 'push',
    CI_COMMIT_TAG: 'v1.2.3',
    CI_COMMIT_REF_NAME: 'v1.2.3',
    CI_COMMIT_SHA: 'c0ffeec0ffeec0ffeec0ffeec0ffeec0ffeecafe',
    ...extra,
  };
}
