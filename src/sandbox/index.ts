/**
 * The sandbox: a local, in-memory server speaking the Collaboration Service API v4 (GitLab v4),
 * seeded with demo data. `collab sandbox` and the end-to-end tests start it with `startSandbox`.
 *
 * Demo world (seed `demo`): users root (admin, id 1), alice, bob, carol, dave (blocked), erin (blocked
 * by directory sync); groups acme (public) › acme/platform (private), labs (public); projects
 * acme/platform/api (private, the main one), acme/website (public), acme/platform/docs (internal),
 * alice/dotfiles (private), labs/experiments (public).
 * Artifacts of acme/platform/api: `package` on `main` and on `feature/x` (quoted filename), `build` on
 * `main` (unquoted filename), `pages` on `main` (302 to object storage on another origin).
 *
 * Control endpoints (no auth): POST/GET/DELETE /__sandbox/faults, GET/DELETE /__sandbox/requests.
 */
import { FLAVORS, type Flavor } from '../shared/flavor.js';
import { ArtifactStore } from './artifacts.js';
import { type Clock, realClock } from './clock.js';
import { MAX_ARTIFACT_MB } from './limits.js';
import { makeDataDir, removeDataDir } from './package-files.js';
import { Router } from './router.js';
import { approvalRoutes } from './routes/approvals.js';
import { boardRoutes, milestoneRoutes } from './routes/boards.js';
import { discussionRoutes } from './routes/discussions.js';
import { groupRoutes } from './routes/groups.js';
import { impersonationTokenRoutes } from './routes/impersonation-tokens.js';
import { issueRoutes } from './routes/issues.js';
import { jobRoutes } from './routes/jobs.js';
import { labelRoutes } from './routes/labels.js';
import { mergeRoutes } from './routes/merge.js';
import { mergeRequestRoutes } from './routes/merge-requests.js';
import { noteRoutes } from './routes/notes.js';
import { packageRoutes } from './routes/packages.js';
import { personalTokenRoutes } from './routes/personal-tokens.js';
import { pipelineRoutes } from './routes/pipelines.js';
import { projectTransferRoutes } from './routes/project-transfer.js';
import { projectRoutes } from './routes/projects.js';
import { rebaseRoutes } from './routes/rebase.js';
import { releaseRoutes } from './routes/releases.js';
import { settingsRoutes } from './routes/settings.js';
import { todoRoutes } from './routes/todos.js';
import { triggerRoutes } from './routes/triggers.js';
import { userKeyRoutes } from './routes/user-keys.js';
import { userRoutes } from './routes/users.js';
import { variableRoutes } from './routes/variables.js';
import { seedCiAssets } from './seed/ci-assets.js';
import { seedStore } from './seed/index.js';
import { type RecordedRequest, SandboxServer } from './server.js';
import { Store } from './store.js';

export { type Clock, ManualClock, realClock, scaledClock } from './clock.js';
export type { FaultKind, FaultSpec } from './faults.js';
export { FAULT_KINDS } from './faults.js';
export { DEMO_TOKENS } from './seed/index.js';
export type { RecordedRequest } from './server.js';

export interface SandboxOptions {
  port?: number;
  host?: string;
  /** `demo` (≈250 issues in acme/platform/api), `empty` (root and alice only), or a number of api issues. */
  seed?: 'demo' | 'empty' | number;
  latencyMs?: number;
  /** The time stamped on records and the waits of imports and cancellations (real time by default). */
  clock?: Clock;
  /** How the server waits (latency, trickled bodies; the clock's by default); tests pass one that records the waits. */
  sleep?: (ms: number) => Promise<void>;
  /** One link of this many KiB/s shared by every response (0 or absent: unlimited). */
  bandwidthKiBps?: number;
  /** Make the artifact of job `package` on `main` of acme/platform/api this many MiB, streamed. */
  artifactMb?: number;
  /** GitLab's limit of offset pagination, in rows (50,000 as on GitLab; 0 for none). */
  offsetLimit?: number;
  /** `spec` (default): the spec's dialect; `gitlab`: GitLab's names, methods, answers and `GET /version`. */
  flavor?: Flavor;
  /** Where uploaded package files are kept; by default a private temporary directory, removed on close. */
  dataDir?: string;
  /** The GitLab version the gitlab flavour answers `GET /version` with and behaves as (default 17.6.1-ee). */
  gitlabVersion?: string;
}

export interface SandboxToken {
  token: string;
  kind: 'private' | 'oauth' | 'job';
  username: string;
  admin: boolean;
  note: string;
}

export interface SandboxHandle {
  url: string;
  port: number;
  tokens: SandboxToken[];
  flavor: Flavor;
  /** Where package files are kept (`dataDir`, or the sandbox's own temporary one). */
  dataDir: string;
  requests: () => RecordedRequest[];
  close(): Promise<void>;
}

/** Every route family, in the order they are matched; a few routes are one flavour's only. */
const ROUTE_TABLES = [
  issueRoutes,
  boardRoutes,
  labelRoutes,
  milestoneRoutes,
  jobRoutes,
  projectRoutes,
  projectTransferRoutes,
  groupRoutes,
  mergeRequestRoutes,
  mergeRoutes,
  approvalRoutes,
  userRoutes,
  userKeyRoutes,
  impersonationTokenRoutes,
  settingsRoutes,
  noteRoutes,
  discussionRoutes,
  rebaseRoutes,
  pipelineRoutes,
  personalTokenRoutes,
  todoRoutes,
  releaseRoutes,
  packageRoutes,
  variableRoutes,
  triggerRoutes,
];

/** The routes of a flavour (methods, `GET /version` and GitLab's notes differ). */
export function buildRouter(flavor: Flavor = 'spec'): Router {
  const router = new Router();
  for (const table of ROUTE_TABLES) router.addTable(table, flavor);
  return router;
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<SandboxHandle> {
  const host = opts.host ?? '127.0.0.1';
  const artifactMb = opts.artifactMb ?? 0;
  if (!Number.isInteger(artifactMb) || artifactMb < 0 || artifactMb > MAX_ARTIFACT_MB)
    throw new RangeError(`artifactMb must be an integer from 0 to ${MAX_ARTIFACT_MB}`);
  const flavor = opts.flavor ?? 'spec';
  if (!(FLAVORS as readonly string[]).includes(flavor)) throw new RangeError('flavor must be spec or gitlab');
  const clock = opts.clock ?? realClock;
  const store = new Store(clock);
  store.flavor = flavor;
  if (opts.offsetLimit !== undefined) store.offsetLimit = Math.max(0, Math.floor(opts.offsetLimit));
  if (opts.gitlabVersion !== undefined) {
    if (!/^\d+\.\d+\.\d+/.test(opts.gitlabVersion)) throw new RangeError('gitlabVersion must be major.minor.patch');
    store.gitlabVersion = opts.gitlabVersion;
  }
  seedStore(store, opts.seed ?? 'demo', artifactMb > 0);
  const artifacts = new ArtifactStore(artifactMb > 0 ? artifactMb : undefined);
  await artifacts.prepare([...store.jobs.values()]);
  const sleep = opts.sleep ?? ((ms: number) => clock.sleep(ms));
  const server = new SandboxServer(
    store,
    artifacts,
    buildRouter(flavor),
    Math.max(0, opts.latencyMs ?? 0),
    sleep,
    Math.max(0, opts.bandwidthKiBps ?? 0) * 1024,
  );
  const port = await server.listen(opts.port ?? 0, host);
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  const url = `http://${urlHost}:${port}`;
  store.baseUrl = url;
  store.ci.dataDir = opts.dataDir ?? (await makeDataDir());
  if (flavor === 'gitlab' && opts.seed !== 'empty') await seedCiAssets(store);
  const tokens: SandboxToken[] = [];
  for (const [token, record] of store.tokens) {
    const user = store.users.get(record.userId);
    if (!user || token.startsWith('sandbox-impersonation')) continue;
    tokens.push({ token, kind: record.kind, username: user.username, admin: user.admin, note: record.note });
  }
  return {
    url,
    port,
    tokens,
    flavor,
    dataDir: store.ci.dataDir,
    requests: () => server.requests.map((r) => ({ ...r, headers: { ...r.headers } })),
    close: async () => {
      await server.close();
      if (opts.dataDir === undefined) await removeDataDir(store.ci.dataDir);
    },
  };
}
