#!/usr/bin/env node
// Generates completions/ and man/ from the command tree of the BUILT collab (dist/): `npm run docs`.
//   node scripts/gen-docs.mjs            write the files (and remove stale ones)
//   node scripts/gen-docs.mjs --check    exit 1 when a committed file is stale
//   node scripts/gen-docs.mjs --man-list print the "man" list for package.json (JSON)
import path from 'node:path';
import { staleFiles, writeDocs } from '../dist/docs/drift.js';
import { generateDocs, manList } from '../dist/docs/generate.js';
import { describeTree } from '../dist/docs/tree.js';

const root = path.resolve(import.meta.dirname, '..');
const args = new Set(process.argv.slice(2));
const unknown = [...args].filter((a) => !['--check', '--man-list'].includes(a));
if (unknown.length) {
  process.stderr.write(`gen-docs: unknown argument ${unknown[0]}; use --check or --man-list\n`);
  process.exit(2);
}

const files = generateDocs(await describeTree());

if (args.has('--man-list')) process.stdout.write(`${JSON.stringify(manList(files), null, 2)}\n`);

if (args.has('--check')) {
  const { changed, extra } = staleFiles(root, files);
  for (const f of changed) process.stderr.write(`stale: ${f}\n`);
  for (const f of extra) process.stderr.write(`not generated (remove it): ${f}\n`);
  if (changed.length || extra.length) {
    process.stderr.write('completions/ or man/ is out of date: run npm run docs\n');
    process.exitCode = 1;
  }
} else if (!args.has('--man-list')) {
  writeDocs(root, files);
  process.stderr.write(`wrote ${files.size} files in completions/ and man/\n`);
}
