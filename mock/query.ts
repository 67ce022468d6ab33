import { badRequest } from './http.js';

/** Query parsing shared by the list handlers: every bad value is a 400, never a 5xx. */

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 100;

export interface PageRequest {
  /** 1-based (§2.7, §8: the examples use page 1 as the first page). */
  page: number;
  size: number;
}

function positiveInt(raw: string | null, name: string, fallback: number): number {
  if (raw === null || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw)) badRequest(`${name} must be a positive integer`);
  const n = Number(raw);
  if (n < 1) badRequest(`${name} must be at least 1`);
  return n;
}

/** Undocumented (§8): default and maximum size 100; larger sizes are clamped, not refused. */
export function pageRequest(q: URLSearchParams): PageRequest {
  const size = Math.min(positiveInt(q.get('size'), 'size', DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
  return { page: positiveInt(q.get('page'), 'page', 1), size };
}

export function slice<T>(all: readonly T[], p: PageRequest): T[] {
  const start = (p.page - 1) * p.size;
  return all.slice(start, start + p.size);
}

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

export interface DateBound {
  ms: number;
  /** True for YYYY-MM-DD: an end bound then covers the whole day. */
  dateOnly: boolean;
}

/** A date filter value: YYYY-MM-DD or ISO 8601 datetime; anything else is a 400. */
export function dateParam(
  q: URLSearchParams,
  name: string,
  opts: { allowDateTime?: boolean } = {},
): DateBound | undefined {
  const raw = q.get(name);
  if (raw === null || raw === '') return undefined;
  const isDate = dateOnly.test(raw);
  if (!isDate && !(opts.allowDateTime !== false && dateTime.test(raw)))
    badRequest(`${name} must be a date (YYYY-MM-DD) or an ISO 8601 datetime`);
  const ms = Date.parse(isDate ? `${raw}T00:00:00Z` : raw);
  if (Number.isNaN(ms)) badRequest(`${name} is not a valid date`);
  return { ms, dateOnly: isDate };
}

/** Inclusive window test; a date-only end covers its whole day. */
export function inWindow(iso: string | null | undefined, start?: DateBound, end?: DateBound): boolean {
  if (!start && !end) return true;
  if (!iso) return false;
  const t = Date.parse(iso.includes('T') ? iso : iso.replace(' ', 'T') + (iso.length <= 16 ? ':00Z' : ''));
  if (Number.isNaN(t)) return false;
  if (start && t < start.ms) return false;
  if (end && t > (end.dateOnly ? end.ms + 86_399_999 : end.ms)) return false;
  return true;
}

/** True when the query holds a non-empty value for the name. */
export function sent(q: URLSearchParams, name: string): boolean {
  const v = q.get(name);
  return v !== null && v !== '';
}

export function oneOf<T extends string>(q: URLSearchParams, name: string, allowed: readonly T[]): T | undefined {
  const raw = q.get(name);
  if (raw === null || raw === '') return undefined;
  if (!(allowed as readonly string[]).includes(raw)) badRequest(`${name} must be one of ${allowed.join(', ')}`);
  return raw as T;
}

export function booleanParam(q: URLSearchParams, name: string): boolean | undefined {
  const raw = q.get(name);
  if (raw === null || raw === '') return undefined;
  if (raw !== 'true' && raw !== 'false') badRequest(`${name} must be true or false`);
  return raw === 'true';
}
