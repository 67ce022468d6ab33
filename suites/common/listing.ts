import type { ApiResponse, Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { isSuccess, walkPages } from '../../harness/checks/index.js';
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
 * Every page of a list query until the list ends, by the same rule as the paging walk (walkPages:
 * the reported total reached, a short or empty page, or a page past the last refused or repeated),
 * at most `maxPages`.
 */
export async function collect(
  ctx: CheckContext,
  adapter: ResourceAdapter,
  query: Query,
  o: { size?: number; maxPages?: number; companyId?: string } = {},
): Promise<Listing> {
  const size = o.size ?? 100;
  const read = new Map<number, { res: ApiResponse; batch: Rec[] }>();
  const walk = await walkPages(
    size,
    async (page) => {
      const res = await adapter.list(ctx, { ...query, size, page }, o.companyId);
      const batch = isSuccess(res) ? adapter.records(res) : [];
      read.set(page, { res, batch });
      // A record without an id is told apart by its content, so a repeated last page is still seen.
      const ids = batch.map((r) => adapter.idOf(r) ?? JSON.stringify(r));
      return isSuccess(res) ? { page, ids, total: adapter.total(res) } : { page, ids, refused: res.status };
    },
    o.maxPages ?? 3,
  );
  const pages = [...read.keys()].sort((a, b) => a - b);
  const responses = pages.map((n) => read.get(n)!.res);
  const first = responses[0]!;
  if (!isSuccess(first)) return { first, ok: false, responses, records: [], ids: [], complete: false };
  // The pages the walk kept: a page that ended the list (empty, refused, the last one again) adds nothing.
  const records = walk.pages.flatMap((p) => read.get(p.page)!.batch);
  return { first, ok: true, responses, records, ids: records.map(adapter.idOf).filter((x): x is string => !!x), complete: walk.end !== 'truncated' };
}

/** ISO 8601 datetime in the form the spec shows (YYYY-MM-DDThh:mm:ssZ, whole seconds). */
export const isoSeconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

export const DAY_MS = 86_400_000;
