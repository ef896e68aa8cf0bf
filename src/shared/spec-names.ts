/** Names from the spec that both the client (for --fields and flags) and the sandbox (for its answers) list. */

/** The project features a project answer and `project create|update` name (part 1 §2.3). */
export const PROJECT_FEATURES = [
  'issues_enabled',
  'merge_requests_enabled',
  'jobs_enabled',
  'wiki_enabled',
  'snippets_enabled',
  'container_registry_enabled',
] as const;

/** The settings that `metrics_enabled` requires (part 2, application settings). */
export const METRICS_SETTINGS = [
  'metrics_host',
  'metrics_method_call_threshold',
  'metrics_packet_size',
  'metrics_pool_size',
  'metrics_sample_interval',
  'metrics_timeout',
] as const;
