import { paginate } from '../api/paginate.js';
import { fillPath } from '../api/path.js';
import type { Context } from '../context.js';
import { ApiError, UsageError } from '../errors.js';
import type { LookupKind, Values } from './inputs.js';
import { findJobByName, parseJob } from './job-lookup.js';
import { parseId } from './validate.js';

/**
 * Names given where the API takes numeric ids: users by username, projects and groups by path,
 * labels by name. A value is checked when the command line is read (nothing sent yet); a name is
 * looked up right before the command's own request. A name that matches nothing is an API answer,
 * exit 1 like any other: a request was sent.
 */
interface Lookup {
  /** The id given, or the name to look up; a usage error for what can be neither. */
  parse(ctx: Context, raw: string, label: string): number | string;
  /** The id of a name. */
  find(ctx: Context, name: string, v: Values): Promise<number>;
}

/** `@me`: the user the token belongs to (`GET /user`). */
const ME = '@me';

const user: Lookup = {
  parse(_ctx, raw, label) {
    const given = raw.trim();
    if (given.toLowerCase() === ME) return ME;
    const s = given.replace(/^@/, '');
    if (s === '') throw new UsageError(`invalid value for ${label}: empty`);
    if (s.includes(',')) throw new UsageError(`invalid value for ${label}: one user here, not a list ("${raw}")`);
    return /^\d+$/.test(s) ? parseId(s, label) : s;
  },
  async find(ctx, username) {
    if (username === ME) {
      const res = await ctx.api().request<{ id?: unknown }>({ method: 'GET', path: '/user', expect: { kind: 'object', key: 'id' } });
      return res.data.id as number;
    }
    const res = await ctx
      .api()
      .request<{ id: number; username: string }[]>({ method: 'GET', path: '/users', query: { username }, expect: { kind: 'list' } });
    const found = Array.isArray(res.data) ? res.data.find((u) => u.username?.toLowerCase() === username.toLowerCase()) : undefined;
    if (!found) throw notFound(`no user with username "${username}"`, 'list users with `collab user list --search <text>`');
    return found.id;
  },
};

/** A project or group: id, full path or web URL; a path is read with `GET /projects/:id` (or `/groups/:id`). */
function namespaced(kind: 'project' | 'group'): Lookup {
  return {
    parse(ctx, raw, label) {
      // A URL or remote is checked against the host in use like any other.
      const reference = kind === 'project' ? ctx.settings.requireProject(raw, label) : ctx.settings.group(raw, label);
      return /^\d+$/.test(reference) ? parseId(reference, label) : reference;
    },
    async find(ctx, path) {
      const res = await ctx.api().request({ method: 'GET', path: fillPath(`/${kind}s/:id`, { id: path }) });
      const id = (res.data as { id?: unknown } | null)?.id;
      if (typeof id !== 'number') throw new ApiError(`${res.status} the ${kind} ${path} came back without an id`, res.status);
      return id;
    },
  };
}

/** A name as given (a label's, a milestone's title: never read as an id), refused when empty. */
function nonEmpty(_ctx: Context, raw: string, flag: string): string {
  if (raw.trim() === '') throw new UsageError(`invalid value for ${flag}: it is empty`);
  return raw;
}

/**
 * A project label by name (exact, else the only case-insensitive match). The spec describes no
 * labels endpoint; real servers offer `GET /projects/:id/labels`.
 */
const label: Lookup = {
  parse: nonEmpty,
  async find(ctx, name, v) {
    const path = fillPath('/projects/:project/labels', { project: v.project });
    let caseInsensitive: number | undefined;
    for await (const l of paginate<{ id: number; name: string }>(
      ctx.api(),
      { method: 'GET', path },
      { perPage: 100, all: true, unique: true },
    )) {
      if (l.name === name) return l.id;
      if (caseInsensitive === undefined && l.name?.toLowerCase() === name.toLowerCase()) caseInsensitive = l.id;
    }
    if (caseInsensitive !== undefined) return caseInsensitive;
    throw notFound(`no label named "${name}" in project ${v.project}`, 'give the label id with --label-id');
  },
};

/**
 * A project milestone by its title (exact; milestones of the project's groups too, where the
 * server offers them). The spec describes no milestones endpoint; real servers offer
 * `GET /projects/:id/milestones?title=`. A title is never read as an id: that is `--milestone-id`.
 */
const milestone: Lookup = {
  parse: nonEmpty,
  async find(ctx, title, v) {
    const path = fillPath('/projects/:project/milestones', { project: v.project });
    const res = await ctx.api().request<{ id: number; title: string }[]>({
      method: 'GET',
      path,
      query: { title, include_ancestors: true },
      expect: { kind: 'list' },
    });
    const found = Array.isArray(res.data) ? res.data.find((m) => m.title === title) : undefined;
    if (!found) throw notFound(`no milestone titled "${title}" in project ${v.project}`, 'give the milestone id with --milestone-id');
    return found.id;
  },
};

/** A job by its id, or by its name in a pipeline (src/executor/job-lookup.ts). */
const job: Lookup = { parse: (_ctx, raw, label) => parseJob(raw, label), find: findJobByName };

const LOOKUPS: Record<LookupKind, Lookup> = { user, project: namespaced('project'), group: namespaced('group'), label, milestone, job };

/** Names that mean the same thing to the server, whatever their case. */
const CASE_BLIND: ReadonlySet<LookupKind> = new Set(['user', 'project', 'group']);

function notFound(what: string, hint: string): ApiError {
  return new ApiError(`404 ${what}`, 404, undefined, hint);
}

/** A value as given: its id, or the name to look up (checked now, before anything is sent). */
export function parseReference(ctx: Context, kind: LookupKind, raw: string, label: string): number | string {
  return LOOKUPS[kind].parse(ctx, raw, label);
}

/** GitLab's `None` or `Any` for a user filter's `none` or `any`, any case; undefined for anything else. */
export function userWildcard(raw: string): 'None' | 'Any' | undefined {
  const word = raw.trim().toLowerCase();
  return word === 'none' ? 'None' : word === 'any' ? 'Any' : undefined;
}

/** Whether a value that `parseReference` accepted is the user the token belongs to. */
export const isMe = (ref: unknown): boolean => ref === ME;

/** The id of a value that `parseReference` accepted; each name is looked up once per run. */
export async function resolveReference(ctx: Context, kind: LookupKind, ref: number | string, v: Values): Promise<number> {
  if (typeof ref === 'number') return ref;
  const where = kind === 'label' || kind === 'milestone' ? `${v.project}:` : '';
  const key = `lookup:${kind}:${where}${CASE_BLIND.has(kind) ? ref.toLowerCase() : ref}`;
  return ctx.remember(key, () => LOOKUPS[kind].find(ctx, ref, v));
}
