import { badRequest, fail } from './http.js';
import type { CompanyData } from './model.js';
import type { RequestContext } from './types.js';

/**
 * The company a request acts for: `companyId` from the query (reads) or the body (writes).
 * Undocumented choices: missing gives 400, a company outside the token gives 403, an unknown one 404.
 */
export function companyOf(ctx: RequestContext): CompanyData {
  const fromBody = isObject(ctx.body) && typeof ctx.body.companyId === 'string' ? ctx.body.companyId : undefined;
  const id = ctx.query.get('companyId') ?? fromBody;
  if (!id) badRequest('companyId is required');
  if (!ctx.claims.companies.includes(id!)) fail(403, 'companyId is not accessible with this token');
  const company = ctx.store.company(id!);
  if (!company) fail(404, 'company not found');
  return company!;
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The body as an object, or 400. */
export function bodyObject(ctx: RequestContext): Record<string, unknown> {
  if (!isObject(ctx.body)) badRequest('request body must be a JSON object');
  return ctx.body as Record<string, unknown>;
}

/** A bulk array field of the body (§4 "Bulk bodies carry companyId and an array"), or 400. */
export function bulkArray(ctx: RequestContext, field: string, max = 100): Record<string, unknown>[] {
  const arr = bodyObject(ctx)[field];
  if (!Array.isArray(arr) || arr.length === 0) badRequest(`${field} must be a non-empty array`);
  const list = arr as unknown[];
  if (list.length > max) badRequest(`${field} holds at most ${max} entries`);
  if (!list.every(isObject)) badRequest(`every entry of ${field} must be an object`);
  return list as Record<string, unknown>[];
}
