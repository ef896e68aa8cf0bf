import { excerpt, UsageError } from '../errors.js';

/**
 * What a user wrote for a project, a group or a resource, read without knowing the hosts: an id, a
 * path, a web URL or a git remote. Which host a URL or remote names is decided by the resolver
 * (config/targets.ts), which also strips an instance's relative URL root.
 */
export type Reference =
  | { kind: 'id'; id: string }
  | { kind: 'path'; path: string }
  /** An http(s) URL: the resolver maps its host and path to a configured instance. */
  | { kind: 'web'; url: URL }
  /** A git remote over ssh (`git@host:group/proj.git`, `ssh://git@host:2222/group/proj.git`). */
  | { kind: 'ssh'; hostname: string; path: string };

export type ResourceKind = 'issues' | 'merge_requests' | 'jobs' | 'pipelines';

/** The parts of a web URL's path below the instance root. */
interface WebPath {
  /** Project or group full path. */
  path: string;
  kind?: string;
  id?: string;
}

const KINDS = ['issues', 'merge_requests', 'jobs', 'pipelines', 'boards', 'work_items', 'milestones'];
// GitLab's own rule for a namespace or project path segment. The ASCII rule decides the usual
// case alone: compiling the Unicode classes costs a start ~0.5 ms.
const SEGMENT = /^[\p{L}\p{N}_][\p{L}\p{N}_.-]*$/u;
const ASCII_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

export function isWebUrl(value: string): boolean {
  return /^https?:\/\//i.test(value.trim());
}

function fail(label: string, raw: string, reason: string): never {
  throw new UsageError(`invalid value for ${label}: "${excerpt(raw, 80)}" ${reason}`);
}

/**
 * A project or group path as the API wants it: percent-encoding undone, slashes and `.git`
 * trimmed, every segment a valid GitLab path segment.
 */
export function cleanPath(raw: string, label: string, what: 'project' | 'group'): string {
  let p = raw;
  if (p.includes('%')) {
    try {
      p = decodeURIComponent(p);
    } catch {
      fail(label, raw, 'is not a valid percent-encoded path');
    }
  }
  p = p.replace(/^\/+|\/+$/g, '').replace(/\.git$/, '');
  const segments = p.split('/');
  if (p === '' || segments.some((s) => !(ASCII_SEGMENT.test(s) || SEGMENT.test(s)) || /^\.+$/.test(s)))
    fail(label, raw, `is not a ${what} id or full path (${what === 'project' ? 'group/project' : 'group/subgroup'})`);
  if (what === 'project' && segments.length < 2)
    fail(label, raw, 'is not a project id or full path: a project path has its group in front (group/project)');
  return segments.join('/');
}

/** Reads a project or group reference; throws a usage error for anything that cannot be one. */
export function parseReference(raw: string, label: string, what: 'project' | 'group'): Reference {
  const v = raw.trim();
  if (v === '') fail(label, raw, 'is empty');
  if (/^\d+$/.test(v)) {
    if (/^0+$/.test(v)) fail(label, raw, `is not a ${what} id (ids start at 1)`);
    return { kind: 'id', id: String(Number(v)) };
  }
  if (/^[+-]/.test(v) || /^\d*\.?\d+(?:e[+-]?\d+)?$/i.test(v) || /^0x[0-9a-f]+$/i.test(v))
    fail(label, raw, `is not a ${what} id (a positive whole number) or a full path`);
  if (isWebUrl(v)) {
    let url: URL;
    try {
      url = new URL(v);
    } catch {
      fail(label, raw, 'is not a valid URL');
    }
    return { kind: 'web', url };
  }
  const remote = parseSshRemote(v);
  if (remote) return { kind: 'ssh', hostname: remote.hostname, path: cleanPath(remote.path, label, what) };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(v)) fail(label, raw, 'is not an http(s) or ssh URL');
  return { kind: 'path', path: cleanPath(v, label, what) };
}

/** `git@host:group/proj.git`, `ssh://git@host:2222/group/proj.git`, `git+ssh://…`, `git://…`. */
export function parseSshRemote(value: string): { hostname: string; path: string } | undefined {
  const v = value.trim();
  if (/^(?:ssh|git\+ssh|ssh\+git|git):\/\//i.test(v)) {
    try {
      const u = new URL(v);
      return { hostname: u.hostname.toLowerCase(), path: u.pathname };
    } catch {
      return undefined;
    }
  }
  const scp = /^(?:[^@/\s:]+@)?([^:/\s]+):(?!\/\/)\/?([^\s]+)$/.exec(v);
  if (scp && !/^[a-z]$/i.test(scp[1]!)) return { hostname: scp[1]!.toLowerCase(), path: scp[2]! };
  return undefined;
}

/** Splits a web URL's path below the instance root into the project/group path and what it shows. */
export function parseWebPath(pathname: string): WebPath | undefined {
  let segments: string[];
  try {
    segments = pathname
      .split('/')
      .filter((s) => s !== '')
      .map((s) => decodeURIComponent(s));
  } catch {
    return undefined;
  }
  if (segments[0] === 'groups') segments.shift();
  const dash = segments.indexOf('-');
  let pathParts: string[];
  let rest: string[];
  if (dash >= 0) {
    pathParts = segments.slice(0, dash);
    rest = segments.slice(dash + 1);
  } else {
    // Before GitLab 12 resource pages had no `/-/`: `group/project/issues/42`.
    const k = segments.findIndex((s, i) => i >= 2 && KINDS.includes(s));
    pathParts = k >= 0 ? segments.slice(0, k) : segments;
    rest = k >= 0 ? segments.slice(k) : [];
  }
  if (pathParts.length === 0) return undefined;
  const ref: WebPath = { path: pathParts.join('/') };
  if (rest.length >= 1 && KINDS.includes(rest[0]!)) {
    // Newer GitLab shows issues as work items, and an incident (an issue) at issues/incident/:iid.
    ref.kind = rest[0] === 'work_items' ? 'issues' : rest[0];
    const id = rest[0] === 'issues' && rest[1] === 'incident' ? rest[2] : rest[1];
    if (id !== undefined) ref.id = id;
  }
  return ref;
}

/** `group/project#42` (an issue) or `group/project!7` (a merge request). */
export function parseShortReference(raw: string, kind: ResourceKind): { path: string; id: string } | undefined {
  const sigil = kind === 'issues' ? '#' : kind === 'merge_requests' ? '!' : undefined;
  if (!sigil) return undefined;
  const at = raw.lastIndexOf(sigil);
  if (at <= 0) return undefined;
  const id = raw.slice(at + 1);
  if (!/^\d+$/.test(id)) return undefined;
  return { path: raw.slice(0, at), id };
}

/** Whether a URL's host names this machine: decided on the literal, never on a name's prefix. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost') return true;
  if (h === '::1') return true;
  // IPv4-mapped IPv6, as the URL parser writes it: ::ffff:7f00:1 is 127.0.0.1.
  const mapped = /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(h);
  if (mapped) return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  return v4 !== null && Number(v4[1]) === 127 && v4.slice(2).every((o) => Number(o) <= 255);
}
