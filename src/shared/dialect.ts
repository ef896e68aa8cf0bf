/**
 * Which server it is. The spec (shared/api) and real GitLab name some things differently, route
 * one endpoint with another method, and answer some calls in other shapes. This table is the one
 * place that knows; the dialect layer (src/executor/host-dialect.ts), the flag builder
 * (src/executor/flag-names.ts) and the sandbox read it. Which dialect a host speaks: flavor.ts.
 *
 * Sources (GitLab repository): doc/api/settings.md and lib/api/settings.rb (application settings;
 * the 10.x page for the settings GitLab has since removed), doc/api/users.md and lib/api/users.rb
 * (profile fields, block/unblock answers), doc/api/merge_requests.md and lib/api/merge_requests.rb
 * (POST cancel_merge_when_pipeline_succeeds), doc/api/merge_request_approvals.md (approvals_left),
 * doc/api/issues.md (user_agent_detail).
 */

import type { Flavor } from './flavor.js';
import { isObject } from './json.js';

/**
 * Spec name → GitLab name, for parameters sent and fields read. Each spec name is used by one
 * resource only, so one flat table serves every endpoint.
 */
export const GITLAB_NAMES: Readonly<Record<string, string>> = {
  // Application settings (PUT/GET /application/settings).
  // GitLab 13+ still accepts the old name but converts it, and answers only the new one.
  admin_notification_email: 'abuse_notification_email',
  spamfilter_api_key: 'akismet_api_key',
  spamfilter_enabled: 'akismet_enabled',
  // GitLab 14+ names the client-side DSN sentry_clientside_dsn; its switch (clientside_sentry_enabled)
  // was removed then, and a server without it ignores the parameter.
  clientside_errtracker_dsn: 'sentry_clientside_dsn',
  clientside_errtracker_enabled: 'clientside_sentry_enabled',
  errtracker_enabled: 'sentry_enabled',
  errtracker_dsn: 'sentry_dsn',
  // Renamed in GitLab 13.x; the old names are no longer accepted.
  domain_blacklist_enabled: 'domain_denylist_enabled',
  domain_blacklist: 'domain_denylist',
  domain_whitelist: 'domain_allowlist',
  searchengine_cloud: 'elasticsearch_aws',
  searchengine_cloud_access_key: 'elasticsearch_aws_access_key',
  searchengine_cloud_secret_access_key: 'elasticsearch_aws_secret_access_key',
  searchengine_cloud_region: 'elasticsearch_aws_region',
  searchengine_experimental_indexer: 'elasticsearch_experimental_indexer',
  searchengine_indexing: 'elasticsearch_indexing',
  searchengine_search: 'elasticsearch_search',
  searchengine_url: 'elasticsearch_url',
  avatarservice_enabled: 'gravatar_enabled',
  webide_enabled: 'koding_enabled',
  webide_url: 'koding_url',
  password_authentication_enabled: 'password_authentication_enabled_for_web',
  diagram_enabled: 'plantuml_enabled',
  diagram_url: 'plantuml_url',
  captcha_enabled: 'recaptcha_enabled',
  captcha_private_key: 'recaptcha_private_key',
  captcha_site_key: 'recaptcha_site_key',
  jobqueue_throttling_enabled: 'sidekiq_throttling_enabled',
  jobqueue_throttling_factor: 'sidekiq_throttling_factor',
  jobqueue_throttling_queues: 'sidekiq_throttling_queues',
  chat_app_enabled: 'slack_app_enabled',
  chat_app_id: 'slack_app_id',
  chat_app_secret: 'slack_app_secret',
  chat_app_verification_token: 'slack_app_verification_token',
  // Users (POST /users, PUT /users/:id, user views).
  messenger: 'skype',
  professional_profile: 'linkedin',
  microblog: 'twitter',
  // Approval status: GitLab says approvals_left in GET …/approvals too.
  approvals_missing: 'approvals_left',
  // Issue user agent detail.
  spamfilter_submitted: 'akismet_submitted',
  // Projects: the spec's answer spells it with "requests" (its request parameter does not); GitLab
  // answers with the parameter's spelling.
  printing_merge_requests_link_enabled: 'printing_merge_request_link_enabled',
};

/**
 * Parameters only GitLab takes: the spec knows no reviewers, filters people by id only, merge
 * requests by no draft status (`wip=yes|no`) and leaves nothing out (`not[…]`; doc/api/merge_requests.md,
 * doc/api/issues.md).
 */
const GITLAB_ONLY: ReadonlySet<string> = new Set([
  'wip',
  'reviewer_id',
  'reviewer_ids',
  'reviewer_username',
  'author_username',
  'assignee_username',
  // Where a list's `search` looks (the spec's issue lists search both).
  'in',
  // `not[…]`: what a list leaves out.
  'not[labels]',
  'not[milestone]',
  'not[author_id]',
  'not[author_username]',
  'not[assignee_id]',
  'not[assignee_username]',
  'not[reviewer_id]',
  'not[reviewer_username]',
]);

/** Whether only GitLab takes this (spec-named) parameter: a server of the spec's dialect would ignore it. */
export const gitlabOnly = (name: string): boolean => GITLAB_ONLY.has(name);

/**
 * Settings GitLab accepts but never shows in its answer (lib/api/entities/application_setting.rb
 * removes them from the exposed attributes): their absence does not mean they were ignored.
 */
const GITLAB_UNSHOWN: ReadonlySet<string> = new Set(['performance_bar_enabled']);

/** Whether a server of this flavour (of either, when it is not known) shows a parameter it accepted in its answer. */
export function showsInAnswer(specName: string, flavor: Flavor | undefined): boolean {
  return !(flavor !== 'spec' && GITLAB_UNSHOWN.has(specName));
}

const SPEC_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(GITLAB_NAMES).map(([spec, gitlab]) => [gitlab, spec]),
);

/** A table's entry for a name: its own entries only (`constructor` or `toString` name no field). */
const entry = (table: Readonly<Record<string, string>>, name: string): string | undefined =>
  Object.hasOwn(table, name) ? table[name] : undefined;

/** GitLab's name of a parameter or field the spec names `specName`, when it differs. */
export function gitlabName(specName: string): string | undefined {
  return entry(GITLAB_NAMES, specName);
}

/** The name a parameter or field has on a server of this flavour. */
export function serverName(specName: string, flavor: Flavor): string {
  return flavor === 'gitlab' ? (gitlabName(specName) ?? specName) : specName;
}

/** The spec name of a name in either dialect. */
export function specName(name: string): string {
  return entry(SPEC_NAMES, name) ?? name;
}

/** Either dialect's name → the other's; GitLab's spelling where a name is in both columns (as otherName had it). */
const OTHER_NAMES: ReadonlyMap<string, string> = new Map([...Object.entries(SPEC_NAMES), ...Object.entries(GITLAB_NAMES)]);

/**
 * The same field in the other dialect, if the two differ (`approvals_left` ↔ `approvals_missing`).
 * One Map lookup: it is asked for every key of every answer (eitherWay).
 */
export function otherName(name: string): string | undefined {
  return OTHER_NAMES.get(name);
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Endpoints GitLab routes with another method than the spec (a PUT gets 405 there). */
const METHODS: readonly { method: Method; path: RegExp; gitlab: Method }[] = [
  { method: 'PUT', path: /\/merge_requests\/[^/]+\/cancel_merge_when_pipeline_succeeds$/, gitlab: 'POST' },
];

/**
 * Answers that mean "it already was so": a notice and exit 0, like a 304. The answer itself tells,
 * whatever the flavour: GitLab's block answers `null` for a user already blocked (15.x+: a bare
 * `break`; before, `false` from the state machine), unblock `false` for one who was not blocked
 * (the spec answers 201 either way).
 */
const UNCHANGED: readonly { method: Method; path: RegExp; answers: readonly (null | false)[]; notice: string }[] = [
  { method: 'POST', path: /^\/users\/([^/]+)\/block$/, answers: [null, false], notice: 'User $1 was already blocked: nothing changed' },
  { method: 'POST', path: /^\/users\/([^/]+)\/unblock$/, answers: [false], notice: 'User $1 was not blocked: nothing changed' },
];

/** Other answer shapes, for the record (collab reads both as success): GitLab answers job play and
 * artifacts keep with 200 where the spec's POST rule says 201, and cancel_merge_when_pipeline_succeeds
 * with `{"status":"success"}` rather than the merge request. */

/**
 * A failure GitLab answers with a 2xx status: some endpoints return a service's result as the
 * body, so cancel_merge_when_pipeline_succeeds with nothing to cancel is 201
 * `{"status":"error","message":"Can't cancel the automatic merge","http_status":406}`. The status
 * it means (`http_status`, else 422) and its message; undefined for any other answer.
 */
export function refusalIn(method: string, data: unknown): { status: number; message: string } | undefined {
  if (method === 'GET' || !isObject(data)) return undefined;
  // A resource has an id; a service result has none.
  if (data.status !== 'error' || 'id' in data) return undefined;
  const code = data.http_status;
  const status = typeof code === 'number' && Number.isInteger(code) && code >= 400 && code <= 599 ? code : 422;
  return { status, message: typeof data.message === 'string' && data.message.trim() !== '' ? data.message : 'the server refused' };
}

function methodOverride(method: string, path: string) {
  return METHODS.find((m) => m.method === method && m.path.test(stripQuery(path)));
}

const stripQuery = (path: string) => path.replace(/\?.*$/, '');

/** Whether sending this request needs to know the flavour (a name or the method differs). */
export function dialectMatters(method: string, path: string, names: Iterable<string>): boolean {
  if (methodOverride(method, path)) return true;
  for (const name of names) if (gitlabName(name) !== undefined || GITLAB_ONLY.has(name)) return true;
  return false;
}

/** The method this server expects for a spec request. */
export function serverMethod<M extends string>(method: M, path: string, flavor: Flavor): M | Method {
  const override = methodOverride(method, path);
  return override && flavor === 'gitlab' ? override.gitlab : method;
}

/** Parameters under this server's names. */
export function serverParams<T>(params: Record<string, T>, flavor: Flavor): Record<string, T> {
  if (flavor === 'spec') return params;
  const out: Record<string, T> = {};
  for (const [name, value] of Object.entries(params)) out[serverName(name, flavor)] = value;
  return out;
}

/** Scalars an endpoint may answer in place of an object: `true` when done, or its "already so" answer. */
export function scalarAnswers(method: string, path: string): readonly (boolean | null)[] | undefined {
  const bare = stripQuery(path);
  const u = UNCHANGED.find((e) => e.method === method && e.path.test(bare));
  return u ? [true, ...u.answers] : undefined;
}

/** The notice for an answer that says nothing changed, or undefined. `path` is below /api/v4. */
export function unchangedNotice(method: string, path: string, data: unknown): string | undefined {
  const bare = stripQuery(path);
  for (const u of UNCHANGED) {
    if (u.method !== method || !u.path.test(bare)) continue;
    // An empty body is GitLab's `null` too (Grape writes `null` for a bare `break`).
    const answer = data === undefined || data === '' ? null : data;
    if (u.answers.includes(answer as null | false)) return bare.replace(u.path, u.notice);
  }
  return undefined;
}
