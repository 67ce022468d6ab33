import { isObject, type UpstreamAnswer } from './http.js';

/** Vehicles: choices vehicle-text-normalised and vehicle-search-whole-words. */

const ids = new Set(['vehicleId', 'customerId']);
const upperCased = new Set(['vin', 'licensePlate']);

/** Text fields of each entry of a POST or PUT /vehicles body trimmed, VIN and plate upper-cased, in place. */
export function normaliseVehicleWrite(body: Record<string, unknown>): void {
  if (!Array.isArray(body.vehicles)) return;
  for (const v of body.vehicles) {
    if (!isObject(v)) continue;
    for (const [k, x] of Object.entries(v)) {
      if (typeof x !== 'string' || ids.has(k)) continue;
      v[k] = upperCased.has(k) ? x.trim().toUpperCase() : x.trim();
    }
    if (Array.isArray(v.tags))
      for (const t of v.tags) if (isObject(t) && typeof t.name === 'string') t.name = t.name.trim();
  }
}

/** The fields a search covers, as an index would tokenise them. */
export const searchedFields = ['vin', 'licensePlate', 'make', 'model'] as const;

export const words = (s: string): string[] =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

function matches(record: unknown, terms: readonly string[]): boolean {
  if (!isObject(record)) return false;
  const have = new Set(
    searchedFields.flatMap((f) => (typeof record[f] === 'string' ? words(record[f] as string) : [])),
  );
  return terms.every((t) => have.has(t));
}

const BATCH = 100;

/**
 * Every vehicle of the (replica's) list for `query`, in the list's own order; with a search term,
 * those whose searched fields hold each of its words. The backend's broader substring search on
 * the longest word narrows the walk: a whole-word match is always a substring match.
 */
export async function walkVehicles(
  query: URLSearchParams,
  list: (q: URLSearchParams) => Promise<UpstreamAnswer>,
): Promise<unknown[] | UpstreamAnswer> {
  const terms = words(query.get('search') ?? '');
  const longest = [...terms].sort((a, b) => b.length - a.length)[0];
  const found: unknown[] = [];
  for (let page = 1; ; page++) {
    const q = new URLSearchParams(query);
    if (longest) q.set('search', longest);
    else q.delete('search');
    q.set('size', String(BATCH));
    q.set('page', String(page));
    const answer = await list(q);
    if (answer.status !== 200) return answer;
    const body = answer.json;
    const content =
      isObject(body) && isObject(body.results) && Array.isArray(body.results.content) ? body.results.content : [];
    found.push(...(longest ? content.filter((r) => matches(r, terms)) : content));
    if (content.length < BATCH) return found;
  }
}

/** Records ordered by their (public) vehicleId: the backend orders by its own ids. */
export function byVehicleId(records: unknown[], direction: string | null): unknown[] {
  const sign = (direction ?? 'ASC').toUpperCase() === 'DESC' ? -1 : 1;
  const id = (r: unknown) => (isObject(r) ? String(r.vehicleId) : '');
  return [...records].sort((a, b) => (id(a) < id(b) ? -sign : id(a) > id(b) ? sign : 0));
}

/** The §2.7 vehicles list envelope around one page of `all`. */
export function vehiclePage(all: readonly unknown[], page: number, size: number): Record<string, unknown> {
  const content = all.slice((page - 1) * size, page * size);
  return {
    message: 'Vehicles retrieved successfully',
    results: { content, pagination: { page, size, totalCount: all.length, totalPages: Math.ceil(all.length / size) } },
  };
}
