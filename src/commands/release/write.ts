import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { FlagSpec, Values } from '../../executor/inputs.js';
import { defineCommand } from '../../executor/spec.js';
import { titled } from '../../output/names.js';
import { explainNoSuchApi } from '../../resources/gitlab-only.js';
import { releaseColumns } from '../../resources/release.js';
import { shellLine } from '../../shell-quote.js';
import { type AssetLink, checkUnique, parseAssetsLinks, parseLinkFlag } from './links.js';

/** `release create` and `release update`: the release's own fields, as lib/api/releases.rb takes them. */

export const tagArg = { name: 'tag', type: 'string', description: 'the tag the release is for (v1.2.3)' } as const;

/** The release's path: its tag is one segment (`API::NO_SLASH_URL_PART_REGEX`), a `/` in it encoded. */
export const RELEASE_PATH = '/projects/:project/releases/:tag';

const noSuchApi = explainNoSuchApi('releases');

const fieldFlags = (update: boolean): FlagSpec[] => [
  { name: 'name', type: 'string', description: update ? 'new release name' : 'release name (default: the tag)' },
  {
    name: 'notes',
    short: 'n',
    param: 'description',
    type: 'string',
    markdown: true,
    description: 'release notes (Markdown)',
    conflicts: ['notes-file'],
  },
  {
    name: 'notes-file',
    short: 'F',
    param: 'description',
    file: 'text',
    type: 'string',
    value: '<file|->',
    description: 'read the release notes from a file (- for stdin)',
  },
  {
    name: 'milestone',
    short: 'm',
    param: 'milestones',
    type: 'string',
    repeatable: true,
    description: 'a milestone title the release is associated with (repeatable)',
  },
  { name: 'released-at', type: 'datetime', description: 'when it is (or was) released; default now (ISO 8601)' },
];

/** Every link given with --link and --assets-links, checked; none: undefined (nothing sent). */
function assetLinks(v: Values): AssetLink[] | undefined {
  const flags = v.flags as { link?: string[]; 'assets-links'?: string };
  const links = [...(flags.link ?? []).map(parseLinkFlag), ...(flags['assets-links'] ? parseAssetsLinks(flags['assets-links']) : [])];
  if (links.length === 0) return undefined;
  checkUnique(links);
  return links;
}

/**
 * lib/api/releases.rb: `authorize! :update_release, release` (and `:destroy_release`) with no
 * release of that tag is GitLab's 403, as for a role that may not: the hint names both.
 */
const forbiddenOrMissing = (_ctx: Context, v: { args: { tag: string }; project?: unknown }) =>
  `GitLab answers 403 for a tag without a release too: ${shellLine`collab release view ${v.args.tag} -p ${String(v.project)}`} says which (else: the Developer role is needed)`;

const linkCount = (n: number) => (n === 0 ? '' : ` with ${n} link${n === 1 ? '' : 's'}`);

export const create = defineCommand({
  name: 'create',
  aliases: ['new'],
  summary: 'Create a release for a tag, with its notes and asset links',
  description:
    'Create a release (POST /projects/:id/releases) in one request: its name, notes, milestones ' +
    "and asset links (GitLab's assets.links). --ref creates the tag from a branch or commit when it " +
    'does not exist yet. --link NAME=URL[,type=package|runbook|image|other][,path=/bin/x] adds a ' +
    "link (repeatable); --assets-links takes glab's JSON array. Links are checked before anything " +
    'is sent. Inside a CI job the job token is enough.',
  examples: [
    'collab release create v1.2.3 -p acme/platform/api --name "1.2.3" --notes-file CHANGELOG.md',
    'collab release create "$CI_COMMIT_TAG" --link "tool-linux=$CI_API_V4_URL/projects/$CI_PROJECT_ID/packages/generic/tool/$CI_COMMIT_TAG/tool-linux,type=package,path=/bin/tool-linux"',
    'collab release create v2.0.0 --ref main --milestone v2.0 --released-at 2026-12-24T00:00:00Z',
  ],
  args: [tagArg],
  project: 'required',
  flags: [
    ...fieldFlags(false),
    { name: 'ref', type: 'string', description: 'create the tag from this branch, tag or commit when it does not exist' },
    { name: 'tag-message', type: 'string', description: 'with --ref: the message of the annotated tag created' },
    {
      name: 'link',
      short: 'l',
      param: false,
      type: 'string',
      repeatable: true,
      value: '<NAME=URL[,type=…][,path=…]>',
      description: 'an asset link (repeatable): type package, runbook, image or other; path a direct asset path',
    },
    {
      name: 'assets-links',
      param: false,
      type: 'string',
      value: '<json>',
      description: "asset links as a JSON array of GitLab's link objects",
    },
  ],
  method: 'POST',
  path: '/projects/:project/releases',
  columns: releaseColumns,
  prepare: (_ctx: Context, v) => {
    v.params.tag_name = v.args.tag;
    const links = assetLinks(v);
    if (links) v.params.assets = { links };
    if (v.flags['tag-message'] !== undefined && v.flags.ref === undefined)
      throw new UsageError('--tag-message is the message of the tag --ref creates: give --ref too');
  },
  explain: {
    404: noSuchApi,
    // Releases::CreateService: no tag of that name and no ref to create it from.
    422: (_ctx, v, err) =>
      /Ref is not specified/i.test(err.message) ? `there is no tag ${v.args.tag}: give --ref <branch or commit> to create it` : undefined,
  },
  done: (v, answer) =>
    `Created release ${titled(String(v.args.tag), typeof answer?.name === 'string' ? answer.name : undefined)} in ${v.project}` +
    linkCount(
      Array.isArray((answer?.assets as { links?: unknown[] } | undefined)?.links)
        ? (answer!.assets as { links: unknown[] }).links.length
        : 0,
    ),
});

export const update = defineCommand({
  name: 'update',
  aliases: ['edit'],
  summary: "Change a release's name, notes, milestones or date",
  description: 'Change a release (PUT /projects/:id/releases/:tag_name); its links are `release link` commands.',
  examples: ['collab release update v1.2.3 --notes-file CHANGELOG.md', 'collab release update v1.2.3 --name "1.2.3 (LTS)"'],
  args: [tagArg],
  project: 'required',
  flags: fieldFlags(true),
  requireOne: true,
  method: 'PUT',
  path: RELEASE_PATH,
  answer: { kind: 'object' },
  columns: releaseColumns,
  explain: { 404: noSuchApi, 403: forbiddenOrMissing },
  done: (v) => `Updated release ${v.args.tag} in ${v.project}`,
});

export const remove = defineCommand({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete a release (its tag stays)',
  description:
    'Delete a release (DELETE /projects/:id/releases/:tag_name); the git tag is kept. It cannot ' +
    'be undone: on a terminal collab reads it and asks, naming it; elsewhere --yes is required.',
  examples: ['collab release delete v1.2.3 -p acme/platform/api', 'collab release delete v1.2.3 --yes'],
  args: [tagArg],
  project: 'required',
  method: 'DELETE',
  path: RELEASE_PATH,
  confirm: { mode: 'yes', question: (v, name) => `Delete release ${titled(String(v.args.tag), name)} of ${v.project} (the tag stays)?` },
  explain: { 404: noSuchApi, 403: forbiddenOrMissing },
  done: (v) => `Deleted release ${v.args.tag} of ${v.project} (the tag stays)`,
});
