#!/usr/bin/env node
// The server's pace for a full listing: page 1, then the remaining pages (up to X-Total-Pages, or
// without totals, as GitLab sends over 10,000 rows, until a short page) `concurrency` at a time
// over node:http keep-alive connections, bodies read and dropped (no decompression, no JSON
// parsing). Sends the Accept-Encoding collab sent, so both get the same bytes. Run as its own
// process, like collab, so both pay Node's start.
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
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`HTTP ${res.statusCode}`));
          // Without totals the last page is the one with no next page (X-Next-Page empty).
          const last = res.headers['x-total-pages'] ? Number(res.headers['x-total-pages']) : res.headers['x-next-page'] ? undefined : n;
          resolve({ bytes, last });
        });
      })
      .on('error', reject);
  });
}

async function main() {
  const first = await page(1);
  let bytes = first.bytes;
  let last = first.last ?? Number.POSITIVE_INFINITY;
  let next = 2;
  const worker = async () => {
    while (next <= last) {
      const got = await page(next++);
      bytes += got.bytes;
      if (got.last !== undefined) last = Math.min(last, got.last);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  process.stdout.write(`${JSON.stringify({ pages: last, bytes })}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err.message}\n`);
  process.exitCode = 1;
});
