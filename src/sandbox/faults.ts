import { HttpError } from './errors.js';

export const FAULT_KINDS = [
  '429',
  '500',
  '502',
  '503',
  '504',
  'html502',
  'reset',
  'reset-mid-body',
  'trickle',
  'hang',
  'empty-next',
  'link-other-host',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultSpec {
  method?: string;
  /** Regular expression matched against the raw path and query. */
  path?: string;
  count: number;
  kind: FaultKind;
  /** `Retry-After` for 429: seconds or an HTTP date. */
  retryAfter?: string;
  /** `RateLimit-Reset` (epoch seconds) for 429. */
  rateLimitReset?: number;
  /** For `trickle`: bytes per write and pause between writes (defaults 16 bytes / 200 ms). */
  chunkBytes?: number;
  intervalMs?: number;
  /** For `reset-mid-body`: how long the client has to read the half it was sent before the cut. */
  graceMs?: number;
}

interface ActiveFault extends FaultSpec {
  regex: RegExp | undefined;
  remaining: number;
}

/** Faults armed through `POST /__sandbox/faults`, consumed by matching requests. */
export class FaultRegistry {
  private active: ActiveFault[] = [];

  add(input: unknown): FaultSpec {
    const spec = validate(input);
    this.active.push({ ...spec, regex: spec.path ? new RegExp(spec.path) : undefined, remaining: spec.count });
    return spec;
  }

  clear(): void {
    this.active = [];
  }

  list(): (FaultSpec & { remaining: number })[] {
    return this.active.map(({ regex: _regex, ...rest }) => rest);
  }

  /** The first armed fault matching this request; consumes one of its uses. */
  take(method: string, pathAndQuery: string): FaultSpec | undefined {
    for (const fault of this.active) {
      if (fault.method && fault.method.toUpperCase() !== method) continue;
      if (fault.regex && !fault.regex.test(pathAndQuery)) continue;
      fault.remaining--;
      if (fault.remaining <= 0) this.active.splice(this.active.indexOf(fault), 1);
      return fault;
    }
    return undefined;
  }
}

function validate(input: unknown): FaultSpec {
  if (!input || typeof input !== 'object') throw new HttpError(400, { message: 'fault must be a JSON object' });
  const o = input as Record<string, unknown>;
  if (!FAULT_KINDS.includes(o.kind as FaultKind)) throw new HttpError(400, { message: `kind must be one of ${FAULT_KINDS.join(', ')}` });
  const count = o.count === undefined ? 1 : Number(o.count);
  if (!Number.isInteger(count) || count < 1) throw new HttpError(400, { message: 'count must be a positive integer' });
  const graceMs = o.graceMs === undefined ? undefined : Number(o.graceMs);
  if (graceMs !== undefined && !(graceMs >= 0)) throw new HttpError(400, { message: 'graceMs must be a number of milliseconds from 0' });
  if (o.path !== undefined) {
    try {
      new RegExp(String(o.path));
    } catch {
      throw new HttpError(400, { message: 'path must be a valid regular expression' });
    }
  }
  return {
    kind: o.kind as FaultKind,
    count,
    method: o.method === undefined ? undefined : String(o.method),
    path: o.path === undefined ? undefined : String(o.path),
    retryAfter: o.retryAfter === undefined ? undefined : String(o.retryAfter),
    rateLimitReset: o.rateLimitReset === undefined ? undefined : Number(o.rateLimitReset),
    chunkBytes: o.chunkBytes === undefined ? undefined : Math.max(1, Number(o.chunkBytes)),
    intervalMs: o.intervalMs === undefined ? undefined : Math.max(1, Number(o.intervalMs)),
    graceMs,
  };
}

export const NGINX_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx</center>
</body>
</html>
`;
