/**
 * What GitLab's package list filters and orders by (lib/api/project_packages.rb, doc/api/packages.md:
 * `values: Packages::Package.package_types.keys`, `….statuses.keys`): `package list` offers them as
 * choices, the sandbox checks its parameters against them.
 */

/** `Packages::Package.package_types` (app/models/packages/package.rb), in GitLab's order. */
export const PACKAGE_TYPES = [
  'maven',
  'npm',
  'conan',
  'nuget',
  'pypi',
  'composer',
  'generic',
  'golang',
  'debian',
  'rubygems',
  'helm',
  'terraform_module',
  'rpm',
  'ml_model',
  'cargo',
] as const;

/** `Packages::Package.statuses`: a package's state. */
export const PACKAGE_STATUSES = ['default', 'hidden', 'processing', 'error', 'pending_destruction', 'deprecated'] as const;

/** `order_by` of the package list. */
export const PACKAGE_ORDER_BY = ['created_at', 'name', 'version', 'type'] as const;
