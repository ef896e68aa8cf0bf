import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { ArtifactStore } from './artifacts.js';
import type { User } from './model.js';
import type { Params } from './params.js';
import type { Reply } from './reply.js';
import type { Store, TokenRecord } from './store.js';

/** Everything a route handler gets about one request. */
export interface Ctx {
  store: Store;
  artifacts: ArtifactStore;
  method: string;
  /** Path as sent, still percent-encoded, e.g. `/api/v4/projects/acme%2Fplatform%2Fapi/issues`. */
  rawPath: string;
  /** Query string without `?`, as sent. */
  rawQuery: string;
  params: Params;
  /** Decoded path parameters (`id`, `issue_iid`, `artifact_path`...). */
  path: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The effective caller (after sudo); null when anonymous. */
  user: User | null;
  /** Set when the caller authenticated with a CI job token. */
  jobToken: TokenRecord | null;
  /** `http://host:port` the Link headers point at (normally the Host the client used). */
  linkOrigin: string;
  /** `http://host:port` as the client addressed this server. */
  requestOrigin: string;
  port: number;
  /** The request body, unread, on routes that stream it (`streamBody`); their params come from the query only. */
  bodyStream?: Readable;
}

export type Handler = (ctx: Ctx) => Reply | Promise<Reply>;
