import path from 'node:path';
import { fillPath } from '../api/path.js';
import { UsageError } from '../errors.js';
import { pathTraversal } from '../shared/path-traversal.js';

/**
 * GitLab's rules for a generic package (lib/api/generic_packages.rb, whose params use
 * lib/gitlab/regex/packages.rb): checked before anything is sent, so a bad name is exit 2 here
 * rather than GitLab's 400 after the upload.
 */

/** `generic_package_name_regex` (= `maven_file_name_regex`): `\A[A-Za-z0-9\.\_\-\+]+\z`. */
const NAME = /^[A-Za-z0-9._+-]+$/;
/** `generic_package_version_regex` (= `maven_version_regex`): `\A(?!.*\.\.)[\w+.-]+\z` (Ruby's `\w` is ASCII). */
const VERSION = /^(?!.*\.\.)[A-Za-z0-9_+.-]+$/;
/** `generic_package_file_name_regex`: `\A(?!~)[A-Za-z0-9\.\_\-\+~]+(?<!~)\z`. */
const FILE_NAME = /^(?!~)[A-Za-z0-9._+~-]+(?<!~)$/;

/** The name and `file_path: true` (no `.`/`..` traversal): exit 2 naming the rule. */
export function packageName(raw: string, label = '<name>'): string {
  if (!NAME.test(raw) || raw === '.' || raw === '..')
    throw new UsageError(
      `invalid value for ${label}: "${raw}" is not a generic package name`,
      "GitLab takes letters, digits and . _ - + (lib/api/generic_packages.rb's package_name)",
    );
  return raw;
}

export function packageVersion(raw: string, label = '<version>'): string {
  if (!VERSION.test(raw))
    throw new UsageError(
      `invalid value for ${label}: "${raw}" is not a generic package version`,
      'GitLab takes letters, digits and _ + . - (no "..", no "/"): 1.2.3, 1.2.3-rc.1+build.7',
    );
  return raw;
}

/**
 * `(*path/)` of the route: GitLab's `path` parameter is only `file_path: true`
 * (shared/path-traversal.ts); any other character goes, each segment sent encoded. An empty or `.`
 * segment is refused too: a URL on its way would lose it.
 */
function pathRefusal(dir: string): string | undefined {
  if (dir.split('/').some((p) => p === '' || p === '.')) return 'has an empty or "." directory in its path';
  const why = pathTraversal(dir);
  if (why === 'encoded twice') return 'has a path GitLab reads as encoded twice (%25…, %2B)';
  if (why === 'traversal') return 'has ".." or a line break in its path';
  return undefined;
}

/**
 * A file's name in the package: `dist/tool` is GitLab's optional directory path (`(*path/)`,
 * see pathRefusal) and the file name, which follows `generic_package_file_name_regex`.
 */
export function packageFileName(raw: string, label = '--file-name'): string {
  const slash = raw.lastIndexOf('/');
  const file = raw.slice(slash + 1);
  const bad = (why: string) =>
    new UsageError(
      `invalid value for ${label}: "${raw}" ${why}`,
      'a file name takes letters, digits and . _ - + ~ (not first or last), after an optional dir/ path',
    );
  if (!FILE_NAME.test(file) || file === '.' || file === '..') throw bad('is not a generic package file name');
  const refused = slash < 0 ? undefined : pathRefusal(raw.slice(0, slash));
  if (refused) throw bad(refused);
  return raw;
}

/** The name a local file goes under by default: its own, when GitLab takes it. */
export function defaultFileName(file: string): string {
  const base = path.basename(file);
  return packageFileName(base, `the file name of ${file} (give --file-name)`);
}

/** `/projects/:project/packages/generic/:name/:version/<dir/>file`, each segment encoded. */
export function genericPath(project: string, name: string, version: string, fileName: string): string {
  return fillPath('/projects/:project/packages/generic/:name/:version/*file', { project, name, version, file: fileName });
}
