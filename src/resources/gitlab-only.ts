import type { Context } from '../context.js';
import { ApiError, type CollabError } from '../errors.js';

/**
 * GitLab's APIs the spec's endpoint list does not have (releases, packages, CI/CD variables): a
 * server that follows the spec answers 404 for all of them, and that is said once, as what it is
 * (exit 1), rather than as a missing release or package. `what`: `releases`, `package registry`.
 */
export async function noSuchApi(ctx: Context, what: string, err: CollabError): Promise<Error | undefined> {
  if (!(err instanceof ApiError) || err.status !== 404 || (await ctx.flavor()) !== 'spec') return undefined;
  return new ApiError(
    `this server has no ${what} API: it follows the spec's endpoint list, which GitLab's ${what} API is not part of`,
    404,
    err.body,
    'collab sandbox --flavor gitlab serves it, as GitLab does',
  );
}

/** `explain` for a 404 of a declared command on one of those APIs. */
export const explainNoSuchApi =
  (what: string) =>
  (ctx: Context, _v: unknown, err: CollabError): Promise<Error | undefined> =>
    noSuchApi(ctx, what, err);
