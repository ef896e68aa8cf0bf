import { serverName, showsInAnswer } from '../shared/dialect.js';
import type { Flavor } from '../shared/flavor.js';
import type { ArtifactStore } from './artifacts.js';
import type { User } from './model.js';
import type { Store } from './store.js';

/**
 * The sandbox's answers, declared once per kind of object and rendered in either flavour. Each
 * entity follows one of GitLab's (`lib/api/entities/*.rb`, named in `source`): its fields are sent
 * by both flavours, by the GitLab flavour only (what the spec does not document), or by the spec
 * flavour only (what GitLab does not send). Fields are named as the spec names them; the GitLab
 * flavour renames them through the shared dialect table. GitLab keys the sandbox does not send are
 * listed with the reason (`omitted`), and so are those GitLab sends only when a request asks for
 * them with an option the sandbox does not take (`optional`).
 */

/** What a field's value is computed from besides the object. */
export interface View {
  store: Store;
  flavor: Flavor;
  viewer: User | null;
  artifacts?: ArtifactStore;
  /** GET of one object (or the answer of a write to it), not a list. */
  single?: boolean;
  /** `statistics=true`, where the caller may see them. */
  statistics?: boolean;
  /** `include_rebase_in_progress=true` (one merge request). */
  rebaseInProgress?: boolean;
}

export type Where = 'both' | 'gitlab' | 'spec';

export interface Field<T> {
  where: Where;
  value: (item: T, view: View) => unknown;
  /** Sent only when this holds (GitLab's `if:`). */
  when?: (item: T, view: View) => boolean;
}

export interface Entity<T> {
  /** GitLab's entity class and the source files its keys were read from (gitlab-org/gitlab). */
  readonly source: string;
  readonly fields: ReadonlyMap<string, Field<T>>;
  /** Keys GitLab sends by default that the sandbox does not, each with the reason. */
  readonly omitted: Readonly<Record<string, string>>;
  /** Keys GitLab sends only when a request option asks for them (one the sandbox does not take), or on GitLab.com only. */
  readonly optional: Readonly<Record<string, string>>;
}

type Value<T> = (item: T, view: View) => unknown;
type When<T> = (item: T, view: View) => boolean;

export const both = <T>(value: Value<T>, when?: When<T>): Field<T> => ({ where: 'both', value, when });
export const gitlab = <T>(value: Value<T>, when?: When<T>): Field<T> => ({ where: 'gitlab', value, when });
export const spec = <T>(value: Value<T>, when?: When<T>): Field<T> => ({ where: 'spec', value, when });

interface Extra {
  omitted?: Record<string, string>;
  optional?: Record<string, string>;
}

export function entity<T>(source: string, fields: Record<string, Field<T>>, extra: Extra = {}): Entity<T> {
  return { source, fields: new Map(Object.entries(fields)), omitted: extra.omitted ?? {}, optional: extra.optional ?? {} };
}

/** An entity that adds fields to another (GitLab's subclasses); a field of the same name replaces the base's, in place. */
export function extend<T, U extends T>(base: Entity<T>, source: string, fields: Record<string, Field<U>>, extra: Extra = {}): Entity<U> {
  const merged = new Map<string, Field<U>>(base.fields as ReadonlyMap<string, Field<U>>);
  for (const [name, field] of Object.entries(fields)) merged.set(name, field);
  return {
    source: `${base.source}; ${source}`,
    fields: merged,
    omitted: { ...base.omitted, ...extra.omitted },
    optional: { ...base.optional, ...extra.optional },
  };
}

/** An entity without some of its base's fields (where one of GitLab's answers is a narrower one). */
export function without<T>(base: Entity<T>, names: readonly string[]): Entity<T> {
  const fields = new Map(base.fields);
  for (const name of names) fields.delete(name);
  return { ...base, fields };
}

/** The entity with these fields sent by the GitLab flavour only (where the spec shows fewer of GitLab's keys). */
export function gitlabOnly<T>(base: Entity<T>, names: readonly string[]): Entity<T> {
  const fields = new Map(base.fields);
  for (const name of names) {
    const field = fields.get(name);
    if (field) fields.set(name, { ...field, where: 'gitlab' });
  }
  return { ...base, fields };
}

/** The same entity over another subject, from which `get` takes the object. */
export function lift<T, U>(base: Entity<T>, get: (subject: U) => T): Entity<U> {
  const fields = new Map<string, Field<U>>();
  for (const [name, f] of base.fields)
    fields.set(name, {
      where: f.where,
      value: (u, view) => f.value(get(u), view),
      when: f.when && ((u, view) => (f.when as When<T>)(get(u), view)),
    });
  return { ...base, fields };
}

/** The object as this view's flavour answers it. */
export function render<T>(e: Entity<T>, item: T, view: View): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of e.fields) {
    if (field.where !== 'both' && field.where !== view.flavor) continue;
    if (!showsInAnswer(name, view.flavor)) continue;
    if (field.when && !field.when(item, view)) continue;
    out[serverName(name, view.flavor)] = field.value(item, view);
  }
  return out;
}

/** GitLab's keys of the entity (its names): those the sandbox sends (some only when their condition holds), and those it leaves out. */
export function gitlabKeys<T>(e: Entity<T>): { sent: string[]; conditional: string[]; omitted: string[] } {
  const sent: string[] = [];
  const conditional: string[] = [];
  for (const [name, field] of e.fields) {
    if (field.where === 'spec') continue;
    (field.when ? conditional : sent).push(serverName(name, 'gitlab'));
  }
  return { sent, conditional, omitted: Object.keys(e.omitted) };
}

type Caller = { store: Store; user: User | null; artifacts?: ArtifactStore };

/** A view for a request: its store, flavour and caller. */
export const viewOf = (ctx: Caller, more: Partial<View> = {}): View => ({
  store: ctx.store,
  flavor: ctx.store.flavor,
  viewer: ctx.user,
  artifacts: ctx.artifacts,
  ...more,
});

/** The object as the request's flavour answers it, for its caller. */
export const show = <T>(ctx: Caller, e: Entity<T>, item: T, more: Partial<View> = {}): Record<string, unknown> =>
  render(e, item, viewOf(ctx, more));
