import { redactSecrets } from '../api/redact.js';
import { secretMasked } from '../output/cells.js';
import { jsonText, messageText } from '../output/sanitize.js';
import { isObject } from '../shared/json.js';
import type { CallToolResult } from './sdk.js';

/**
 * What a command run for a tool printed → the tool's result: its JSON (as `-o json` prints it) as
 * text and as `structuredContent`, a list cut to the limit asked for and saying when there are
 * more, text bounded, server text made inert, and no credential of the server anywhere in it.
 */

export interface Printed {
  code: number;
  stdout: string;
  stderr: string;
}

/** The most characters of text a result carries (a trace, a big diff): the rest is said to be left out. */
export const MAX_TEXT = 100_000;

/** Every string of a JSON value (keys too) made inert: no escape sequence, control or invisible character. */
function inert(value: unknown): unknown {
  if (typeof value === 'string') return messageText(value);
  if (Array.isArray(value)) return value.map(inert);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [messageText(k), inert(v)]));
  return value;
}

/**
 * Besides `*token*`, fields named as secrets: GitLab's application settings answer its keys to an
 * administrator (lib/api/entities/application_setting.rb exposes every visible attribute but
 * asset_proxy_secret_key and eks_secret_access_key: akismet_api_key, recaptcha_private_key,
 * slack_app_secret, mailgun_signing_key, elasticsearch_aws_secret_access_key, sentry_dsn…).
 */
const namedSecret = (key: string): boolean => /secret|passw(or)?d|(private|api|signing|client|access)_key|(^|_)dsn$/i.test(key);

/** Secret fields' values masked at any depth, as table and tsv show them (`runners_token` of a project its admin reads). */
function withoutSecretFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecretFields);
  if (isObject(value))
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        isObject(v) || Array.isArray(v) ? withoutSecretFields(v) : secretMasked(k, v, namedSecret),
      ]),
    );
  return value;
}

function bounded(text: string): string {
  if (text.length <= MAX_TEXT) return text;
  return `${text.slice(0, MAX_TEXT)}\n[… ${text.length - MAX_TEXT} more characters left out]`;
}

function parsed(stdout: string): { ok: true; value: unknown } | { ok: false } {
  if (stdout.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(stdout) };
  } catch {
    return { ok: false };
  }
}

/** What a list says of itself: how many it shows, and how to get more. */
function listNote(shown: number, list: { limit: number; page: number }, more: boolean): string | undefined {
  if (!more) return undefined;
  return `${shown} items shown; there are more: call again with page ${list.page + 1} (or a larger limit, at most 100, or narrower filters)`;
}

export interface Shaping {
  /** The credentials in use: never in a result. */
  secrets: readonly string[];
  /** Secret fields of an answer (`*token*`: a project's `runners_token`) masked: unless the server runs with --allow-secrets. */
  maskSecretFields?: boolean;
  list?: { limit: number; page: number };
}

/** The result of a successful run. */
function success(printed: Printed, shaping: Shaping): CallToolResult {
  const notes = printed.stderr.trim() === '' ? [] : [printed.stderr.trim()];
  const json = parsed(printed.stdout);
  if (!json.ok) {
    // Text of its own (a trace), or nothing but what a write said it did (a deletion).
    const texts = [bounded(messageText(printed.stdout)), ...notes].filter((t) => t.trim() !== '');
    return { content: (texts.length > 0 ? texts : ['Done.']).map((text) => ({ type: 'text' as const, text })) };
  }
  let value = inert(json.value);
  if (shaping.maskSecretFields) value = withoutSecretFields(value);
  let more = false;
  if (shaping.list && Array.isArray(value) && value.length > shaping.list.limit) {
    value = value.slice(0, shaping.list.limit);
    more = true;
  }
  const note = shaping.list && Array.isArray(value) ? listNote(value.length, shaping.list, more) : undefined;
  const text = jsonText(JSON.stringify(value));
  const fits = text.length <= MAX_TEXT;
  const structured = Array.isArray(value) ? { items: value, ...(shaping.list ? { more } : {}) } : isObject(value) ? value : { value };
  return {
    content: [
      { type: 'text', text: bounded(text) },
      ...[note, ...notes].filter((t) => t !== undefined).map((t) => ({ type: 'text' as const, text: t })),
    ],
    ...(fits ? { structuredContent: structured as Record<string, unknown> } : {}),
  };
}

/** The tool's result: a failure (`isError`) is collab's one-line error and hint, and what was printed before it. */
export function toolResult(printed: Printed, shaping: Shaping): CallToolResult {
  const result =
    printed.code === 0
      ? success(printed, shaping)
      : {
          isError: true,
          content: [
            {
              type: 'text' as const,
              text: bounded(
                messageText(
                  [printed.stderr.trim() || `collab: failed (exit ${printed.code})`, printed.stdout.trim()]
                    .filter((t) => t !== '')
                    .join('\n'),
                ),
              ),
            },
          ],
        };
  return redacted(result, shaping.secrets);
}

/** The result with every credential in use replaced, wherever it is (a server may echo one back). */
export function redacted(result: CallToolResult, secrets: readonly string[]): CallToolResult {
  // As they are written inside JSON strings: replacing them keeps the JSON whole.
  const written = secrets.filter((s) => s.length >= 4).map((s) => JSON.stringify(s).slice(1, -1));
  const text = JSON.stringify(result);
  if (!written.some((s) => text.includes(s))) return result;
  return JSON.parse(redactSecrets(text, written)) as CallToolResult;
}
