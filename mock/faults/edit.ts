import type { Reply } from '../http.js';
import type { CompanyData } from '../model.js';
import { wrapRoute, type RouteOverlay } from '../overlay.js';
import type { Store } from '../store.js';
import type { RequestContext } from '../types.js';

/**
 * Shorthands for the two common shapes of a fault overlay: a wrapper that edits the answer of a
 * route, and one that edits the request before the reference handler sees it. A JSON body is
 * loosely typed here on purpose: an edit touches a field or two of a shape the reference owns.
 */

export type Json = any;

type Methods = Parameters<typeof wrapRoute>[0];
type Paths = Parameters<typeof wrapRoute>[1];

/** Response side: `edit` gets each successful (2xx) body and returns the one to send instead. */
export function editReply(
  method: Methods,
  path: Paths,
  edit: (body: Json, ctx: RequestContext) => unknown,
): RouteOverlay {
  return wrapRoute(method, path, (next) => async (ctx) => {
    const reply = await next(ctx);
    return isSuccess(reply) ? { ...reply, body: edit(reply.body, ctx) } : reply;
  });
}

/** Request side: the reference handler gets the context `edit` returns. */
export function editRequest(method: Methods, path: Paths, edit: (ctx: RequestContext) => RequestContext): RouteOverlay {
  return wrapRoute(method, path, (next) => (ctx) => next(edit(ctx)));
}

export const isSuccess = (reply: Reply): boolean =>
  reply.status >= 200 && reply.status < 300 && reply.body !== undefined;

/** The context with a copy of its query, changed by `change`. */
export function withQuery(ctx: RequestContext, change: (q: URLSearchParams) => void): RequestContext {
  const query = new URLSearchParams(ctx.query);
  change(query);
  return { ...ctx, query };
}

/** The context without the named query parameters, as if the client had not sent them. */
export const withoutQuery = (ctx: RequestContext, ...names: string[]): RequestContext =>
  withQuery(ctx, (q) => names.forEach((n) => q.delete(n)));

/** The context with the body an edit makes of a JSON object body; any other body is left as sent. */
export function withBody(
  ctx: RequestContext,
  edit: (body: Record<string, unknown>) => Record<string, unknown>,
): RequestContext {
  const b = ctx.body;
  return typeof b === 'object' && b !== null && !Array.isArray(b)
    ? { ...ctx, body: edit({ ...(b as Record<string, unknown>) }) }
    : ctx;
}

/** Every company's records of one kind, the tenancy faults' unscoped query. */
export function acrossCompanies<T>(store: Store, records: (c: CompanyData) => Map<string, T>): T[] {
  return [...store.companies.values()].flatMap((c) => [...records(c).values()]);
}

/** The first company's record with this id: a lookup by id alone. */
export function findInAnyCompany<T>(
  store: Store,
  records: (c: CompanyData) => Map<string, T>,
  id: string,
): T | undefined {
  for (const c of store.companies.values()) {
    const hit = records(c).get(id);
    if (hit) return hit;
  }
  return undefined;
}
