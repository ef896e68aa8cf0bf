import { canReadProject, projectAccess } from '../access.js';
import type { Release, ReleaseLink } from '../ci-state.js';
import { entity, gitlab, render, type View } from '../entity.js';
import { DEVELOPER, REPORTER } from '../model.js';
import { sha } from '../shas.js';
import { iso } from '../time.js';
import { COMMIT } from './commits.js';
import { MILESTONE, userBasic } from './common.js';

const webUrl = (v: View, projectId: number): string => {
  const project = v.store.projects.get(projectId);
  return project ? v.store.projectWebUrl(project) : v.store.baseUrl;
};

const role = (v: View, projectId: number): number => {
  const project = v.store.projects.get(projectId);
  if (!project || !v.viewer) return 0;
  return v.viewer.admin ? 50 : projectAccess(v.store, v.viewer, project);
};

/** `download_code` (`read_code`): reporters, or anyone who can see a project that is not private. */
export function canDownloadCode(v: View, projectId: number): boolean {
  const project = v.store.projects.get(projectId);
  if (!project) return false;
  return role(v, projectId) >= REPORTER || (project.visibility !== 'private' && canReadProject(v.store, v.viewer, project));
}

/** `Releases::Link` (lib/api/entities/releases/link.rb); `direct_asset_url` by Releases::LinkPresenter. */
export const RELEASE_LINK = entity<ReleaseLink & { tag: string; projectId: number }>('Releases::Link: lib/api/entities/releases/link.rb', {
  id: gitlab((l) => l.id),
  name: gitlab((l) => l.name),
  url: gitlab((l) => l.url),
  direct_asset_url: gitlab((l, v) =>
    l.directAssetPath ? `${webUrl(v, l.projectId)}/-/releases/${encodeURIComponent(l.tag)}/downloads${l.directAssetPath}` : l.url,
  ),
  link_type: gitlab((l) => l.linkType),
});

const ARCHIVES = ['zip', 'tar.gz', 'tar.bz2', 'tar'];

function sources(r: Release, v: View): { format: string; url: string }[] {
  const project = v.store.projects.get(r.projectId);
  const base = `${webUrl(v, r.projectId)}/-/archive/${r.tag}/${project?.path ?? 'project'}-${r.tag.replace(/\//g, '-')}`;
  return ARCHIVES.map((format) => ({ format, url: `${base}.${format}` }));
}

/** Links newest first (`Releases::Link.sorted`). */
export const sortedLinks = (r: Release): ReleaseLink[] => [...r.links].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);

function milestones(r: Release, v: View): Record<string, unknown>[] {
  return r.milestoneIds.flatMap((id) => {
    const m = v.store.milestones.get(id);
    if (!m) return [];
    const issues = v.store.projectIssues(m.projectId).filter((i) => i.milestoneId === id);
    return [
      { ...render(MILESTONE, m, v), issue_stats: { total: issues.length, closed: issues.filter((i) => i.state === 'closed').length } },
    ];
  });
}

function links(r: Release, v: View): Record<string, string> {
  const web = webUrl(v, r.projectId);
  const tag = encodeURIComponent(r.tag);
  const filter = (kind: string, state: string) => `${web}/-/${kind}?release_tag=${tag}&scope=all&state=${state}`;
  return {
    closed_issues_url: filter('issues', 'closed'),
    closed_merge_requests_url: filter('merge_requests', 'closed'),
    ...(role(v, r.projectId) >= DEVELOPER ? { edit_url: `${web}/-/releases/${tag}/edit` } : {}),
    merged_merge_requests_url: filter('merge_requests', 'merged'),
    opened_issues_url: filter('issues', 'opened'),
    opened_merge_requests_url: filter('merge_requests', 'opened'),
    self: `${web}/-/releases/${tag}`,
  };
}

/**
 * `Release` (lib/api/entities/release.rb, basic_release_details.rb): what GitLab shows only to those
 * who may read the code (`tag_name`, `commit`, the archive `sources`, `evidences`) is left out for
 * the others, as GitLab's `can_read_code?` conditions do.
 */
export const RELEASE = entity<Release>(
  'Release: lib/api/entities/release.rb, lib/api/entities/basic_release_details.rb',
  {
    name: gitlab((r) => r.name),
    tag_name: gitlab(
      (r) => r.tag,
      (r, v) => canDownloadCode(v, r.projectId),
    ),
    description: gitlab((r) => r.description),
    created_at: gitlab((r) => iso(r.createdAt)),
    released_at: gitlab((r) => iso(r.releasedAt)),
    upcoming_release: gitlab((r, v) => r.releasedAt > v.store.now()),
    author: gitlab(
      (r, v) => userBasic(v, r.authorId),
      (r, v) => r.authorId !== null && v.store.users.has(r.authorId),
    ),
    commit: gitlab(
      (r, v) => {
        const author = v.store.users.get(r.authorId ?? 1) ?? v.store.users.get(1);
        const title = `Release ${r.tag}`;
        const commit = { id: r.sha, short_id: r.sha.slice(0, 8), title, message: `${title}\n`, created_at: r.createdAt - 600_000 };
        const who = { author_name: author?.name ?? 'Administrator', author_email: author?.email ?? 'admin@example.com' };
        return render(COMMIT, { ...commit, ...who, webUrl: `${webUrl(v, r.projectId)}/-/commit/${r.sha}`, parentIds: [] }, v);
      },
      (r, v) => canDownloadCode(v, r.projectId),
    ),
    milestones: gitlab(milestones, (r) => r.milestoneIds.length > 0),
    commit_path: gitlab((r, v) => `${new URL(webUrl(v, r.projectId)).pathname}/-/commit/${r.sha}`),
    tag_path: gitlab((r, v) => `${new URL(webUrl(v, r.projectId)).pathname}/-/tags/${encodeURIComponent(r.tag)}`),
    assets: gitlab((r, v) => {
      const code = canDownloadCode(v, r.projectId);
      const list = sortedLinks(r).map((l) => render(RELEASE_LINK, { ...l, tag: r.tag, projectId: r.projectId }, v));
      return { count: list.length + (code ? ARCHIVES.length : 0), ...(code ? { sources: sources(r, v) } : {}), links: list };
    }),
    evidences: gitlab(
      (r, v) =>
        r.evidenceAt === null
          ? []
          : [
              {
                sha: sha(`evidence:${r.id}`),
                filepath: `${webUrl(v, r.projectId)}/-/releases/${encodeURIComponent(r.tag)}/evidences/${r.id}.json`,
                collected_at: iso(r.evidenceAt),
              },
            ],
      (r, v) => canDownloadCode(v, r.projectId),
    ),
    _links: gitlab(links),
  },
  { optional: { description_html: 'only with include_html_description=true, which the sandbox does not take' } },
);
