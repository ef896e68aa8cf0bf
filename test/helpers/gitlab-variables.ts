import type { Call, Route } from './gitlab-server.js';
import { params } from './gitlab-server.js';
import { json } from './json-answer.js';

/*
 * GitLab's CI/CD variables as lib/api/ci/variables.rb and lib/api/group_variables.rb write them
 * (no `job_token_allowed` on any route: the job token is answered 401):
 * - `find_variable` (lib/api/helpers/variables_helpers.rb): by key, and `filter[environment_scope]`;
 *   several of a key without it is 409 "There are multiple variables with provided parameters.
 *   Please use 'filter[environment_scope]'"; none `not_found!('Variable')`, 404 Variable Not Found;
 * - PUT updates the given attributes (not key and filter); POST creates, 400 `{"message":{"key":
 *   ["(KEY) has already been taken"]}}` for a key and scope that exist; a masked value must be 8
 *   characters or more on one line (Ci::Maskable), 400 `{"message":{"value":["is invalid"]}}`;
 * - DELETE answers 204; the entity is lib/api/entities/ci/variable.rb (a hidden value is null).
 */

export interface StoredVariable {
  key: string;
  value: string;
  variable_type: string;
  protected: boolean;
  masked: boolean;
  hidden: boolean;
  raw: boolean;
  environment_scope: string;
  description: string | null;
}

export interface VariableStore {
  project: StoredVariable[];
  group: StoredVariable[];
}

const entity = (v: StoredVariable) => ({ ...v, value: v.hidden ? null : v.value });

export function variable(key: string, value: string, more: Partial<StoredVariable> = {}): StoredVariable {
  return {
    key,
    value,
    variable_type: 'env_var',
    protected: false,
    masked: false,
    hidden: false,
    raw: false,
    environment_scope: '*',
    description: null,
    ...more,
  };
}

const asBool = (x: unknown, had: boolean) => (x === undefined ? had : x === true || x === 'true');

function invalid(v: StoredVariable): string | undefined {
  if (!/^[A-Za-z0-9_]{1,255}$/.test(v.key)) return 'key';
  if (v.masked && (v.value.length < 8 || /[\r\n]/.test(v.value))) return 'value';
  return undefined;
}

function routesFor(list: () => StoredVariable[], prefix: RegExp, top: boolean): Route[] {
  const one = new RegExp(`${prefix.source}/variables/([^/?]+)$`);
  const find = (key: string, scope: string | null) =>
    list().filter((v) => v.key === key && (scope === null || v.environment_scope === scope));
  /** The variable the path names (filter[environment_scope] picks among scopes), or undefined once 409 or 404 was answered. */
  const named = ({ res, m, url }: Call): StoredVariable | undefined => {
    const found = find(decodeURIComponent(m[1]!), url.searchParams.get('filter[environment_scope]'));
    if (found.length > 1)
      json(res, 409, { message: "There are multiple variables with provided parameters. Please use 'filter[environment_scope]'" });
    else if (!found[0]) json(res, 404, { message: '404 Variable Not Found' });
    else return found[0];
    return undefined;
  };
  return [
    {
      method: 'GET',
      path: new RegExp(`${prefix.source}/variables$`),
      top,
      jobToken: false,
      handle: ({ res }) => json(res, 200, list().map(entity)),
    },
    {
      method: 'GET',
      path: one,
      top,
      jobToken: false,
      handle: (call) => {
        const found = named(call);
        if (found) json(call.res, 200, entity(found));
      },
    },
    {
      method: 'PUT',
      path: one,
      top,
      jobToken: false,
      handle: (call) => {
        const had = named(call);
        if (!had) return;
        const p = params(call);
        const next: StoredVariable = {
          ...had,
          value: typeof p.value === 'string' ? p.value : had.value,
          masked: asBool(p.masked, had.masked),
          protected: asBool(p.protected, had.protected),
          raw: asBool(p.raw, had.raw),
          variable_type: typeof p.variable_type === 'string' ? p.variable_type : had.variable_type,
          description: typeof p.description === 'string' ? p.description : had.description,
        };
        const bad = invalid(next);
        if (bad) return json(call.res, 400, { message: { [bad]: ['is invalid'] } });
        Object.assign(had, next);
        json(call.res, 200, entity(had));
      },
    },
    {
      method: 'POST',
      path: new RegExp(`${prefix.source}/variables$`),
      top,
      jobToken: false,
      handle: (call) => {
        const p = params(call);
        const made = variable(String(p.key ?? ''), String(p.value ?? ''), {
          masked: asBool(p.masked, false),
          protected: asBool(p.protected, false),
          raw: asBool(p.raw, false),
          variable_type: typeof p.variable_type === 'string' ? p.variable_type : 'env_var',
          environment_scope: typeof p.environment_scope === 'string' ? p.environment_scope : '*',
          description: typeof p.description === 'string' ? p.description : null,
        });
        const bad = invalid(made);
        if (bad) return json(call.res, 400, { message: { [bad]: ['is invalid'] } });
        if (find(made.key, made.environment_scope).length > 0)
          return json(call.res, 400, { message: { key: [`(${made.key}) has already been taken`] } });
        list().push(made);
        json(call.res, 201, entity(made));
      },
    },
    {
      method: 'DELETE',
      path: one,
      top,
      jobToken: false,
      handle: (call) => {
        const found = named(call);
        if (!found) return;
        list().splice(list().indexOf(found), 1);
        call.res.writeHead(204);
        call.res.end();
      },
    },
  ];
}

export function variableRoutes(store: VariableStore): Route[] {
  return [...routesFor(() => store.project, /(?:)/, false), ...routesFor(() => store.group, /^\/groups\/(?:acme|9)/, true)];
}
