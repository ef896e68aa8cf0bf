#!/usr/bin/env node
// The server's pace for a full listing: page 1, then the remaining pages (from X-Total-Pages)
// `concurrency` at a time over node:http keep-alive connections, bodies read and dropped (no
// decompression, no JSON parsing). Sends the Accept-Encoding collab sent, so both get the same
// bytes. Run as its own process, like collab, so both pay Node's start.
//   node bench/fetch-loop.cjs <list url> <token> <concurrency> [accept-encoding]
'use strict';
const http = require('node:http');

const [listUrl, token, concurrencyArg, acceptEncoding] = process.argv.slice(2);
const concurrency = Number(concurrencyArg);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const headers = { 'PRIVATE-TOKEN': token, Accept: 'application/json', ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}) };

function page(n) {
  const url = new URL(listUrl);
  url.searchParams.set('page', String(n));
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        let bytes = 0;
        res.on('data', (c) => {
          bytes += c.length;
        });
        res.on('end', () => (res.statusCode === 200 ? resolve({ bytes, totalPages: Number(res.headers['x-total-pages']) }) : reject(new Error(`HTTP ${res.statusCode}`))));
      })
      .on('error', reject);
  });
}

async function main() {
  const first = await page(1);
  let bytes = first.bytes;
  let next = 2;
  const worker = async () => {
    while (next <= first.totalPages) {
      const got = await page(next++);
      bytes += got.bytes;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  process.stdout.write(`${JSON.stringify({ pages: first.totalPages, bytes })}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err.message}\n`);
  process.exitCode = 1;
});
