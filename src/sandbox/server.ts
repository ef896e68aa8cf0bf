import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ArtifactStore } from './artifacts.js';
import { authenticate } from './auth.js';
import { parseBodyInto, readBody } from './body.js';
import type { Ctx } from './context.js';
import { compressible, encode, MIN_COMPRESSED_BYTES, negotiateEncoding } from './encoding.js';
import { HttpError, notFound, routeNotFound } from './errors.js';
import { FaultRegistry, type FaultSpec, NGINX_502 } from './faults.js';
import { drained, Link } from './link.js';
import { OBJECT_STORAGE_PREFIX, otherHost } from './origins.js';
import { Params } from './params.js';
import { checkJobTokenReach, movedProject } from './project-route.js';
import { withRanges } from './ranges.js';
import type { Reply } from './reply.js';
import type { Router } from './router.js';
import { archiveReply } from './routes/jobs.js';
import type { Store } from './store.js';
import { COMMON_HEADERS, drain, trickle, writeEmpty, writeJson } from './write.js';

export interface RecordedRequest {
  method: string;
  /** Raw path and query as sent. */
  path: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** Epoch milliseconds. */
  time: number;
}

const API_PREFIX = '/api/v4';
const MAX_RECORDED = 50_000;
const CONTROL_PREFIX = '/__sandbox/';
/** How long a `reset-mid-body` fault leaves the client to read the half it was sent, unless it says. */
const CUT_GRACE_MS = 300;

/**
 * The HTTP side of a sandbox: request log, faults, latency, routing, auth, and writing replies
 * (compressed when asked, through one shared link when a bandwidth is set).
 */
export class SandboxServer {
  readonly requests: RecordedRequest[] = [];
  readonly faults = new FaultRegistry();
  private readonly http: Server;
  private readonly link?: Link;
  private port = 0;
  private requestCounter = 0;

  constructor(
    private readonly store: Store,
    private readonly artifacts: ArtifactStore,
    private readonly router: Router,
    private readonly latencyMs: number,
    /** Waits for latency and trickled bodies (tests count the waits instead of timing them). */
    private readonly sleep: (ms: number) => Promise<void>,
    bandwidthBytesPerSecond = 0,
  ) {
    if (bandwidthBytesPerSecond > 0) this.link = new Link(bandwidthBytesPerSecond);
    this.http = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) writeJson(res, 500, { message: '500 Internal Server Error', sandbox_error: String(error) }, 'GET');
        else res.destroy();
      });
    });
    this.http.keepAliveTimeout = 5_000;
  }

  async listen(port: number, host: string): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.http.once('error', reject);
      this.http.listen(port, host, () => {
        this.http.off('error', reject);
        resolve();
      });
    });
    this.port = (this.http.address() as AddressInfo).port;
    return this.port;
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.http.close(() => resolve()));
    this.http.closeAllConnections();
    await closed;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const rawUrl = req.url ?? '/';
    const queryIndex = rawUrl.indexOf('?');
    const rawPath = queryIndex === -1 ? rawUrl : rawUrl.slice(0, queryIndex);
    const rawQuery = queryIndex === -1 ? '' : rawUrl.slice(queryIndex + 1);
    const isControl = rawPath.startsWith(CONTROL_PREFIX) && !rawPath.startsWith(OBJECT_STORAGE_PREFIX);
    if (!isControl) this.record(req, method, rawUrl);
    if (isControl) return this.control(req, res, method, rawPath);

    const fault = this.faults.take(method, rawUrl);
    if (fault && (await this.applyImmediateFault(fault, req, res, method, rawPath, rawQuery))) return;
    if (this.latencyMs > 0) await this.sleep(this.latencyMs);

    const host = req.headers.host ?? `127.0.0.1:${this.port}`;
    const requestOrigin = `http://${host}`;
    const linkOrigin = fault?.kind === 'link-other-host' ? `http://${otherHost(host, this.port)}` : requestOrigin;
    let reply: Reply;
    try {
      reply = await this.dispatch(req, method, rawPath, rawQuery, requestOrigin, linkOrigin);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      reply = { kind: 'json', status: error.status, body: error.body };
    }
    await this.write(res, withRanges(reply, req.headers), method, fault, req.headers['accept-encoding']);
  }

  private async dispatch(
    req: IncomingMessage,
    method: string,
    rawPath: string,
    rawQuery: string,
    requestOrigin: string,
    linkOrigin: string,
  ): Promise<Reply> {
    if (rawPath.startsWith(OBJECT_STORAGE_PREFIX)) return this.objectStorage(rawPath);
    if (rawPath !== API_PREFIX && !rawPath.startsWith(`${API_PREFIX}/`)) throw routeNotFound();
    const segments = rawPath
      .slice(API_PREFIX.length)
      .split('/')
      .filter((s) => s !== '');
    const found = this.router.lookup(method, segments);
    // Read the body even for unknown routes so keep-alive connections stay usable.
    const params = new Params();
    params.addPairs(new URLSearchParams(rawQuery));
    // A route that streams its body (a package upload) reads it itself; the server never buffers it.
    const streamed = 'match' in found && found.match.options.streamBody === true;
    const body = streamed ? Buffer.alloc(0) : await readBody(req);
    if ('notFound' in found) throw routeNotFound();
    if ('allowed' in found) throw new HttpError(405, { error: '405 Not Allowed' });
    parseBodyInto(params, body, req.headers['content-type']);
    const caller = authenticate(this.store, req.headers, params, found.match.options);
    checkJobTokenReach(this.store, caller, found.match.options, segments);
    const moved = movedProject(this.store, caller, method, segments, rawQuery, requestOrigin);
    if (moved) return moved;
    if (method !== 'GET' && method !== 'HEAD') this.store.version++;
    const ctx: Ctx = {
      store: this.store,
      artifacts: this.artifacts,
      method,
      rawPath,
      rawQuery,
      params,
      path: found.match.pathParams,
      headers: req.headers,
      user: caller.user,
      jobToken: caller.jobToken,
      linkOrigin,
      requestOrigin,
      port: this.port,
      bodyStream: streamed ? req : undefined,
    };
    return found.match.handler(ctx);
  }

  /** `/__sandbox/object-storage/<job id>/artifacts.zip`: the redirect target, served without auth. */
  private async objectStorage(rawPath: string): Promise<Reply> {
    const jobId = Number(rawPath.slice(OBJECT_STORAGE_PREFIX.length).split('/')[0]);
    const job = this.store.jobs.get(jobId);
    if (!job?.artifact) throw notFound('Artifacts');
    return archiveReply(job, await this.artifacts.archive(job), true);
  }

  private record(req: IncomingMessage, method: string, rawUrl: string): void {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
    this.requests.push({ method, path: rawUrl, headers, time: this.store.now() });
    // Bounded, so a long-running `collab sandbox` does not grow without end.
    if (this.requests.length > MAX_RECORDED + 1_000) this.requests.splice(0, this.requests.length - MAX_RECORDED);
  }

  private async control(req: IncomingMessage, res: ServerResponse, method: string, rawPath: string): Promise<void> {
    const body = await readBody(req);
    const route = `${method} ${rawPath.replace(/\/+$/, '')}`;
    try {
      switch (route) {
        case 'POST /__sandbox/faults': {
          let parsed: unknown;
          try {
            parsed = JSON.parse(body.toString('utf8') || '{}');
          } catch {
            throw new HttpError(400, { message: 'body must be JSON' });
          }
          const specs = Array.isArray(parsed) ? parsed : [parsed];
          return writeJson(
            res,
            201,
            specs.map((s) => this.faults.add(s)),
            method,
          );
        }
        case 'GET /__sandbox/faults':
          return writeJson(res, 200, this.faults.list(), method);
        case 'DELETE /__sandbox/faults':
          this.faults.clear();
          return writeEmpty(res, 204);
        case 'GET /__sandbox/requests':
          return writeJson(res, 200, this.requests, method);
        case 'DELETE /__sandbox/requests':
          this.requests.length = 0;
          return writeEmpty(res, 204);
        default:
          return writeJson(res, 404, { error: '404 Not Found' }, method);
      }
    } catch (error) {
      if (error instanceof HttpError) return writeJson(res, error.status, error.body, method);
      throw error;
    }
  }

  /** Faults that replace the response entirely. Returns true when the request is dealt with. */
  private async applyImmediateFault(
    fault: FaultSpec,
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    rawPath: string,
    rawQuery: string,
  ): Promise<boolean> {
    switch (fault.kind) {
      case '429': {
        const headers: Record<string, string> = { 'Content-Type': 'text/plain; charset=utf-8' };
        if (fault.retryAfter !== undefined) headers['Retry-After'] = fault.retryAfter;
        if (fault.rateLimitReset !== undefined) headers['RateLimit-Reset'] = String(fault.rateLimitReset);
        drain(req);
        res.writeHead(429, headers).end(method === 'HEAD' ? undefined : 'Retry later\n');
        return true;
      }
      case '500':
      case '502':
      case '503':
      case '504': {
        drain(req);
        const status = Number(fault.kind);
        const text = { 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout' }[status];
        writeJson(res, status, { message: `${status} ${text}` }, method);
        return true;
      }
      case 'html502':
        drain(req);
        res.writeHead(502, { 'Content-Type': 'text/html', Server: 'nginx' }).end(method === 'HEAD' ? undefined : NGINX_502);
        return true;
      case 'reset':
        req.socket.destroy();
        return true;
      case 'hang':
        // Never answer; the socket is destroyed when the client gives up or the sandbox closes.
        drain(req);
        return true;
      case 'empty-next': {
        drain(req);
        const query = new URLSearchParams(rawQuery);
        const page = Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1);
        const perPage = query.get('per_page') ?? '20';
        query.set('page', String(page + 1));
        query.set('per_page', perPage);
        const next = `http://${req.headers.host ?? `127.0.0.1:${this.port}`}${rawPath}?${query.toString()}`;
        writeJson(res, 200, [], method, {
          Link: `<${next}>; rel="next"`,
          'X-Page': String(page),
          'X-Per-Page': perPage,
          'X-Next-Page': String(page + 1),
          'X-Prev-Page': page > 1 ? String(page - 1) : '',
        });
        return true;
      }
      default:
        return false;
    }
  }

  private async write(
    res: ServerResponse,
    reply: Reply,
    method: string,
    fault: FaultSpec | undefined,
    acceptEncoding: string | string[] | undefined,
  ): Promise<void> {
    const requestId = `sandbox-${++this.requestCounter}`;
    const base = { ...COMMON_HEADERS, 'X-Request-Id': requestId };
    const head = method === 'HEAD';
    switch (reply.kind) {
      case 'redirect':
        res.writeHead(reply.status, { ...base, Location: reply.location, 'Content-Length': '0' }).end();
        return;
      case 'empty':
        res.writeHead(reply.status, { ...base, ...reply.headers }).end();
        return;
      case 'json':
      case 'bytes': {
        let body = reply.kind === 'json' ? Buffer.from(JSON.stringify(reply.body)) : reply.body;
        const contentType = reply.kind === 'json' ? 'application/json' : reply.contentType;
        const headers: Record<string, string> = { ...base, 'Content-Type': contentType };
        if (compressible(contentType)) {
          headers.Vary = `${COMMON_HEADERS.Vary}, Accept-Encoding`;
          const coding = head || body.length < MIN_COMPRESSED_BYTES ? undefined : negotiateEncoding(acceptEncoding);
          if (coding) {
            body = await encode(body, coding);
            headers['Content-Encoding'] = coding;
          }
        }
        res.writeHead(reply.status, { ...headers, 'Content-Length': String(body.length), ...reply.headers });
        if (head) return void res.end();
        return this.sendBuffer(res, body, fault);
      }
      case 'stream': {
        const headers: Record<string, string> = { ...base, 'Content-Type': reply.contentType, ...reply.headers };
        if (reply.length !== undefined) headers['Content-Length'] = String(reply.length);
        res.writeHead(reply.status, headers);
        if (head) return void res.end();
        return this.sendStream(res, reply.open(), reply.length, fault);
      }
    }
  }

  /**
   * Cuts the connection a moment after the half body was written: a reset that comes with bytes the
   * client has not read yet discards them, and how far a client got should not depend on its load.
   */
  private async cutSoon(res: ServerResponse, graceMs = CUT_GRACE_MS): Promise<void> {
    await this.sleep(graceMs);
    res.destroy();
  }

  private async sendBuffer(res: ServerResponse, body: Buffer, fault: FaultSpec | undefined): Promise<void> {
    if (fault?.kind === 'reset-mid-body') {
      res.write(body.subarray(0, Math.floor(body.length / 2)), () => void this.cutSoon(res, fault.graceMs));
      return;
    }
    if (fault?.kind === 'trickle') return trickle(res, [body], fault, this.sleep);
    if (!this.link) return void res.end(body);
    const out = this.link.writer(res);
    if (await out.write(body)) await out.end();
  }

  private async sendStream(
    res: ServerResponse,
    stream: NodeJS.ReadableStream & { destroy(): void },
    length: number | undefined,
    fault: FaultSpec | undefined,
  ): Promise<void> {
    res.on('close', () => stream.destroy());
    if (fault?.kind === 'trickle') return trickle(res, stream, fault, this.sleep);
    const cutoff = fault?.kind === 'reset-mid-body' ? Math.floor((length ?? 128 * 1024) / 2) : Number.POSITIVE_INFINITY;
    const out = this.link?.writer(res);
    let sent = 0;
    for await (const chunk of stream) {
      if (res.destroyed) return;
      let piece = chunk as Buffer;
      if (sent + piece.length >= cutoff) {
        piece = piece.subarray(0, cutoff - sent);
        res.write(piece, () => void this.cutSoon(res, fault?.graceMs));
        return;
      }
      sent += piece.length;
      if (out) {
        if (!(await out.write(piece))) return;
      } else if (!res.write(piece)) await drained(res);
    }
    if (out) await out.end();
    else res.end();
  }
}
