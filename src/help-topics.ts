/** `collab help environment` and `collab help exit-codes`. */
export const HELP_TOPICS: Record<string, string> = {
  environment: `Environment variables:
  COLLAB_HOST          instance base URL (https://gitlab.example.com); /api/v4 is added
  COLLAB_TOKEN         private, personal or impersonation token (sent as PRIVATE-TOKEN)
  COLLAB_OAUTH_TOKEN   OAuth token (sent as Authorization: Bearer)
  COLLAB_PROJECT       default project (id or group/project)
  COLLAB_OUTPUT        table, tsv, json or ndjson
  COLLAB_NO_INPUT      never prompt
  COLLAB_DEBUG         log every HTTP exchange to stderr, secrets redacted
  COLLAB_CONFIG_DIR    where config.json lives (default: $XDG_CONFIG_HOME/collab)
  NO_COLOR, FORCE_COLOR  colour control
  HTTPS_PROXY, HTTP_PROXY, NO_PROXY  proxies
  NODE_EXTRA_CA_CERTS  extra trusted certificate authorities (PEM file)

Inside a CI job (CI=true):
  CI_SERVER_URL or CI_API_V4_URL  the host
  CI_PROJECT_ID        the project
  CI_JOB_TOKEN         sent as JOB-TOKEN, only for artifact downloads

Precedence: flags, then environment, then the config store.
`,
  'exit-codes': `Exit codes:
  0    success (a 304 "already so" answer included)
  1    API, network or server failure
  2    usage error or invalid input (nothing was sent)
  4    authentication missing or rejected (401)
  130  interrupted (Ctrl-C)
`,
};
