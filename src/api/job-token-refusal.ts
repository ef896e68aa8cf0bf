/**
 * GitLab's 403s for a CI job token, explained (lib/api/helpers.rb):
 * - `handle_job_token_failure!`: "Authentication by CI/CD job token not allowed from <source> to
 *   <target>." — the target project's allowlist does not name the job's project;
 * - `job_token_policies_unauthorized_message`: "Insufficient permissions to access this resource
 *   in project <p>. The following token permission(s) is/are required: <policies>." — the
 *   fine-grained permissions of the allowlist entry lack one; or "This action is unauthorized for
 *   CI/CD job tokens." — the route takes no job token at all.
 */

const ALLOWLIST = /Authentication by CI\/CD job token not allowed from (.+?) to (.+?)\.?$/;
const POLICIES =
  /Insufficient permissions to access this resource in project (.+?)\. The following token permissions? (?:is|are) required: (.+?)\.?$/;
const NONE = /This action is unauthorized for CI\/CD job tokens/;

/** The hint for a 403 whose message is one of these, else undefined. */
export function jobTokenRefusalHint(message: string): string | undefined {
  const allow = ALLOWLIST.exec(message);
  if (allow) {
    const [, source, target] = allow;
    return (
      `GitLab's allowlist of ${target} does not take the job token of ${source}: a maintainer of ${target} adds ` +
      `${source} under Settings › CI/CD › Job token permissions`
    );
  }
  const policies = POLICIES.exec(message);
  if (policies) {
    const [, project, wanted] = policies;
    const names = wanted!.split(/,?\s+and\s+|,\s*/).filter((p) => p.trim() !== '');
    const which = names.map((p) => `"${p.trim()}"`).join(' and ');
    return (
      `the job token's fine-grained permissions in ${project} lack ${which}: a maintainer of ${project} ` +
      `grants ${names.length === 1 ? 'it' : 'them'} under Settings › CI/CD › Job token permissions`
    );
  }
  if (NONE.test(message)) return 'GitLab takes no CI job token for this action: set COLLAB_TOKEN to a personal access token';
  return undefined;
}
