import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** The committed copy of the spec's endpoint list (`GET /projects/:id/issues`, …): tests never depend on ../shared. */
export const FIXTURE = path.join(root, 'test/fixtures/endpoints.txt');
/** The shared workspace's original, when this checkout has one beside it. */
export const SHARED = path.resolve(root, '../shared/api/endpoints.txt');

export function readEndpoints(file = FIXTURE): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

/** `/a/b` → [a, b]; an empty segment (`/a//b`) stays, and matches no placeholder. */
const segments = (p: string) => p.split('/').slice(1);

/** Whether an endpoint line's path matches a concrete path: `:name` is one segment, a final `*name` one or more. */
function matches(pattern: string[], actual: string[]): boolean {
  const rest = pattern.at(-1)?.startsWith('*') ? pattern.length - 1 : undefined;
  if (rest === undefined ? actual.length !== pattern.length : actual.length <= rest) return false;
  return pattern.slice(0, rest ?? pattern.length).every((p, i) => (p.startsWith(':') ? actual[i] !== '' : p === actual[i]));
}

/**
 * The endpoint line a request (`POST /projects/acme%2Fapi/issues/3/move`) is a call of; where
 * several match, the one with the most literal segments (`/jobs/artifacts/:ref_name/download`
 * before `/jobs/:job_id/...`).
 */
export function endpointOf(request: string, endpoints: string[]): string | undefined {
  const [method, target = ''] = request.split(' ');
  const actual = segments(target);
  const literal = (line: string) => segments(line.split(' ')[1]!).filter((s) => !/^[:*]/.test(s)).length;
  return endpoints
    .filter((line) => line.split(' ')[0] === method && matches(segments(line.split(' ')[1]!), actual))
    .sort((a, b) => literal(b) - literal(a))[0];
}
