#!/usr/bin/env node
// The least a Node process does for one API GET: node:http, no parsing beyond printing the JSON
// back. The start-up benchmark's reference for "Node plus one request".
//   node bench/bare-get.cjs <url> <token>
'use strict';
const http = require('node:http');

const [url, token] = process.argv.slice(2);
http
  .get(url, { headers: { 'PRIVATE-TOKEN': token, Accept: 'application/json' } }, (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('end', () => {
      if (res.statusCode !== 200) process.exitCode = 1;
      process.stdout.write(`${JSON.stringify(JSON.parse(Buffer.concat(chunks).toString('utf8')))}\n`);
    });
  })
  .on('error', (err) => {
    process.stderr.write(`${err.message}\n`);
    process.exitCode = 1;
  });
