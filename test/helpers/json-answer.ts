import type http from 'node:http';

/** The content type of a JSON answer: MockAgent replies and the tests' node:http servers alike. */
export const JSON_HEADERS = { 'content-type': 'application/json' } as const;

/** Answers `body` as JSON on a node:http response, with its length and any other `headers`. */
export function json(res: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...JSON_HEADERS, 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}
