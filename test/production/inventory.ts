import { randomUUID } from 'node:crypto';
import { problem } from './errors.js';
import { isObject, type Answer, type Upstream, type UpstreamAnswer } from './http.js';

/**
 * Choice inventory-update-accepted-later (§4.4 shows no body nor status): a bulk inventory update
 * is checked at once (shape, company, items, stocked, locations) and answered 202 with a job
 * reference; a worker applies it 1-2 s later, so until then even the item's own levels show the
 * old quantities. What the backend would refuse is refused here first, so an accepted job does
 * not fail later.
 */

const MAX_ENTRIES = 100;
const MAX_QUANTITY = 1e9;

const isQuantity = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= MAX_QUANTITY;

/** The shape of the body: an error message, or undefined. */
function shapeError(body: unknown): string | undefined {
  if (!isObject(body)) return 'request body must be a JSON object';
  const entries = body.inventoryLevels;
  if (!Array.isArray(entries) || entries.length === 0) return 'inventoryLevels must be a non-empty array';
  if (entries.length > MAX_ENTRIES) return `inventoryLevels holds at most ${MAX_ENTRIES} entries`;
  for (const [i, e] of entries.entries()) {
    const at = `inventoryLevels[${i}]`;
    if (!isObject(e)) return `${at} must be an object`;
    if (typeof e.itemId !== 'string' || !e.itemId) return `${at}.itemId is required`;
    if (typeof e.locationId !== 'string' || !e.locationId) return `${at}.locationId is required`;
    if (!isQuantity(e.quantityOnHand)) return `${at}.quantityOnHand must be a number from 0 to ${MAX_QUANTITY}`;
    if (e.reorderPoint !== undefined && !isQuantity(e.reorderPoint))
      return `${at}.reorderPoint must be a number from 0 to ${MAX_QUANTITY}`;
  }
  return undefined;
}

export type Verdict =
  { ok: true; count: number } | { ok: false; answer: Answer } | { ok: false; backend: UpstreamAnswer };

/**
 * Checks an update whose item ids are already the backend's, reading the primary with the
 * caller's own credential (so its company checks apply).
 */
export async function checkInventoryUpdate(
  body: unknown,
  query: URLSearchParams,
  headers: Record<string, string>,
  primary: Upstream,
): Promise<Verdict> {
  const shape = shapeError(body);
  if (shape) return { ok: false, answer: problem(400, shape) };
  const { inventoryLevels, companyId: inBody } = body as {
    inventoryLevels: { itemId: string; locationId: string }[];
    companyId?: unknown;
  };
  const companyId = query.get('companyId') ?? (typeof inBody === 'string' ? inBody : undefined);
  if (!companyId) return { ok: false, answer: problem(400, 'companyId is required') };
  const company = `companyId=${encodeURIComponent(companyId)}`;
  const locationsOf = new Map<string, Set<string>>();
  for (const [i, { itemId, locationId }] of inventoryLevels.entries()) {
    let locations = locationsOf.get(itemId);
    if (!locations) {
      const item = await primary({
        method: 'GET',
        path: `/v2/items/${encodeURIComponent(itemId)}?${company}`,
        headers,
      });
      if (item.status !== 200) return { ok: false, backend: item };
      const record = item.json;
      const stocked =
        isObject(record) &&
        record.itemType === 'part' &&
        isObject(record.details) &&
        record.details.isStockItem === true;
      if (!stocked) return { ok: false, answer: problem(400, `inventoryLevels[${i}]: the item is not a stocked item`) };
      const levels = await primary({
        method: 'GET',
        path: `/v2/inventoryLevels/${encodeURIComponent(itemId)}?${company}`,
        headers,
      });
      if (levels.status !== 200) return { ok: false, backend: levels };
      const content =
        isObject(levels.json) && isObject(levels.json.results) && Array.isArray(levels.json.results.content)
          ? levels.json.results.content
          : [];
      locations = new Set(content.filter(isObject).map((l) => String(l.locationId)));
      locationsOf.set(itemId, locations);
    }
    if (!locations.has(locationId))
      return {
        ok: false,
        answer: problem(400, `inventoryLevels[${i}]: unknown locationId ${locationId.slice(0, 100)}`),
      };
  }
  return { ok: true, count: inventoryLevels.length };
}

/** The answer to an accepted update: the job that will apply it. */
export function accepted(count: number): Answer {
  const jobId = randomUUID();
  return {
    status: 202,
    body: {
      jobId,
      status: 'QUEUED',
      entries: count,
      message: 'inventory update accepted; it is applied within seconds',
    },
  };
}
