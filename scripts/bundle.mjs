#!/usr/bin/env node
// Bundles the compiled CLI (dist/*.js from tsc) into one CommonJS file, dist/bundle/collab.cjs,
// which bin/collab.js runs through a V8 code cache. Start-up is what users feel on every command:
// ~40 small ES modules cost more to resolve and compile than one cached script. Heavy or rarely
// used dependencies stay outside and are loaded on demand; commander (used by every run) is inside.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => d !== 'commander');

const outfile = path.join(root, 'dist', 'bundle', 'collab.cjs');
await build({
  entryPoints: [path.join(root, 'dist', 'main.js')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external,
  define: { 'import.meta.url': '__collab_import_meta_url', __COLLAB_VERSION__: JSON.stringify(pkg.version) },
  banner: { js: "const __collab_import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
  logLevel: 'warning',
  legalComments: 'none',
  // Smaller source is less to read and deserialise on every start; names stay for --debug traces.
  minifyWhitespace: true,
  minifySyntax: true,
  plugins: [
    {
      // commander requires child_process at load time for executable subcommands, which collab
      // never uses: defer it to first use instead of paying for it on every start.
      name: 'lazy-child-process',
      setup(b) {
        b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
          args.importer.includes('commander') ? { path: 'lazy-child-process', namespace: 'lazy' } : undefined,
        );
        b.onLoad({ filter: /.*/, namespace: 'lazy' }, () => ({
          contents: "module.exports = new Proxy({}, { get: (_, key) => require('node:child_process')[key] });",
          loader: 'js',
        }));
      },
    },
    {
      // The sandbox is only for `collab sandbox`: it stays a separate module (dist/sandbox/).
      name: 'sandbox-outside',
      setup(b) {
        b.onResolve({ filter: /\/sandbox\/index\.js$/ }, () => ({ path: '../sandbox/index.js', external: true }));
      },
    },
  ],
});

// A script run through vm (for the code cache) has no dynamic import() of its own on Node 20:
// hand every remaining import() (ES-only packages, node: builtins, the sandbox) to the loader's.
const code = fs.readFileSync(outfile, 'utf8');
const rewritten = code.replace(/\bimport\((?=["'`])/g, '__collab_import(');
fs.writeFileSync(outfile, rewritten);
