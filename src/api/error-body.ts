/**
 * Turns any error body a server may send into one readable line (without the status).
 * Shapes: {message: string}, {message: {field: [..]}}, {message: {error: ".."}}, {message: [..]},
 * {error: string}, {error: [..]}, {error, error_description}, plain text, HTML pages.
 */
export function errorMessage(body: unknown, contentType: string | undefined, status: number): string {
  if (typeof body === 'string') return textMessage(body, contentType, status);
  if (body && typeof body === 'object') {
    const obj = body as Record<string, unknown>;
    if ('error_description' in obj && obj.error_description) {
      return obj.error ? `${flatten(obj.error)}: ${flatten(obj.error_description)}` : flatten(obj.error_description);
    }
    if ('message' in obj && obj.message !== undefined && obj.message !== null) return flatten(obj.message);
    if ('error' in obj && obj.error !== undefined && obj.error !== null) return flatten(obj.error);
    return flatten(obj);
  }
  return defaultReason(status);
}

function flatten(value: unknown, prefix = ''): string {
  if (typeof value === 'string') return prefix ? `${prefix}: ${value}` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return flatten(String(value), prefix);
  if (Array.isArray(value)) {
    const items = value.map((v) => flatten(v));
    return prefix ? `${prefix}: ${items.join(', ')}` : items.join('; ');
  }
  if (value && typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>).map(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
    return parts.join('; ');
  }
  return prefix;
}

function textMessage(text: string, contentType: string | undefined, status: number): string {
  const trimmed = text.trim();
  if (trimmed === '') return defaultReason(status);
  const isHtml = contentType?.includes('html') || /^<(!doctype|html)/i.test(trimmed);
  if (isHtml) {
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(trimmed)?.[1] ?? /<h1[^>]*>([^<]*)<\/h1>/i.exec(trimmed)?.[1];
    const reason = title?.trim().replace(/\s+/g, ' ') || defaultReason(status);
    return `${reason.replace(new RegExp(`^${status}\\s*`), '') || defaultReason(status)} (HTML error page, probably from a proxy)`;
  }
  const firstLine = trimmed.split('\n')[0]!.slice(0, 300);
  return firstLine;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  412: 'Precondition Failed',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function defaultReason(status: number): string {
  return REASONS[status] ?? 'Error';
}

/** `collab: <status> <message>`, without repeating a status the server already put in front. */
export function statusLine(status: number, message: string): string {
  const rest = message.startsWith(`${status}`) ? message.slice(String(status).length).replace(/^[\s:-]+/, '') : message;
  return `${status} ${rest || defaultReason(status)}`;
}
