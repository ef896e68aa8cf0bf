import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { notShown } from '../../executor/host-dialect.js';
import type { FlagSpec, Values } from '../../executor/inputs.js';
import { defineCommand, defineNoun } from '../../executor/spec.js';
import type { ParamType } from '../../executor/validate.js';
import { columnSet } from '../../output/columns.js';
import { SETTINGS, SETTINGS_FIELDS, type Setting, settingFlag } from '../../resources/settings.js';
import { isObject } from '../../shared/json.js';

const FLAG_TYPE: Record<Setting['type'], ParamType> = {
  string: 'string',
  bool: 'bool',
  int: 'int',
  decimal: 'number',
  list: 'stringList',
  enum: 'enum',
};

function flagFor(setting: Setting): FlagSpec {
  const needs = setting.requires?.length ? `; needs ${setting.requires.map(settingFlag).join(', ')}` : '';
  // Choices themselves are appended by the flag builder.
  const range = setting.type === 'list' ? ' (comma-separated)' : '';
  return {
    name: settingFlag(setting.name).slice(2),
    param: setting.name,
    type: FLAG_TYPE[setting.type],
    choices: setting.choices,
    // Exclusive bounds are checked in `checkSettings`; the inclusive ones by the flag parser.
    ...(setting.exclusive ? {} : { min: setting.min, max: setting.max }),
    negatable: setting.type === 'bool',
    description: `${setting.note}${range}${needs}`,
  };
}

const isGiven = (value: unknown) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);

/** What the flag parser cannot know: exclusive bounds, and settings that need others when turned on. */
function checkSettings(v: Values): void {
  for (const setting of SETTINGS) {
    const value = v.params[setting.name];
    if (value === undefined) continue;
    if (setting.exclusive && typeof value === 'number' && !(value > (setting.min ?? -Infinity) && value < (setting.max ?? Infinity)))
      throw new UsageError(
        `invalid value for ${settingFlag(setting.name)}: ${value} is not strictly between ${setting.min} and ${setting.max}`,
      );
    if (value !== true || !setting.requires) continue;
    const missing = setting.requires.filter((name) => !isGiven(v.params[name]));
    if (missing.length > 0) throw new UsageError(`${settingFlag(setting.name)} needs ${missing.map(settingFlag).join(' and ')}`);
  }
}

const DIALECT = { spec: "the spec's", gitlab: "GitLab's" } as const;

/**
 * Servers drop parameters they do not know (GitLab has removed some of the spec's settings, and
 * ignores the spec's names): a setting sent but absent from the answer under the name it was sent
 * as was ignored, unless the server never shows it.
 */
function settingsUpdated(v: Values, data: unknown): string | { notice: string } {
  const sent = Object.keys(v.params);
  const updated = `Updated ${sent.length} application setting${sent.length === 1 ? '' : 's'}`;
  if (!isObject(data)) return updated;
  const { ignored, sentIn, speaks } = notShown(sent, data, v.flavor);
  if (ignored.length === 0) return updated;
  // The answer names them the other dialect's way: the host's flavour is wrong (forced, or stale).
  if (speaks)
    return {
      notice:
        `collab: warning: the server ignored ${ignored.map(settingFlag).join(', ')}: it ` +
        `speaks ${DIALECT[speaks.flavor]} names (${speaks.names.join(', ')}) and collab sent ` +
        `${DIALECT[sentIn]}; set the host's flavour: collab config set flavor ${speaks.flavor} ` +
        `--host <url>`,
    };
  return { notice: `collab: warning: the server ignored ${ignored.map(settingFlag).join(', ')}: it has no such setting` };
}

/** No columns of its own: the view shows every setting the server sent. */
const settingsColumns = columnSet([], SETTINGS_FIELDS);

const view = defineCommand({
  name: 'view',
  aliases: ['show'],
  summary: 'Show the application settings',
  admin: true,
  examples: ['collab settings view', 'collab settings view -o json --fields signup_enabled,default_project_visibility'],
  method: 'GET',
  path: '/application/settings',
  columns: settingsColumns,
});

const update = defineCommand({
  name: 'update',
  aliases: ['set'],
  summary: 'Change application settings',
  description:
    'Change application settings: one flag per setting (booleans as --x/--no-x, lists ' +
    'comma-separated). A setting that needs others when turned on (for example ' +
    '--webide-enabled needs --webide-url) is refused before anything is sent. ' +
    "Flags take the spec's names and GitLab's alike (--spamfilter-enabled or " +
    '--akismet-enabled); collab sends the names the server speaks, and warns about ' +
    'any setting the server ignored.',
  admin: true,
  examples: [
    'collab settings update --no-signup-enabled --default-project-visibility internal',
    'collab settings update --webide-enabled --webide-url https://ide.example.com',
    'collab settings update --jobqueue-throttling-enabled --jobqueue-throttling-factor 0.5 --jobqueue-throttling-queues default,mailers',
  ],
  flags: SETTINGS.map(flagFor),
  requireOne: true,
  method: 'PUT',
  path: '/application/settings',
  columns: settingsColumns,
  prepare: (_ctx: Context, v) => checkSettings(v),
  done: settingsUpdated,
});

export const noun = defineNoun({
  name: 'settings',
  summary: 'Instance application settings (administrators)',
  commands: [view, update],
});
