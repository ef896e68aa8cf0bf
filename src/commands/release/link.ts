import { defineCommand, defineNoun } from '../../executor/spec.js';
import { described, titled } from '../../output/names.js';
import { explainNoSuchApi } from '../../resources/gitlab-only.js';
import { releaseLinkColumns } from '../../resources/release.js';
import { checkLink, LINK_TYPES } from './links.js';
import { tagArg } from './write.js';

/** A release's asset links (doc/api/releases/links.md, lib/api/release/links.rb). */

const LINKS = '/projects/:project/releases/:tag/assets/links';
const linkIdArg = { name: 'link_id', type: 'id', description: 'link id (collab release link list shows them)' } as const;
const noSuchApi = explainNoSuchApi('releases');

const add = defineCommand({
  name: 'add',
  aliases: ['create'],
  summary: 'Add an asset link to a release',
  description: 'Add an asset link to a release (POST …/releases/:tag_name/assets/links); names and URLs are unique within a release.',
  examples: [
    'collab release link add v1.2.3 --name tool-linux --url https://example.com/tool-linux --type package --path /bin/tool-linux',
    'collab release link add v1.2.3 --name Runbook --url https://wiki.example.com/runbooks/api --type runbook',
  ],
  args: [tagArg],
  project: 'required',
  flags: [
    { name: 'name', type: 'string', required: true, description: 'the link name, unique in the release' },
    { name: 'url', type: 'string', required: true, description: 'where it points (http, https or ftp)' },
    { name: 'type', param: 'link_type', type: 'enum', choices: LINK_TYPES, description: 'kind of asset (default other)' },
    {
      name: 'path',
      param: 'direct_asset_path',
      type: 'string',
      value: '</path>',
      description: 'a direct asset path: …/releases/:tag/downloads/path',
    },
  ],
  method: 'POST',
  path: LINKS,
  columns: releaseLinkColumns,
  prepare: (_ctx, v) => {
    checkLink({ name: v.flags.name ?? '', url: v.flags.url ?? '', link_type: v.flags.type, direct_asset_path: v.flags.path }, '--url');
  },
  explain: { 404: noSuchApi },
  done: (v, answer) => `Added ${described('link', answer?.id, v.flags.name)} to release ${v.args.tag}`,
});

const list = defineCommand({
  name: 'list',
  aliases: ['ls'],
  summary: "List a release's asset links",
  examples: ['collab release link list v1.2.3 -p acme/platform/api', 'collab release link list v1.2.3 -o json --jq ".[].url" -r'],
  args: [tagArg],
  project: 'required',
  method: 'GET',
  path: LINKS,
  list: true,
  listNoun: 'links',
  columns: releaseLinkColumns,
  explain: { 404: noSuchApi },
});

const remove = defineCommand({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete an asset link of a release',
  description:
    'Delete an asset link (DELETE …/assets/links/:link_id); what it points to stays. On a terminal collab asks; elsewhere --yes is required.',
  examples: ['collab release link delete v1.2.3 7 -p acme/platform/api', 'collab release link delete v1.2.3 7 --yes'],
  args: [tagArg, linkIdArg],
  project: 'required',
  method: 'DELETE',
  path: `${LINKS}/:link_id`,
  confirm: {
    mode: 'yes',
    question: (v, name) => `Delete link ${titled(String(v.args.link_id), name)} of release ${v.args.tag}?`,
  },
  explain: { 404: noSuchApi },
  done: (v) => `Deleted link ${v.args.link_id} of release ${v.args.tag}`,
});

export const link = defineNoun({ name: 'link', summary: "A release's asset links: add, list, delete", commands: [add, list, remove] });
