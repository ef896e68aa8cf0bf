/**
 * An error that the sandbox turns into an HTTP response with a JSON body, exactly as GitLab phrases
 * it. (The client has its own HttpError, src/errors.ts: what collab reports of such an answer.)
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(typeof body === 'object' && body !== null ? JSON.stringify(body) : String(body));
  }
}

export const unauthorized = (): HttpError => new HttpError(401, { message: '401 Unauthorized' });

export const forbidden = (reason?: string): HttpError =>
  new HttpError(403, { message: reason ? `403 Forbidden - ${reason}` : '403 Forbidden' });

/** `404 Project Not Found`, `404 Issue Not Found`, ... ; without a subject: `404 Not found`. */
export const notFound = (subject?: string): HttpError =>
  new HttpError(404, { message: subject ? `404 ${subject} Not Found` : '404 Not found' });

export const missingParam = (name: string): HttpError => new HttpError(400, { message: `400 (Bad request) "${name}" not given` });

export const badRequest = (message: string): HttpError => new HttpError(400, { message: `400 Bad request - ${message}` });

/** Validation failure: `{"message":{"field":["reason"]}}`. */
export const invalid = (fields: Record<string, string[]>, status = 400): HttpError => new HttpError(status, { message: fields });

export const routeNotFound = (): HttpError => new HttpError(404, { error: '404 Not Found' });

export const methodNotAllowed = (): HttpError => new HttpError(405, { message: '405 Method Not Allowed' });
