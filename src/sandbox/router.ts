import type { Flavor } from '../shared/flavor.js';
import type { Handler } from './context.js';

export type AuthMode =
  /** 401 without a user (the default). */
  | 'required'
  /** Anonymous callers get through; the handler shows them public data only. */
  | 'optional';

export interface RouteOptions {
  auth?: AuthMode;
  /**
   * The CI job token authenticates here (GitLab's `route_setting :authentication,
   * job_token_allowed: true`); elsewhere it authenticates nobody (401). `true`: for the token's own
   * project (and projects whose allowlist names it); `'public'`: for any public project too (the
   * artifact downloads). Another project refuses it with GitLab's allowlist 403
   * (project-route.ts `checkJobTokenReach`).
   */
  jobToken?: boolean | 'public';
  /** The handler reads the body itself, streamed (`ctx.bodyStream`): generic package uploads. */
  streamBody?: boolean;
}

interface Route {
  method: string;
  segments: string[];
  /** Lower sorts first: literal segments beat parameters, which beat a wildcard. */
  rank: string;
  handler: Handler;
  options: RouteOptions;
}

/**
 * One route of a table: the method, the pattern and a named handler. Each route family exports a
 * table (`approvalRoutes` in routes/approvals.ts); `buildRouter` adds the tables, each route
 * served by its flavour only when it names one.
 */
export interface RouteEntry {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  handler: Handler;
  options?: RouteOptions;
  /** Served by this flavour only: GitLab's routes the spec lacks (the spec flavour answers 404). */
  flavor?: Flavor;
}

export type RouteTable = readonly RouteEntry[];

export interface RouteMatch {
  handler: Handler;
  options: RouteOptions;
  pathParams: Record<string, string>;
}

export type RouteLookup = { match: RouteMatch } | { allowed: string[] } | { notFound: true };

/**
 * Matches raw (still percent-encoded) path segments, so `acme%2Fplatform%2Fapi` stays one segment;
 * each captured value is decoded afterwards. `*name` captures one or more segments (the rest of
 * the path, or up to a literal tail such as `/download`).
 */
export class Router {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: Handler, options: RouteOptions = {}): void {
    const segments = pattern.split('/').filter((s) => s !== '');
    const rank = segments.map((s) => (s.startsWith('*') ? '2' : s.startsWith(':') ? '1' : '0')).join('');
    this.routes.push({ method, segments, rank, handler, options });
  }

  /** Every route of a table, in its order, leaving out those of another flavour. */
  addTable(table: RouteTable, flavor: Flavor): void {
    for (const route of table) {
      if (route.flavor === undefined || route.flavor === flavor) this.add(route.method, route.path, route.handler, route.options);
    }
  }

  get(pattern: string, handler: Handler, options?: RouteOptions): void {
    this.add('GET', pattern, handler, options);
  }
  post(pattern: string, handler: Handler, options?: RouteOptions): void {
    this.add('POST', pattern, handler, options);
  }
  put(pattern: string, handler: Handler, options?: RouteOptions): void {
    this.add('PUT', pattern, handler, options);
  }
  delete(pattern: string, handler: Handler, options?: RouteOptions): void {
    this.add('DELETE', pattern, handler, options);
  }

  /** Every registered `METHOD /pattern`, for coverage checks. */
  list(): string[] {
    return this.routes.map((r) => `${r.method} /${r.segments.join('/')}`);
  }

  lookup(method: string, rawSegments: string[]): RouteLookup {
    let best: { route: Route; params: Record<string, string> } | undefined;
    const allowed = new Set<string>();
    const wanted = method === 'HEAD' ? 'GET' : method;
    for (const route of this.routes) {
      const params = matchSegments(route.segments, rawSegments);
      if (!params) continue;
      if (route.method !== wanted) {
        allowed.add(route.method);
        continue;
      }
      if (!best || route.rank < best.route.rank) best = { route, params };
    }
    if (best) return { match: { handler: best.route.handler, options: best.route.options, pathParams: best.params } };
    if (allowed.size > 0) return { allowed: [...allowed] };
    return { notFound: true };
  }
}

function matchSegments(pattern: string[], raw: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i];
    if (part.startsWith('*')) {
      // A wildcard takes one or more segments: the shortest run that lets the rest of the pattern match.
      for (let end = i + 1; end <= raw.length; end++) {
        const rest = matchSegments(pattern.slice(i + 1), raw.slice(end));
        if (rest) return { ...params, [part.slice(1)]: raw.slice(i, end).map(safeDecode).join('/'), ...rest };
      }
      return undefined;
    }
    if (i >= raw.length) return undefined;
    if (part.startsWith(':')) {
      if (raw[i] === '') return undefined;
      params[part.slice(1)] = safeDecode(raw[i]);
    } else if (part !== raw[i]) {
      return undefined;
    }
  }
  return pattern.length === raw.length ? params : undefined;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
