/**
 * `collab api --input FILE` announces the file's size as the Content-Length and streams it: a file
 * that grows, shrinks or is rewritten while it is sent is exit 1 naming the file, never an upload
 * cut at the old size nor a failure blamed on the server. The server answers as GitLab's generic
 * package registry does (lib/api/generic_packages.rb: PUT of a raw body, 201 once it is whole); it
 * changes the file when the first bytes arrive, holding the rest back until it has.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin, tempDir } from '../helpers/e2e.js';
import { json } from '../helpers/json-answer.js';

const PACKAGE = '/projects/7/packages/generic/app/1.0.0/app.bin';
const MiB = 1024 * 1024;
const SIZE = 64 * MiB;

let server: http.Server;
let url: string;
/** What the server does to the file when the first bytes of the body arrive. */
let onFirstBytes: () => void = () => undefined;
/** Bodies received whole (as many bytes as announced), and those cut short. */
const whole: number[] = [];
const cut: number[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let bytes = 0;
    let first = true;
    req.on('data', (c: Buffer) => {
      bytes += c.length;
      if (!first) return;
      first = false;
      // Nothing more is read until the file has changed: the sender waits on the socket.
      req.pause();
      onFirstBytes();
      setTimeout(() => req.resume(), 50);
    });
    req.on('end', () => {
      (bytes === Number(req.headers['content-length']) ? whole : cut).push(bytes);
      json(res, 201, { message: '201 Created' });
    });
    req.on('aborted', () => cut.push(bytes));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A file of SIZE bytes (sparse: nothing written but its length). */
function bigFile(): string {
  const file = path.join(tempDir('collab-input-'), 'app.bin');
  fs.writeFileSync(file, '');
  fs.truncateSync(file, SIZE);
  return file;
}

const put = (file: string) =>
  runBin(['api', '-X', 'PUT', PACKAGE, '--input', file, '-H', 'Content-Type: application/octet-stream'], {
    COLLAB_HOST: url,
    COLLAB_TOKEN: 'glpat-input-changes-0123',
  });

describe('collab api --input with a file that changes while it is sent', () => {
  it.each([
    ['grows', (file: string) => fs.appendFileSync(file, Buffer.alloc(MiB, 1))],
    ['shrinks', (file: string) => fs.truncateSync(file, 2 * MiB)],
    ['is rewritten at the same size', (file: string) => fs.writeFileSync(file, Buffer.alloc(SIZE, 7))],
  ])(
    'a file that %s: exit 1 naming the file, the server never gets a whole body',
    async (_how, change) => {
      const file = bigFile();
      whole.length = 0;
      cut.length = 0;
      onFirstBytes = () => change(file);
      const r = await put(file);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(new RegExp(`^collab: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} changed while it was sent`));
      expect(r.stderr).not.toMatch(/server|127\.0\.0\.1/);
      expect(r.exitCode).toBe(1);
      expect(whole).toEqual([]);
    },
    60_000,
  );

  it('the control: a file left alone goes out whole, exit 0', async () => {
    whole.length = 0;
    onFirstBytes = () => undefined;
    const r = await put(bigFile());
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    expect(whole).toEqual([SIZE]);
  }, 60_000);
});
