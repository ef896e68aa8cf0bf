import { ENVIRONMENT_SCOPE, ENVIRONMENT_SCOPE_MESSAGE } from '../../shared/environment-scope.js';
import { groupAccess, projectAccess, requireGroup, requireProject, requireUser } from '../access.js';
import type { CiVariable, VariableType } from '../ci-state.js';
import type { Ctx } from '../context.js';
import { CI_VARIABLE } from '../entities/variables.js';
import { show } from '../entity.js';
import { forbidden, HttpError, notFound } from '../errors.js';
import { enumParam } from '../filters.js';
import { MAINTAINER, OWNER } from '../model.js';
import { paginate } from '../pagination.js';
import { created, json, noContent, type Reply } from '../reply.js';
import type { RouteTable } from '../router.js';

/**
 * Project and group CI/CD variables (lib/api/ci/variables.rb, lib/api/group_variables.rb,
 * doc/api/project_level_variables.md, doc/api/group_level_variables.md), GitLab flavour only.
 * `admin_cicd_variables`: a project's maintainers, a group's owners. No route takes the CI job
 * token (none has `job_token_allowed`); GitLab answers it 401 and wants a token with `api` scope.
 * The model's rules (app/models/concerns/ci/has_variable.rb, ci/maskable.rb, app/models/ci/variable.rb).
 */

/**
 * Ci::Maskable::REGEX and MASK_AND_RAW_REGEX: 8 characters or more, one line, those characters.
 * Ruby's `\S` leaves out ASCII white space only (JavaScript's, every Unicode space), and counts
 * characters, not UTF-16 units.
 */
const MASKABLE = /^[a-zA-Z0-9_+=/@:.~-]{8,}$/;
const MASKABLE_RAW = /^[^ \t\r\n\f\v]{8,}$/u;
const KEY = /^[a-zA-Z0-9_]+$/;
const TYPES: readonly VariableType[] = ['env_var', 'file'];

type Kind = 'project' | 'group';

interface Owner {
  kind: Kind;
  id: number;
  variables: CiVariable[];
}

function requireOwner(ctx: Ctx, kind: Kind): Owner {
  const user = requireUser(ctx);
  if (kind === 'project') {
    const project = requireProject(ctx);
    if (!user.admin && projectAccess(ctx.store, user, project) < MAINTAINER) throw forbidden();
    return { kind, id: project.id, variables: ctx.store.ci.variablesOf('project', project.id) };
  }
  const group = requireGroup(ctx);
  if (!user.admin && groupAccess(ctx.store, user, group) < OWNER) throw forbidden();
  return { kind, id: group.id, variables: ctx.store.ci.variablesOf('group', group.id) };
}

const notFoundFor = (owner: Owner) => notFound(owner.kind === 'project' ? 'Variable' : 'GroupVariable');

/** `find_variable`: by key and `filter[environment_scope]`; 409 when the key has several scopes and no filter names one. */
function findVariable(ctx: Ctx, owner: Owner): CiVariable | undefined {
  const scope = ctx.params.hash('filter').environment_scope;
  const found = owner.variables.filter((v) => v.key === ctx.path.key && (scope === undefined || v.environmentScope === scope));
  if (found.length > 1)
    throw new HttpError(409, { message: "There are multiple variables with provided parameters. Please use 'filter[environment_scope]'" });
  return found[0];
}

/** The variable's validation errors, as `render_validation_error!` answers them. */
function validate(v: CiVariable, others: readonly CiVariable[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  if (v.key === '') add('key', "can't be blank");
  if (v.key.length > 255) add('key', 'is too long (maximum is 255 characters)');
  if (!KEY.test(v.key)) add('key', "can contain only letters, digits and '_'.");
  if (others.some((o) => o.key === v.key && o.environmentScope === v.environmentScope)) add('key', `(${v.key}) has already been taken`);
  if (v.masked && !(v.raw ? MASKABLE_RAW : MASKABLE).test(v.value)) add('value', 'is invalid');
  if (!ENVIRONMENT_SCOPE.test(v.environmentScope)) add('environment_scope', ENVIRONMENT_SCOPE_MESSAGE);
  if ((v.description ?? '').length > 255) add('description', 'is too long (maximum is 255 characters)');
  return errors;
}

/** Grape's checks of the parameters: a type among `env_var` and `file`, booleans. */
function readChanges(ctx: Ctx): Partial<CiVariable> {
  const changes: Partial<CiVariable> = {};
  const type = enumParam(ctx, 'variable_type', TYPES);
  if (type) changes.variableType = type;
  for (const [param, field] of [
    ['protected', 'protected'],
    ['masked', 'masked'],
    ['raw', 'raw'],
  ] as const) {
    const value = ctx.params.bool(param);
    if (value !== undefined) changes[field] = value;
  }
  const value = ctx.params.str('value');
  if (value !== undefined) changes.value = value;
  const scope = ctx.params.str('environment_scope');
  if (scope !== undefined) changes.environmentScope = scope;
  if (ctx.params.has('description')) changes.description = ctx.params.nullableStr('description') ?? null;
  return changes;
}

const render = (ctx: Ctx) => (v: CiVariable) => show(ctx, CI_VARIABLE, v);

const list =
  (kind: Kind) =>
  (ctx: Ctx): Reply =>
    paginate(ctx, requireOwner(ctx, kind).variables, render(ctx));

const get =
  (kind: Kind) =>
  (ctx: Ctx): Reply => {
    const owner = requireOwner(ctx, kind);
    const variable = findVariable(ctx, owner);
    if (!variable) throw notFoundFor(owner);
    return json(render(ctx)(variable));
  };

const create =
  (kind: Kind) =>
  (ctx: Ctx): Reply => {
    const owner = requireOwner(ctx, kind);
    const missing = ['key', 'value'].filter((n) => ctx.params.str(n) === undefined);
    if (missing.length > 0) throw new HttpError(400, { error: missing.map((n) => `${n} is missing`).join(', ') });
    const hidden = ctx.params.bool('masked_and_hidden') === true;
    const variable: CiVariable = {
      ...{ key: (ctx.params.str('key') ?? '').trim(), value: '', variableType: 'env_var', protected: false, masked: hidden },
      ...{ hidden, raw: false, environmentScope: '*', description: null },
      ...readChanges(ctx),
    };
    if (hidden) variable.masked = true;
    const errors = validate(variable, owner.variables);
    if (Object.keys(errors).length > 0) throw new HttpError(400, { message: errors });
    owner.variables.push(variable);
    return created(render(ctx)(variable));
  };

/** Without `filter`, the group API updates the first variable of that key (lib/api/group_variables.rb). */
const update =
  (kind: Kind) =>
  (ctx: Ctx): Reply => {
    const owner = requireOwner(ctx, kind);
    const filtered = kind === 'project' || Object.keys(ctx.params.hash('filter')).length > 0;
    const variable = filtered ? findVariable(ctx, owner) : owner.variables.find((v) => v.key === ctx.path.key);
    if (!variable) throw notFoundFor(owner);
    const next = { ...variable, ...readChanges(ctx) };
    const errors = validate(
      next,
      owner.variables.filter((v) => v !== variable),
    );
    if (Object.keys(errors).length > 0) throw new HttpError(400, { message: errors });
    Object.assign(variable, next);
    return json(render(ctx)(variable));
  };

const remove =
  (kind: Kind) =>
  (ctx: Ctx): Reply => {
    const owner = requireOwner(ctx, kind);
    const variable = findVariable(ctx, owner);
    if (!variable) throw notFoundFor(owner);
    owner.variables.splice(owner.variables.indexOf(variable), 1);
    return noContent();
  };

const listProjectVariables = list('project');
const getProjectVariable = get('project');
const createProjectVariable = create('project');
const updateProjectVariable = update('project');
const deleteProjectVariable = remove('project');
const listGroupVariables = list('group');
const getGroupVariable = get('group');
const createGroupVariable = create('group');
const updateGroupVariable = update('group');
const deleteGroupVariable = remove('group');

const PROJECT = '/projects/:id/variables';
const GROUP = '/groups/:id/variables';
const G = 'gitlab';

export const variableRoutes: RouteTable = [
  { method: 'GET', path: PROJECT, handler: listProjectVariables, flavor: G },
  { method: 'GET', path: `${PROJECT}/:key`, handler: getProjectVariable, flavor: G },
  { method: 'POST', path: PROJECT, handler: createProjectVariable, flavor: G },
  { method: 'PUT', path: `${PROJECT}/:key`, handler: updateProjectVariable, flavor: G },
  { method: 'DELETE', path: `${PROJECT}/:key`, handler: deleteProjectVariable, flavor: G },
  { method: 'GET', path: GROUP, handler: listGroupVariables, flavor: G },
  { method: 'GET', path: `${GROUP}/:key`, handler: getGroupVariable, flavor: G },
  { method: 'POST', path: GROUP, handler: createGroupVariable, flavor: G },
  { method: 'PUT', path: `${GROUP}/:key`, handler: updateGroupVariable, flavor: G },
  { method: 'DELETE', path: `${GROUP}/:key`, handler: deleteGroupVariable, flavor: G },
];
