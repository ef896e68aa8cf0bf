/**
 * A release link's direct asset path as GitLab validates it (app/models/releases/link.rb,
 * `filepath_format_valid?`): at most 128 characters (checked first), then `FILEPATH_REGEX`,
 * `\A\/[^\/](?!.*\/\/.*)[\-\.\w\/]+[\da-zA-Z]+\z` — a `/`, any character but `/`, no `//`
 * anywhere after, word characters, `-`, `.` and `/`, ending in letters or digits: so at least
 * four characters (`/abc`). `release link add --path`, `release create --link …,path=` and the
 * sandbox read it from here.
 */

/** Ruby's `\w` is ASCII; `u` so that `[^\/]` takes one character, as Ruby does, not half of one. */
export const FILEPATH_REGEX = /^\/[^/](?!.*\/\/.*)[-.\w/]+[\da-zA-Z]+$/u;
export const FILEPATH_MAX_LENGTH = 128;

/** GitLab's error for the path (`errors.full_messages`), or undefined when it takes it. */
export function filepathError(path: string): string | undefined {
  if ([...path].length > FILEPATH_MAX_LENGTH) return `Filepath is too long (maximum is ${FILEPATH_MAX_LENGTH} characters)`;
  if (!FILEPATH_REGEX.test(path)) return 'Filepath is in an invalid format';
  return undefined;
}
