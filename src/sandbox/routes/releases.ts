import { canReadProject } from '../access.js';
import { ciProject, requireRole } from '../ci-access.js';
import { LINK_TYPES, type LinkType, type Release, type ReleaseLink } from '../ci-state.js';
import type { Ctx } from '../context.js';
import { RELEASE, RELEASE_LINK, sortedLinks } from '../entities/releases.js';
import { show } from '../entity.js';
import { forbidden, HttpError, notFound } from '../errors.js';
import { enumParam, sortItems, timeParam } from '../filters.js';
import { DEVELOPER, MAINTAINER, type Project } from '../model.js';
import { paginate } from '../pagination.js';
import { headOf, refKind } from '../pipeline-runner.js';
import { created, json, type Reply } from '../reply.js';
import type { RouteTable } from '../router.js';
import { linkErrors, readLinks } from './release-links.js';

/**
 * GitLab's releases API (lib/api/releases.rb, doc/api/releases/_index.md), GitLab flavour only.
 * Every route takes the CI job token (`route_setting :authentication, job_token_allowed: true`;
 * doc/ci/jobs/ci_job_token.md "Releases API: all endpoints"). Errors as GitLab's services word
 * them (app/services/releases/create_service.rb, update_service.rb, destroy_service.rb).
 */

/** `read_release`: whoever can see the project. */
function requireReleasesProject(ctx: Ctx): Project {
  const project = ciProject(ctx);
  if (!canReadProject(ctx.store, ctx.user, project)) throw notFound('Project');
  return project;
}

/** `not_found!` without a resource (lib/api/helpers.rb), unlike ActiveRecord::RecordNotFound's `404 Not found`. */
const notFoundBang = (): HttpError => new HttpError(404, { message: '404 Not Found' });

const byTag = (ctx: Ctx, project: Project): Release | undefined => ctx.store.ci.releaseByTag(project.id, ctx.path.tag_name);

function listReleases(ctx: Ctx): Reply {
  const project = requireReleasesProject(ctx);
  const orderBy = enumParam(ctx, 'order_by', ['released_at', 'created_at']) ?? 'released_at';
  const sort = enumParam(ctx, 'sort', ['asc', 'desc']) ?? 'desc';
  const [after, before] = [timeParam(ctx, 'updated_after'), timeParam(ctx, 'updated_before')];
  const list = ctx.store.ci
    .projectReleases(project.id)
    .filter((r) => (after === undefined || r.createdAt > after) && (before === undefined || r.createdAt < before));
  const sorted = sortItems(list, (r) => (orderBy === 'released_at' ? r.releasedAt : r.createdAt), sort);
  return paginate(ctx, sorted, (r) => show(ctx, RELEASE, r));
}

function showRelease(ctx: Ctx): Reply {
  const release = byTag(ctx, requireReleasesProject(ctx));
  if (!release) throw notFoundBang();
  return json(show(ctx, RELEASE, release, { single: true }));
}

/** `…/releases/permalink/latest[/suffix]`: a 302 to the latest release's path, the query kept but `order_by`. */
function latestRelease(ctx: Ctx): Reply {
  const project = requireReleasesProject(ctx);
  const [latest] = sortItems(ctx.store.ci.projectReleases(project.id), (r) => r.releasedAt, 'desc');
  if (!latest) throw notFoundBang();
  const query = new URLSearchParams(ctx.rawQuery);
  query.delete('order_by');
  const suffix = ctx.path.suffix_path ? `/${ctx.path.suffix_path}` : '';
  const rest = query.toString();
  return {
    kind: 'redirect',
    status: 302,
    location: `/api/v4/projects/${project.id}/releases/${encodeURIComponent(latest.tag)}${suffix}${rest ? `?${rest}` : ''}`,
  };
}

/** `…/releases/:tag_name/downloads/*direct_asset_path`: a 302 to the link with that path. */
function downloadAsset(ctx: Ctx): Reply {
  const release = byTag(ctx, requireReleasesProject(ctx));
  if (!release) throw notFoundBang();
  // `release.links.find_by_filepath!`: ActiveRecord::RecordNotFound.
  const link = release.links.find((l) => l.directAssetPath === `/${ctx.path.direct_asset_path}`);
  if (!link) throw notFound();
  return { kind: 'redirect', status: 302, location: link.url };
}

function milestoneIds(ctx: Ctx, project: Project): number[] | undefined {
  const titles = ctx.params.strArray('milestones');
  const ids = ctx.params.intArray('milestone_ids');
  if (titles !== undefined && ids !== undefined)
    throw new HttpError(400, { error: 'Cannot specify milestones and milestone_ids at the same time' });
  if (titles !== undefined) {
    const missing = titles.filter((t) => !ctx.store.milestoneByTitle(project.id, t));
    if (missing.length > 0) throw new HttpError(400, { message: `Milestone(s) not found: ${missing.join(', ')}` });
    return titles.map((t) => ctx.store.milestoneByTitle(project.id, t)?.id as number);
  }
  if (ids !== undefined) {
    const missing = ids.filter((id) => ctx.store.milestones.get(id)?.projectId !== project.id);
    if (missing.length > 0) throw new HttpError(400, { message: `Milestone id(s) not found: ${missing.join(', ')}` });
  }
  return ids;
}

/** The tag of the release: an existing one, or one made from `ref`. */
function ensureTag(ctx: Ctx, project: Project, tag: string): string {
  const tags = ctx.store.ci.projectTags(project.id);
  const existing = tags.get(tag);
  if (existing) return existing;
  const ref = ctx.params.str('ref');
  if (!ref) throw new HttpError(422, { message: 'Ref is not specified' });
  const known = /^[0-9a-f]{40}$/.test(ref) || refKind(ctx.store, project, ref) !== undefined;
  // Tags::CreateService: `error("Target #{target} is invalid", 400)`.
  if (!known) throw new HttpError(400, { message: `Target ${ref} is invalid` });
  const target = /^[0-9a-f]{40}$/.test(ref) ? ref : headOf(ctx.store, project, ref);
  tags.set(tag, target);
  return target;
}

function createRelease(ctx: Ctx): Reply {
  const project = ciProject(ctx);
  const user = requireRole(ctx, project, DEVELOPER);
  const tag = ctx.params.str('tag_name');
  if (!tag) throw new HttpError(400, { error: 'tag_name is missing' });
  const linkParams = readLinks(ctx);
  const releasedAt = timeParam(ctx, 'released_at');
  if (ctx.store.ci.releaseByTag(project.id, tag)) throw new HttpError(409, { message: 'Release already exists' });
  const milestones = milestoneIds(ctx, project) ?? [];
  const sha = ensureTag(ctx, project, tag);
  // `release.save!` fails on the links (the tag stays made): `rescue StandardError => e; error(e.message, 400)`.
  const errors = linkErrors(linkParams, []);
  if (errors.length > 0)
    throw new HttpError(400, { message: `Validation failed: ${errors.map((e) => `Links ${e[0].toLowerCase()}${e.slice(1)}`).join(', ')}` });
  const now = ctx.store.now();
  const ci = ctx.store.ci;
  const release: Release = {
    ...{ id: ci.nextId('release'), projectId: project.id, tag, name: ctx.params.str('name') ?? tag },
    ...{ description: ctx.params.str('description') ?? null, createdAt: now, releasedAt: releasedAt ?? now, authorId: user.id },
    ...{ sha, milestoneIds: milestones, links: [] },
    // Releases::CreateService: no evidence for upcoming and historical releases.
    evidenceAt: releasedAt === undefined ? now : null,
  };
  release.links = linkParams.map((l) => ({ ...l, id: ci.nextId('link'), createdAt: now }));
  ci.releases.set(release.id, release);
  return created(show(ctx, RELEASE, release, { single: true }));
}

/** `authorize! :update_release, release`: 403 when there is no such release. */
function requireRelease(ctx: Ctx, level: number): Release {
  const project = ciProject(ctx);
  const release = byTag(ctx, project);
  requireRole(ctx, project, level);
  if (!release) throw forbidden();
  return release;
}

function updateRelease(ctx: Ctx): Reply {
  const release = requireRelease(ctx, DEVELOPER);
  const project = ciProject(ctx);
  const changes = ['name', 'description', 'released_at', 'milestones', 'milestone_ids'].filter((n) => ctx.params.has(n));
  if (changes.length === 0) throw new HttpError(400, { message: 'params is empty' });
  const releasedAt = timeParam(ctx, 'released_at');
  const milestones = milestoneIds(ctx, project);
  if (ctx.params.has('name')) release.name = ctx.params.str('name') ?? release.name;
  if (ctx.params.has('description')) release.description = ctx.params.str('description') ?? null;
  if (releasedAt !== undefined) release.releasedAt = releasedAt;
  if (milestones !== undefined) release.milestoneIds = milestones;
  return json(show(ctx, RELEASE, release, { single: true }));
}

/** Deleting a release keeps its tag; the answer is the release as it was. */
function deleteRelease(ctx: Ctx): Reply {
  const release = requireRelease(ctx, MAINTAINER);
  const body = show(ctx, RELEASE, release, { single: true });
  ctx.store.ci.releases.delete(release.id);
  return json(body);
}

// ---- links (lib/api/release/links.rb, doc/api/releases/links.md) -------------------------------

function requireLinkRelease(ctx: Ctx): { project: Project; release: Release } {
  const project = requireReleasesProject(ctx);
  const release = byTag(ctx, project);
  // `find_by_tag!`: ActiveRecord::RecordNotFound.
  if (!release) throw notFound();
  return { project, release };
}

const showLink = (ctx: Ctx, release: Release, link: ReleaseLink) =>
  show(ctx, RELEASE_LINK, { ...link, tag: release.tag, projectId: release.projectId });

function requireLink(ctx: Ctx, release: Release): ReleaseLink {
  if (!/^\d+$/.test(ctx.path.link_id)) throw new HttpError(400, { error: 'link_id is invalid' });
  const link = release.links.find((l) => l.id === Number(ctx.path.link_id));
  if (!link) throw notFound();
  return link;
}

function listLinks(ctx: Ctx): Reply {
  const { release } = requireLinkRelease(ctx);
  return paginate(ctx, sortedLinks(release), (l) => showLink(ctx, release, l));
}

function getLink(ctx: Ctx): Reply {
  const { release } = requireLinkRelease(ctx);
  return json(showLink(ctx, release, requireLink(ctx, release)));
}

function linkType(ctx: Ctx): LinkType | undefined {
  return enumParam(ctx, 'link_type', LINK_TYPES);
}

function createLink(ctx: Ctx): Reply {
  const { project, release } = requireLinkRelease(ctx);
  requireRole(ctx, project, DEVELOPER);
  const missing = ['name', 'url'].filter((n) => !ctx.params.has(n));
  if (missing.length > 0) throw new HttpError(400, { error: missing.map((n) => `${n} is missing`).join(', ') });
  const type = linkType(ctx) ?? 'other';
  const path = ctx.params.str('direct_asset_path') ?? ctx.params.str('filepath') ?? null;
  const link = { name: ctx.params.str('name') ?? '', url: ctx.params.str('url') ?? '', directAssetPath: path, linkType: type };
  const errors = linkErrors([link], release.links);
  if (errors.length > 0) throw new HttpError(400, { message: errors });
  const added = { ...link, id: ctx.store.ci.nextId('link'), createdAt: ctx.store.now() };
  release.links.push(added);
  return created(showLink(ctx, release, added));
}

function updateLink(ctx: Ctx): Reply {
  const { project, release } = requireLinkRelease(ctx);
  requireRole(ctx, project, DEVELOPER);
  const link = requireLink(ctx, release);
  if (!ctx.params.has('name') && !ctx.params.has('url'))
    throw new HttpError(400, { error: 'name, url are missing, at least one parameter must be provided' });
  const type = linkType(ctx) ?? 'other';
  const path = ctx.params.str('direct_asset_path') ?? ctx.params.str('filepath');
  const next = {
    name: ctx.params.str('name') ?? link.name,
    url: ctx.params.str('url') ?? link.url,
    directAssetPath: path === undefined ? link.directAssetPath : path,
    linkType: type,
  };
  const errors = linkErrors(
    [next],
    release.links.filter((l) => l !== link),
  );
  if (errors.length > 0) throw new HttpError(400, { message: errors });
  Object.assign(link, next);
  return json(showLink(ctx, release, link));
}

function deleteLink(ctx: Ctx): Reply {
  const { project, release } = requireLinkRelease(ctx);
  requireRole(ctx, project, DEVELOPER);
  const link = requireLink(ctx, release);
  release.links.splice(release.links.indexOf(link), 1);
  return json(showLink(ctx, release, link));
}

const R = '/projects/:id/releases';
const LINKS = `${R}/:tag_name/assets/links`;
/** doc/ci/jobs/ci_job_token.md: a public or internal project's releases are read without its allowlist. */
const READ = { jobToken: 'public', auth: 'optional' } as const;
const WRITE = { jobToken: true } as const;
const G = 'gitlab';

export const releaseRoutes: RouteTable = [
  { method: 'GET', path: R, handler: listReleases, options: READ, flavor: G },
  { method: 'GET', path: `${R}/permalink/latest`, handler: latestRelease, options: READ, flavor: G },
  { method: 'GET', path: `${R}/permalink/latest/*suffix_path`, handler: latestRelease, options: READ, flavor: G },
  { method: 'GET', path: `${R}/:tag_name`, handler: showRelease, options: READ, flavor: G },
  { method: 'GET', path: `${R}/:tag_name/downloads/*direct_asset_path`, handler: downloadAsset, options: READ, flavor: G },
  { method: 'POST', path: R, handler: createRelease, options: WRITE, flavor: G },
  { method: 'PUT', path: `${R}/:tag_name`, handler: updateRelease, options: WRITE, flavor: G },
  { method: 'DELETE', path: `${R}/:tag_name`, handler: deleteRelease, options: WRITE, flavor: G },
  { method: 'GET', path: LINKS, handler: listLinks, options: READ, flavor: G },
  { method: 'POST', path: LINKS, handler: createLink, options: WRITE, flavor: G },
  { method: 'GET', path: `${LINKS}/:link_id`, handler: getLink, options: READ, flavor: G },
  { method: 'PUT', path: `${LINKS}/:link_id`, handler: updateLink, options: WRITE, flavor: G },
  { method: 'DELETE', path: `${LINKS}/:link_id`, handler: deleteLink, options: WRITE, flavor: G },
];
