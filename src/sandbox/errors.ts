/** An error that the sandbox turns into an HTTP response with a JSON body, exactly as GitLab phrases it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(typeof body === 'object' && body !== null ? JSON.stringify(body) : String(body));
  }
}

export const unauthorized = (): ApiError => new ApiError(401, { message: '401 Unauthorized' });

export const forbidden = (reason?: string): ApiError =>
  new ApiError(403, { message: reason ? `403 Forbidden - ${reason}` : '403 Forbidden' });

/** `404 Project Not Found`, `404 Issue Not Found`, ... ; without a subject: `404 Not found`. */
export const notFound = (subject?: string): ApiError =>
  new ApiError(404, { message: subject ? `404 ${subject} Not Found` : '404 Not found' });

export const missingParam = (name: string): ApiError => new ApiError(400, { message: `400 (Bad request) "${name}" not given` });

export const badRequest = (message: string): ApiError => new ApiError(400, { message: `400 Bad request - ${message}` });

/** Validation failure: `{"message":{"field":["reason"]}}`. */
export const invalid = (fields: Record<string, string[]>, status = 400): ApiError => new ApiError(status, { message: fields });

export const routeNotFound = (): ApiError => new ApiError(404, { error: '404 Not Found' });

export const methodNotAllowed = (): ApiError => new ApiError(405, { message: '405 Method Not Allowed' });
