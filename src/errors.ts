/** What an "unexpected error" (a bug) adds: where it goes, and what to send along. */
export const BUG_HINT =
  "this is a bug in collab: please report it on the project's issue tracker, with " +
  'the command line and its output with COLLAB_DEBUG=1 (secrets are redacted)';

/** A message as one line: an error report is one line, whatever a message holds. */
export const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ');

/** The report of a failure nothing expected, ready for stderr: one line and the hint, never a stack or code. */
export function crashReport(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return `collab: unexpected error: ${oneLine(message)}\nhint: ${BUG_HINT}\n`;
}

/** Errors that map to collab's exit codes (see mapErrorToExit in cli.ts). */
export class CollabError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
    readonly hint?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Bad input or usage: exit 2, and nothing was sent. */
export class UsageError extends CollabError {
  constructor(message: string, hint?: string) {
    super(message, 2, hint);
  }
}

/** Authentication missing or rejected: exit 4. */
export class AuthError extends CollabError {
  constructor(message: string, hint = 'run `collab auth login` or set COLLAB_TOKEN') {
    super(message, 4, hint);
  }
}

/** The API answered with an error status, or the network failed: exit 1. */
export class ApiError extends CollabError {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly body?: unknown,
    hint?: string,
  ) {
    super(message, 1, hint);
  }
}

/** A failure here rather than at the server (a file, the disk, a port, the browser, the installation): exit 1. */
export class LocalError extends CollabError {
  constructor(message: string, hint?: string) {
    super(message, 1, hint);
  }
}

/**
 * What a download asked for is not there: GitLab answered 404 for the file (a package file, a
 * release asset), not for the project. Exit 3, which a script waiting for it can tell from a server
 * or network failure (1).
 */
export class MissingFileError extends ApiError {
  override readonly exitCode: number = 3;
}

/**
 * The artifacts asked for are not there: an artifact download answered 404 (no such project, job,
 * artifacts or file), or no job of the name was found. Exit 3, as for any download not there.
 */
export class MissingArtifactsError extends MissingFileError {}

/** The `--jq` filter failed at run time on the server's answer: exit 5, jq's own status for it. */
export class FilterError extends CollabError {
  constructor(message: string) {
    super(message, 5);
  }
}

/**
 * A wait given `--timeout` ran out before what it waited for ended (a pipeline still running):
 * exit 124, as timeout(1) exits, which a script tells from a failure (1) and from success (0).
 */
export class TimeoutError extends CollabError {
  constructor(message: string, hint?: string) {
    super(message, 124, hint);
  }
}

/** Interrupted (Ctrl-C): exit 130. */
export class CancelError extends CollabError {
  constructor(message = 'interrupted') {
    super(message, 130);
  }
}

/** A raw value as an error message quotes it: one line (control characters shown as ?), at most `max` characters. */
export function excerpt(raw: string, max = 40): string {
  const one = raw.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return one.length > max ? `${one.slice(0, max - 3)}...` : one;
}
