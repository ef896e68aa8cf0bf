const SECRET_QUERY = /([?&](?:private_token|job_token|access_token|token|password)=)[^&#]*/gi;
const SECRET_HEADERS = new Set(['private-token', 'job-token', 'authorization', 'cookie', 'set-cookie']);

/** A URL with its secret query values replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[REDACTED]');
}

export function redactHeader(name: string, value: string): string {
  return SECRET_HEADERS.has(name.toLowerCase()) ? '[REDACTED]' : value;
}

/** Replaces every occurrence of the given secrets in text (for messages that may quote them). */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join('[REDACTED]');
  return out;
}
