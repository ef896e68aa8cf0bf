import { isMapping, parseYaml, rubyYaml, YamlError, type YamlValue } from './ci-yaml.js';

/**
 * A `.gitlab-ci.yml` read the way GitLab's lint and pipeline creation read it (lib/gitlab/ci/config,
 * lib/gitlab/ci/yaml_processor.rb), for what the sandbox needs: the stages, the jobs and their
 * `when`, `allow_failure`, `rules`/`only`/`except`, `needs`, `extends`; the errors and the warning
 * GitLab gives most often, worded as GitLab words them.
 */

export interface CiJob {
  name: string;
  stage: string;
  when: string;
  allowFailure: boolean;
  artifacts: boolean;
  script: string[];
  beforeScript: string[];
  afterScript: string[];
  tags: string[];
  environment: string | null;
  needs: string[];
  rules: Rule[] | null;
  only: YamlValue;
  except: YamlValue;
}

interface Rule {
  if?: string;
  when?: string;
  allowFailure?: boolean;
}

export interface CiConfig {
  stages: string[];
  jobs: CiJob[];
}

export interface LintAnswer {
  valid: boolean;
  errors: string[];
  warnings: string[];
  merged_yaml: string | null;
  includes: unknown[];
  jobs: Record<string, unknown>[];
}

export const DEFAULT_STAGES = ['.pre', 'build', 'test', 'deploy', '.post'];
const ALLOWED_WHEN = ['on_success', 'on_failure', 'always', 'manual', 'delayed'];
const GLOBAL_KEYS = new Set([
  'image',
  'services',
  'default',
  'stages',
  'types',
  'before_script',
  'after_script',
  'variables',
  'cache',
  'include',
  'workflow',
]);
const JOB_KEYS = new Set(
  (
    'after_script allow_failure artifacts before_script cache coverage dependencies environment except extends hooks id_tokens ' +
    'identity image inherit interruptible manual_confirmation needs only pages parallel publish release resource_group retry ' +
    'rules run script secrets services stage start_in tags timeout trigger type variables when'
  ).split(' '),
);
const RULES_WHEN_WARNING =
  'may allow multiple pipelines to run for a single action due to `rules:when` clause with no `workflow:rules` - read more: ' +
  'https://docs.gitlab.com/ee/ci/troubleshooting.html#pipeline-warnings';

const strings = (value: YamlValue | undefined): string[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value.flat(3).map((v) => String(v)) : [String(value)];

/** A job's keys with those of the jobs it `extends` under them (GitLab merges hashes deeply). */
function resolveExtends(name: string, all: { [key: string]: YamlValue }, errors: string[], depth = 0): { [key: string]: YamlValue } {
  const own = all[name];
  if (!isMapping(own)) return {};
  if (own.extends === undefined || depth > 10) return own;
  let merged: { [key: string]: YamlValue } = {};
  for (const base of strings(own.extends)) {
    if (!isMapping(all[base])) {
      errors.push(`${name}: unknown keys in \`extends\` (${base})`);
      continue;
    }
    merged = deepMerge(merged, resolveExtends(base, all, errors, depth + 1));
  }
  const rest = Object.fromEntries(Object.entries(own).filter(([key]) => key !== 'extends'));
  return deepMerge(merged, rest);
}

function deepMerge(a: { [key: string]: YamlValue }, b: { [key: string]: YamlValue }): { [key: string]: YamlValue } {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = isMapping(out[k]) && isMapping(v) ? deepMerge(out[k], v) : v;
  return out;
}

function readRules(value: YamlValue | undefined): Rule[] | null {
  if (!Array.isArray(value)) return null;
  return value.filter(isMapping).map((r) => ({
    if: typeof r.if === 'string' ? r.if : undefined,
    when: typeof r.when === 'string' ? r.when : undefined,
    allowFailure: typeof r.allow_failure === 'boolean' ? r.allow_failure : undefined,
  }));
}

function readJob(name: string, body: { [key: string]: YamlValue }, stages: string[], errors: string[]): CiJob | undefined {
  const unknown = Object.keys(body).filter((k) => !JOB_KEYS.has(k));
  if (unknown.length > 0) errors.push(`jobs:${name} config contains unknown keys: ${unknown.join(', ')}`);
  if (body.script === undefined && body.run === undefined && body.trigger === undefined)
    errors.push(`jobs:${name} config should implement the script:, run:, or trigger: keyword`);
  const when = typeof body.when === 'string' ? body.when : 'on_success';
  if (!ALLOWED_WHEN.includes(when)) errors.push(`jobs:${name} when should be one of: ${ALLOWED_WHEN.join(', ')}`);
  const stage = typeof body.stage === 'string' ? body.stage : 'test';
  if (!stages.includes(stage)) errors.push(`${name} job: chosen stage ${stage} does not exist; available stages are ${stages.join(', ')}`);
  const environment = isMapping(body.environment) ? String(body.environment.name ?? '') : body.environment;
  return {
    name,
    stage,
    when,
    allowFailure: typeof body.allow_failure === 'boolean' ? body.allow_failure : when === 'manual',
    artifacts: body.artifacts !== undefined,
    script: strings(body.script),
    beforeScript: strings(body.before_script),
    afterScript: strings(body.after_script),
    tags: strings(body.tags),
    environment: environment === undefined || environment === null ? null : String(environment),
    needs: strings(Array.isArray(body.needs) ? body.needs.map((n) => (isMapping(n) ? (n.job ?? null) : n)) : body.needs),
    rules: readRules(body.rules),
    only: body.only ?? null,
    except: body.except ?? null,
  };
}

function readStages(root: { [key: string]: YamlValue }, errors: string[]): string[] {
  const declared = root.stages ?? root.types;
  if (declared === undefined) return DEFAULT_STAGES;
  if (!Array.isArray(declared) || declared.some((s) => typeof s !== 'string')) {
    errors.push('stages config should be an array of strings');
    return DEFAULT_STAGES;
  }
  return ['.pre', ...(declared as string[]).filter((s) => s !== '.pre' && s !== '.post'), '.post'];
}

/** The configuration, or the errors GitLab finds in it. */
export function readConfig(content: string): { config?: CiConfig; errors: string[]; warnings: string[]; root?: YamlValue } {
  if (content.trim() === '') return { errors: ['Please provide content of .gitlab-ci.yml'], warnings: [] };
  let root: YamlValue;
  try {
    root = parseYaml(content);
  } catch (error) {
    if (error instanceof YamlError) return { errors: [error.message], warnings: [] };
    throw error;
  }
  if (!isMapping(root)) return { errors: ['Invalid configuration format'], warnings: [], root };
  const errors: string[] = [];
  const warnings: string[] = [];
  if (root.variables !== undefined && !isMapping(root.variables)) errors.push('variables config should be a hash of key value pairs');
  const stages = readStages(root, errors);
  const jobs: CiJob[] = [];
  const workflowRules = isMapping(root.workflow) && root.workflow.rules !== undefined;
  for (const [name, body] of Object.entries(root)) {
    if (GLOBAL_KEYS.has(name) || name.startsWith('.')) continue;
    if (!isMapping(body)) {
      errors.push(`jobs:${name} config should be a hash`);
      continue;
    }
    const job = readJob(name, resolveExtends(name, root, errors), stages, errors);
    if (!job) continue;
    jobs.push(job);
    const last = job.rules?.[job.rules.length - 1];
    if (!workflowRules && last && last.if === undefined && last.when !== undefined && last.when !== 'never')
      warnings.push(`jobs:${name} ${RULES_WHEN_WARNING}`);
  }
  if (jobs.length === 0 && errors.length === 0) errors.push('jobs config should contain at least one visible job');
  for (const job of jobs)
    for (const need of job.needs) if (!jobs.some((j) => j.name === need)) errors.push(`${job.name} job: undefined need: ${need}`);
  return errors.length > 0 ? { errors, warnings, root } : { config: { stages, jobs }, errors, warnings, root };
}

/** GitLab's lint answer (lib/api/entities/ci/lint/result.rb), `jobs` as doc/api/lint.md shows them. */
export function lint(content: string): LintAnswer {
  const { config, errors, warnings, root } = readConfig(content);
  return {
    valid: errors.length === 0,
    errors,
    warnings,
    merged_yaml: root === undefined ? null : rubyYaml(root),
    includes: [],
    jobs: (config?.jobs ?? []).map((j) => ({
      name: j.name,
      stage: j.stage,
      before_script: j.beforeScript,
      script: j.script,
      after_script: j.afterScript,
      tag_list: j.tags,
      environment: j.environment,
      when: j.when,
      allow_failure: j.allowFailure,
      only: j.rules ? null : (j.only ?? { refs: ['branches', 'tags'] }),
      except: j.except,
    })),
  };
}

/** What `rules:if` and `only`/`except` are evaluated against. */
export interface RefContext {
  ref: string;
  tag: boolean;
  source: string;
  defaultBranch: string;
  variables: Record<string, string>;
}

/** The predefined variables of such a pipeline, under its own variables. */
export function predefined(ctx: RefContext): Record<string, string> {
  const vars: Record<string, string> = {
    CI: 'true',
    GITLAB_CI: 'true',
    CI_COMMIT_REF_NAME: ctx.ref,
    CI_PIPELINE_SOURCE: ctx.source,
    CI_DEFAULT_BRANCH: ctx.defaultBranch,
  };
  if (ctx.tag) vars.CI_COMMIT_TAG = ctx.ref;
  else vars.CI_COMMIT_BRANCH = ctx.ref;
  return { ...vars, ...ctx.variables };
}

/** `$A == "x" && $B`, `$A =~ /re/`, `||`: the subset of `rules:if` the sandbox evaluates (no parentheses). */
export function evaluateIf(expression: string, vars: Record<string, string>): boolean {
  const operand = (text: string): string | null => {
    const t = text.trim();
    if (t.startsWith('$')) return vars[t.slice(1).replace(/^\{|\}$/g, '')] ?? null;
    if (/^(["']).*\1$/.test(t)) return t.slice(1, -1);
    return t === 'null' ? null : t;
  };
  const atom = (text: string): boolean => {
    const m = /^(.*?)\s*(==|!=|=~|!~)\s*(.*)$/.exec(text.trim());
    if (!m) return (operand(text) ?? '') !== '';
    const left = operand(m[1]);
    if (m[2] === '==' || m[2] === '!=') return (left === operand(m[3])) === (m[2] === '==');
    const re = /^\/(.*)\/([a-z]*)$/.exec(m[3].trim());
    const matched = re !== null && left !== null && new RegExp(re[1], re[2].replace(/[^imsu]/g, '')).test(left);
    return matched === (m[2] === '=~');
  };
  return expression.split('||').some((any) => any.split('&&').every(atom));
}

/** `only`/`except` keywords naming a pipeline source. */
const SOURCE_OF: Record<string, string> = { api: 'api', web: 'web', pushes: 'push', triggers: 'trigger', schedules: 'schedule' };

function refMatches(patterns: YamlValue, ctx: RefContext): boolean {
  const refs = isMapping(patterns) ? strings(patterns.refs) : strings(patterns);
  return refs.some((p) => {
    if (p === 'branches') return !ctx.tag;
    if (p === 'tags') return ctx.tag;
    if (p in SOURCE_OF) return ctx.source === SOURCE_OF[p];
    if (p === 'merge_requests') return ctx.source === 'merge_request_event';
    const re = /^\/(.*)\/([a-z]*)$/.exec(p);
    return re ? new RegExp(re[1]).test(ctx.ref) : p === ctx.ref;
  });
}

/** The jobs a pipeline for this ref gets, each with its `when` and `allow_failure` after `rules`. */
export function jobsFor(config: CiConfig, ctx: RefContext): CiJob[] {
  const vars = predefined(ctx);
  const out: CiJob[] = [];
  for (const job of config.jobs) {
    if (job.rules) {
      const rule = job.rules.find((r) => r.if === undefined || evaluateIf(r.if, vars));
      const when = rule?.when ?? job.when;
      if (!rule || when === 'never') continue;
      // `when: manual` from a rule does not make the job optional (doc/ci/yaml: allow_failure defaults to false for
      // manual jobs that use rules); the job's own `allow_failure`, or its own `when: manual`, does.
      out.push({ ...job, when, allowFailure: rule.allowFailure ?? job.allowFailure });
      continue;
    }
    if (job.only !== null && !refMatches(job.only, ctx)) continue;
    if (job.except !== null && refMatches(job.except, ctx)) continue;
    out.push(job);
  }
  return out;
}
