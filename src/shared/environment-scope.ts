/**
 * Gitlab::Regex.environment_scope_regex (lib/gitlab/regex.rb): a CI/CD variable's environment
 * scope holds letters, digits, `-`, `_`, `/`, `$`, `{`, `}`, `.`, `*` and spaces (no backslash:
 * the `\\` in GitLab's Ruby string escapes the next character). `variable set --scope` and the
 * sandbox read it from here.
 */
export const ENVIRONMENT_SCOPE = /^[a-zA-Z0-9_/${}. *-]+$/;
export const ENVIRONMENT_SCOPE_MESSAGE = "can contain only letters, digits, '-', '_', '/', '$', '{', '}', '.', '*' and spaces";
