import { STATUS_CODES } from 'node:http';
import { isObject, type Answer } from './http.js';

/**
 * Error bodies. Outside purchase orders the spec shows none (§7), so errors are RFC 9457
 * problem documents; purchase-order answers keep their envelope with `error` non-null (§2.7, §7),
 * whatever refused them (auth, limits, paging, ids).
 */

export const PROBLEM_JSON = 'application/problem+json';

export function problem(
  status: number,
  detail: string,
  extra: Record<string, unknown> = {},
  headers?: Record<string, string>,
): Answer {
  return {
    status,
    contentType: PROBLEM_JSON,
    headers,
    body: { type: 'about:blank', title: STATUS_CODES[status] ?? 'Error', status, detail, ...extra },
  };
}

const poCodes: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
};

export function poError(status: number, message: string, headers?: Record<string, string>): Answer {
  return { status, headers, body: { status: false, data: null, error: { code: poCodes[status] ?? 'ERROR', message } } };
}

export const isPurchaseOrderPath = (path: string) => /^\/purchaseOrders(\/|$)/.test(path);

/** An error of this server, in the shape of the area the path belongs to. */
export function refusal(path: string, status: number, message: string, headers?: Record<string, string>): Answer {
  return isPurchaseOrderPath(path) ? poError(status, message, headers) : problem(status, message, {}, headers);
}

/** The message of a backend error body ({ success, error } or the PO envelope). */
export function messageOf(body: unknown): string {
  if (!isObject(body)) return 'request failed';
  if (typeof body.error === 'string') return body.error;
  if (isObject(body.error) && typeof body.error.message === 'string') return body.error.message;
  return typeof body.message === 'string' ? body.message : 'request failed';
}

/** Extra headers a refusal of this status carries. */
export function refusalHeaders(status: number, upstream: Record<string, string>): Record<string, string> | undefined {
  if (status === 401) return { 'www-authenticate': 'Bearer' };
  if (status === 429 && upstream['retry-after']) return { 'retry-after': upstream['retry-after'] };
  return undefined;
}
