import { isObject, type Upstream } from './http.js';
import type { IdKind, PublicIds } from './ids.js';

/**
 * For self-tests of a cleanup: the records a run created that are still active, read from the
 * primary backend itself (the store every write lands in first), not through the public API with
 * its lag, paging and id mapping. Only records written since the server started can carry a run's
 * marker, so the walk is over those.
 */
export interface ActiveRecord {
  resource: 'vehicles' | 'items' | 'customers';
  /** The public id. */
  id: string;
  status: string;
}

const resources = [
  { resource: 'vehicles', kind: 'vehicle', idField: 'vehicleId', statusField: 'vehicleStatus' },
  { resource: 'items', kind: 'item', idField: 'itemId', statusField: 'status' },
  { resource: 'customers', kind: 'customer', idField: 'customerId', statusField: 'status' },
] as const satisfies readonly {
  resource: ActiveRecord['resource'];
  kind: IdKind;
  idField: string;
  statusField: string;
}[];

function recordsOf(body: unknown): unknown[] {
  if (!isObject(body)) return [];
  if (Array.isArray(body.content)) return body.content;
  return isObject(body.results) && Array.isArray(body.results.content) ? body.results.content : [];
}

export async function activeRecordsCarrying(
  primary: Upstream,
  opts: { token: string; companies: readonly string[]; since: string; marker: string; ids: PublicIds },
): Promise<ActiveRecord[]> {
  const found: ActiveRecord[] = [];
  const headers = { authorization: `Bearer ${opts.token}` };
  for (const companyId of opts.companies) {
    for (const r of resources) {
      for (let page = 1; ; page++) {
        const q = new URLSearchParams({ companyId, updatedDateStart: opts.since, size: '100', page: String(page) });
        const answer = await primary({ method: 'GET', path: `/v2/${r.resource}?${q}`, headers });
        if (answer.status !== 200) throw new Error(`audit: GET /${r.resource} answered ${answer.status}`);
        const records = recordsOf(answer.json).filter(isObject);
        for (const rec of records) {
          const status = rec[r.statusField];
          if (status === 'Active' && JSON.stringify(rec).includes(opts.marker)) {
            found.push({ resource: r.resource, id: opts.ids.shown(r.kind, String(rec[r.idField])), status });
          }
        }
        if (records.length < 100) break;
      }
    }
  }
  return found;
}
