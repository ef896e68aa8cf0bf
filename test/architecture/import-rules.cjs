/**
 * The import rules of src/, kept by dependency-cruiser (test/architecture/imports.test.ts runs
 * them in `npm test`; by hand: `npx depcruise --config test/architecture/import-rules.cjs src`).
 *
 * Imports run one way, `commands → executor → {api, output, config} → leaves`:
 *   entry      main, cli, program, process-deps, habits, help-manual: the CLI's wiring
 *   commands   src/commands/<noun>/: declarations
 *   shared by commands: src/resources/ (fields, columns, cards, flag sets), src/download/
 *   executor   src/executor/, and the run's context (context.ts, console.ts, session.ts)
 *   middle     src/api/ (the client), src/output/ (printing), src/config/ (settings): none
 *              imports another
 *   leaves     every other src/*.ts (errors, env, global-flags, shell-quote, …) and src/shared/:
 *              they import leaves only
 * src/docs/ reads the declarations from above; nothing in src/ imports it. src/mcp/ (`collab mcp
 * serve`) sits beside the executor: only src/commands/mcp/ loads it, and it imports neither the
 * entry nor the commands (ctx.cli() hands it both). The sandbox is a world
 * of its own: it imports src/shared/ only, and the client reaches it through src/sandbox/index.ts
 * only (the `collab sandbox` command; limits.ts gives that command its flags' bounds). src/shared/ holds what both read: the flavours, the dialect
 * table, the spec's names, GitLab's value lists; it imports nothing outside itself.
 */
const ENTRY = '^src/(main|cli|program|process-deps|habits|help-manual)[.]ts$';
const RUN = '^src/(executor/|(context|console|session)[.]ts$)';
const LEAF = '^src/(shared/|(?!(main|cli|program|process-deps|habits|help-manual|context|console|session)[.]ts$)[^/]+[.]ts$)';

/** A middle-tier folder imports itself and the leaves only. */
const middle = (folder) => ({
  name: `${folder}-imports-leaves-only`,
  comment: `src/${folder}/ is in the middle tier: it imports the leaves, never up (executor, commands) nor across (api, output, config)`,
  severity: 'error',
  from: { path: `^src/${folder}/` },
  to: { path: '^src/', pathNot: [`^src/${folder}/`, LEAF] },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'no module reaches itself through its imports',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'nothing-imports-docs',
      comment: 'src/docs/ generates man pages and completions from the declarations; the CLI never loads it',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/docs/' },
      to: { path: '^src/docs/' },
    },
    {
      name: 'sandbox-imports-shared-only',
      comment: 'the sandbox never imports the client: what both need is in src/shared/',
      severity: 'error',
      from: { path: '^src/sandbox/' },
      to: { path: '^src/', pathNot: '^src/(sandbox|shared)/' },
    },
    {
      name: 'client-reaches-sandbox-by-its-entry',
      comment: 'the client never imports the sandbox: only `collab sandbox` starts it, through src/sandbox/index.ts',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(sandbox|commands/sandbox)/' },
      to: { path: '^src/sandbox/' },
    },
    {
      name: 'sandbox-command-uses-the-entry',
      comment: "`collab sandbox` starts the sandbox through src/sandbox/index.ts (limits.ts: its flags' bounds), never its internals",
      severity: 'error',
      from: { path: '^src/commands/sandbox/' },
      to: { path: '^src/sandbox/', pathNot: '^src/sandbox/(index|limits)[.]ts$' },
    },
    {
      name: 'shared-imports-shared-only',
      comment: 'src/shared/ is read by the client and the sandbox alike: it imports neither',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/', pathNot: '^src/shared/' },
    },
    {
      name: 'leaves-import-leaves-only',
      comment: 'a leaf (src/*.ts below the executor, src/shared/) imports other leaves only',
      severity: 'error',
      from: { path: LEAF },
      to: { path: '^src/', pathNot: LEAF },
    },
    middle('api'),
    middle('output'),
    middle('config'),
    {
      name: 'executor-never-up',
      comment: 'the executor and the run context never import commands, what commands share, or the entry',
      severity: 'error',
      from: { path: RUN },
      to: { path: `${ENTRY}|^src/(commands|resources|download|docs|sandbox)/` },
    },
    {
      name: 'shared-by-commands-never-up',
      comment: 'src/resources/ and src/download/ serve commands: they never import a command or the entry',
      severity: 'error',
      from: { path: '^src/(resources|download)/' },
      to: { path: `${ENTRY}|^src/(commands|docs)/` },
    },
    {
      name: 'no-noun-imports-another',
      comment: 'a noun folder (src/commands/<noun>/) imports no other noun: what two share goes to src/resources/',
      severity: 'error',
      from: { path: '^src/commands/([^/]+)/' },
      to: { path: '^src/commands/', pathNot: '^src/commands/$1/' },
    },
    {
      name: 'mcp-never-imports-the-cli',
      comment: '`collab mcp serve` gets the command tree and the entry from ctx.cli(): src/mcp/ imports neither the entry nor a command',
      severity: 'error',
      from: { path: '^src/mcp/' },
      to: { path: `${ENTRY}|^src/(commands|resources|download|docs)/` },
    },
    {
      name: 'only-mcp-serve-loads-mcp',
      comment:
        'src/mcp/ (and the MCP SDK with it) is loaded by `collab mcp serve` alone (src/commands/mcp/), never by what every command loads',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(mcp|commands/mcp)/' },
      to: { path: '^src/mcp/' },
    },
    {
      name: 'commands-never-up',
      comment: 'commands never import the entry (cli, program, main)',
      severity: 'error',
      from: { path: '^src/commands/' },
      to: { path: ENTRY },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
