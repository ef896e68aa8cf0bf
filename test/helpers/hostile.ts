/**
 * A small node:http server that answers with whatever a test scripts (hostile text, odd
 * redirects), recording every request with its body; and a way to run the built binary in a
 * pseudo-terminal, where what collab prints reaches a real terminal device.
 */
import http from 'node:http';
import type net from 'node:net';
import type { AddressInfo } from 'node:net';
import { execa } from 'execa';
import { BIN, binEnv, tempDir } from './e2e.js';
import { JSON_HEADERS } from './json-answer.js';
import { tunnel } from './odd-server.js';

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** JSON-encoded unless a string or Buffer. */
  body?: unknown;
}

export interface Recorded {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface HostileServer {
  url: string;
  port: number;
  requests: Recorded[];
  close(): Promise<void>;
}

type Route = Reply | ((req: Recorded) => Reply);

/** Routes by `METHOD /path?query` (exact) or `METHOD /path` (any query); anything else is a 404. */
export async function startHostileServer(routes: Record<string, Route>, host = '127.0.0.1'): Promise<HostileServer> {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rec: Recorded = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(rec);
      const route = routes[`${rec.method} ${rec.path}`] ?? routes[`${rec.method} ${rec.path.split('?')[0]}`];
      const reply: Reply =
        route === undefined ? { status: 404, body: { message: '404 Not found' } } : typeof route === 'function' ? route(rec) : route;
      const body =
        reply.body === undefined
          ? ''
          : typeof reply.body === 'string' || Buffer.isBuffer(reply.body)
            ? reply.body
            : JSON.stringify(reply.body);
      const isJson = reply.body !== undefined && !(typeof reply.body === 'string' || Buffer.isBuffer(reply.body));
      res.writeHead(reply.status ?? 200, { ...(isJson ? JSON_HEADERS : {}), ...reply.headers });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    port,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * An HTTP proxy that sends every request, whatever host it names, to `target`: CONNECT tunnels
 * and absolute-form requests both. Lets a test use a host name that does not exist.
 */
export async function startRedirectingProxy(target: HostileServer): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const upstream = http.request(
      { host: '127.0.0.1', port: target.port, method: req.method, path: `${url.pathname}${url.search}`, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  server.on('connect', (_req, socket: net.Socket, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    tunnel(socket, '127.0.0.1', target.port, head);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Runs the built binary in a pseudo-terminal (util-linux `script`): stdin, stdout and stderr are
 * all the terminal, so `output` is everything the user would see, in order.
 */
export async function runInPty(
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<{ exitCode: number; output: string }> {
  const configDir = env.COLLAB_CONFIG_DIR ?? tempDir('collab-cfg-');
  const command = [process.execPath, BIN, ...args].map(quote).join(' ');
  const res = await execa('script', ['-qfec', command, '/dev/null'], {
    env: binEnv(configDir, { TERM: 'xterm-256color', COLUMNS: '160', ...env }),
    extendEnv: false,
    reject: false,
    timeout: 60_000,
    input: '',
    stripFinalNewline: false,
  });
  return { exitCode: res.exitCode ?? -1, output: String(res.stdout) };
}

/**
 * Fails unless `text` holds no escape sequence but SGR colours (and the cursor and line sequences
 * the spinner draws), no control character but \t \r \n, and nothing invisible or reordering.
 */
export function terminalSafe(text: string): string[] {
  const withoutOurs = text.replace(/\u001b\[[0-9;]*m/g, '').replace(/\u001b\[\?25[lh]|\u001b\[2K|\u001b\[1?G/g, '');
  const problems: string[] = [];
  const checks: [RegExp, string][] = [
    [/\u001b/, 'ESC'],
    [/[\u0080-\u009f]/, 'a C1 control'],
    [/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/, 'a C0 control'],
    [/[\u202a-\u202e\u2066-\u2069\u200b-\u200f\u2060\ufeff]/, 'a bidi or zero-width character'],
  ];
  for (const [re, what] of checks) {
    const m = re.exec(withoutOurs);
    if (m) problems.push(`${what} at ${m.index}: ${JSON.stringify(withoutOurs.slice(Math.max(0, m.index - 20), m.index + 20))}`);
  }
  return problems;
}
