import type { ApiResponse, Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { containsText, isSuccess } from '../../harness/checks/index.js';
import { serverManaged } from '../../harness/checks/frame.js';
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

/**
 * Whether an answer under another company holds the record itself. Ids may be drawn per company
 * (S-ID-reuse-and-scope: per-company sequences), so a record there with the same id is the same
 * record only if it carries the run's word, or reads as it reads under its own company (`own`, the
 * record itself, its volatile fields aside); another record under that id is the other company's own.
 */
export function holdsElsewhere(
  adapter: ResourceAdapter,
  body: unknown,
  record: TenantRecord,
  own?: Record<string, unknown>,
): boolean {
  const res = { json: withoutEchoes(body) } as ApiResponse;
  const found = [...adapter.records(res), ...[adapter.recordIn?.(res, record.id)].filter((r) => r !== undefined)];
  if (record.term && found.some((r) => containsText(r, record.term!))) return true;
  const sameId = found.filter((r) => adapter.idOf(r) === record.id);
  if (!sameId.length) return false;
  // Without the run's word or the record's own read, an id is all there is to go by.
  if (!own) return !record.term;
  return sameId.some((r) => sameContent(r, own));
}

/** Two reads of one record alike, the fields a server manages (update times, versions) aside. */
function sameContent(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keep = (r: Record<string, unknown>) =>
    JSON.stringify(
      Object.keys(r)
        .filter((k) => !serverManaged(k))
        .sort()
        .map((k) => [k, r[k]]),
    );
  return keep(a) === keep(b);
}

/** The answer of a sighting that holds the record, for a failure's exchange. */
export const holding = (adapter: ResourceAdapter, responses: readonly ApiResponse[], record: TenantRecord) =>
  responses.find((r) => isSuccess(r) && holds(adapter, r.json, record));

/**
 * A sighting through a narrowed documented listing, read to its end (a few pages at most). A record
 * the run made is looked for in its own company's listing until it shows, within the window; under
 * another company, a page far past the end is read too (sightElsewhere).
 */
export async function sightIn(
  ctx: CheckContext,
  adapter: ResourceAdapter,
  companyId: string,
  record: TenantRecord,
  query: Record<string, string>,
): Promise<Sighting> {
  const inAnswer = (r: ApiResponse) => isSuccess(r) && holds(adapter, r.json, record);
  if (companyId !== ctx.companyId) {
    const own = record.ownRead && isSuccess(record.ownRead) ? adapter.recordIn?.(record.ownRead, record.id) : undefined;
    const there = (r: ApiResponse) => isSuccess(r) && holdsElsewhere(adapter, r.json, record, own);
    return sightElsewhere(ctx, adapter, query, companyId, there);
  }
  const shows = (l: Listing) => l.responses.some(inAnswer);
  const got = record.own
    ? await collectShowing(
        ctx,
        adapter,
        query,
        `POST ${adapter.path} (the run's ${record.id}) shown in GET ${adapter.path} of its company`,
        shows,
        { maxPages: 3, writtenAt: record.writtenAt },
      )
    : await collect(ctx, adapter, query, { companyId, maxPages: 3 });
  return { shown: got.ok && shows(got), complete: !got.ok || got.complete, responses: got.responses };
}

/** Where a deep page starts: past this many records (issue 28: a big company's list leaking only past offset 1,000). */
const DEEP_OFFSET = 1000;
/**
 * The smallest page a server may serve when asked for more (S-8-max-page-size: a clamp is silent
 * and need not be reported), so the deep page stays past DEEP_OFFSET whatever the clamp.
 */
const SMALLEST_CLAMP = 10;

/**
 * The page that starts past offset DEEP_OFFSET even if the server clamps the listing's page size
 * down to SMALLEST_CLAMP, and past every page the listing read (page 101 at size 100: offset 10,000
 * as asked, 1,000 at a clamp of 10). Numbered from 1, as the checks count: the adapters shift it
 * to the list's observed base.
 */
const deepPageOf = (l: Listing): number =>
  Math.max(Math.ceil(DEEP_OFFSET / Math.min(l.size, SMALLEST_CLAMP)) + 1, l.responses.length + 1);

/**
 * Another company's narrowed listing, read to its end (a few pages at most), then one page far past
 * that end (deepPageOf): a list that drops its company predicate only deep in a big company shows
 * the record there and nowhere on the first pages. What a page past the end answers is a silence
 * (S-8-past-the-end: empty, the last page again, 400, 404): only the record found among the
 * answer's records (`shows`, by id or by the run's word) is a sighting; any other answer shows
 * nothing, and the end of the list is still the walk's. One such read per list and company: the
 * plain tenancy probes send it, the filtered ones do not.
 */
export async function sightElsewhere(
  ctx: CheckContext,
  adapter: ResourceAdapter,
  query: Query,
  companyId: string,
  shows: (res: ApiResponse) => boolean,
  o: { maxPages?: number } = {},
): Promise<Sighting> {
  const got = await collect(ctx, adapter, query, { companyId, maxPages: o.maxPages ?? 3 });
  const seen = (r: ApiResponse) => isSuccess(r) && shows(r);
  // A refused listing under a company shows nothing of it (complete for the question asked), and has no deep page.
  if (!got.ok) return { shown: false, complete: true, responses: got.responses };
  const page = deepPageOf(got);
  const res = await adapter.list(ctx, { ...query, size: got.size, page }, companyId);
  return {
    shown: got.responses.some(seen) || seen(res),
    complete: got.complete,
    responses: [...got.responses, res],
    deep: { page, size: got.size, res },
  };
}

/** The record read by id under a company; a 2xx that holds it is the only leak. */
export async function readUnder(
  ctx: CheckContext,
  adapter: ResourceAdapter,
  id: string,
  companyId: string,
  own?: { record: TenantRecord; read?: Record<string, unknown> },
): Promise<{ res: ApiResponse; shown: boolean }> {
  return shownUnder(adapter, id, await adapter.get!(ctx, id, companyId), own);
}

/**
 * Whether a read by id shows the record; under another company (`own`: the record as read under its
 * own), only if it is that very record (holdsElsewhere).
 */
export const shownUnder = (
  adapter: ResourceAdapter,
  id: string,
  res: ApiResponse,
  own?: { record: TenantRecord; read?: Record<string, unknown> },
) => ({
  res,
  shown:
    isSuccess(res) &&
    (own ? holdsElsewhere(adapter, res.json, own.record, own.read) : holds(adapter, res.json, { id, note: '' })),
});
