import { isObject } from '../shared/json.js';
import { tableText } from './sanitize.js';

/** How objects are named to people in questions and one-line results. */

type Named = Readonly<Record<string, unknown>> | undefined;

/** `#12 (Crash on save)`: a reference with the object's name once it is known. */
export function titled(reference: string, name: string | undefined): string {
  return name ? `${reference} (${name})` : reference;
}

/** An id or path as a reference: a number or a non-empty string, nothing else (`undefined`, `null`, an object). */
export function referenceText(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? tableText(value) : undefined;
}

/**
 * What a one-line result calls an object: its kind, then whatever of its reference and name the
 * answer gave (`SSH key 7 (ABC)`, `SSH key ABC`, `SSH key 7`, `SSH key`) — never a missing field.
 */
export function described(kind: string, reference: unknown, name: string | undefined): string {
  const ref = referenceText(reference);
  const what = ref !== undefined ? titled(ref, name) : name;
  return what ? `${kind} ${what}` : kind;
}

function text(object: Named, key: string): string | undefined {
  const value = object?.[key];
  return typeof value === 'string' && value.trim() !== '' ? tableText(value) : undefined;
}

const nested = (object: Named, key: string): Named => {
  const value = object?.[key];
  return isObject(value) ? value : undefined;
};

/**
 * What names an object to a person: the path of a project or group (the only name with
 * `path`), else its title, @username, name or address; a board list by its label, a todo by
 * its target.
 */
export function objectName(value: unknown, only: 'path' | 'any' = 'any'): string | undefined {
  if (!isObject(value)) return undefined;
  const object = value as Named;
  const path = text(object, 'path_with_namespace') ?? text(object, 'full_path');
  if (only === 'path') return path;
  const username = text(object, 'username');
  return (
    text(object, 'title') ??
    path ??
    (username ? `@${username}` : undefined) ??
    text(object, 'name') ??
    text(object, 'email') ??
    text(nested(object, 'label'), 'name') ??
    objectName(nested(object, 'target'))
  );
}

/** `DELETE /projects/:id` and `/groups/:id` answer 202 with a message: the removal runs in the background. */
export function deletionNotice(kind: string, ref: string, status: number, answer: Named): string {
  const message = answer?.message;
  if (status === 202) return `Deletion of ${kind} ${ref} accepted${typeof message === 'string' ? `: ${message}` : ''}`;
  return `Deleted ${kind} ${ref}`;
}
