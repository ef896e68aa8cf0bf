/**
 * The environment and exit codes as data: `collab help environment`, `collab help exit-codes`, the
 * root help and the ENVIRONMENT / EXIT STATUS sections of collab(1) are all rendered from here.
 */

export interface Entry {
  name: string;
  description: string;
  /** A few words for the root help. */
  short?: string;
}

export const ENVIRONMENT: Entry[] = [
  { name: 'COLLAB_HOST', description: 'instance base URL (https://gitlab.example.com); /api/v4 is added' },
  {
    name: 'COLLAB_TOKEN',
    description: 'private, personal or impersonation token (sent as PRIVATE-TOKEN); a CI job token (glcbt-…) is sent as JOB-TOKEN',
  },
  { name: 'COLLAB_OAUTH_TOKEN', description: 'OAuth token (sent as Authorization: Bearer)' },
  { name: 'COLLAB_PROJECT', description: 'default project (numeric id, group/project path or web URL)' },
  { name: 'COLLAB_OUTPUT', description: 'default output format: table, tsv, json or ndjson' },
  { name: 'COLLAB_NO_INPUT', description: 'never prompt' },
  { name: 'COLLAB_DEBUG', description: 'log every HTTP exchange to stderr, secrets redacted' },
  {
    name: 'COLLAB_RETRIES',
    description: 'how often a failed read, or a throttled request, is tried again (--retries; default 4, at most 100)',
  },
  {
    name: 'COLLAB_FLAVOR',
    description: 'API dialect of the host: spec or gitlab (default: detected once with GET /version, kept in the config)',
  },
  { name: 'COLLAB_CONFIG_DIR', description: 'where config.json lives (default $XDG_CONFIG_HOME/collab or ~/.config/collab)' },
  {
    name: 'TMPDIR',
    description: 'where temporary files go (a checked download on its way to stdout, the text --editor edits); default /tmp',
  },
  { name: 'COLLAB_NO_CODE_CACHE', description: 'set to 1: do not keep compiled code in $XDG_CACHE_HOME/collab (~/.cache/collab)' },
  { name: 'NO_COLOR', description: 'no colour when set to a non-empty value (--color always still colours)' },
  { name: 'FORCE_COLOR', description: 'colour even when piped (1, 2 or 3: the colour depth; 0: none)' },
  { name: 'HTTPS_PROXY, HTTP_PROXY', description: 'proxy for https:// and http:// hosts' },
  { name: 'NO_PROXY', description: 'comma-separated hosts reached without the proxy' },
  { name: 'NODE_EXTRA_CA_CERTS', description: 'extra trusted certificate authorities (a PEM file)' },
  {
    name: 'SSL_CERT_FILE',
    description:
      "the system's CA bundle, trusted beside Node's own CAs (default: the distribution's, /etc/ssl/certs/ca-certificates.crt …)",
  },
];

/** Read only inside a CI job (CI or GITLAB_CI set to true). */
export const CI_ENVIRONMENT: Entry[] = [
  { name: 'CI_SERVER_URL, CI_API_V4_URL', description: 'the host, when COLLAB_HOST is not set' },
  { name: 'CI_PROJECT_ID', description: 'the project, when neither -p nor COLLAB_PROJECT is given' },
  {
    name: 'CI_JOB_TOKEN',
    description:
      "sent as JOB-TOKEN, only to CI_SERVER_URL's instance, where GitLab accepts it " +
      '(artifact downloads, GET /job, job lists on newer GitLab, releases, packages, …; ' +
      'collab api too): when there is no other token, or the other one was refused ' +
      '(401/403); auth status says what it reaches',
  },
  {
    name: 'CI_COMMIT_REF_NAME, CI_MERGE_REQUEST_REF_PATH',
    description:
      'the default --ref of job artifacts/artifact --job <name>: the ref the pipeline ' +
      'runs for (a merge request pipeline: refs/merge-requests/<iid>/head, /merge for ' +
      'merged results, /train on a merge train)',
  },
  { name: 'CI_PIPELINE_ID', description: 'what --pipeline current means' },
  {
    name: 'CI_PROJECT_PATH, CI_COMMIT_BRANCH',
    description:
      "collab api's :fullpath, and its :branch on a detached checkout (CI_MERGE_REQUEST_SOURCE_BRANCH_NAME in a merge request pipeline)",
  },
  { name: 'CI_SERVER_TLS_CA_FILE', description: "a private CA trusted for CI_SERVER_URL's instance (as the runner's own tools trust it)" },
];

export const PRECEDENCE = 'Precedence: flags, then environment, then the config store.';

/**
 * The commands under the confirmation rule (their declarations have `confirm`), kept here so that
 * help stays cheap; test/unit/confirm-rule.test.ts checks it against the command tree.
 */
export const IRREVERSIBLE = [
  'issue delete',
  'board list-delete',
  'mr delete',
  'mr merge',
  'job erase',
  'pipeline delete',
  'package delete',
  'release delete',
  'release link delete',
  'variable delete',
  'project delete',
  'group delete',
  'group transfer-project',
  'group ldap-link delete',
  'user delete',
  'user key delete',
  'user gpg-key delete',
  'user email delete',
  'user token revoke',
];

export const IRREVERSIBLE_RULE =
  'Irreversible commands ask on a terminal, naming what they act on (a project or ' +
  'group: type its path), and need --yes elsewhere; without it they exit 2 and send ' +
  'nothing (a declined question is exit 2 too):';

export const EXIT_CODES: Entry[] = [
  {
    name: '0',
    description: 'success (a 304 "already so" answer included); help, and collab or a noun alone (its help, on stdout)',
    short: 'success',
  },
  { name: '1', description: 'API, network or server failure', short: 'API/network failure' },
  { name: '2', description: 'usage error or invalid input (nothing was sent)', short: 'usage error' },
  {
    name: '3',
    description:
      'no such artifacts: an artifact download answered 404 for the artifacts (none on the ' +
      'job, no such file, no job of the name with artifacts on the ref or in the pipeline), or a ' +
      'package or release download for its file (no such package, version, file or asset); a ' +
      'project not found or hidden, or a job id that does not exist, is a failure (1), which ' +
      'a script waiting for artifacts does not wait out',
    short: 'no such artifacts or file',
  },
  { name: '4', description: 'authentication missing or rejected (401)', short: 'authentication' },
  { name: '5', description: 'the --jq filter failed on the answer (a jq runtime error, as jq exits 5)', short: '--jq runtime error' },
  {
    name: '124',
    description:
      'a wait ran out of time: --timeout passed before the pipeline waited for ended ' +
      '(pipeline wait, run --wait, view --watch, mr checks --watch), as timeout(1) exits',
    short: 'wait timed out',
  },
  { name: '130', description: 'interrupted (Ctrl-C), or stopped by SIGTERM or SIGHUP', short: 'interrupted' },
];

function table(entries: Entry[], indent = '  '): string {
  const width = Math.max(...entries.map((e) => e.name.length)) + 2;
  return entries.map((e) => `${indent}${e.name.padEnd(width)}${e.description}`).join('\n');
}

export const HELP_TOPICS: Record<string, string> = {
  environment: `Environment variables:
${table(ENVIRONMENT)}

Inside a CI job (CI=true):
${table(CI_ENVIRONMENT)}

${PRECEDENCE}
`,
  'exit-codes': `Exit codes:
${table(EXIT_CODES)}

${wrapWords(IRREVERSIBLE_RULE, 96)}
${wrapNames(IRREVERSIBLE, 80, '  ')}
`,
};

/** Words wrapped at `width` columns. */
function wrapWords(text: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join('\n');
}

/** Comma-separated names wrapped at `width` columns, each line indented. */
function wrapNames(names: string[], width: number, indent: string): string {
  const lines: string[] = [];
  let line = '';
  for (const name of names) {
    const next = line ? `${line}, ${name}` : name;
    if (indent.length + next.length + 1 > width && line) {
      lines.push(`${indent}${line},`);
      line = name;
    } else line = next;
  }
  lines.push(`${indent}${line}`);
  return lines.join('\n');
}

/** The short form at the end of `collab --help`; the topics have the details. */
export const ROOT_HELP_FOOTER = `Environment (details: collab help environment):
${wrapNames(
  [...ENVIRONMENT, ...CI_ENVIRONMENT].flatMap((e) => e.name.split(', ')),
  80,
  '  ',
)}

Exit codes (details: collab help exit-codes):
  ${EXIT_CODES.map((e) => `${e.name} ${e.short}`).join(' · ')}
`;
