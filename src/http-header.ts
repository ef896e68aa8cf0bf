import { excerpt, UsageError } from './errors.js';

function fail(flag: string, reason: string): never {
  throw new UsageError(`invalid value for ${flag}: ${reason}`);
}

/** A header value (a token, --sudo, -H): one line of printable ASCII (a CR or LF would end the header early). */
export function headerValue(value: string, what: string): string {
  if (/[\r\n]/.test(value)) throw new UsageError(`${what} contains a line break; remove it (a header value is one line)`);
  if (/[^\x20-\x7e]/.test(value))
    throw new UsageError(`${what} contains a control or non-ASCII character, which an HTTP header cannot carry`);
  return value;
}

/** Headers that frame the request: collab sets them, and a value of the user's would corrupt it. */
const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'te', 'trailer']);

/** `Name: value` (`collab api -H`): an HTTP token for a name, a one-line printable value, no framing header. */
export function parseHeader(raw: string, flag: string): [string, string] {
  const i = raw.indexOf(':');
  if (i <= 0) fail(flag, `"${excerpt(raw)}" is not "Name: value"`);
  const name = raw.slice(0, i).trim();
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) fail(flag, `"${excerpt(name)}" is not a header name (letters, digits and -)`);
  if (FRAMING_HEADERS.has(name.toLowerCase())) fail(flag, `${name} is set by collab: it frames the request`);
  return [name, headerValue(raw.slice(i + 1).trim(), `invalid value for ${flag}: ${name}`)];
}
