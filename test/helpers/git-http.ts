import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { git } from './git.js';

/**
 * Bare repositories under `root`, served over git's "dumb" HTTP protocol (static files, after
 * `git update-server-info`) on 127.0.0.1: a remote `http://127.0.0.1:<port>/acme/platform/api.git`
 * that git fetches from, and whose host is the sandbox's, so collab takes it for that project.
 */
export interface GitHttp {
  url: string;
  /** The bare repository at `repoPath` (`acme/platform/api`), created empty if missing. */
  bare(repoPath: string): string;
  /** Publishes what was pushed into a bare repository (refs and packs listed for dumb HTTP). */
  publish(repoPath: string): void;
  /** Paths requested so far. */
  requests: string[];
  close(): Promise<void>;
}

export async function serveGit(root: string): Promise<GitHttp> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(url.pathname);
    const file = path.resolve(root, `.${decodeURIComponent(url.pathname)}`);
    if (!file.startsWith(`${path.resolve(root)}${path.sep}`) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const dirOf = (repoPath: string) => path.join(root, `${repoPath}.git`);
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    bare(repoPath) {
      const dir = dirOf(repoPath);
      if (!fs.existsSync(dir)) {
        fs.mkdirSync(dir, { recursive: true });
        git(dir, ['init', '-q', '--bare', '-b', 'main']);
      }
      return dir;
    },
    publish: (repoPath) => void git(dirOf(repoPath), ['update-server-info']),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
