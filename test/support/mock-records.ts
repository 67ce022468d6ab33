import { ApiClient } from '../../harness/client.js';
import { firstRecordArray } from '../../harness/checks/index.js';
import type { MockServer } from '../../mock/server.js';

/** Resources the run can archive, with the field that holds their state (§2.1, §2.2, §3). */
const archivable = [
  { path: '/items', state: 'status' },
  { path: '/vehicles', state: 'vehicleStatus' },
  { path: '/customers', state: 'status' },
] as const;

export interface MarkedRecord {
  path: string;
  companyId: string;
  state: unknown;
  record: Record<string, unknown>;
}

/** Every vehicle, item and customer of both seeded companies that carries `marker`, read through the API. */
export async function recordsCarrying(mock: MockServer, marker: string): Promise<MarkedRecord[]> {
  const client = new ApiClient({ baseUrl: mock.url, token: mock.tokens.full, timeoutMs: 10_000 });
  const out: MarkedRecord[] = [];
  for (const { path, state } of archivable) {
    for (const companyId of [mock.fixtures.companyId, mock.fixtures.otherCompanyId]) {
      for (let page = 1; page <= 200; page++) {
        const res = await client.get(path, { companyId, size: 100, page });
        if (res.status !== 200) throw new Error(`GET ${path} page ${page}: HTTP ${res.status}`);
        const records = firstRecordArray(res.json) ?? [];
        for (const r of records)
          if (JSON.stringify(r).includes(marker)) out.push({ path, companyId, state: r[state], record: r });
        if (records.length < 100) break;
      }
    }
  }
  return out;
}
