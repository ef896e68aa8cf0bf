import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import { tempDir } from './e2e.js';
import { json } from './json-answer.js';
import { tunnel } from './odd-server.js';

/** A certificate and its key, as PEM text. */
export interface KeyPair {
  cert: string;
  key: string;
}

/** A private CA made for one test file: its certificate on disk (for ca_file), and leaf certificates it signs. */
export interface TestCa {
  /** The CA certificate's path. */
  file: string;
  /** A server certificate for the given subjectAltName entries (`DNS:localhost`, `IP:127.0.0.1`). */
  issue(altNames: string[]): KeyPair;
}

const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });

export function makeCa(): TestCa {
  const dir = tempDir('collab-pki-');
  const curve = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  openssl(
    [
      'req',
      '-x509',
      ...curve,
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '2',
      '-subj',
      '/CN=collab pki test CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign',
    ],
    dir,
  );
  let serial = 0;
  return {
    file: path.join(dir, 'ca.pem'),
    issue(altNames) {
      const name = `leaf${++serial}`;
      openssl(
        [
          'req',
          ...curve,
          '-keyout',
          `${name}.key`,
          '-out',
          `${name}.csr`,
          '-subj',
          `/CN=${name}`,
          '-addext',
          `subjectAltName=${altNames.join(',')}`,
        ],
        dir,
      );
      openssl(
        [
          'x509',
          '-req',
          '-in',
          `${name}.csr`,
          '-CA',
          'ca.pem',
          '-CAkey',
          'ca.key',
          '-set_serial',
          String(1000 + serial),
          '-days',
          '2',
          '-copy_extensions',
          'copy',
          '-out',
          `${name}.pem`,
        ],
        dir,
      );
      return { cert: fs.readFileSync(path.join(dir, `${name}.pem`), 'utf8'), key: fs.readFileSync(path.join(dir, `${name}.key`), 'utf8') };
    },
  };
}

export interface ImpostorProxy {
  url: string;
  port: number;
  /** `CONNECT host:port`, in order. */
  tunnels: string[];
  /** The headers of every request the proxy read while answering in the server's place. */
  heard: http.IncomingHttpHeaders[];
  close(): Promise<void>;
}

/**
 * A CONNECT proxy that answers in the place of the targets `impersonate` picks: it accepts the
 * tunnel, then speaks TLS itself with its own certificate (`own`, signed by a CA the client
 * trusts) and reads the request. Other targets are tunnelled honestly.
 */
export async function impostorProxy(own: KeyPair, impersonate: (target: string) => boolean, host = '127.0.0.1'): Promise<ImpostorProxy> {
  const tunnels: string[] = [];
  const heard: http.IncomingHttpHeaders[] = [];
  const inner = http.createServer((req, res) => {
    heard.push(req.headers);
    json(res, 200, { id: 1, username: 'impostor' });
  });
  const sockets = new Set<net.Socket>();
  const server = http.createServer();
  server.on('connection', (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const target = req.url ?? '';
    tunnels.push(`CONNECT ${target}`);
    client.on('error', () => undefined);
    if (impersonate(target)) {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) client.unshift(head);
      const secure = new tls.TLSSocket(client, { isServer: true, cert: own.cert, key: own.key });
      secure.on('error', () => undefined);
      inner.emit('connection', secure);
      return;
    }
    const colon = target.lastIndexOf(':');
    tunnel(client, target.slice(0, colon).replace(/^\[|\]$/g, ''), Number(target.slice(colon + 1)), head);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    port,
    tunnels,
    heard,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
