import { isObject, type Answer } from './http.js';

/**
 * Choice customer-layout-and-204 (§2.3, §4.3 show nothing beyond customerId): a Django REST
 * customer service. Writes take the platform's flat fields (the backend's); records come back
 * with name and contact details nested, timestamps named createdAt/updatedAt.
 */
export function customerRecord(r: unknown): unknown {
  if (!isObject(r)) return r;
  const { firstName, lastName, companyName, emails, phones, createdDate, updatedDate, ...rest } = r;
  const list = (v: unknown) => (Array.isArray(v) ? v : []);
  return {
    customerId: rest.customerId,
    companyId: rest.companyId,
    name: { first: firstName, last: lastName, company: companyName },
    contact: {
      emails: list(emails).map((e) => (isObject(e) ? { address: e.email, type: e.type } : e)),
      phones: list(phones).map((p) => (isObject(p) ? { number: p.number, type: p.type } : p)),
    },
    address: rest.address,
    tags: rest.tags,
    notes: rest.notes,
    locationIds: rest.locationIds,
    status: rest.status,
    createdAt: createdDate,
    updatedAt: updatedDate,
  };
}

/** A page link like Django REST's `next` and `previous`, or null. */
function link(base: URL, page: number, exists: boolean): string | null {
  if (!exists) return null;
  const u = new URL(base);
  u.searchParams.set('page', String(page));
  return u.toString();
}

/** The list as a Django REST page: { count, next, previous, results }. */
export function customerList(backend: unknown, self: URL, page: number, size: number): Answer {
  const results = isObject(backend) && isObject(backend.results) ? backend.results : {};
  const content = Array.isArray(results.content) ? results.content : [];
  const count =
    isObject(results.pagination) && typeof results.pagination.totalCount === 'number'
      ? results.pagination.totalCount
      : content.length;
  const last = Math.max(1, Math.ceil(count / size));
  return {
    status: 200,
    body: {
      count,
      next: link(self, page + 1, page < last),
      previous: link(self, page - 1, page > 1),
      results: content.map(customerRecord),
    },
  };
}

/** A read by id: the bare record. */
export function customerById(backend: unknown): Answer {
  const content =
    isObject(backend) && isObject(backend.results) && Array.isArray(backend.results.content)
      ? backend.results.content
      : [];
  return { status: 200, body: customerRecord(content[0]) };
}

/** Create: 201 with the created records; update and archive: 204 without a body. */
export function customerWrite(method: string, backend: unknown): Answer {
  if (method !== 'POST') return { status: 204 };
  const created =
    isObject(backend) && isObject(backend.data) && Array.isArray(backend.data.customers) ? backend.data.customers : [];
  return { status: 201, body: created.map(customerRecord) };
}
