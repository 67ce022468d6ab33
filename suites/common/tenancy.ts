import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { containsText, isSuccess, objectsWithKey } from '../../harness/checks/index.js';
import type { ResourceAdapter, Sighting, TenantRecord } from './adapter.js';
import { collect, collectShowing, type Listing } from './listing.js';

/**
 * Whether an answer holds the record: a record of it the adapter knows by the same id (its content,
 * where the fields are not shown), its id under the documented id field, or its unique word.
 */
export function holds(adapter: ResourceAdapter, body: unknown, record: TenantRecord): boolean {
  return (
    adapter.records({ json: body } as ApiResponse).some((r) => adapter.idOf(r) === record.id) ||
    objectsWithKey(body, adapter.idKey).some((o) => String(o[adapter.idKey]) === record.id) ||
    (!!record.term && containsText(body, record.term))
  );
}

/**
 * A sighting through a narrowed documented listing, read to its end (a few pages at most). A record
 * the run made is looked for in its own company's listing until it shows, within the window.
 */
export async function sightIn(
  ctx: CheckContext,
  adapter: ResourceAdapter,
  companyId: string,
  record: TenantRecord,
  query: Record<string, string>,
): Promise<Sighting> {
  const shows = (l: Listing) => l.responses.some((r) => isSuccess(r) && holds(adapter, r.json, record));
  const got =
    record.own && companyId === ctx.companyId
      ? await collectShowing(
          ctx,
          adapter,
          query,
          `POST ${adapter.path} (the run's ${record.id}) shown in GET ${adapter.path} of its company`,
          shows,
          { maxPages: 3, writtenAt: record.writtenAt },
        )
      : await collect(ctx, adapter, query, { companyId, maxPages: 3 });
  const shown = got.ok && got.responses.some((r) => isSuccess(r) && holds(adapter, r.json, record));
  // A refused listing under a company shows nothing of it: complete for the question asked.
  return { shown, complete: !got.ok || got.complete, responses: got.responses };
}

/** The record read by id under a company; a 2xx that holds it is the only leak. */
export async function readUnder(
  ctx: CheckContext,
  adapter: ResourceAdapter,
  id: string,
  companyId: string,
): Promise<{ res: ApiResponse; shown: boolean }> {
  return shownUnder(adapter, id, await adapter.get!(ctx, id, companyId));
}

/** Whether a read by id shows the record. */
export const shownUnder = (adapter: ResourceAdapter, id: string, res: ApiResponse) => ({
  res,
  shown: isSuccess(res) && holds(adapter, res.json, { id, note: '' }),
});
