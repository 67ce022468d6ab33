import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { containsText, isSuccess } from '../../harness/checks/index.js';
import type { ResourceAdapter, Sighting, TenantRecord } from './adapter.js';
import { collect, collectShowing, type Listing } from './listing.js';
import { withoutEchoes } from '../../harness/locate/shapes.js';

export { withoutEchoes };

/**
 * Whether an answer holds the record: among the answer's records (as the adapter finds them), one
 * with its id, or one whose own values carry the word the run wrote into it. Never by text anywhere
 * in the body: a list may echo its query in links, `meta` or a message (S-2.7-request-echo), and
 * an echoed word is not a record.
 */
export function holds(adapter: ResourceAdapter, body: unknown, record: TenantRecord): boolean {
  const res = { json: withoutEchoes(body) } as ApiResponse;
  const found = adapter.records(res);
  const single = adapter.recordIn?.(res, record.id);
  return (
    !!single ||
    found.some((r) => adapter.idOf(r) === record.id) ||
    (!!record.term && found.some((r) => containsText(r, record.term!)))
  );
}

/** The answer of a sighting that holds the record, for a failure's exchange. */
export const holding = (adapter: ResourceAdapter, responses: readonly ApiResponse[], record: TenantRecord) =>
  responses.find((r) => isSuccess(r) && holds(adapter, r.json, record));

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
