/**
 * `collab mcp serve`'s tools, in-process: the input schema each declaration gives, what the
 * server's flags let it offer, the command line a call's arguments make (and those refused before
 * anything runs), and what a run's output becomes as a result (MCP 2025-06-18, server/tools:
 * `inputSchema`, `structuredContent`, `isError`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { type CommandSpec, type DeclaredCommand, defineCommand } from '../../src/executor/spec.js';
import { catalogue, type Policy, type ToolDef, toolFor } from '../../src/mcp/catalogue.js';
import { toolCommandLine } from '../../src/mcp/command-line.js';
import { MAX_TEXT, toolResult } from '../../src/mcp/result.js';
import { tempDirsPerTest } from '../helpers/temp.js';

const tempDir = tempDirsPerTest('collab-mcp-');

const READS: Policy = { allowWrites: false, allowDestructive: false };
const WRITES: Policy = { allowWrites: true, allowDestructive: false };
const EVERYTHING: Policy = { allowWrites: true, allowDestructive: true };

function declared(spec: CommandSpec, more: Partial<DeclaredCommand> = {}): DeclaredCommand {
  return { spec, path: ['widget', spec.name], section: 'Resources', ...more };
}

function tool(spec: CommandSpec, policy: Policy = EVERYTHING, more: Partial<DeclaredCommand> = {}): ToolDef {
  const t = toolFor(declared(spec, more), policy);
  if (!t) throw new Error(`${spec.name} is no tool under this policy`);
  return t;
}

const list = defineCommand({
  name: 'list',
  summary: 'List widgets',
  description: 'List the widgets of a project, open ones unless --state says otherwise.',
  examples: ['collab widget list'],
  project: 'required',
  method: 'GET',
  path: '/projects/:project/widgets',
  list: true,
  flags: [
    { name: 'state', type: 'enum', choices: ['opened', 'closed'], default: 'opened', description: 'only in this state' },
    { name: 'author-id', type: 'id', description: 'made by this user id' },
    { name: 'weight', type: 'weight', description: 'of this weight' },
    { name: 'labels', type: 'csv', description: 'carrying these labels' },
    { name: 'iids', type: 'intList', description: 'these iids' },
    { name: 'since', type: 'date', description: 'updated since' },
    { name: 'draft', type: 'bool', negatable: true, description: 'drafts only' },
    { name: 'tag', type: 'string', repeatable: true, description: 'a tag (again for more)' },
    { name: 'secret', type: 'string', hidden: true, description: 'for tests' },
  ],
});

const view = defineCommand({
  name: 'view',
  summary: 'Show a widget',
  examples: ['collab widget view 3'],
  args: [{ name: 'iid', type: 'int', description: 'widget IID', url: 'issues' }],
  project: 'required',
  method: 'GET',
  path: '/projects/:project/widgets/:iid',
});

const create = defineCommand({
  name: 'create',
  summary: 'Create a widget',
  examples: ['collab widget create --title x'],
  project: 'required',
  method: 'POST',
  path: '/projects/:project/widgets',
  flags: [
    { name: 'title', type: 'string', required: true, description: 'its title' },
    { name: 'description-file', type: 'string', file: 'text', param: 'description', description: 'its description, from a file' },
    { name: 'to', type: 'string', lookup: 'project', description: 'copy it to this project too' },
  ],
});

const close = defineCommand({
  name: 'close',
  summary: 'Close widgets',
  examples: ['collab widget close 3 4'],
  args: [{ name: 'iid', type: 'int', description: 'widget IID' }],
  bulk: 'iid',
  project: 'required',
  method: 'PUT',
  path: '/projects/:project/widgets/:iid',
  fixed: { state_event: 'close' },
});

const remove = defineCommand({
  name: 'delete',
  summary: 'Delete a widget',
  examples: ['collab widget delete 3 --yes'],
  args: [{ name: 'iid', type: 'int', description: 'widget IID' }],
  project: 'required',
  method: 'DELETE',
  path: '/projects/:project/widgets/:iid',
  confirm: { mode: 'yes', question: (v) => `Delete widget #${v.args.iid}?` },
});

const fetchFile = defineCommand({
  name: 'download',
  summary: "Download a widget's file",
  examples: ['collab widget download 3'],
  args: [{ name: 'iid', type: 'int', description: 'widget IID' }],
  project: 'required',
  flags: [{ name: 'dest', type: 'string', param: false, disk: 'write', description: 'where to save it' }],
  effect: 'read',
  run: async () => undefined,
});

const users = defineCommand({
  name: 'users',
  summary: 'List users',
  examples: ['collab widget users'],
  method: 'GET',
  path: '/users',
});

const checkout = defineCommand({
  name: 'checkout',
  summary: 'Check a widget out',
  examples: ['collab widget checkout 3'],
  args: [{ name: 'iid', type: 'int', description: 'widget IID' }],
  project: 'required',
  effect: 'local',
  run: async () => undefined,
});

describe('the input schema of a declared command', () => {
  it('takes its types, enums, defaults, required flags and descriptions; a list takes limit and page', () => {
    const t = tool(list);
    expect(t.name).toBe('widget_list');
    const props = t.listed.inputSchema.properties!;
    expect(Object.keys(props)).toEqual([
      'project',
      'limit',
      'page',
      'state',
      'author-id',
      'weight',
      'labels',
      'iids',
      'since',
      'draft',
      'tag',
    ]);
    expect(props.project).toEqual({ type: 'string', description: 'the project: numeric id or full path (group/project)' });
    expect(props.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    expect(props.page).toMatchObject({ type: 'integer', minimum: 1 });
    expect(props.state).toEqual({ type: 'string', enum: ['opened', 'closed'], default: 'opened', description: 'only in this state' });
    expect(props['author-id']).toEqual({ type: 'integer', minimum: 1, description: 'made by this user id' });
    expect(props.weight).toEqual({ type: 'integer', minimum: 0, maximum: 9, description: 'of this weight' });
    expect(props.labels).toEqual({ type: 'array', items: { type: 'string' }, description: 'carrying these labels' });
    expect(props.iids).toEqual({ type: 'array', items: { type: 'integer' }, description: 'these iids' });
    expect(props.since).toEqual({ type: 'string', format: 'date', description: 'updated since' });
    expect(props.draft).toEqual({ type: 'boolean', description: 'drafts only' });
    expect(props.tag).toEqual({ type: 'array', items: { type: 'string' }, description: 'a tag (again for more)' });
    expect(t.listed.inputSchema.required).toEqual(['project']);
    expect(t.listed.inputSchema.additionalProperties).toBe(false);
    expect(t.listed.description).toBe(
      'List widgets.\n\nList the widgets of a project, open ones unless --state says otherwise.\n\nReads only.',
    );
    expect(t.listed.annotations).toEqual({ title: 'collab widget list', readOnlyHint: true, destructiveHint: false, openWorldHint: true });
  });

  it('takes arguments as typed inputs: an id is an integer, the ids of a bulk verb an array of them', () => {
    const one = tool(view).listed.inputSchema;
    expect(one.properties!.iid).toEqual({ type: 'integer', minimum: 0, description: 'widget IID' });
    expect(one.required).toEqual(['iid', 'project']);
    const many = tool(close).listed.inputSchema;
    expect(many.properties!.iid).toEqual({
      type: 'array',
      items: { type: 'integer', minimum: 0 },
      minItems: 1,
      description: 'widget IID (one or more)',
    });
    expect(many.required).toEqual(['iid', 'project']);
  });

  it("folds a noun's subject argument into `project` (collab project view acme/web)", () => {
    const subjectView = defineCommand({
      name: 'view',
      summary: 'Show a project',
      examples: ['collab project view acme/web'],
      args: [{ name: 'project', type: 'string', description: 'the project', optional: true }],
      project: 'required',
      method: 'GET',
      path: '/projects/:project',
    });
    const t = tool(subjectView, READS, { path: ['project', 'view'], subject: 'project' });
    expect(t.name).toBe('project_view');
    expect(Object.keys(t.listed.inputSchema.properties!)).toEqual(['project']);
    expect(toolCommandLine(t, { project: 'acme/web' }, READS).argv).toEqual([
      'project',
      'view',
      '--project=acme/web',
      '--output=json',
      '--no-input',
      '--',
    ]);
  });

  it('keeps the argument where a flag of the same name is the other way to give it (variable set KEY VALUE, --value)', () => {
    const set = defineCommand({
      name: 'set',
      summary: 'Set a value',
      examples: ['collab widget set a b'],
      args: [
        { name: 'key', type: 'string', description: 'its key' },
        { name: 'value', type: 'string', description: 'its value', optional: true },
      ],
      flags: [{ name: 'value', type: 'string', param: false, description: 'its value, as a flag' }],
      method: 'PUT',
      path: '/widgets/:key',
    });
    const t = tool(set);
    expect(t.listed.inputSchema.properties!.value).toEqual({ type: 'string', description: 'its value' });
    expect(toolCommandLine(t, { key: 'a', value: '--b' }, EVERYTHING).argv.slice(-3)).toEqual(['--', 'a', '--b']);
  });

  it('names a nested noun by all its words, and says what a write and an irreversible command do', () => {
    const add = defineCommand({ name: 'add', summary: 'Add a key', examples: ['collab user key add'], method: 'POST', path: '/user/keys' });
    expect(tool(add, WRITES, { path: ['user', 'key', 'add'] }).name).toBe('user_key_add');
    expect(tool(create).listed.description).toBe('Create a widget.\n\nChanges data on the server.');
    expect(tool(remove).listed.description).toBe('Delete a widget.\n\nIrreversible: runs without asking for confirmation.');
    expect(tool(remove).listed.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });
});

describe('what the server offers', () => {
  const commands = [list, view, create, close, remove, users, checkout].map((c) => declared(c));
  const names = (policy: Policy) => catalogue(policy, commands).map((t) => t.name);

  it('reads by default, writes with --allow-writes, irreversible commands only with --allow-destructive too', () => {
    expect(names(READS)).toEqual(['widget_list', 'widget_view', 'widget_users']);
    expect(names(WRITES)).toEqual(['widget_list', 'widget_view', 'widget_create', 'widget_close', 'widget_users']);
    expect(names(EVERYTHING)).toEqual(['widget_list', 'widget_view', 'widget_create', 'widget_close', 'widget_delete', 'widget_users']);
  });

  it('never a local command, nor a command of a noun that is not a resource (auth, config, api, sandbox)', () => {
    expect(toolFor(declared(checkout), EVERYTHING)).toBeUndefined();
    for (const section of ['Access', 'Tools'] as const) expect(toolFor(declared(view, { section }), EVERYTHING)).toBeUndefined();
  });

  it('with --project: only tools that work in a project, none taking a project or another one to move things to', () => {
    const pinned: Policy = { ...EVERYTHING, project: 'acme/web' };
    expect(names(pinned)).toEqual(['widget_list', 'widget_view', 'widget_create', 'widget_close', 'widget_delete']);
    const t = tool(create, pinned);
    expect(Object.keys(t.listed.inputSchema.properties!)).toEqual(['title']);
    expect(toolCommandLine(t, { title: 'x' }, pinned).argv).toEqual([
      'widget',
      'create',
      '--title=x',
      '--project=acme/web',
      '--output=json',
      '--no-input',
      '--',
    ]);
  });

  it('with --project: no input naming a group or another project by its GitLab parameter (mr create --target-project-id)', () => {
    // GitLab's merge_requests.rb `post ':id/merge_requests'` takes `target_project_id`: the merge request goes there.
    const open = defineCommand({
      name: 'open',
      summary: 'Open a widget',
      examples: ['collab widget open --title x'],
      project: 'optional',
      group: 'optional',
      method: 'POST',
      path: '/projects/:project/widgets',
      flags: [
        { name: 'title', type: 'string', required: true, description: 'its title' },
        { name: 'target-project-id', type: 'id', description: 'the project it goes into' },
        { name: 'into', type: 'id', param: 'to_group_id', description: 'the group it goes into' },
        { name: 'owner', type: 'string', lookup: 'group', description: 'the owning group' },
      ],
    });
    const all = Object.keys(tool(open).listed.inputSchema.properties!);
    expect(all).toEqual(['project', 'group', 'title', 'target-project-id', 'into', 'owner']);
    const pinned: Policy = { ...EVERYTHING, project: 'acme/web' };
    const t = tool(open, pinned);
    expect(Object.keys(t.listed.inputSchema.properties!)).toEqual(['title']);
    expect(() => toolCommandLine(t, { title: 'x', 'target-project-id': 9 }, pinned)).toThrow(/unknown input "target-project-id"/);
    expect(() => toolCommandLine(t, { title: 'x', group: 'acme' }, pinned)).toThrow(/unknown input "group"/);
  });

  it('offers no flag that acts on this machine (a git push), and turns it off where another would turn it on', () => {
    const open = defineCommand({
      name: 'open',
      summary: 'Open a widget',
      examples: ['collab widget open --title x'],
      project: 'required',
      method: 'POST',
      path: '/projects/:project/widgets',
      flags: [
        { name: 'title', type: 'string', required: true, description: 'its title' },
        { name: 'push', type: 'bool', negatable: true, local: true, param: false, description: 'git push the branch first' },
        { name: 'fill', type: 'bool', param: false, description: 'fill it from the commits, pushing the branch unless --no-push' },
      ],
    });
    const t = tool(open);
    expect(Object.keys(t.listed.inputSchema.properties!)).toEqual(['project', 'title', 'fill']);
    expect(() => toolCommandLine(t, { project: 'acme/web', title: 'x', push: true }, EVERYTHING)).toThrow(/unknown input "push"/);
    expect(toolCommandLine(t, { project: 'acme/web', title: 'x', fill: true }, EVERYTHING).argv).toEqual([
      'widget',
      'open',
      '--project=acme/web',
      '--title=x',
      '--fill',
      '--no-push',
      '--output=json',
      '--no-input',
      '--',
    ]);
  });

  it('touches files only with --root: a download is offered with it, a file input is dropped without it', () => {
    expect(toolFor(declared(fetchFile), READS)).toBeUndefined();
    expect(tool(fetchFile, { ...READS, root: '/srv/files' }).savesFiles).toBe(true);
    expect(Object.keys(tool(create).listed.inputSchema.properties!)).toEqual(['project', 'title', 'to']);
    expect(Object.keys(tool(create, { ...EVERYTHING, root: '/srv/files' }).listed.inputSchema.properties!)).toEqual([
      'project',
      'title',
      'description-file',
      'to',
    ]);
  });

  it('asks for the file of a download that would go to standard output otherwise (its answer is JSON)', () => {
    const printOne = defineCommand({
      name: 'print',
      summary: "Print a widget's file (or save it with --dest)",
      examples: ['collab widget print 3'],
      args: [{ name: 'iid', type: 'int', description: 'widget IID' }],
      project: 'required',
      flags: [{ name: 'dest', type: 'string', param: false, disk: 'write-or-stdout', description: 'save it here' }],
      effect: 'read',
      run: async () => undefined,
    });
    const t = tool(printOne, { ...READS, root: '/srv/files' });
    expect(t.savesFiles).toBe(true);
    expect(t.listed.inputSchema.required).toEqual(['iid', 'project', 'dest']);
  });

  it('leaves `project` out of the required inputs when the server knows a default one', () => {
    expect(tool(view, { ...READS, defaultProject: 'acme/web' }).listed.inputSchema.required).toEqual(['iid']);
  });
});

describe("a call's command line", () => {
  it('gives options as --name=value and the arguments after --, so that no value is read as a flag', () => {
    const line = toolCommandLine(tool(create), { project: 'acme/web', title: '--yes' }, EVERYTHING);
    expect(line.argv).toEqual(['widget', 'create', '--project=acme/web', '--title=--yes', '--output=json', '--no-input', '--']);
    expect(toolCommandLine(tool(close), { project: '7', iid: [3, 4] }, EVERYTHING).argv).toEqual([
      'widget',
      'close',
      '--project=7',
      '--output=json',
      '--no-input',
      '--',
      '3',
      '4',
    ]);
  });

  it('joins lists, repeats a repeatable flag, turns a negatable boolean off, and asks one item more than the limit', () => {
    const line = toolCommandLine(
      tool(list),
      { project: '7', labels: ['bug', 'ui'], iids: [1, 2], tag: ['a', 'b'], draft: false, state: 'closed', limit: 5, page: 2 },
      READS,
    );
    expect(line.argv).toEqual([
      'widget',
      'list',
      '--project=7',
      '--state=closed',
      '--labels=bug,ui',
      '--iids=1,2',
      '--no-draft',
      '--tag=a',
      '--tag=b',
      '--per-page=5',
      '--page=2',
      '--limit=6',
      '--output=json',
      '--no-input',
      '--',
    ]);
    expect(line.list).toEqual({ limit: 5, page: 2 });
    expect(toolCommandLine(tool(list), { project: '7' }, READS).argv).toContain('--limit=21');
  });

  it('says --yes for an irreversible command, which nobody can be asked about', () => {
    expect(toolCommandLine(tool(remove), { project: '7', iid: 3 }, EVERYTHING).argv).toEqual([
      'widget',
      'delete',
      '--project=7',
      '--yes',
      '--output=json',
      '--no-input',
      '--',
      '3',
    ]);
  });

  it('refuses what the schema does not take, before anything runs', () => {
    const refusal = (t: ToolDef, args: unknown) => {
      try {
        toolCommandLine(t, args, EVERYTHING);
      } catch (err) {
        expect(err).toBeInstanceOf(UsageError);
        return (err as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refusal(tool(view), { project: '7', iid: 'three' })).toBe('invalid value for "iid": "three" is not an integer of at least 0');
    expect(refusal(tool(view), { project: '7', iid: 3, colour: 'red' })).toBe('unknown input "colour" (widget_view takes iid, project)');
    expect(refusal(tool(view), { iid: 3 })).toBe('missing input "project": the project: numeric id or full path (group/project)');
    expect(refusal(tool(list), { project: '7', state: 'merged' })).toBe('invalid value for "state": "merged" is not one of opened, closed');
    expect(refusal(tool(list), { project: '7', limit: 500 })).toBe('invalid value for "limit": 500 is not an integer from 1 to 100');
    expect(refusal(tool(list), { project: '7', iids: [1, 'x'] })).toBe(
      'invalid value for "iids": [1,"x"] is not an array of which each item is an integer',
    );
    expect(refusal(tool(close), { project: '7', iid: [] })).toBe('invalid value for "iid": [] is not an array of at least 1 item');
    expect(refusal(tool(list), [1])).toBe('the arguments must be a JSON object');
    // JSON.parse('9007199254740993') is 9007199254740992: sent, it would name another object.
    expect(refusal(tool(view), JSON.parse('{"project":"7","iid":9007199254740993}'))).toBe(
      'invalid value for "iid": 9007199254740992 is not an integer collab can send exactly (at most 9007199254740991)',
    );
    expect(refusal(tool(close), { project: '7', iid: [3, 1e300] })).toMatch(/each item is an integer collab can send exactly/);
    expect(toolCommandLine(tool(view), { project: '7', iid: Number.MAX_SAFE_INTEGER }, EVERYTHING).argv).toContain(
      String(Number.MAX_SAFE_INTEGER),
    );
  });

  it('keeps a path under --root: relative, without .., not through a link leading out; it runs a download there', () => {
    const root = fs.realpathSync(tempDir());
    const outside = tempDir();
    fs.mkdirSync(path.join(root, 'sub'));
    fs.symlinkSync(outside, path.join(root, 'out'));
    const policy: Policy = { ...READS, root, defaultProject: 'acme/web' };
    const t = tool(fetchFile, policy);
    const line = toolCommandLine(t, { iid: 3, dest: 'sub/a.zip' }, policy);
    expect(line.argv).toEqual([
      'widget',
      'download',
      `--dest=${path.join(root, 'sub/a.zip')}`,
      '--project=acme/web',
      '--output=json',
      '--no-input',
      '--',
      '3',
    ]);
    expect(line.cwd).toBe(root);
    for (const dest of ['/etc/passwd', '../a.zip', 'sub/../../a.zip', '-', ''])
      expect(() => toolCommandLine(t, { iid: 3, dest }, policy), dest).toThrow(/relative to the server's --root/);
    expect(() => toolCommandLine(t, { iid: 3, dest: 'out/a.zip' }, policy)).toThrow("out/a.zip leads outside the server's --root");
  });
});

describe("a run's output as the tool's result", () => {
  const secrets = ['glpat-SECRET-123456'];

  it('is the JSON it printed, as text and structured; a list cut to the limit says there are more', () => {
    const items = [{ iid: 3 }, { iid: 2 }, { iid: 1 }];
    const r = toolResult({ code: 0, stdout: JSON.stringify(items), stderr: '' }, { secrets, list: { limit: 2, page: 1 } });
    expect(r.isError).toBeUndefined();
    expect(r.content).toEqual([
      { type: 'text', text: '[{"iid":3},{"iid":2}]' },
      { type: 'text', text: '2 items shown; there are more: call again with page 2 (or a larger limit, at most 100, or narrower filters)' },
    ]);
    expect(r.structuredContent).toEqual({ items: [{ iid: 3 }, { iid: 2 }], more: true });
    const all = toolResult({ code: 0, stdout: JSON.stringify(items), stderr: '' }, { secrets, list: { limit: 3, page: 1 } });
    expect(all.content).toHaveLength(1);
    expect(all.structuredContent).toEqual({ items, more: false });
  });

  it("makes the server's text inert: no escape sequence, control or invisible character in it", () => {
    const hostile = { title: 'ok\u001b]8;;http://evil\u0007link\u001b]8;;\u0007 \u001b[31mred\u202e', '\u001b[2Jkey': 1 };
    const r = toolResult({ code: 0, stdout: JSON.stringify(hostile), stderr: '' }, { secrets });
    expect(r.structuredContent).toEqual({ title: 'oklink red', key: 1 });
    expect(JSON.stringify(r)).not.toMatch(/\\u001b|\\u202e|\u001b|\u202e/);
  });

  it("is a failure with collab's error and hint, and never holds a credential in use", () => {
    const r = toolResult(
      { code: 1, stdout: '', stderr: 'collab: 403 Forbidden: token glpat-SECRET-123456 lacks api scope\nhint: check the token\n' },
      { secrets },
    );
    expect(r).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'collab: 403 Forbidden: token [REDACTED] lacks api scope\nhint: check the token' }],
    });
    const echoed = toolResult({ code: 0, stdout: JSON.stringify({ note: 'glpat-SECRET-123456' }), stderr: '' }, { secrets });
    expect(JSON.stringify(echoed)).not.toContain('glpat-SECRET-123456');
    expect(echoed.structuredContent).toEqual({ note: '[REDACTED]' });
  });

  it('masks secret fields at any depth unless the server runs with --allow-secrets, as table and tsv do', () => {
    // GitLab answers runners_token to who can administer the project or group (lib/api/entities/project.rb,
    // lib/api/entities/group_detail.rb: `expose :runners_token, if: … user_can_admin_project|group`).
    const project = {
      id: 1,
      runners_token: 'GR1348941secret',
      shared_with_groups: [{ group_id: 2, runners_token: 'GR1348941other' }],
      token_expires_at: '2027-01-31T00:00:00.000Z',
      empty_token: '',
      name: 'api',
    };
    const printed = { code: 0, stdout: JSON.stringify(project), stderr: '' };
    const masked = toolResult(printed, { secrets, maskSecretFields: true });
    expect(masked.structuredContent).toEqual({
      ...project,
      runners_token: '********',
      shared_with_groups: [{ group_id: 2, runners_token: '********' }],
    });
    expect(JSON.stringify(masked)).not.toContain('GR1348941');
    expect(toolResult(printed, { secrets }).structuredContent).toEqual(project);
  });

  it("masks the instance's keys and secrets an administrator's settings answer, not public keys nor names", () => {
    // GitLab: GET /application/settings (lib/api/settings.rb) presents Entities::ApplicationSetting, which
    // exposes ApplicationSettingsHelper.visible_attributes minus asset_proxy_secret_key and eks_secret_access_key.
    const settings = {
      id: 1,
      akismet_api_key: 'akismet-0123456789',
      recaptcha_private_key: 'recaptcha-0123456789',
      recaptcha_site_key: 'site-key-public',
      slack_app_secret: 'slack-0123456789',
      mailgun_signing_key: 'mailgun-0123456789',
      elasticsearch_aws_secret_access_key: 'aws-0123456789',
      sentry_dsn: 'https://abc@sentry.example/1',
      external_auth_client_key_pass: 'pass-0123456789',
      password_authentication_enabled_for_web: true,
      rsa_key_restriction: 0,
      default_branch_name: 'main',
    };
    const printed = { code: 0, stdout: JSON.stringify(settings), stderr: '' };
    const masked = toolResult(printed, { secrets, maskSecretFields: true }).structuredContent as Record<string, unknown>;
    for (const key of ['akismet_api_key', 'recaptcha_private_key', 'slack_app_secret', 'mailgun_signing_key'])
      expect(masked[key], key).toBe('********');
    for (const key of ['elasticsearch_aws_secret_access_key', 'sentry_dsn', 'external_auth_client_key_pass'])
      expect(masked[key], key).toBe('********');
    expect(masked).toMatchObject({ recaptcha_site_key: 'site-key-public', password_authentication_enabled_for_web: true });
    expect(masked).toMatchObject({ rsa_key_restriction: 0, default_branch_name: 'main' });
    // An SSH key's `key` is public, a CI/CD variable's `key` its name.
    const key = { id: 3, key: 'ssh-ed25519 AAAA… alice', title: 'laptop' };
    expect(toolResult({ code: 0, stdout: JSON.stringify(key), stderr: '' }, { secrets, maskSecretFields: true }).structuredContent).toEqual(
      key,
    );
    expect(toolResult(printed, { secrets }).structuredContent).toEqual(settings);
  });

  it('bounds text it cannot shape (a trace), and says so', () => {
    const r = toolResult({ code: 0, stdout: 'x'.repeat(MAX_TEXT + 10), stderr: '' }, { secrets });
    const text = (r.content[0] as { text: string }).text;
    expect(text.length).toBeLessThan(MAX_TEXT + 100);
    expect(text.endsWith('[… 10 more characters left out]')).toBe(true);
  });
});
