/** Whether a value is a JSON object: neither null, nor a list, nor a scalar. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
