import { ok, type Reply } from '../http.js';
import type { PageRequest } from '../query.js';

/**
 * The vehicles envelopes of §2.7, reused (a mock choice) for customers and inventory levels.
 * pagination is undocumented; the mock reports { page, size, totalCount, totalPages }, page 1-based.
 */

export interface Pagination {
  page: number;
  size: number;
  totalCount: number;
  totalPages: number;
}

export function pagination(totalCount: number, p: PageRequest): Pagination {
  return { page: p.page, size: p.size, totalCount, totalPages: Math.ceil(totalCount / p.size) };
}

/** §2.7 list: { message, results: { content, pagination } }. */
export function resultsReply(message: string, content: unknown[], page: Pagination): Reply {
  return ok({ message, results: { content, pagination: page } });
}

/** §2.7 get-by-id: the same envelope, content holding the one record. */
export function singleResultReply(message: string, record: unknown): Reply {
  return resultsReply(message, [record], { page: 1, size: 1, totalCount: 1, totalPages: 1 });
}

/** §2.7 write: { success, message, data }. */
export function writeReply(message: string, data: Record<string, unknown>): Reply {
  return ok({ success: true, message, data });
}
