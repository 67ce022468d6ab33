/**
 * What the production-like server chooses wherever the spec leaves the choice open, one entry
 * each: the behaviour lives in the module named, the `why` cites the section whose silence
 * allows it. Everything the spec does state (the §2.7 envelopes and the items page object, the
 * §4.5 and §4.6 rules, every §7 status, `error` in the purchase-order envelope) stays as the
 * reference mock serves it. Before adding one, check it against contract/clauses.ts too.
 */
export interface Choice {
  id: string;
  /** What a client sees. */
  what: string;
  /** The spec section whose silence allows it. */
  why: string;
  /** Where it is built (test/production/…). */
  module: string;
}

export const choices = [
  {
    id: 'write-answers-without-ids',
    what: 'POST, PUT and PATCH of vehicles and items answer { success: true, message, data: {} }: no ids, no records',
    why: '§2.7 and §4.1/§4.2 show the write envelope with data: object, never its content',
    module: 'writes.ts',
  },
  {
    id: 'lists-lag-writes',
    what: 'every list, filter, search and the slots are read from a replica that applies each write 1-2 s after the primary; get-by-id reads the primary',
    why: '§4 shows no consistency rule between a write and later lists; §8 shows no limits or timings',
    module: 'replication.ts',
  },
  {
    id: 'inventory-update-accepted-later',
    what: 'PUT /inventoryLevels is validated, answered 202 with a job reference, and applied 1-2 s later (get-by-id included)',
    why: '§4.4: parameters, bodies and responses of the inventory endpoints are not shown',
    module: 'inventory.ts',
  },
  {
    id: 'burst-limit',
    what: 'more than 10 requests within one second from one partner (or address) get 429 with Retry-After: 1; per-minute limits (e.g. 150 GETs, 50 writes) are options, off by default',
    why: '§8: rate limits are not shown',
    module: 'limits.ts',
  },
  {
    id: 'problem-json-errors',
    what: 'errors outside purchase orders answer application/problem+json { type, title, status, detail }; purchase-order errors keep their envelope with error non-null',
    why: '§7: error bodies other than purchase orders are not shown (statuses of §7 kept as they are)',
    module: 'errors.ts',
  },
  {
    id: 'uuid-ids',
    what: 'vehicle, customer, item, purchase-order and appointment-request ids are UUIDs in every body, path and query; a malformed id is 400, an unknown well-formed one 404 (companyId and locationId unchanged)',
    why: '§2.1-§2.3 type the ids as strings, §2.6 gives no type; §7: statuses for unknown records are not shown',
    module: 'ids.ts',
  },
  {
    id: 'page-size-25-max-100-refused-above',
    what: 'default page size 25, maximum 100; a larger size is refused with 400, not clamped',
    why: '§8: default and maximum page sizes are not shown',
    module: 'paging.ts',
  },
  {
    id: 'page-past-end-404',
    what: 'a page after the last answers 404 {"detail":"Invalid page."} (purchase orders: 404 in their envelope)',
    why: '§8: what a page past the last answers is not shown',
    module: 'paging.ts',
  },
  {
    id: 'real-size-data',
    what: 'thousands of vehicles, items and customers per company, hundreds of purchase orders and appointment requests',
    why: '§1: the data of a company is whatever it holds; nothing bounds it',
    module: 'server.ts',
  },
  {
    id: 'keep-alive-1s-and-gzip',
    what: 'idle connections are closed after 1 s; bodies of 1 KB or more are gzipped when Accept-Encoding allows it',
    why: '§1 names HTTP and JSON only: connection handling and content coding are not shown',
    module: 'http.ts',
  },
  {
    id: 'vehicle-search-whole-words',
    what: 'search matches whole words of VIN, licence plate, make and model, any case; every word of the term must match',
    why: '§4.1 names the search parameter, not the fields it covers nor how it matches',
    module: 'vehicles.ts',
  },
  {
    id: 'vehicle-text-normalised',
    what: 'vehicle text fields are trimmed on write, VIN and licence plate upper-cased',
    why: '§2.1 types these fields as strings; their normalisation is not shown',
    module: 'vehicles.ts',
  },
  {
    id: 'customer-layout-and-204',
    what: 'customer records nest name and contact details; the list is a { count, next, previous, results } page, a read by id the bare record; create answers 201 with the records, update and archive 204 without a body',
    why: '§2.3 and §4.3: customer record fields, bodies and response shapes are not shown beyond customerId',
    module: 'customers.ts',
  },
  {
    id: 'part-needs-both-prices',
    what: 'a part created without both partDetails.costPerUnit and partDetails.pricePerUnit is refused: 400 problem+json naming the fields',
    why: '§2.2 and §4.2 list the partDetails fields of a create without saying which are required',
    module: 'items.ts',
  },
  {
    id: 'appointment-request-ref',
    what: 'an appointment-request record carries its id as requestRef',
    why: '§2.5: the fields of the appointment-request record are not shown',
    module: 'ids.ts',
  },
] as const satisfies readonly Choice[];

export type ChoiceId = (typeof choices)[number]['id'];
