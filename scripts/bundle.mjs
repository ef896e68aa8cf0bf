#!/usr/bin/env node
// Bundles the compiled CLI (dist/*.js from tsc) into one script, dist/bundle/collab.cjs, which
// bin/collab.js runs through a V8 code cache. Start-up is what users feel on every command:
// ~40 small ES modules cost more to resolve and compile than one cached script. Heavy or rarely
// used dependencies stay outside and are loaded on demand; commander (used by every run) is inside.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

/** What bin/collab.js passes to the bundle's function (see wrap()). */
const PARAMS = 'exports, require, module, __filename, __dirname, __collab_import';

/** esbuild options shared by the bundle and the self-contained build (scripts/package.mjs). */
export function baseOptions() {
  return {
    entryPoints: [path.join(root, 'dist', 'main.js')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // ASCII only: the loader reads the file as latin1, a plain copy into a one-byte string.
    charset: 'ascii',
    define: { 'import.meta.url': '__collab_import_meta.url', __COLLAB_VERSION__: JSON.stringify(pkg.version) },
    banner: {
      js: [
        // Computed when first asked for (rarely): pathToFileURL costs a start ~0.3 ms.
        "const __collab_import_meta = { get url() { return require('node:url').pathToFileURL(__filename).href; } };",
        // See builtinInterop().
        'const __collab_builtin = (m) => Object.create(m, { default: { value: m, enumerable: true } });',
      ].join('\n'),
    },
    logLevel: 'warning',
    legalComments: 'none',
    // Smaller source is less to read and deserialise on every start; names stay for --debug traces.
    minifyWhitespace: true,
    minifySyntax: true,
    write: false,
    plugins: [lazyChildProcess],
  };
}

// commander requires child_process at load time for executable subcommands, which collab never
// uses: defer it to first use instead of paying for it on every start.
const lazyChildProcess = {
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
};

/**
 * collab's own modules that stay separate (dist/…), each loaded only by the command that needs it:
 * the sandbox server for `collab sandbox` (not the command, dist/commands/sandbox/), and the MCP SDK
 * for `collab mcp serve` (src/mcp/sdk.ts). The bundle imports them relative to dist/bundle/.
 */
export const OWN_OUTSIDE = ['sandbox/index.js', 'mcp/sdk.js'];

const ownOutside = {
  name: 'own-outside',
  setup(b) {
    const dist = path.join(root, 'dist');
    b.onResolve({ filter: /^\..*\.js$/ }, (args) => {
      const rel = path.relative(dist, path.resolve(args.resolveDir, args.path)).split(path.sep).join('/');
      return OWN_OUTSIDE.includes(rel) ? { path: `../${rel}`, external: true } : undefined;
    });
  },
};

/**
 * The file bin/collab.js runs: a first line naming the SHA-256 of the rest (the code cache's key,
 * so a changed bundle never meets a cache of another one, whatever its size and mtime), then one
 * function expression, so the loader compiles the file as it is instead of wrapping it per start.
 */
export function wrap(code) {
  const body = `(function (${PARAMS}) {${code}\n})`;
  const hash = crypto.createHash('sha256').update(body).digest('hex');
  return `// collab-bundle sha256:${hash}\n${body}`;
}

/**
 * `import fs from 'node:fs'` becomes `__toESM(require("node:fs"), 1)`, which copies every export
 * of the module onto a new object through a getter each, once per importing module: ~0.8 ms and
 * a quarter of the young objects of a start. A builtin needs no more than an object that has it as
 * prototype and as `default`.
 */
export function builtinInterop(code) {
  const out = code.replace(/\b__toESM\(require\("(node:[\w/]+)"\),\s*1\)/g, '__collab_builtin(require("$1"))');
  if (/\b__toESM\(require\("node:/.test(out)) throw new Error('builtinInterop: an import of a builtin was left to __toESM');
  return out;
}

/**
 * What esbuild's `charset: 'ascii'` leaves as written (a regular expression's character class, as
 * in open's PowerShell quoting, which matches the curly quotes U+2018 to U+201B), escaped: \uXXXX means the same character in a
 * string, a template, a regular expression and an identifier.
 */
export function escapeNonAscii(code) {
  return code.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function assertAscii(code, file) {
  for (let i = 0; i < code.length; i++)
    if (code.charCodeAt(i) > 127) throw new Error(`${file}: non-ASCII character at offset ${i}; the loader reads it as latin1`);
}

/**
 * The CLI as one script for bin/collab.js: every dependency but commander (used by every run) stays
 * outside, loaded on demand, and so do the sandbox and the MCP SDK. `defines` and `banner` add to baseOptions'
 * (the single file and the executable build their own copy: scripts/package.mjs).
 */
export async function bundleMain(defines = {}, banner = '') {
  const external = Object.keys(pkg.dependencies).filter((d) => d !== 'commander');
  const base = baseOptions();
  const result = await build({
    ...base,
    banner: { js: `${base.banner.js}${banner}` },
    external,
    define: { ...base.define, ...defines },
    plugins: [...base.plugins, ownOutside],
  });
  // A script run through vm (for the code cache) has no dynamic import() of its own on Node 20:
  // hand every remaining import() (ES-only packages, node: builtins, the sandbox, the MCP SDK) to the loader's.
  const code = builtinInterop(result.outputFiles[0].text).replace(/\bimport\((?=["'`])/g, '__collab_import(');
  assertAscii(code, 'the bundle');
  return wrap(code);
}

/**
 * The SDK's server checks with ajv only what a client answers to an elicitation, which collab never
 * asks for: a validator that refuses stands in for ajv and its formats (half of the bundle).
 */
const noAjv = {
  name: 'no-ajv',
  setup(b) {
    b.onResolve({ filter: /\/validation\/ajv-provider\.js$/ }, () => ({ path: 'ajv-provider', namespace: 'no-ajv' }));
    b.onLoad({ filter: /.*/, namespace: 'no-ajv' }, () => ({
      contents: "export class AjvJsonSchemaValidator { getValidator() { throw new Error('collab mcp serve asks for no elicitation'); } }",
      loader: 'js',
    }));
  },
};

/**
 * The MCP SDK's server and stdio transport (src/mcp/sdk.ts) with what they use (zod), as one
 * ES module in place of tsc's dist/mcp/sdk.js: `collab mcp serve` loads one file rather than some
 * hundred, and the SDK is a build dependency only, so an install carries none of what its HTTP
 * transports need (express, hono).
 */
export async function bundleSdk() {
  const file = path.join(root, 'dist', 'mcp', 'sdk.js');
  const base = baseOptions();
  const result = await build({
    ...base,
    entryPoints: [file],
    format: 'esm',
    banner: undefined,
    define: {},
    // Not collab's code: no names kept for --debug traces.
    minify: true,
    plugins: [noAjv],
  });
  const code = result.outputFiles[0].text;
  if (/\brequire\(|\b__require\b/.test(code.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g, '')))
    throw new Error('the MCP SDK bundle requires a module it does not hold');
  fs.writeFileSync(file, code);
}

async function bundle() {
  const outfile = path.join(root, 'dist', 'bundle', 'collab.cjs');
  await bundleSdk();
  const code = await bundleMain();
  fs.mkdirSync(path.dirname(outfile), { recursive: true });
  fs.writeFileSync(outfile, code);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await bundle();
