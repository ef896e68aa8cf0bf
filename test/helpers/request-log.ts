import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import type { Transport } from '../../src/api/transport.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The directory of this run's request log (vitest.config.ts). */
    requestLog: string;
    /** The XDG_CACHE_HOME of the binaries this run spawns (vitest.config.ts). */
    codeCache: string;
  }
}

const API_PREFIX = '/api/v4/';

/** One line per API request a command test sent: `GET /projects/acme%2Fapi/issues` (no prefix, no query). */
export function logLine(method: string, target: string): string | undefined {
  if (!target.startsWith(API_PREFIX)) return undefined; // a redirect to object storage, say
  return `${method} /${target.slice(API_PREFIX.length).split('?')[0]}`;
}

/**
 * The transport as is, and every request it answered appended to this process's log file. A
 * request nothing answered (a refusing transport, a MockAgent without a matching stub) is not
 * counted: coverage means a test expected the call.
 */
export function recording(transport: Transport): Transport {
  const file = path.join(inject('requestLog'), `${process.pid}.log`);
  return {
    request: async (req) => {
      const res = await transport.request(req);
      const line = logLine(req.method, req.path);
      if (line) fs.appendFileSync(file, `${line}\n`);
      return res;
    },
    close: transport.close && (() => transport.close!()),
  };
}

/** Every request logged in this run, by every test process. */
export function loggedRequests(): string[] {
  const dir = inject('requestLog');
  return fs
    .readdirSync(dir)
    .flatMap((name) => fs.readFileSync(path.join(dir, name), 'utf8').split('\n'))
    .filter((line) => line !== '');
}
