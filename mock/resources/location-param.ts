import { isObject } from '../context.js';
import type { RequestContext } from '../types.js';
import { badRequest } from '../http.js';
import type { CompanyData } from '../model.js';

/**
 * The `locationId` of a request, from the query (or the body when `fromBody`). The appointment
 * endpoints do not show the name (§4.5), so the mock uses the one of §4.6. An id the company does
 * not have is a 400 (§7 row 8 for purchase orders; the same choice elsewhere). Without one, the
 * company's first location is used when `defaultToFirst`, else undefined (no location filter).
 */
export function locationOf(
  ctx: RequestContext,
  company: CompanyData,
  { fromBody = false, defaultToFirst = false } = {},
): string | undefined {
  const inBody = fromBody && isObject(ctx.body) ? ctx.body.locationId : undefined;
  if (inBody !== undefined && inBody !== null && typeof inBody !== 'string') badRequest('locationId must be a string');
  const id = ctx.query.get('locationId') || (inBody as string | undefined);
  if (!id) return defaultToFirst ? company.locations[0]?.locationId : undefined;
  if (!isKnownLocation(company, id)) badRequest(`unknown locationId: ${id.slice(0, 100)}`);
  return id;
}

export function isKnownLocation(company: CompanyData, id: string): boolean {
  return company.locations.some((l) => l.locationId === id);
}
