import { isObject } from './http.js';
import type { Resource } from './routes.js';

/**
 * Choices page-size-25-max-100-refused-above and page-past-end-404: Django REST's page-number
 * paging, on the 1-based `page` and the `size` of §8. The backend applies the page; this module
 * sets the default size, refuses one over the maximum, and turns a page after the last into 404.
 */

/** The size a list is served with; an error message when it is over the maximum. */
export function pageSize(
  query: URLSearchParams,
  defaults: { defaultPageSize: number; maxPageSize: number },
): string | undefined {
  const raw = query.get('size');
  if (raw === null || raw === '') {
    query.set('size', String(defaults.defaultPageSize));
    return undefined;
  }
  // Malformed sizes (0, negative, not a number) are the backend's to refuse.
  if (/^\d+$/.test(raw) && Number(raw) > defaults.maxPageSize) return `size must be at most ${defaults.maxPageSize}`;
  return undefined;
}

/** The total of a backend list answer (the mock's shapes), or undefined. */
export function totalOf(resource: Resource, body: unknown): number | undefined {
  if (!isObject(body)) return undefined;
  if (resource === 'items') return typeof body.totalCount === 'number' ? body.totalCount : undefined;
  const pagination =
    resource === 'purchaseOrders' ? body.pagination : isObject(body.results) ? body.results.pagination : undefined;
  return isObject(pagination) && typeof pagination.totalCount === 'number' ? pagination.totalCount : undefined;
}

/** True when the page asked for is after the last one (page 1 of an empty list is not). */
export function pastTheEnd(query: URLSearchParams, total: number): boolean {
  const page = Number(query.get('page') || 1);
  const size = Number(query.get('size'));
  if (!Number.isInteger(page) || !(size > 0)) return false;
  return page > Math.max(1, Math.ceil(total / size));
}

/** Django REST's answer to a page after the last. */
export const INVALID_PAGE = { detail: 'Invalid page.' } as const;
