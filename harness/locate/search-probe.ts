import type { ApiResponse, Query } from '../client.js';
import { isSuccess } from '../checks/http.js';
import { containsText, fieldValue } from '../checks/locate.js';
import type { Profile } from '../core/profile.js';
import { customerShape, type Rec } from './shapes.js';

/**
 * Whether the guessed customer search (§4.3 shows no query parameter; S-4.3-list-params) matches
 * the field the run writes its unique words into, shown on a record known to exist: a word of that
 * field in a listed customer, found nowhere else in it, is searched for, and the search counts only
 * if that customer comes back. A search that matches names, e-mail and phone only is then never
 * asked to find a word in notes (it would find nothing, and cost a read per try).
 */

export interface SearchProbe {
  matches: boolean;
  why: string;
  responses: ApiResponse[];
}

const words = (v: unknown) =>
  typeof v === 'string' ? v.split(/[^A-Za-z0-9]+/).filter((w) => w.length >= 6 && !/^\d+$/.test(w)) : [];

/** A word of a record's `field` that no other field of it, and no other listed record, carries. */
function probeWord(records: readonly Rec[], field: string): { record: Rec; word: string } | undefined {
  for (const record of records) {
    const own = words(fieldValue(record, [field])).sort((a, b) => b.length - a.length);
    const rest = Object.fromEntries(Object.entries(record).filter(([k]) => k.toLowerCase() !== field.toLowerCase()));
    const word = own.find(
      (w) => !containsText(rest, w, true) && !records.some((r) => r !== record && containsText(r, w, true)),
    );
    if (word && customerShape.idOf(record)) return { record, word };
  }
  return undefined;
}

export async function probeCustomerSearch(
  list: (query: Query) => Promise<ApiResponse>,
  o: { searchParam: string; field: string },
): Promise<SearchProbe> {
  const first = await list({ size: 20, page: 1 });
  const responses = [first];
  if (!isSuccess(first)) return { matches: false, why: `GET /customers answered ${first.status}`, responses };
  const pick = probeWord(customerShape.records(first.json), o.field);
  if (!pick)
    return { matches: false, why: `no listed customer shows a word of its own in ${o.field} to search for`, responses };
  const id = customerShape.idOf(pick.record)!;
  const res = await list({ [o.searchParam]: pick.word, size: 20, page: 1 });
  responses.push(res);
  const back = isSuccess(res) && customerShape.records(res.json).some((r) => customerShape.idOf(r) === id);
  return {
    matches: back,
    why: back
      ? `${o.searchParam}=${pick.word} (a word of customer ${id}'s ${o.field}) listed that customer`
      : `${o.searchParam}=${pick.word} (a word of customer ${id}'s ${o.field}) did not list that customer (${res.status})`,
    responses,
  };
}

/**
 * The probe as the locator asks it (LocateOptions.searchMatches): run once, the first time a create
 * leaves a customer to look for, with the profile's search parameter and marker field; a probe that
 * got no answer counts as not shown.
 */
export function searchMatchesOnce(
  list: (query: Query) => Promise<ApiResponse>,
  profile: Profile,
  told?: (probe: SearchProbe) => void,
): () => Promise<boolean> {
  let probe: Promise<boolean> | undefined;
  return () =>
    (probe ??= probeCustomerSearch(list, {
      searchParam: profile.customers.searchParam,
      field: profile.customers.markerField,
    }).then(
      (p) => (told?.(p), p.matches),
      () => false,
    ));
}
