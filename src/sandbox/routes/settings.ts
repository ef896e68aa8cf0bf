import { requireAdmin, requireUser } from '../access.js';
import type { Ctx } from '../context.js';
import { GIT_ACCESS_PROTOCOLS, inDialect, paramNames } from '../dialect.js';
import { HttpError, invalid } from '../errors.js';
import { json, type Reply } from '../reply.js';
import type { RouteTable } from '../router.js';
import { CONDITIONAL_REQUIREMENTS, SETTING_TYPES } from '../settings-defaults.js';
import { iso } from '../time.js';

const VISIBILITIES = ['private', 'internal', 'public'];

function settingsView(ctx: Ctx): Record<string, unknown> {
  const { id, createdAt, updatedAt } = ctx.store.settingsMeta;
  return inDialect(ctx.store.flavor, { id, created_at: iso(createdAt), updated_at: iso(updatedAt), ...ctx.store.settings });
}

/** The value of setting `setting` (a spec name), sent as `name`. */
function coerce(ctx: Ctx, setting: string, name: string): unknown {
  const p = ctx.params;
  if (p.raw(name) === null) return null;
  switch (SETTING_TYPES[setting]) {
    case 'boolean':
      return p.bool(name);
    case 'integer':
      return p.int(name);
    case 'decimal':
      return p.number(name);
    case 'string[]':
      return p.strArray(name) ?? [];
    case 'git-access-protocol': {
      const value = p.str(name);
      if (!GIT_ACCESS_PROTOCOLS[ctx.store.flavor].includes(value ?? ''))
        throw new HttpError(400, { error: `${name} does not have a valid value` });
      return value;
    }
    case 'visibility': {
      const value = p.str(name);
      if (!VISIBILITIES.includes(value ?? '')) throw new HttpError(400, { error: `${name} does not have a valid value` });
      return value;
    }
    case 'visibility[]': {
      const values = p.strArray(name) ?? [];
      if (values.some((v) => !VISIBILITIES.includes(v))) throw new HttpError(400, { error: `${name} does not have a valid value` });
      return values;
    }
    default:
      return p.str(name);
  }
}

const blank = (value: unknown): boolean =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** Checks the `req if X` rules of part 2 §4.5 and a few ranges on the would-be settings. */
function validate(ctx: Ctx, next: Record<string, unknown>): void {
  const errors: Record<string, string[]> = {};
  for (const [toggle, required] of Object.entries(CONDITIONAL_REQUIREMENTS)) {
    if (next[toggle] !== true) continue;
    for (const name of required) if (blank(next[name])) errors[name] = ["can't be blank"];
  }
  if (next.jobqueue_throttling_enabled === true && !blank(next.jobqueue_throttling_factor)) {
    const factor = Number(next.jobqueue_throttling_factor);
    if (!(factor > 0)) errors.jobqueue_throttling_factor = ['must be greater than 0'];
    else if (!(factor < 1)) errors.jobqueue_throttling_factor = ['must be less than 1'];
  }
  if (![0, 1, 2].includes(Number(next.default_branch_protection))) errors.default_branch_protection = ['is not included in the list'];
  const interval = Number(next.polling_interval_multiplier);
  if (!(interval >= 0)) errors.polling_interval_multiplier = ['must be greater than or equal to 0'];
  if (Object.keys(errors).length > 0) throw invalid(inDialect(ctx.store.flavor, errors) as Record<string, string[]>);
}

function showSettings(ctx: Ctx): Reply {
  requireAdmin(ctx);
  return json(settingsView(ctx));
}

function updateSettings(ctx: Ctx): Reply {
  requireAdmin(ctx);
  const next = { ...ctx.store.settings };
  // Like GitLab, a parameter this dialect does not name is dropped without a word.
  for (const setting of Object.keys(SETTING_TYPES)) {
    const name = paramNames(ctx.store.flavor, setting).find((n) => ctx.params.has(n));
    if (name !== undefined) next[setting] = coerce(ctx, setting, name);
  }
  validate(ctx, next);
  Object.assign(ctx.store.settings, next);
  ctx.store.settingsMeta.updatedAt = ctx.store.now();
  return json(settingsView(ctx));
}

function showGitlabVersion(ctx: Ctx): Reply {
  requireUser(ctx);
  return json({
    version: ctx.store.gitlabVersion,
    revision: 'sandbox',
    kas: { enabled: false, externalUrl: null, version: null },
    enterprise: true,
  });
}

export const settingsRoutes: RouteTable = [
  { method: 'GET', path: '/application/settings', handler: showSettings },
  { method: 'PUT', path: '/application/settings', handler: updateSettings },
  // GitLab's; a server that follows only the spec has no such endpoint (404), which is how
  // clients tell the dialects apart.
  { method: 'GET', path: '/version', handler: showGitlabVersion, flavor: 'gitlab' },
];
