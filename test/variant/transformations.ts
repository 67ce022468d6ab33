/**
 * What the variant conforming server does differently from the reference mock. Every entry
 * changes only a point the spec leaves open and cites why; documented shapes (§2.7 envelopes of
 * vehicles, items and purchase orders, the items page object, §2.6 fields) and every §7 status,
 * §4.5 and §4.6 rule stay as the mock serves them.
 */

/** A request on its way to the mock; hooks may change query and body in place. */
export interface Call {
  method: string;
  /** Path after the /v2 base, e.g. /items/itm_1; a request hook may rewrite it. */
  path: string;
  query: URLSearchParams;
  /** Parsed JSON body, if the request had one. */
  body: unknown;
  /** The request's headers as received (read only). */
  headers?: Headers;
  /** The query as the client sent it, before any hook changed it (for answers that echo the request). */
  sent?: URLSearchParams;
}

export interface Answer {
  status: number;
  /** Parsed JSON body; undefined for none. */
  body: unknown;
  contentType?: string;
  /** Extra response headers (Retry-After, ETag, WWW-Authenticate…). */
  headers?: Record<string, string>;
  /** A body sent as these bytes instead of JSON (a gateway's HTML page, a compressed body). */
  raw?: Buffer | string;
}

/** Sends a call to the mock as it is (the variant's own requests for lists it serves itself). */
export type Upstream = (call: Call) => Promise<{ status: number; body: unknown }>;

export type Json = Record<string, unknown>;

export interface Transformation {
  id: string;
  /** Why a conforming server may do this: the spec section that leaves the point open. */
  why: string;
  /**
   * Answers the call itself, from the mock's data (re-filtered, re-ordered lists), or undefined.
   * `upstream` is the mock itself; `next` is the rest of the server (the later hooks, then the mock),
   * for a rule that reads what the server would answer and answers something else from it.
   */
  serve?(call: Call, upstream: Upstream, next: Upstream): Promise<Answer | undefined>;
  /** Changes the call in place (returns true when it did) or answers it without the mock. */
  request?(call: Call): boolean | Answer;
  /** Returns the rewritten answer, or undefined when it does not apply. */
  response?(call: Call, answer: Answer, original: Answer): Answer | undefined;
}

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const listPaths = new Set([
  '/vehicles',
  '/items',
  '/customers',
  '/inventoryLevels',
  '/appointmentRequests',
  '/purchaseOrders',
]);
export const isList = (c: Call) => c.method === 'GET' && listPaths.has(c.path);
export const is = (c: Call, method: string, path: string | RegExp) =>
  c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path));
export const ok = (a: Answer) => a.status >= 200 && a.status < 300 && isObject(a.body);
/** Areas whose 400s include §7 rows; their statuses stay as the mock gives them. */
const section7Area = (c: Call) => c.path.startsWith('/appointmentRequests') || c.path.startsWith('/purchaseOrders');
const isPurchaseOrders = (c: Call) => c.path.startsWith('/purchaseOrders');

export const VARIANT_MAX_PAGE_SIZE = 40;
export const VARIANT_DEFAULT_PAGE_SIZE = 20;

/** `YYYY-MM-DD HH:mm` (the create form) as an ISO 8601 datetime, read as UTC like the mock. */
const isoOf = (v: unknown) =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(v) ? `${v.replace(' ', 'T')}:00Z` : v;

/** Another record layout for an appointment request; the comment stays in `description` (§4.5 rule 2). */
function appointmentRecord(r: unknown): unknown {
  if (!isObject(r)) return r;
  const { appointmentRequestId, startDateTime, endDateTime, customer, vehicle, ...rest } = r;
  return {
    id: appointmentRequestId,
    slot: { start: isoOf(startDateTime), end: isoOf(endDateTime) },
    customer: { id: `cust-${String(appointmentRequestId)}`, ...(isObject(customer) ? customer : {}) },
    // vehicle.name stays: §2.5 says the service returns it.
    vehicle: { vehicleRef: `veh-${String(appointmentRequestId)}`, ...(isObject(vehicle) ? vehicle : {}) },
    ...rest,
  };
}

/** Content and pagination of the mock's `{ message, results: { content, pagination } }`. */
export function results(body: unknown): { content: unknown[]; pagination: Json } | undefined {
  if (!isObject(body) || !isObject(body.results) || !Array.isArray(body.results.content)) return undefined;
  return {
    content: body.results.content,
    pagination: isObject(body.results.pagination) ? body.results.pagination : {},
  };
}

export const trimmed = (v: unknown): unknown =>
  typeof v === 'string'
    ? v.trim()
    : Array.isArray(v)
      ? v.map(trimmed)
      : isObject(v)
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, trimmed(x)]))
        : v;

const appointmentDateNames = [
  ['appointmentDateStart', 'appointmentStartDate'],
  ['appointmentDateEnd', 'appointmentEndDate'],
  ['updatedDateStart', undefined],
  ['updatedDateEnd', undefined],
] as const;
const exactAppointmentDate = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}Z)?$/;
const poDateNames = ['createdDateStart', 'createdDateEnd', 'updatedDateStart', 'updatedDateEnd'];

/** An error body of the variant's own shape (RFC 9457 style), keeping the message text. */
export function problem(status: number, detail: unknown): Answer {
  return {
    status,
    contentType: 'application/problem+json',
    body: { errors: [{ code: `E${status}`, detail: typeof detail === 'string' ? detail : 'request failed' }] },
  };
}

export const messageOf = (body: unknown): unknown =>
  isObject(body)
    ? typeof body.error === 'string'
      ? body.error
      : isObject(body.error)
        ? body.error.message
        : body.message
    : undefined;

/** Every record of a mock list for the call's query minus `drop`, all pages at the mock's maximum size. */
export async function everyRecord(
  call: Call,
  upstream: Upstream,
  drop: readonly string[],
  records: (body: unknown) => unknown[] | undefined,
): Promise<unknown[] | Answer> {
  const all: unknown[] = [];
  for (let page = 1; page <= 50; page++) {
    const query = new URLSearchParams(call.query);
    for (const d of [...drop, 'size', 'page']) query.delete(d);
    query.set('size', '100');
    query.set('page', String(page));
    const got = await upstream({ ...call, query });
    if (got.status < 200 || got.status >= 300) return { status: got.status, body: got.body };
    const batch = records(got.body) ?? [];
    all.push(...batch);
    if (batch.length < 100) break;
  }
  return all;
}

/** The page asked for, under the variant's own default and maximum page sizes. */
const pageOf = (call: Call) => ({
  page: Math.max(1, Number(call.query.get('page') ?? 1) || 1),
  size: Math.max(
    1,
    Math.min(
      VARIANT_MAX_PAGE_SIZE,
      Number(call.query.get('size') ?? VARIANT_DEFAULT_PAGE_SIZE) || VARIANT_DEFAULT_PAGE_SIZE,
    ),
  ),
});

/** A vehicles answer (§2.7) of the records on the call's page. */
function vehiclesPage(call: Call, all: readonly unknown[]): Answer {
  const { page, size } = pageOf(call);
  const content = all.slice((page - 1) * size, page * size);
  return {
    status: 200,
    body: {
      message: 'Vehicles retrieved successfully',
      results: {
        content,
        pagination: { page, size, totalCount: all.length, totalPages: Math.ceil(all.length / size) },
      },
    },
  };
}

/** An items page object (§2.7) of the records on the call's page, every counter recomputed. */
function itemsPage(call: Call, all: readonly unknown[]): Answer {
  const { page, size } = pageOf(call);
  const content = all.slice((page - 1) * size, page * size);
  const totalPages = Math.ceil(all.length / size);
  const sort = { unsorted: true, sorted: false, empty: true };
  return {
    status: 200,
    body: {
      content,
      pageable: { sort, offset: (page - 1) * size, pageSize: size, pageNumber: page, paged: true, unpaged: false },
      totalPages,
      totalCount: all.length,
      last: page >= totalPages,
      size,
      number: page,
      first: page === 1,
      sort,
      numberOfElements: content.length,
      empty: content.length === 0,
    },
  };
}

export const vehicleContent = (b: unknown) =>
  isObject(b) && isObject(b.results) && Array.isArray(b.results.content) ? b.results.content : undefined;
export const itemContent = (b: unknown) => (isObject(b) && Array.isArray(b.content) ? b.content : undefined);
const text = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : '');
const stamp = (r: unknown) => (isObject(r) ? String(r.updatedDate ?? r.updatedAt ?? '') : '');

/** Where a list answer holds its records and its reported total, for the past-the-end choice. */
export function listCount(c: Call, body: unknown): { count: number; total?: number } | undefined {
  if (!isObject(body)) return undefined;
  if (c.path === '/items' && Array.isArray(body.content))
    return { count: body.content.length, total: typeof body.totalCount === 'number' ? body.totalCount : undefined };
  if (isObject(body.results) && Array.isArray(body.results.content)) return { count: body.results.content.length };
  if (Array.isArray(body.data)) return { count: body.data.length };
  return undefined;
}

/** The zone of the variant's location (§2.5 shows none): UTC-5, without daylight saving. */
export const VARIANT_ZONE_OFFSET_MS = -5 * 3_600_000;
const localMinute = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
/** A local `YYYY-MM-DD HH:mm` as the mock's UTC `YYYY-MM-DD HH:mm`. */
const utcMinuteOf = (local: string) =>
  new Date(Date.parse(`${local.replace(' ', 'T')}:00Z`) - VARIANT_ZONE_OFFSET_MS)
    .toISOString()
    .slice(0, 16)
    .replace('T', ' ');
/** An ISO instant as local time with its offset, e.g. 2026-03-02T09:00:00-05:00. */
function localIso(v: unknown): unknown {
  const t = typeof v === 'string' ? Date.parse(v) : NaN;
  if (Number.isNaN(t)) return v;
  const h = Math.abs(VARIANT_ZONE_OFFSET_MS) / 3_600_000;
  return `${new Date(t + VARIANT_ZONE_OFFSET_MS).toISOString().slice(0, 19)}${VARIANT_ZONE_OFFSET_MS < 0 ? '-' : '+'}${String(h).padStart(2, '0')}:00`;
}
const appointmentBoundNames = [
  ['appointmentDateStart', 'start'],
  ['appointmentStartDate', 'start'],
  ['appointmentDateEnd', 'end'],
  ['appointmentEndDate', 'end'],
] as const;
/** The request records of an appointment answer as the variant shapes them (list data, create result), for in-place changes. */
function appointmentRecordsOf(c: Call, a: Answer): Json[] {
  if (!c.path.startsWith('/appointmentRequests') || c.path.endsWith('/availableSlots') || !ok(a) || !isObject(a.body))
    return [];
  if (Array.isArray(a.body.data)) return a.body.data.filter(isObject);
  return isObject(a.body.result) ? [a.body.result] : [];
}

const DAY_MS = 86_400_000;
const poDateFields: readonly string[] = ['createdDate', 'updatedDate', 'invoiceDate', 'paymentDueDate'];
/** An ISO 8601 datetime at UTC-05:00, whole seconds: the same instant written another way. */
const atMinusFive = (v: unknown) => {
  const t = typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isNaN(t) ? v : new Date(t - 5 * 3_600_000).toISOString().replace(/\.\d{3}Z$/, '-05:00');
};
/** The numbers the variant shows for the mock's purchase-order ids, both ways (one table per process). */
const poIds = { toNumber: new Map<string, number>(), toMock: new Map<number, string>() };
function numericPoId(id: string): number {
  let n = poIds.toNumber.get(id);
  if (n === undefined) {
    n = 700_001 + poIds.toNumber.size;
    poIds.toNumber.set(id, n);
    poIds.toMock.set(n, id);
  }
  return n;
}

/**
 * A vehicle search the variant serves itself from every record of the mock: `matcher` takes the term
 * in lower case and says which records it finds (the families' search-match values).
 */
function vehicleSearch<Id extends string>(
  id: Id,
  why: string,
  matcher: (term: string) => (record: Json) => boolean,
): Transformation & { id: Id } {
  return {
    id,
    why,
    serve: async (c, upstream) => {
      const term = c.query.get('search');
      if (!is(c, 'GET', '/vehicles') || !term) return undefined;
      const all = await everyRecord(c, upstream, ['search'], vehicleContent);
      if (!Array.isArray(all)) return all;
      const matches = matcher(term.toLowerCase());
      return vehiclesPage(
        c,
        all.filter((r) => isObject(r) && matches(r)),
      );
    },
  };
}

/**
 * Applied in this order: request hooks before the mock, response hooks after it (an answer a
 * request hook gives goes through the response hooks too).
 */
export const transformations = [
  // ── lists the variant serves itself, from the mock's data (vehicles, items, customers) ──
  vehicleSearch(
    'vehicle-search-vin-and-plate-prefix',
    '§4.1: search is "search (string)"; which fields it covers and how it matches are not shown (this one: VIN or plate, by prefix)',
    (t) => (r) => text(r.vin).startsWith(t) || text(r.licensePlate).startsWith(t),
  ),
  vehicleSearch(
    'vehicle-search-trigram',
    '§4.1: how search matches is not shown (this one: an n-gram index, any record sharing a 3-character piece of the term in its name, VIN, plate or notes, as Elasticsearch ngram analysers do)',
    (t) => {
      const grams = Array.from({ length: Math.max(0, t.length - 2) }, (_, i) => t.slice(i, i + 3));
      const shares = (v: unknown) => grams.some((g) => text(v).includes(g));
      return (r) => shares(r.vin) || shares(r.licensePlate) || shares(r.vehicleName) || shares(r.notes);
    },
  ),
  vehicleSearch(
    'vehicle-search-exact-vin',
    '§4.1: which fields search covers is not shown (this one: an exact match on the VIN only)',
    (t) => (r) => text(r.vin) === t,
  ),
  {
    id: 'vehicles-newest-first-hiding-inactive',
    why: '§4.1: the default order of GET /vehicles is not shown (this one: last updated first); §3, §2.1: whether an Inactive vehicle stays listed is not shown (this one hides it)',
    serve: async (c, upstream) => {
      if (!is(c, 'GET', '/vehicles') || c.query.get('sort') || c.query.get('search')) return undefined;
      const all = await everyRecord(c, upstream, [], vehicleContent);
      if (!Array.isArray(all)) return all;
      const listed = all.filter((r) => !isObject(r) || r.vehicleStatus !== 'Inactive');
      return vehiclesPage(
        c,
        [...listed].sort(
          (a, b) => stamp(b).localeCompare(stamp(a)) || JSON.stringify(a).localeCompare(JSON.stringify(b)),
        ),
      );
    },
  },
  {
    id: 'item-number-substring-any-case',
    why: '§4.2: itemNumber is "itemNumber (string)"; whether it matches exactly, by prefix or as a part is not shown (this one: any part, any case)',
    serve: async (c, upstream) => {
      const value = c.query.get('itemNumber');
      if (!is(c, 'GET', '/items') || !value) return undefined;
      const all = await everyRecord(c, upstream, ['itemNumber'], itemContent);
      if (!Array.isArray(all)) return all;
      return itemsPage(
        c,
        all.filter((r) => isObject(r) && text(r.itemNumber).includes(value.toLowerCase())),
      );
    },
  },
  {
    id: 'items-hide-inactive',
    why: '§3, §2.2: whether an archived (Inactive) item stays in GET /items is not shown (this one hides it unless the type or number is asked for)',
    serve: async (c, upstream) => {
      if (!is(c, 'GET', '/items') || c.query.get('itemNumber') || c.query.get('type')) return undefined;
      const all = await everyRecord(c, upstream, [], itemContent);
      if (!Array.isArray(all)) return all;
      return itemsPage(
        c,
        all.filter((r) => !isObject(r) || r.status !== 'Inactive'),
      );
    },
  },
  // ── requests ──────────────────────────────────────────────────────────────────────────
  {
    id: 'customer-search-named-q',
    why: '§4.3: the parameters of GET /customers are not shown (this one searches with q, and ignores search)',
    request: (c) => {
      if (!is(c, 'GET', '/customers') || !c.query.has('search')) return false;
      c.query.delete('search');
      return true;
    },
  },
  {
    id: 'vehicle-writes-trim-text',
    why: '§4.1, §2.1: whitespace handling of vehicle text fields is not shown',
    request: (c) => {
      if (!(is(c, 'POST', '/vehicles') || is(c, 'PUT', '/vehicles')) || !isObject(c.body)) return false;
      const before = JSON.stringify(c.body);
      c.body = trimmed(c.body);
      return JSON.stringify(c.body) !== before;
    },
  },
  {
    id: 'default-page-size-20',
    why: '§8: the default page size is not shown',
    request: (c) => {
      if (!isList(c) || c.query.get('size')) return false;
      c.query.set('size', String(VARIANT_DEFAULT_PAGE_SIZE));
      return true;
    },
  },
  {
    id: 'max-page-size-40',
    why: '§8: the maximum page size is not shown; larger sizes are clamped',
    request: (c) => {
      const size = Number(c.query.get('size'));
      if (!isList(c) || !(size > VARIANT_MAX_PAGE_SIZE)) return false;
      c.query.set('size', String(VARIANT_MAX_PAGE_SIZE));
      return true;
    },
  },
  {
    id: 'appointment-dates-exact-forms',
    why: '§4.5 list rule 1 names YYYY-MM-DD and YYYY-MM-DDThh:mm:ssZ only; the status for other forms is not shown',
    request: (c) => {
      if (!is(c, 'GET', '/appointmentRequests')) return false;
      // An alias sent beside its standard name is ignored (§4.5 rule 2), so it is not judged; startDate/endDate are ignored (rule 3).
      const judged = appointmentDateNames.flatMap(([standard, alias]) =>
        c.query.get(standard) || !alias ? [standard] : [alias],
      );
      const bad = judged.find((n) => c.query.get(n) && !exactAppointmentDate.test(c.query.get(n)!));
      return bad ? { status: 400, body: { error: `${bad} must be YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ` } } : false;
    },
  },
  {
    id: 'po-dates-days-only',
    why: '§4.6: the purchase-order date filters are documented with YYYY-MM-DD only',
    request: (c) => {
      if (!is(c, 'GET', '/purchaseOrders')) return false;
      const bad = poDateNames.find((n) => c.query.get(n) && !/^\d{4}-\d{2}-\d{2}$/.test(c.query.get(n)!));
      // Errors keep the PO envelope with a non-null error (§2.7, §7).
      return bad
        ? { status: 400, body: { status: false, data: null, error: { message: `${bad} must be YYYY-MM-DD` } } }
        : false;
    },
  },
  {
    id: 'item-create-trims-text',
    why: '§4.2: whitespace handling of item text fields is not shown',
    request: (c) => {
      if (!is(c, 'POST', '/items') || !isObject(c.body)) return false;
      const before = JSON.stringify(c.body);
      c.body = trimmed(c.body);
      return JSON.stringify(c.body) !== before;
    },
  },
  // ── successful answers ────────────────────────────────────────────────────────────────
  {
    id: 'appointment-list-envelope',
    why: '§4.5: the list response shape is not shown; §2.5: record fields are not shown (description kept, §4.5 rule 2)',
    response: (c, a) => {
      const r = is(c, 'GET', '/appointmentRequests') && ok(a) ? results(a.body) : undefined;
      if (!r) return undefined;
      const total = r.pagination.totalCount;
      // Empty arrays first, so "the first array" of a body is not the records.
      return {
        ...a,
        body: {
          warnings: [],
          links: [],
          data: r.content.map(appointmentRecord),
          paging: { count: r.content.length, total },
        },
      };
    },
  },
  {
    id: 'appointment-create-201-result',
    why: '§4.5: the create answer is not shown; §2.5 only asks that vehicle.name is returned (it is)',
    response: (c, a) =>
      is(c, 'POST', '/appointmentRequests/create') && ok(a) && isObject(a.body)
        ? { status: 201, body: { result: appointmentRecord(a.body.data) } }
        : undefined,
  },
  {
    id: 'slots-envelope-echoes-query',
    why: '§4.5: the slots response shape and slot fields are not shown',
    response: (c, a) => {
      if (
        !is(c, 'GET', '/appointmentRequests/availableSlots') ||
        !ok(a) ||
        !isObject(a.body) ||
        !Array.isArray(a.body.data)
      )
        return undefined;
      const days = a.body.data.map((d) => (isObject(d) ? { day: d.date, times: d.slots } : d));
      return { ...a, body: { request: Object.fromEntries(c.query), location: c.query.get('locationId'), days } };
    },
  },
  {
    id: 'creates-answer-201',
    why: '§2.7 fixes the write body of vehicles and items, not its status; the customer answer is not shown (§4.3)',
    response: (c, a) =>
      c.method === 'POST' && ['/items', '/vehicles', '/customers'].includes(c.path) && a.status === 200
        ? { ...a, status: 201 }
        : undefined,
  },
  {
    id: 'item-list-summary-records',
    why: '§2.2 lists the fields of get-by-id; the fields of items list records are not shown (the page object is kept)',
    response: (c, a) => {
      if (!is(c, 'GET', '/items') || !ok(a) || !isObject(a.body) || !Array.isArray(a.body.content)) return undefined;
      const summary = (r: unknown) =>
        isObject(r)
          ? { itemId: r.itemId, itemNumber: r.itemNumber, itemName: r.itemName, updatedDate: r.updatedDate }
          : r;
      return { ...a, body: { ...a.body, content: a.body.content.map(summary) } };
    },
  },
  {
    id: 'write-data-summaries',
    why: '§2.7: the write envelope of vehicles and items holds data: object, its content not shown',
    response: (c, a) => {
      const area = c.path === '/vehicles' ? 'vehicles' : c.path === '/items' ? 'items' : undefined;
      if (
        !area ||
        c.method === 'GET' ||
        !ok(a) ||
        !isObject(a.body) ||
        !isObject(a.body.data) ||
        !Array.isArray(a.body.data[area])
      )
        return undefined;
      const idName = area === 'vehicles' ? 'vehicleId' : 'itemId';
      // Creates name the new record and its owner or number; updates and archives only the id.
      const keep = c.method === 'POST' ? [idName, area === 'vehicles' ? 'customerId' : 'itemNumber'] : [idName];
      const summary = (r: unknown) => (isObject(r) ? Object.fromEntries(keep.map((k) => [k, r[k]])) : r);
      return { ...a, body: { ...a.body, data: { [area]: a.body.data[area].map(summary) } } };
    },
  },
  {
    id: 'envelope-messages',
    why: '§2.7: message is a string whose text is not shown',
    response: (c, a) => {
      if (
        !/^\/(vehicles|items)(\/|$)/.test(c.path) ||
        !ok(a) ||
        !isObject(a.body) ||
        typeof a.body.message !== 'string'
      )
        return undefined;
      return { ...a, body: { ...a.body, message: 'Request processed' } };
    },
  },
  {
    id: 'record-timestamps-renamed',
    why: '§2.1, §2.2, §2.3, §2.4: record timestamps are not documented fields (PO dates of §2.6 untouched)',
    response: (c, a) => {
      if (!/^\/(vehicles|items|customers|inventoryLevels)(\/|$)/.test(c.path) || !ok(a)) return undefined;
      const renamed = JSON.stringify(a.body)
        .replace(/"updatedDate":/g, '"updatedAt":')
        .replace(/"createdDate":/g, '"createdAt":');
      return { ...a, body: JSON.parse(renamed) as unknown };
    },
  },
  {
    id: 'vehicle-pagination-fields',
    why: '§2.7: the vehicles pagination is an object whose fields are not shown',
    response: (c, a) => {
      const r = c.method === 'GET' && /^\/vehicles(\/[^/]+)?$/.test(c.path) && ok(a) ? results(a.body) : undefined;
      if (!r || !isObject(a.body)) return undefined;
      const p = r.pagination;
      return {
        ...a,
        body: {
          ...a.body,
          results: {
            content: r.content,
            pagination: { pageNumber: p.page, pageSize: p.size, totalElements: p.totalCount },
          },
        },
      };
    },
  },
  {
    id: 'customer-shapes',
    why: '§4.3: response shapes of the customer endpoints are not shown',
    response: (c, a) => {
      if (!c.path.startsWith('/customers') || !ok(a) || !isObject(a.body)) return undefined;
      const r = results(a.body);
      if (r && c.path === '/customers')
        return {
          ...a,
          body: { customers: r.content, meta: { page: r.pagination.page, totalRecords: r.pagination.totalCount } },
        };
      // A read by id answers the bare record.
      if (r && c.method === 'GET') return { ...a, body: r.content[0] };
      // Writes answer the ids only.
      if (isObject(a.body.data) && Array.isArray(a.body.data.customers))
        return {
          ...a,
          body: { customers: a.body.data.customers.map((r) => (isObject(r) ? { customerId: r.customerId } : r)) },
        };
      return undefined;
    },
  },
  {
    id: 'inventory-shapes',
    why: '§4.4: parameters, bodies and response shapes of the inventory-level endpoints are not shown',
    response: (c, a) => {
      if (!c.path.startsWith('/inventoryLevels') || !ok(a) || !isObject(a.body)) return undefined;
      // An update answers 204 without a body; reads answer a bare array.
      if (c.method === 'PUT') return { status: 204, body: undefined };
      const r = results(a.body);
      return r && c.method === 'GET' ? { ...a, body: r.content } : undefined;
    },
  },
  {
    id: 'po-pagination-omitted-per-source',
    why: '§2.7: the PO list pagination is optional; left out on single-backend lists (source other than all)',
    response: (c, a) => {
      const source = c.query.get('source');
      if (
        !is(c, 'GET', '/purchaseOrders') ||
        !source ||
        source === 'all' ||
        !ok(a) ||
        !isObject(a.body) ||
        !('pagination' in a.body)
      )
        return undefined;
      const { pagination: _pagination, ...rest } = a.body;
      return { ...a, body: rest };
    },
  },
  {
    id: 'po-pagination-count-total',
    why: '§4.6: the pagination object shape is not shown',
    response: (c, a) => {
      if (!is(c, 'GET', '/purchaseOrders') || !ok(a) || !isObject(a.body) || !isObject(a.body.pagination))
        return undefined;
      const count = Array.isArray(a.body.data) ? a.body.data.length : 0;
      return { ...a, body: { ...a.body, pagination: { count, total: a.body.pagination.totalCount } } };
    },
  },
  {
    id: 'page-past-end-404',
    why: '§8: what a page past the last answers is not shown (this one: 404 "Invalid page.", as Django REST does)',
    response: (c, a) => {
      const requested = Number(c.query.get('page') ?? 1);
      // Purchase orders have their own (po-page-past-end-404), in their envelope.
      if (c.method !== 'GET' || !['/vehicles', '/items', '/customers'].includes(c.path) || !(requested > 1) || !ok(a))
        return undefined;
      const n = listCount(c, a.body);
      if (!n || n.count > 0) return undefined;
      return { status: 404, body: { detail: 'Invalid page.' } };
    },
  },
  // ── errors (statuses judged on the mock's original status) ───────────────────────────
  {
    id: 'item-refusals-200-success-false',
    why: '§2.7: item writes answer { success: boolean, message, data }; which status a refused create takes is not shown (this one: 200 with success false)',
    response: (c, a, original) =>
      is(c, 'POST', '/items') && original.status === 400
        ? { status: 200, body: { success: false, message: messageOf(a.body) ?? 'invalid item', data: {} } }
        : undefined,
  },
  {
    id: 'validation-errors-422',
    why: '§7 lists 400s only for appointment requests, slots and purchase orders; other validation statuses are not shown',
    // Item creates answer their refusals with success false instead (item-refusals-200-success-false).
    response: (c, a, original) =>
      original.status === 400 && !section7Area(c) && !is(c, 'POST', '/items') ? { ...a, status: 422 } : undefined,
  },
  {
    id: 'unknown-record-400',
    why: '§7: the status for unknown records is not shown',
    response: (_c, a, original) => (original.status === 404 ? { ...a, status: 400 } : undefined),
  },
  {
    id: 'method-not-offered-404',
    why: '§4.6: PO create and update are "not available" with no status shown; other unoffered methods are not shown either',
    response: (_c, a, original) => (original.status === 405 ? { ...a, status: 404 } : undefined),
  },
  {
    id: 'token-rejection-403',
    why: '§7: the status for a missing or invalid token is not shown',
    response: (_c, a, original) => (original.status === 401 ? { ...a, status: 403 } : undefined),
  },
  {
    id: 'error-body-shape',
    why: '§7: error body shapes outside purchase orders are not shown (the message text is kept)',
    response: (c, a) =>
      a.status >= 400 && !isPurchaseOrders(c) && isObject(a.body) && !Array.isArray(a.body.errors)
        ? problem(a.status, messageOf(a.body))
        : undefined,
  },
  {
    id: 'po-error-object-fields',
    why: '§2.7: a PO error is "error" with fields not shown (kept non-null, §7)',
    response: (c, a) => {
      if (!isPurchaseOrders(c) || a.status < 400 || !isObject(a.body) || !isObject(a.body.error)) return undefined;
      const { code: _code, message, ...rest } = a.body.error;
      if (message === undefined) return undefined;
      return { ...a, body: { ...a.body, error: { ...rest, detail: message } } };
    },
  },
  // ── appointment requests and slots (suites-appt) ──
  {
    id: 'appointment-default-status-open',
    why: '§3: the states of an appointment request are not shown, nor (§4.5) the status filter: without one, this list shows only open requests',
    request: (c) => {
      if (!is(c, 'GET', '/appointmentRequests') || c.query.get('status')) return false;
      c.query.set('status', 'Pending,Confirmed');
      return true;
    },
  },
  {
    id: 'appointment-list-newest-first',
    why: '§4.5: the list sorts, but its sort parameters and default order are not shown: newest request first',
    request: (c) => {
      if (!is(c, 'GET', '/appointmentRequests') || c.query.get('sort')) return false;
      c.query.set('sort', 'createdAt');
      c.query.set('sortDirection', 'DESC');
      return true;
    },
  },
  {
    id: 'appointment-local-time-zone',
    why: '§2.5: YYYY-MM-DD HH:mm carries no zone, and §4.5 does not show in which zone or how inclusively a date-only bound is read: the location keeps UTC-5, a date-only end is exclusive',
    request: (c) => {
      if (is(c, 'POST', '/appointmentRequests/create') && isObject(c.body)) {
        const body = c.body;
        const fields = ['startDateTime', 'endDateTime'].filter(
          (k) => typeof body[k] === 'string' && localMinute.test(body[k] as string),
        );
        for (const k of fields) body[k] = utcMinuteOf(body[k] as string);
        return fields.length > 0;
      }
      if (!is(c, 'GET', '/appointmentRequests')) return false;
      let changed = false;
      for (const [name, edge] of appointmentBoundNames) {
        const v = c.query.get(name);
        if (!v || !/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`))) continue;
        // Local midnight of that day; the end bound stops just before it.
        c.query.set(
          name,
          new Date(Date.parse(`${v}T00:00:00Z`) - VARIANT_ZONE_OFFSET_MS - (edge === 'end' ? 1000 : 0))
            .toISOString()
            .replace(/\.\d{3}Z$/, 'Z'),
        );
        changed = true;
      }
      return changed;
    },
    response: (c, a) => {
      const slots = appointmentRecordsOf(c, a).filter((r) => isObject(r.slot));
      if (!slots.length) return undefined;
      for (const r of slots)
        r.slot = Object.fromEntries(Object.entries(r.slot as Json).map(([k, v]) => [k, localIso(v)]));
      return a;
    },
  },
  {
    id: 'appointment-timestamps-epoch-ms',
    why: '§2.5: the record fields are not shown; §4.5 rule 4 names updatedAt but not its form: epoch milliseconds (null kept)',
    response: (c, a) => {
      const records = appointmentRecordsOf(c, a).filter(
        (r) => typeof r.updatedAt === 'string' || typeof r.createdAt === 'string',
      );
      if (!records.length) return undefined;
      for (const r of records)
        for (const k of ['createdAt', 'updatedAt']) if (typeof r[k] === 'string') r[k] = Date.parse(r[k] as string);
      return a;
    },
  },
  {
    id: 'appointment-create-answer-minimal',
    why: '§4.5: the create answer is not shown; §2.5 asks only that the generated vehicle.name comes back: the id and vehicle.name',
    response: (c, a) => {
      if (!is(c, 'POST', '/appointmentRequests/create') || !ok(a) || !isObject(a.body) || !isObject(a.body.result))
        return undefined;
      const r = a.body.result;
      return {
        ...a,
        body: { result: { id: r.id, vehicle: { name: isObject(r.vehicle) ? r.vehicle.name : undefined } } },
      };
    },
  },
  {
    id: 'slots-end-day-exclusive',
    why: '§4.5: whether the end day of the slots window is returned is not shown: this server stops before it',
    request: (c) => {
      if (!is(c, 'GET', '/appointmentRequests/availableSlots')) return false;
      let changed = false;
      for (const [start, end] of [
        ['appointmentDateStart', 'appointmentDateEnd'],
        ['startDate', 'endDate'],
      ] as const) {
        const [s, e] = [c.query.get(start), c.query.get(end)];
        const day = /^\d{4}-\d{2}-\d{2}$/;
        if (!s || !e || !day.test(s) || !day.test(e) || Number.isNaN(Date.parse(e)) || e <= s) continue;
        c.query.set(end, new Date(Date.parse(`${e}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10));
        changed = true;
      }
      return changed;
    },
  },
  {
    id: 'slots-days-keyed-by-date',
    why: '§4.5: the slots response shape is not shown: the days as an object keyed by date',
    response: (c, a) => {
      if (
        !is(c, 'GET', '/appointmentRequests/availableSlots') ||
        !ok(a) ||
        !isObject(a.body) ||
        !Array.isArray(a.body.days)
      )
        return undefined;
      const { days, ...rest } = a.body;
      const calendar = Object.fromEntries(days.filter(isObject).map((d) => [String(d.day), d.times]));
      return { ...a, body: { ...rest, calendar } };
    },
  },
  // ── purchase orders and auth (suites-po) ──
  {
    id: 'po-date-bounds-local-days',
    why: '§4.6: the date filters take YYYY-MM-DD; the time zone of such a bound is not shown (read here as days in UTC-06:00, the end day included)',
    request: (c) => {
      if (!is(c, 'GET', '/purchaseOrders')) return false;
      let changed = false;
      for (const n of poDateNames) {
        const v = c.query.get(n);
        if (!v || !/^\d{4}-\d{2}-\d{2}$/.test(v)) continue;
        const start = Date.parse(`${v}T06:00:00Z`) + (n.endsWith('End') ? DAY_MS - 1000 : 0);
        c.query.set(n, new Date(start).toISOString().replace(/\.\d{3}Z$/, 'Z'));
        changed = true;
      }
      return changed;
    },
  },
  {
    id: 'po-numeric-ids',
    why: '§2.6: the type of the purchase-order id is not shown; numbers here, read back by number in the path (§4.6 get)',
    request: (c) => {
      const m = /^\/purchaseOrders\/(\d+)$/.exec(c.path);
      const mockId = m ? poIds.toMock.get(Number(m[1])) : undefined;
      if (!mockId) return false;
      c.path = `/purchaseOrders/${encodeURIComponent(mockId)}`;
      return true;
    },
    response: (c, a) => {
      if (c.method !== 'GET' || !isPurchaseOrders(c) || !ok(a) || !isObject(a.body)) return undefined;
      const { data } = a.body;
      const renumber = (r: unknown) => (isObject(r) && typeof r.id === 'string' ? { ...r, id: numericPoId(r.id) } : r);
      if (Array.isArray(data)) return { ...a, body: { ...a.body, data: data.map(renumber) } };
      if (isObject(data)) return { ...a, body: { ...a.body, data: renumber(data) } };
      // A record answered bare (no envelope) still carries this server's id form.
      return data === undefined && typeof a.body.id === 'string' ? { ...a, body: renumber(a.body) } : undefined;
    },
  },
  {
    id: 'po-dates-with-offset',
    why: '§2.6: the dates are ISO 8601 datetimes, their offset and precision not shown; answered here at UTC-05:00 without fractions',
    response: (c, a) => {
      if (c.method !== 'GET' || !isPurchaseOrders(c) || !ok(a) || !isObject(a.body)) return undefined;
      const shift = (r: unknown) =>
        isObject(r)
          ? Object.fromEntries(Object.entries(r).map(([k, v]) => [k, poDateFields.includes(k) ? atMinusFive(v) : v]))
          : r;
      const { data } = a.body;
      if (Array.isArray(data)) return { ...a, body: { ...a.body, data: data.map(shift) } };
      return isObject(data) ? { ...a, body: { ...a.body, data: shift(data) } } : undefined;
    },
  },
  {
    id: 'po-list-records-without-lines',
    why: '§4.6: the exact response fields are not shown, nor whether list records carry line items; the read by id keeps them',
    response: (c, a) => {
      if (!is(c, 'GET', '/purchaseOrders') || !ok(a) || !isObject(a.body) || !Array.isArray(a.body.data))
        return undefined;
      return {
        ...a,
        body: {
          ...a.body,
          data: a.body.data.map((r) =>
            isObject(r) ? Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'orderItems')) : r,
          ),
        },
      };
    },
  },
  {
    id: 'po-total-on-first-page-only',
    why: '§2.7: the list pagination is optional and its shape not shown (§4.6); reported here on page 1 only',
    response: (c, a) => {
      if (
        !is(c, 'GET', '/purchaseOrders') ||
        Number(c.query.get('page') ?? 1) <= 1 ||
        !ok(a) ||
        !isObject(a.body) ||
        !('pagination' in a.body)
      )
        return undefined;
      return { ...a, body: Object.fromEntries(Object.entries(a.body).filter(([k]) => k !== 'pagination')) };
    },
  },
  {
    id: 'po-page-past-end-404',
    why: '§8: what a page past the last one answers is not shown; refused here with 404 in the PO envelope (error non-null, §7)',
    response: (c, a) => {
      const page = Number(c.query.get('page') ?? 1);
      if (
        !is(c, 'GET', '/purchaseOrders') ||
        page <= 1 ||
        !ok(a) ||
        !isObject(a.body) ||
        !Array.isArray(a.body.data) ||
        a.body.data.length > 0
      )
        return undefined;
      return {
        status: 404,
        body: { status: false, data: null, error: { message: `page ${page} is past the last page` } },
      };
    },
  },
] as const satisfies readonly Transformation[];

export type TransformationId = (typeof transformations)[number]['id'];
