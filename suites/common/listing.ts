import type { ApiResponse, Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { endsList, isSuccess } from '../../harness/checks/index.js';
import type { Rec, ResourceAdapter } from './adapter.js';

export interface Listing {
  /** The first page's answer: a refused first page means the list itself was refused. */
  first: ApiResponse;
  ok: boolean;
  responses: ApiResponse[];
  records: Rec[];
  ids: string[];
  /** True when the pages read reach the end of the list: only then does an absence prove anything. */
  complete: boolean;
}

/**
 * Every page of a list query until the list ends (the reported total reached, a short or empty
 * page, or a refusal past the first page), at most `maxPages`.
 */
export async function collect(
  ctx: CheckContext,
  adapter: ResourceAdapter,
  query: Query,
  o: { size?: number; maxPages?: number; companyId?: string } = {},
): Promise<Listing> {
  const size = o.size ?? 100;
  const responses: ApiResponse[] = [];
  const records: Rec[] = [];
  let firstCount = 0;
  for (let page = 1; page <= (o.maxPages ?? 3); page++) {
    const res = await adapter.list(ctx, { ...query, size, page }, o.companyId);
    responses.push(res);
    if (!isSuccess(res)) {
      if (page === 1) return { first: res, ok: false, responses, records, ids: [], complete: false };
      break;
    }
    const batch = adapter.records(res);
    records.push(...batch);
    if (page === 1) firstCount = batch.length;
    const total = adapter.total(res);
    // A short first page may be the server's own maximum page size (§8 does not show it): only the next page tells.
    if (endsList(page, batch.length, firstCount) || (total !== undefined && records.length >= total)) {
      return listing(responses, records, true, adapter);
    }
    if (page === (o.maxPages ?? 3)) return listing(responses, records, false, adapter);
  }
  return listing(responses, records, true, adapter);
}

function listing(responses: ApiResponse[], records: Rec[], complete: boolean, adapter: ResourceAdapter): Listing {
  return { first: responses[0]!, ok: true, responses, records, ids: records.map(adapter.idOf).filter((x): x is string => !!x), complete };
}

/** ISO 8601 datetime in the form the spec shows (YYYY-MM-DDThh:mm:ssZ, whole seconds). */
export const isoSeconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

export const DAY_MS = 86_400_000;
