import { UsageError } from '../../errors.js';
import { defineCommand } from '../../executor/spec.js';
import { explainNoSuchApi } from '../../resources/gitlab-only.js';
import { releaseColumns } from '../../resources/release.js';
import { RELEASE_PATH } from './write.js';

const noSuchApi = explainNoSuchApi('releases');

export const list = defineCommand({
  name: 'list',
  aliases: ['ls'],
  summary: "List a project's releases, newest first",
  description: "List a project's releases (GET /projects/:id/releases), newest released first as GitLab orders them.",
  examples: ['collab release list -p acme/platform/api', 'collab release list --order-by created_at --sort asc -o json'],
  project: 'required',
  flags: [
    { name: 'order-by', type: 'enum', choices: ['released_at', 'created_at'], description: 'order (default released_at)' },
    { name: 'sort', type: 'enum', choices: ['desc', 'asc'], description: 'direction (default desc)' },
  ],
  method: 'GET',
  path: '/projects/:project/releases',
  list: true,
  listNoun: 'releases',
  columns: releaseColumns,
  explain: { 404: noSuchApi },
});

export const view = defineCommand({
  name: 'view',
  aliases: ['show'],
  summary: 'Show a release, or the latest one',
  description:
    'Show a release by its tag (GET /projects/:id/releases/:tag_name), or with --latest the ' +
    "latest released (GitLab's permalink/latest, which redirects to it).",
  examples: ['collab release view v1.2.3 -p acme/platform/api', 'collab release view --latest -o json --jq .tag_name -r'],
  args: [{ name: 'tag', type: 'string', description: 'the tag of the release (or --latest)', optional: true }],
  project: 'required',
  flags: [{ name: 'latest', param: false, type: 'bool', description: 'the latest release (by release date)' }],
  method: 'GET',
  path: (v) => (v.flags.latest ? '/projects/:project/releases/permalink/latest' : RELEASE_PATH),
  followRedirects: true,
  // GitLab shows `tag_name` only to those who may read the code: any release object will do.
  answer: { kind: 'object' },
  columns: releaseColumns,
  prepare: (_ctx, v) => {
    if (v.flags.latest && v.args.tag !== undefined) throw new UsageError('give a tag or --latest, not both');
    if (!v.flags.latest && v.args.tag === undefined) throw new UsageError('missing argument <tag> (or --latest for the latest release)');
  },
  explain: {
    404: async (ctx, v, err) =>
      (await noSuchApi(ctx, v, err)) ??
      (/\bproject\b/i.test(err.message)
        ? undefined
        : v.flags.latest
          ? `${String(v.project)} has no releases yet`
          : `${String(v.project)} has no release ${v.args.tag} (collab release list shows them)`),
  },
});
