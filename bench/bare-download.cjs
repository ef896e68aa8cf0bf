#!/usr/bin/env node
// The least a Node process does to download a file to disk: node:http piped into a write stream
// (1 MiB buffer, like collab's), fsynced at the end. The download benchmark's reference for what
// Node itself costs in time and memory.
//   node bench/bare-download.cjs <url> <token> <file>
'use strict';
const fs = require('node:fs');
const http = require('node:http');
const { pipeline } = require('node:stream');

const [url, token, file] = process.argv.slice(2);
http
  .get(url, { headers: { 'PRIVATE-TOKEN': token } }, (res) => {
    if (res.statusCode !== 200) {
      process.stderr.write(`HTTP ${res.statusCode}\n`);
      process.exitCode = 1;
      res.resume();
      return;
    }
    pipeline(res, fs.createWriteStream(file, { highWaterMark: 1 << 20, flush: true }), (err) => {
      if (err) {
        process.stderr.write(`${err.message}\n`);
        process.exitCode = 1;
      }
    });
  })
  .on('error', (err) => {
    process.stderr.write(`${err.message}\n`);
    process.exitCode = 1;
  });
