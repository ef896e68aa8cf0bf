import type { ListWhat } from '../output/summary.js';
import { resourceOf } from './endpoint.js';
import type { FlagSpec, Values } from './inputs.js';
import type { CommandSpec } from './spec.js';

/**
 * What a list asked for, in words (`open issues created by you`, its filters as typed, where): the
 * line under the list on a terminal, and what an empty answer says.
 */

const STATE_WORDS: Record<string, string> = { opened: 'open', all: '' };

/** Flags that order, shape or widen a list without narrowing it. */
const NOT_FILTERS = new Set([
  'state',
  'closed',
  'merged',
  'order-by',
  'sort',
  'view',
  'statistics',
  'simple',
  'all-visible',
  'all-available',
]);

/** `created-by-me` → `created by you`: a scope that names whose items (`all`: everyone's). */
function whoseScope(value: unknown): string | undefined {
  if (value === 'all') return '';
  if (value === 'reviews-for-me') return 'you are asked to review';
  return typeof value === 'string' && value.endsWith('-me') ? value.replace(/-me$/, '-you').replace(/-/g, ' ') : undefined;
}

/** A filter as it was typed: `--search "x"`, `--labels bug,ui`, `--no-labels`. */
function typed(flag: FlagSpec, value: unknown): string | undefined {
  if (value === undefined || value === flag.default) return undefined;
  if (value === true) return `--${flag.name}`;
  if (value === false) return flag.negatable ? `--no-${flag.name}` : undefined;
  const text = Array.isArray(value) ? value.join(',') : String(value);
  return flag.type === 'string' && !flag.lookup ? `--${flag.name} ${JSON.stringify(text)}` : `--${flag.name} ${text}`;
}

export function describeRequest(spec: CommandSpec, template: string, v: Values): ListWhat {
  const flags = v.flags as Record<string, unknown>;
  const declared = typeof spec.listNoun === 'function' ? spec.listNoun(v) : spec.listNoun;
  const noun = declared ?? (resourceOf(template) ?? 'items').replace(/_/g, ' ');
  const state = typeof flags.state === 'string' ? (STATE_WORDS[flags.state] ?? flags.state) : '';
  const everywhere = spec.project === 'optional' && v.project === undefined && v.group === undefined;
  const scopeFlag = spec.flags?.find((f) => f.name === 'scope' && f.choices?.includes('created-by-me'));
  // A scope the people filters set (src/resources/people.ts) is said by those filters, as typed.
  const widened = scopeFlag !== undefined && flags.scope === undefined && v.params.scope !== undefined;
  // GitLab's and the spec's default for `/issues` and `/merge_requests`: what you created.
  const scope = scopeFlag && !widened ? (flags.scope ?? (everywhere ? 'created-by-me' : undefined)) : undefined;
  const whose = whoseScope(scope);
  const filters = (spec.flags ?? [])
    .filter((f) => !NOT_FILTERS.has(f.name) && f !== scopeFlag)
    .map((f) => typed(f, v.typed?.[f.name] ?? flags[f.name]))
    .filter((t): t is string => t !== undefined);
  return {
    items: [state, noun, whose].filter(Boolean).join(' '),
    filters,
    place: v.project ?? v.group,
    everywhere,
    widen: everywhere && scopeFlag && !widened && scope !== 'all' ? '--scope all' : undefined,
  };
}
