import { type Env, inCi } from '../env.js';
import { UsageError } from '../errors.js';
import { shellLine } from '../shell-quote.js';
import type { Checkout, GitRemote } from './git.js';
import type { RunHost } from './host.js';
import {
  cleanPath,
  isWebUrl,
  parseReference,
  parseShortReference,
  parseSshRemote,
  parseWebPath,
  type Reference,
  type ResourceKind,
} from './references.js';
import type { StoredConfig } from './stored.js';

/** `https://h/gitlab` → `h/gitlab`, for messages. */
function hostLabel(host: string): string {
  const u = new URL(host);
  return `${u.host}${u.pathname.replace(/\/$/, '')}`;
}

/**
 * The one resolver of targets: `-p`/`-g` values, web URLs, references and git remotes become a
 * project or group on a host collab has credentials for, or a usage error. A URL on a known host
 * pins the run to that host.
 */
export class Targets {
  constructor(
    private readonly env: Env,
    private readonly host: RunHost,
    private readonly stored: StoredConfig,
    /** The git checkout collab runs in (its remotes). */
    private readonly checkout: Checkout,
    /** A notice for people (stderr): a checkout whose remote is on another host. */
    private readonly warn: (message: string) => void = () => undefined,
  ) {}

  /** The checkout's remote on another host was said (once a run). */
  private saidElsewhere = false;

  /**
   * The project: the value given (id, path, web URL, git remote), then COLLAB_PROJECT, then
   * CI_PROJECT_ID in CI, then the config default, then the git remote on the host in use.
   */
  project(explicit?: string, label = '--project'): string | undefined {
    if (explicit !== undefined) return this.target(explicit, label, 'project');
    if (this.env.COLLAB_PROJECT) return this.target(this.env.COLLAB_PROJECT, 'COLLAB_PROJECT', 'project');
    if (inCi(this.env) && this.env.CI_PROJECT_ID) return this.target(this.env.CI_PROJECT_ID, 'CI_PROJECT_ID', 'project');
    const configured = this.host.configDefault('project', 'string');
    if (configured) return this.target(configured.value as string, configured.where, 'project');
    let host: string;
    try {
      host = this.host.auth().host;
    } catch {
      return undefined;
    }
    const remotes = this.checkout.remotes();
    const path = projectFromGit(remotes, host);
    const elsewhere = path === undefined && !this.saidElsewhere ? remoteElsewhere(remotes, host) : undefined;
    if (elsewhere) {
      this.saidElsewhere = true;
      this.warn(elsewhere);
    }
    return path;
  }

  /** The git remote that points at `projectPath` on the host in use (a fork's checkout has one for its upstream too). */
  remoteFor(projectPath: string): GitRemote | undefined {
    const host = this.host.auth().host;
    const wanted = projectPath.toLowerCase();
    return this.checkout.remotes().find((remote) => projectFromGit([remote], host)?.toLowerCase() === wanted);
  }

  /**
   * Where a local branch pushes: its push remote, and the project that remote points at on the
   * host in use (none when it points elsewhere); undefined when the branch pushes nowhere set.
   */
  pushTarget(branch: string): { remote: string; project?: string } | undefined {
    const name = this.checkout.pushRemote(branch);
    if (name === undefined) return undefined;
    // A push URL decides (`git remote set-url --push origin <fork>`); a name no remote has is a URL to git.
    const remote = this.checkout.remotes().find((r) => r.name === name) ?? { name, url: name };
    let project: string | undefined;
    try {
      project = projectFromGit([{ name, url: remote.pushUrl ?? remote.url }], this.host.auth().host);
    } catch {
      project = undefined;
    }
    return { remote: name, project };
  }

  requireProject(explicit?: string, label?: string): string {
    const p = this.project(explicit, label);
    if (!p)
      throw new UsageError('no project given: use -p <id|group/project>, set COLLAB_PROJECT, or run inside a git checkout of the project');
    return p;
  }

  group(raw: string, label = '--group'): string {
    return this.target(raw, label, 'group');
  }

  /**
   * An issue, merge request or job given as a web URL (or an issue/MR as `group/project#42` /
   * `group/project!7`): its id and project. Undefined when the value is neither (a plain id).
   */
  resource(raw: string, kind: ResourceKind, label: string): { id: string; project: string } | undefined {
    const noun = kind.replace('_', ' ').replace(/s$/, '');
    if (isWebUrl(raw)) {
      const ref = parseReference(raw, label, 'project');
      if (ref.kind !== 'web') return undefined;
      const web = parseWebPath(this.locate(ref, raw));
      if (!web || web.kind !== kind || web.id === undefined || !/^\d+$/.test(web.id))
        throw new UsageError(`invalid value for ${label}: "${raw}" is not the URL of ${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`);
      return { id: web.id, project: cleanPath(web.path, label, 'project') };
    }
    const short = parseShortReference(raw.trim(), kind);
    if (short) return { id: short.id, project: this.target(short.path, label, 'project') };
    return undefined;
  }

  private target(raw: string, label: string, what: 'project' | 'group'): string {
    const ref = parseReference(raw, label, what);
    if (ref.kind === 'id') return ref.id;
    if (ref.kind === 'path') return ref.path;
    if (ref.kind === 'ssh') {
      this.locate(ref, raw);
      return ref.path;
    }
    const web = parseWebPath(this.locate(ref, raw));
    if (!web) throw new UsageError(`invalid value for ${label}: "${raw}" names no ${what}`);
    return cleanPath(web.path, label, what);
  }

  /**
   * Which known host a URL or ssh remote is on (its relative URL root included); pins the run to
   * it and returns the URL's path below the root. A host without credentials is refused.
   */
  private locate(ref: Extract<Reference, { kind: 'web' | 'ssh' }>, raw: string): string {
    const configured = this.host.configured();
    const known = [configured?.host, ...this.stored.tokenHosts()].filter((h): h is string => h !== undefined);
    const best = closestHost(ref, known);
    const named = ref.kind === 'web' ? ref.url.host : ref.hostname;
    if (!best) {
      const login = `run: ${shellLine`collab auth login --host ${`${ref.kind === 'web' ? ref.url.protocol : 'https:'}//${named}`}`}`;
      throw new UsageError(
        configured
          ? `this URL is on ${named} but collab is set up for ${hostLabel(configured.host)}; ${login}`
          : `this URL is on ${named} but collab has no credentials for it; ${login}`,
      );
    }
    const current = this.host.inUse;
    if (current !== undefined && current !== best.host)
      throw new UsageError(`"${raw}" is on ${hostLabel(best.host)}, but this command already works on ${hostLabel(current)}`);
    if (configured?.source === '--host' && best.host !== configured.host)
      throw new UsageError(
        `this URL is on ${hostLabel(best.host)} but --host is ${hostLabel(configured.host)}; drop --host or use a URL on that host`,
      );
    this.host.pin(best.host, raw);
    return best.rest;
  }
}

/** The known host a URL or remote is on, the one with the longest URL root if several, and the path below that root. */
function closestHost(ref: Extract<Reference, { kind: 'web' | 'ssh' }>, known: string[]): { host: string; rest: string } | undefined {
  let best: { host: string; rest: string; rootLength: number } | undefined;
  for (const host of known) {
    const u = new URL(host);
    const root = u.pathname.replace(/\/+$/, '');
    let rest: string | undefined;
    if (ref.kind === 'web') {
      const p = ref.url.pathname;
      if (ref.url.host === u.host && (root === '' || p === root || p.startsWith(`${root}/`))) rest = p.slice(root.length);
    } else if (ref.hostname === u.hostname) rest = ref.path;
    if (rest !== undefined && (!best || root.length > best.rootLength)) best = { host, rest, rootLength: root.length };
  }
  return best;
}

/** The project path of the first git remote (origin first) on `host`, below its relative URL root. */
export function projectFromGit(remotes: GitRemote[], host: string): string | undefined {
  const u = new URL(host);
  const root = u.pathname.replace(/\/+$/, '');
  for (const remote of remotes) {
    let path: string | undefined;
    if (isWebUrl(remote.url)) {
      let r: URL;
      try {
        r = new URL(remote.url);
      } catch {
        continue;
      }
      if (r.hostname !== u.hostname || (root !== '' && !r.pathname.startsWith(`${root}/`))) continue;
      path = r.pathname.slice(root.length);
    } else {
      const ssh = parseSshRemote(remote.url);
      if (!ssh || ssh.hostname !== u.hostname) continue;
      path = ssh.path;
    }
    try {
      return cleanPath(path, `the git remote ${remote.name}`, 'project');
    } catch {
      // not a project path: try the next remote
    }
  }
  return undefined;
}

/**
 * `remote origin is on github.com, not gitlab.example.com`: why a checkout gave no project, when
 * its first remote (origin first) is on another host than the one in use.
 */
export function remoteElsewhere(remotes: GitRemote[], host: string): string | undefined {
  const remote = remotes[0];
  if (!remote) return undefined;
  let where: string | undefined;
  if (isWebUrl(remote.url)) {
    try {
      where = new URL(remote.url).host;
    } catch {
      return undefined;
    }
  } else where = parseSshRemote(remote.url)?.hostname;
  const ours = new URL(host);
  if (where === undefined || where === ours.host || where === ours.hostname) return undefined;
  return `remote ${remote.name} is on ${where}, not ${ours.host}`;
}
