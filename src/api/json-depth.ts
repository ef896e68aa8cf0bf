import { ApiError } from '../errors.js';

/** JSON nested deeper than this is refused before any recursive code (printing, redaction, messages) sees it. */
const MAX_DEPTH = 512;

/**
 * The JSON text of an answer of `status` from `host` parsed (V8's parser takes any depth), or an
 * error when it nests deeper than MAX_DEPTH: success and error answers alike. A SyntaxError is
 * the caller's to handle.
 */
export function parseAnswerJson(text: string, status: number, host: string): unknown {
  const data: unknown = JSON.parse(text);
  if (tooDeep(data))
    throw new ApiError(`the ${status} answer from ${host} is JSON nested more than ${MAX_DEPTH} levels deep; collab refuses it`, status);
  return data;
}

/** Whether a parsed value nests deeper than MAX_DEPTH (visits objects only; stops at the limit). */
function tooDeep(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (depth >= MAX_DEPTH) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      if (v !== null && typeof v === 'object' && tooDeep(v, depth + 1)) return true;
    }
    return false;
  }
  for (const k in value) {
    const v = (value as Record<string, unknown>)[k];
    if (v !== null && typeof v === 'object' && tooDeep(v, depth + 1)) return true;
  }
  return false;
}
