import { basename } from 'node:path';
import {
  dialectMatters,
  type Flavor,
  GITLAB_NAMES,
  gitlabOnly,
  refusalIn,
  scalarAnswers,
  serverMethod,
  serverParams,
  unchangedNotice,
} from '../api/dialect.js';
import { errorMessage, statusLine } from '../api/error-body.js';
import { paginatePages } from '../api/paginate.js';
import { fillPath, type QueryValue } from '../api/path.js';
import type { Context } from '../context.js';
import { ApiError, AuthError, UsageError } from '../errors.js';
import { answerFields, type Column, Printer } from '../output/format.js';
import { writeOut } from '../output/io.js';
import { composeMarkdown } from './compose.js';
import { askConsent, requireConsent } from './confirm.js';
import { readBytesArg, readStdin, readTextArg } from './input.js';
import { isMe, parseReference, resolveReference } from './lookup.js';
import {
  type ArgSpec,
  asAnswer,
  type BulkItem,
  type CommandSpec,
  expectedAnswer,
  type FlagSpec,
  pathTemplate,
  pathValues,
  type Values,
} from './spec.js';
import { parseInteger, parseTyped } from './validate.js';

export function camel(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

export function paramName(flag: FlagSpec): string | false {
  if (flag.param === false) return false;
  return flag.param ?? flag.name.replace(/-/g, '_');
}

/** The flag's GitLab spelling (`akismet-enabled` beside `spamfilter-enabled`), when its parameter is named otherwise there. */
export function gitlabFlagName(flag: FlagSpec): string | undefined {
  const param = paramName(flag);
  const gitlab = param === false ? undefined : GITLAB_NAMES[param];
  const name = gitlab?.replace(/_/g, '-');
  return name !== undefined && name !== flag.name ? name : undefined;
}

/** The flavour a request must be sent in: asked of the host only when a name or the method differs. */
export async function flavorFor(ctx: Context, method: string, path: string, ...params: Record<string, unknown>[]): Promise<Flavor> {
  return dialectMatters(
    method,
    path,
    params.flatMap((p) => Object.keys(p)),
  )
    ? ctx.flavor()
    : 'spec';
}

/** How a flag was written on the command line: `--no-x` for a boolean turned off. */
const givenAs = (name: string, value: unknown) => (value === false ? `--no-${name}` : `--${name}`);

function flagLabel(flag: FlagSpec): string {
  return `--${flag.name}`;
}

/** A flag's parsed value where the declaration sends it: a parameter, a path placeholder, or neither. */
function setFlag(values: Values, flag: FlagSpec, value: Values['flags'][string]): void {
  values.flags[flag.name] = value;
  const param = paramName(flag);
  if (param === false || flag.file) return;
  if (flag.in === 'path') values.args[param] = typeof value === 'number' ? value : String(value);
  else values.params[param] = flag.arrayFormat === 'csv' && Array.isArray(value) ? value.join(',') : value;
}

/** Parses one flag value by its type; a lookup flag's names are checked now and looked up before sending. */
function parseFlag(ctx: Context, flag: FlagSpec, raw: unknown): Values['flags'][string] {
  const value = parseTyped(raw, flagLabel(flag), flag);
  if (flag.lookup) for (const ref of Array.isArray(value) ? value : [value]) parseReference(ctx, flag.lookup, String(ref), flagLabel(flag));
  return value;
}

/** argv values → validated Values; throws UsageError before anything is sent. */
export async function collectValues(ctx: Context, spec: CommandSpec, rawArgs: unknown[], opts: Record<string, unknown>): Promise<Values> {
  const values: Values = {
    args: {},
    flags: {},
    params: {},
    files: [],
    page: {},
    yes: opts.yes === true,
    web: opts.web === true,
    editor: opts.editor === true,
  };
  let urlProject: string | undefined;
  const bulkArgs = spec.bulk === undefined ? undefined : await bulkItems(ctx, spec, rawArgs, opts);
  if (bulkArgs?.single !== undefined) rawArgs = rawArgs.map((raw, i) => (spec.args?.[i]?.name === spec.bulk ? bulkArgs.single : raw));
  else if (bulkArgs) values.bulk = bulkArgs.bulk;

  (spec.args ?? []).forEach((arg, i) => {
    if (values.bulk && arg.name === spec.bulk) return;
    const raw = rawArgs[i];
    if (raw === undefined || raw === '') {
      if (!arg.optional) throw new UsageError(`missing argument <${arg.name}>`);
      return;
    }
    const parsed = parseArg(ctx, arg, String(raw));
    values.args[arg.name] = parsed.value;
    if (parsed.project) urlProject = parsed.project;
  });

  for (const flag of spec.flags ?? []) {
    let raw = opts[camel(flag.name)];
    const alias = gitlabFlagName(flag);
    const aliased = alias === undefined ? undefined : opts[camel(alias)];
    // Both spellings of one parameter (`--messenger a --skype b`): one value, or say which.
    if (raw !== undefined && aliased !== undefined && JSON.stringify(raw) !== JSON.stringify(aliased))
      throw new UsageError(
        `${givenAs(flag.name, raw)} and ${givenAs(alias!, aliased)} set the same ${paramName(flag) || flag.name} (the spec's and GitLab's spelling): give one`,
      );
    raw ??= aliased;
    // commander reads `--no-foo` beside `--foo` as foo=false: give it back to the `no-foo` flag.
    if (raw === undefined && flag.type === 'bool' && flag.name.startsWith('no-') && opts[camel(flag.name.slice(3))] === false) raw = true;
    if (raw === false && flag.type !== 'bool') raw = undefined;
    raw ??= flag.default;
    if (raw === undefined) continue;
    // A repeatable flag's values are each of its (scalar) type.
    setFlag(
      values,
      flag,
      Array.isArray(raw) && flag.repeatable ? (raw.map((r) => parseFlag(ctx, flag, r)) as string[] | number[]) : parseFlag(ctx, flag, raw),
    );
  }

  if (spec.list) {
    const p = values.page;
    if (opts.perPage !== undefined) p.perPage = parseInteger(String(opts.perPage), '--per-page', 1, 100);
    else {
      const configured = ctx.settings.perPage();
      if (configured !== undefined) p.perPage = configured;
    }
    if (opts.page !== undefined) p.page = parseInteger(String(opts.page), '--page', 1);
    if (opts.limit !== undefined) p.limit = parseInteger(String(opts.limit), '--limit', 1);
    if (opts.concurrency !== undefined) p.concurrency = parseInteger(String(opts.concurrency), '--concurrency', 1, 16);
    p.all = opts.all === true;
    if (p.all && p.page !== undefined) throw new UsageError('--all and --page cannot be used together');
    if (p.all && p.perPage === undefined) p.perPage = 100;
    if (p.limit !== undefined && p.perPage === undefined) p.perPage = Math.min(100, Math.max(p.limit, 20));
    if (p.all && p.concurrency === undefined) p.concurrency = 8;
  }

  if (spec.project && spec.group && opts.project !== undefined && opts.group !== undefined)
    throw new UsageError('--project and --group cannot be used together');
  if (spec.project && !(spec.project === 'optional' && opts.group !== undefined)) {
    const explicit = opts.project as string | undefined;
    if (explicit !== undefined) {
      values.project = ctx.settings.project(explicit);
      if (urlProject !== undefined && urlProject.toLowerCase() !== values.project?.toLowerCase())
        throw new UsageError(`the project is given twice: ${urlProject} (from the argument) and -p ${explicit}; give one`);
    } else if (urlProject) values.project = urlProject;
    else if (values.bulk?.items.every((item) => item.project !== undefined)) values.project = ctx.settings.project();
    else values.project = spec.project === 'required' ? ctx.settings.requireProject() : ctx.settings.project();
    if (explicit !== undefined && values.bulk) checkItemProjects(values.bulk.items, values.project);
    values.projectGiven = explicit ?? urlProject;
  }
  if (spec.group) {
    const explicit = opts.group as string | undefined;
    if (explicit !== undefined)
      values.group = String(spec.group === 'id' ? parseReference(ctx, 'group', explicit, '--group') : ctx.settings.group(explicit));
    else if (spec.group !== 'optional') throw new UsageError('no group given: use -g <id|group/path>');
  }

  const missing = (spec.flags ?? []).filter((flag) => values.flags[flag.name] === undefined && (flag.required || flag.prompt));
  // What nothing can fill is exit 2 before any suggestion is worked out (one may read the API).
  const unfilled = missing.find((flag) => !flag.suggest && !(flag.prompt && ctx.canPrompt));
  if (unfilled) throw new UsageError(`missing required flag ${flagLabel(unfilled)}`);
  for (const flag of missing) {
    const suggested = await flag.suggest?.(ctx, values);
    if (!flag.prompt || !ctx.canPrompt) {
      if (suggested === undefined) throw new UsageError(`missing required flag ${flagLabel(flag)}`);
      setFlag(values, flag, parseFlag(ctx, flag, suggested));
      continue;
    }
    const answer = await ctx.prompter().input(flag.prompt, {
      default: suggested,
      validate: (v) => {
        if (v.trim() === '') return 'required';
        try {
          parseFlag(ctx, flag, v);
          return true;
        } catch (err) {
          return (err as Error).message;
        }
      },
    });
    setFlag(values, flag, parseFlag(ctx, flag, answer));
  }

  if (spec.requireOne && Object.keys(values.flags).length === 0 && !values.editor) {
    const names = (spec.flags ?? []).filter((f) => !f.hidden).map(flagLabel);
    throw new UsageError(`nothing to change: give at least one of ${names.join(', ')}`);
  }
  return values;
}

/**
 * The ids of a bulk verb: several arguments, or `--stdin`. One argument is an ordinary run
 * (`single`); anything else is a batch, every id checked before anything is sent.
 */
async function bulkItems(
  ctx: Context,
  spec: CommandSpec,
  rawArgs: unknown[],
  opts: Record<string, unknown>,
): Promise<{ single?: string; bulk?: NonNullable<Values['bulk']> }> {
  const index = (spec.args ?? []).findIndex((a) => a.name === spec.bulk);
  const arg = spec.args![index]!;
  const given = ((rawArgs[index] as string[] | undefined) ?? []).filter((raw) => raw !== '');
  const fromStdin = opts.stdin === true;
  const concurrency = opts.concurrency === undefined ? 4 : parseInteger(String(opts.concurrency), '--concurrency', 1, 16);
  if (fromStdin && given.length > 0) throw new UsageError(`give the ${spec.bulk}s as arguments or with --stdin, not both`);
  if (!fromStdin && given.length === 0)
    throw new UsageError(`missing argument <${arg.name}>`, `give one or more, or --stdin to read them from standard input`);
  if (!fromStdin && given.length === 1) return { single: given[0] };
  for (const flag of spec.flags ?? [])
    if (fromStdin && flag.file && opts[camel(flag.name)] === '-')
      throw new UsageError(`--stdin and --${flag.name} - both read standard input: give --${flag.name} a file`);
  const { readIds } = await import('./bulk.js');
  const parse = (raw: string, label: string) => {
    const parsed = parseArg(ctx, arg, raw, label);
    return { value: parsed.value, project: parsed.project };
  };
  const items = fromStdin ? readIds(await readStdin(ctx), arg.name, parse) : given.map((raw) => parse(raw, `<${arg.name}>`));
  return { bulk: { items: dedupe(items), concurrency, fromStdin } };
}

/** The same item given twice is sent once. */
function dedupe(items: BulkItem[]): BulkItem[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = `${item.project ?? ''}\u0000${item.value}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A web URL among the ids names its project: with -p, it must be that one. */
function checkItemProjects(items: BulkItem[], project: string | undefined): void {
  for (const item of items)
    if (
      item.project !== undefined &&
      !/^\d+$/.test(item.project) &&
      project !== undefined &&
      !/^\d+$/.test(project) &&
      item.project.toLowerCase() !== project.toLowerCase()
    )
      throw new UsageError(`the project is given twice: ${item.project} (from ${item.value}'s URL) and -p ${project}; give one`);
}

function parseArg(ctx: Context, arg: ArgSpec, raw: string, label = `<${arg.name}>`): { value: string | number; project?: string } {
  if (arg.lookup) return { value: parseReference(ctx, arg.lookup, raw, label) };
  // A web URL or a reference (group/project#42) names the project, and the host, too.
  const target = arg.url ? ctx.settings.resource(raw, arg.url, label) : undefined;
  if (target) return { value: parseInteger(target.id, label, 1), project: target.project };
  switch (arg.type) {
    case 'int':
      return { value: parseInteger(raw, label, 0) };
    case 'id':
      return { value: parseInteger(raw, label, 1) };
    case 'path':
      if (raw.split('/').some((s) => s === '..')) throw new UsageError(`invalid value for ${label}: ".." is not allowed`);
      return { value: raw.replace(/^\/+/, '') };
    default:
      return { value: raw };
  }
}

/** The declared file flags read: their text as parameters, their bytes as file parts (a usage error if unreadable). */
async function readFiles(ctx: Context, spec: CommandSpec, v: Values): Promise<void> {
  for (const flag of spec.flags ?? []) {
    const file = v.flags[flag.name];
    const param = paramName(flag);
    if (flag.file === undefined || param === false || typeof file !== 'string') continue;
    if (flag.file === 'text') v.params[param] = await readTextArg(ctx, file, flagLabel(flag));
    else
      v.files.push({ name: param, filename: file === '-' ? param : basename(file), data: await readBytesArg(ctx, file, flagLabel(flag)) });
  }
}

/** Names given for ids (declared lookups) replaced by the ids: in flags, parameters, path values and the group. */
export async function resolveLookups(ctx: Context, spec: CommandSpec, v: Values): Promise<void> {
  for (const arg of spec.args ?? []) {
    const ref = v.args[arg.name];
    if (arg.lookup && ref !== undefined) v.args[arg.name] = await resolveReference(ctx, arg.lookup, ref, v);
  }
  for (const flag of spec.flags ?? []) {
    const given = v.flags[flag.name];
    const kind = flag.lookup;
    if (kind === undefined || given === undefined) continue;
    // GitLab takes the username itself: no lookup where the host is known to be GitLab.
    const name = flag.byName && !Array.isArray(given) ? parseReference(ctx, kind, String(given), flagLabel(flag)) : undefined;
    if (flag.byName && typeof name === 'string' && !isMe(name) && ctx.settings.flavor() === 'gitlab') {
      const param = paramName(flag);
      if (param !== false) delete v.params[param];
      v.params[flag.byName] = name;
      continue;
    }
    const find = (raw: unknown) => resolveReference(ctx, kind, parseReference(ctx, kind, String(raw), flagLabel(flag)), v);
    // A name given twice (`alice,@alice`) is one id.
    setFlag(v, flag, Array.isArray(given) ? [...new Set(await Promise.all(given.map(find)))] : await find(given));
  }
  if (spec.group === 'id' && v.group !== undefined && !/^\d+$/.test(v.group))
    v.group = String(await resolveReference(ctx, 'group', v.group, v));
}

/** A flag whose parameter only GitLab takes, refused before anything is looked up when the host speaks the spec's dialect. */
async function requireGitlabFor(ctx: Context, spec: CommandSpec, v: Values): Promise<void> {
  for (const flag of spec.flags ?? []) {
    const param = paramName(flag);
    if (param === false || v.flags[flag.name] === undefined || !gitlabOnly(param)) continue;
    if ((await ctx.flavor()) === 'spec')
      throw new UsageError(
        `${flagLabel(flag)} needs GitLab: this server speaks the spec's API, which has no ${param}`,
        'if it is GitLab: collab config set flavor gitlab --host <url>',
      );
  }
}

/** The error of a failed request, explained by the declaration where it says something about that status. */
async function explained(ctx: Context, spec: CommandSpec, v: Values, err: unknown): Promise<unknown> {
  if (!(err instanceof ApiError || err instanceof AuthError)) return err;
  const status = err instanceof ApiError ? err.status : 401;
  const explain = status === undefined ? undefined : spec.explain?.[status];
  if (!explain) return err;
  const better = await explain(ctx, v, err);
  if (better === undefined || better instanceof Error) return better ?? err;
  return err instanceof ApiError ? new ApiError(err.message, status, err.body, better) : new AuthError(err.message, better);
}

/**
 * `--fields` before anything is sent: alone, it lists the fields of the command's answer (one a
 * line; true: the command is done); with names, they are checked against those fields (exit 2).
 */
export async function fieldsFirst(ctx: Context, columns: Column[] | undefined): Promise<boolean> {
  if (!ctx.settings.listFields) {
    Printer.checkFields(ctx.settings.fields ?? [], columns);
    return false;
  }
  const fields = answerFields(columns);
  if (!fields) throw new UsageError('--fields: this command prints no fields to choose from');
  await writeOut(ctx.io.stdout, `${Printer.fieldNames(columns!).join('\n')}\n`);
  if (fields.gitlab?.length) ctx.notice(`(${fields.gitlab.length} of them, from ${fields.gitlab[0]} on, are sent by GitLab only)`);
  return true;
}

const STATE_WORDS: Record<string, string> = { opened: 'open', all: '' };

/** `open issues in acme/platform/api`: what a list holds, from its path and its filters. */
function listDescription(template: string, v: Values): string {
  const noun = (
    template
      .split('?')[0]!
      .split('/')
      .filter((s) => s !== '' && !s.startsWith(':'))
      .pop() ?? 'items'
  ).replace(/_/g, ' ');
  const state = typeof v.flags.state === 'string' ? (STATE_WORDS[v.flags.state] ?? v.flags.state) : '';
  const where = v.project !== undefined ? ` in ${v.project}` : v.group !== undefined ? ` in ${v.group}` : '';
  return `${state ? `${state} ` : ''}${noun}${where}`;
}

/** `--web`: the object's page opened in the browser on a terminal; elsewhere its URL alone on stdout (nothing is run). */
async function showWebPage(ctx: Context, data: unknown): Promise<void> {
  const { webPage } = await import('../output/browser.js');
  const url = webPage(asAnswer(data)?.web_url);
  if (!ctx.io.stdoutIsTTY) return writeOut(ctx.io.stdout, `${url}\n`);
  ctx.notice(`Opening ${url} in your browser.`);
  await ctx.desktop().openUrl(url);
}

/**
 * Runs a declared command: files, the last checks (`prepare`), lookups, the confirmation of an
 * irreversible command, then the endpoint call and its answer printed, unless the declaration
 * brings its own `run`. Off a terminal an irreversible command without `--yes` stops first.
 */
export async function executeSpec(ctx: Context, spec: CommandSpec, v: Values): Promise<void> {
  if (v.bulk) return (await import('./bulk.js')).executeBulk(ctx, spec, v);
  if (await fieldsFirst(ctx, spec.columns)) return;
  const printer = ctx.printer(undefined, { revealSecrets: spec.revealSecrets });
  if (spec.confirm) requireConsent(ctx, spec.confirm, v);
  await prepareValues(ctx, spec, v);
  await resolveLookups(ctx, spec, v);
  if (spec.confirm) await askConsent(ctx, spec, v);
  await sendSpec(ctx, spec, v, printer);
}

/** What runs once before sending (once for a whole batch): file flags read, `prepare`, GitLab-only flags refused. */
export async function prepareValues(ctx: Context, spec: CommandSpec, v: Values): Promise<void> {
  await readFiles(ctx, spec, v);
  const markdown = spec.flags?.find((f) => f.markdown);
  if (markdown) await composeMarkdown(ctx, spec, v, markdown, paramName(markdown) || markdown.name);
  if (spec.prepare) await spec.prepare(ctx, v);
  await requireGitlabFor(ctx, spec, v);
}

/** Sends the command (its `run`, or its endpoint) for values made ready, and prints the answer. */
export async function sendSpec(ctx: Context, spec: CommandSpec, v: Values, printer: Printer): Promise<void> {
  if (spec.run) return spec.run(ctx, v);
  const template = pathTemplate(spec, v);
  if (!spec.method || template === undefined) throw new Error(`command ${spec.name} declares neither run nor method/path`);
  const path = fillPath(template, pathValues(v));
  const params = { ...spec.fixed, ...v.params };
  const api = ctx.api();
  const inQuery = spec.method === 'GET' || spec.method === 'DELETE';
  const query = inQuery ? params : {};
  const body = inQuery ? {} : params;
  if (spec.list) {
    const listQuery = serverParams(query, await flavorFor(ctx, 'GET', path, query));
    const stats = {};
    await printer.listPages(
      paginatePages(
        api,
        { method: 'GET', path, query: listQuery as Record<string, QueryValue>, expect: expectedAnswer(spec, 'GET', template) },
        { ...v.page, stats },
      ),
      spec.columns ?? [],
      {
        crossProject: v.project === undefined,
        what: listDescription(template, v),
        stats,
      },
    );
    return;
  }
  if (spec.already) {
    const read = spec.already.read ?? template;
    const current = await api.request({ method: 'GET', path: fillPath(read, pathValues(v)), expect: expectedAnswer({}, 'GET', read) });
    const already = spec.already.notice(v, asAnswer(current.data));
    if (already !== undefined) {
      ctx.notice(already);
      if (!printer.brief) await printer.object(current.data, spec.columns);
      return;
    }
  }
  const matters = dialectMatters(spec.method, path, [...Object.keys(query), ...Object.keys(body)]);
  const flavor = matters ? await ctx.flavor() : 'spec';
  // What the answer is read against: the flavour asked for, else one known without asking.
  v.flavor = matters ? flavor : ctx.settings.flavor();
  const sent = serverParams(body, flavor);
  // Loaded for uploads only: multipart brings node:crypto, which would cost every start ~2 ms.
  const rawBody = v.files.length > 0 ? (await import('../api/multipart.js')).multipartBody(sent, v.files) : undefined;
  let res: Awaited<ReturnType<typeof api.request>>;
  try {
    res = await api.request({
      method: serverMethod(spec.method, path, flavor),
      path,
      query: serverParams(query, flavor) as Record<string, QueryValue>,
      expect: { ...expectedAnswer(spec, spec.method, template), scalars: scalarAnswers(spec.method, path) },
      ...(rawBody
        ? { rawBody }
        : { body: Object.keys(body).length > 0 || spec.method === 'POST' || spec.method === 'PUT' ? sent : undefined }),
    });
  } catch (err) {
    throw await explained(ctx, spec, v, err);
  }
  if (res.status === 304 && spec.notModified) {
    ctx.notice(spec.notModified.notice(v));
    if (spec.notModified.refetch && !printer.brief) {
      const refetch = spec.notModified.refetch;
      const current = await api.request({
        method: 'GET',
        path: fillPath(refetch, pathValues(v)),
        expect: expectedAnswer({}, 'GET', refetch),
      });
      await printer.object(current.data, spec.notModified.columns ?? spec.columns);
    }
    return;
  }
  if (res.status === 304) {
    ctx.notice('Not modified: the resource was already in that state');
    return;
  }
  if (v.web) return showWebPage(ctx, res.data);
  const refused = refusalIn(spec.method, res.data);
  if (refused)
    throw await explained(
      ctx,
      spec,
      v,
      new ApiError(statusLine(refused.status, errorMessage(refused, undefined, refused.status)), refused.status, res.data),
    );
  const unchanged = unchangedNotice(spec.method, path, res.data);
  if (unchanged) {
    ctx.notice(unchanged);
    return;
  }
  const message = spec.done?.(v, asAnswer(res.data), res.status);
  // On a terminal a write says what it did in one line; the object it answered is for -o, --fields and pipes.
  if (!(printer.brief && message !== undefined && spec.method !== 'GET' && !spec.showAnswer))
    await printAnswer(ctx, spec, v, printer, res.data);
  if (typeof message === 'string') ctx.success(message);
  else if (message) ctx.notice(message.notice);
}

async function printAnswer(ctx: Context, spec: CommandSpec, v: Values, printer: Printer, data: unknown): Promise<void> {
  if (spec.print) return spec.print(ctx, v, data);
  if (spec.print === false || data === undefined || data === '') return;
  if (spec.row && !printer.json) await printer.list([data], spec.columns ?? []);
  else await printer.object(data, spec.columns);
}
