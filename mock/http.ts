/** The mock's one error path: a handler throws an HttpError and the server writes it (msw style). */

export interface Reply {
  status: number;
  body?: unknown;
  /** A body sent as it is instead of as JSON (faults that answer in another format); set its content type in headers. */
  raw?: string;
  headers?: Record<string, string>;
}

export class HttpError extends Error {
  constructor(readonly reply: Reply) {
    super(`HTTP ${reply.status}`);
  }
}

/** Undocumented error body (§7 "not shown"); chosen as { success: false, error }. See mock/README.md. */
export function errorReply(status: number, message: string, headers?: Record<string, string>): Reply {
  return { status, body: { success: false, error: message }, headers };
}

export function fail(status: number, message: string): never {
  throw new HttpError(errorReply(status, message));
}

export const badRequest = (message: string): never => fail(400, message);
export const notFound = (message = 'Not found'): never => fail(404, message);

export const ok = (body: unknown, status = 200): Reply => ({ status, body });
