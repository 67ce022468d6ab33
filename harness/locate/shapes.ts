import {
  fieldValue,
  firstRecordArray,
  isRecord,
  objectsWithKey,
  recordArrayWith,
  reportedTotal,
} from '../checks/locate.js';

/**
 * Where the records sit in the answers of the three resources the run creates and archives
 * (vehicles §2.7, items §2.7, customers §4.3 "not shown"), written once: the suites' adapters, the
 * locator and the cleanup read answers through these.
 */

export type Rec = Record<string, unknown>;

export interface Shape {
  /** Collection path below the base URL. */
  path: string;
  /** The documented identifier field (§2.1 vehicleId, §2.2 itemId, §2.3 customerId). */
  idKey: string;
  /** The records of a list answer. */
  records(body: unknown): Rec[];
  /** The total a list answer reports, read outside its records. */
  total(body: unknown): number | undefined;
  idOf(record: Rec): string | undefined;
  /** The record with this id in a get (or list) answer. */
  recordIn(body: unknown, id: string): Rec | undefined;
}

/** Keys under which envelopes echo the request or describe the answer (HAL, JSON:API, meta): never records. */
const echoKeys = new Set(['links', '_links', 'link', 'meta', '_meta', 'query', 'request', 'filters', 'params']);

/**
 * The body without its echoes, at any depth (S-2.7-request-echo), so an echoed id or word is never
 * taken for a record: a record is found among the answer's records only.
 */
export function withoutEchoes(body: unknown, depth = 0): unknown {
  if (depth > 12) return body;
  if (Array.isArray(body)) return body.map((v) => withoutEchoes(v, depth + 1));
  if (!isRecord(body)) return body;
  return Object.fromEntries(
    Object.entries(body)
      .filter(([k]) => !echoKeys.has(k))
      .map(([k, v]) => [k, withoutEchoes(v, depth + 1)]),
  );
}

const asId = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : String(v));

/** §2.7: `{ message, results: { content, pagination } }` for list and get; located tolerantly when off. */
function vehicleRecords(body: unknown): Rec[] {
  if (isRecord(body) && isRecord(body.results) && Array.isArray(body.results.content))
    return body.results.content.filter(isRecord);
  // Located even when content is the bare vehicle, which §2.7 does not allow (S-2.7-get-by-id-envelope):
  // VEHICLE-GET-ENVELOPE judges that alone, so the checks that only read the vehicle are not failed with it.
  if (isRecord(body) && isRecord(body.results) && isRecord(body.results.content)) return [body.results.content];
  return recordArrayWith(body, 'vehicleId') ?? firstRecordArray(body) ?? [];
}
const vehicleIdOf = (r: Rec) => asId(r.vehicleId ?? fieldValue(r, ['vehicleId']));

export const vehicleShape: Shape = {
  path: '/vehicles',
  idKey: 'vehicleId',
  records: vehicleRecords,
  // From the pagination object when there is one (a record may hold count-like fields).
  total: (body) => {
    const pagination = isRecord(body) && isRecord(body.results) ? body.results.pagination : undefined;
    return reportedTotal(pagination ?? (isRecord(body) ? { ...body, results: undefined } : undefined));
  },
  idOf: vehicleIdOf,
  recordIn: (body, id) =>
    vehicleRecords(body).find((r) => vehicleIdOf(r) === id) ??
    objectsWithKey(withoutEchoes(body), 'vehicleId').find((r) => String(r.vehicleId) === id),
};

/** §2.7: the items page object's content; located tolerantly when off. */
function itemRecords(body: unknown): Rec[] {
  if (isRecord(body) && Array.isArray(body.content)) return body.content.filter(isRecord);
  return firstRecordArray(body) ?? [];
}
const itemIdOf = (r: Rec) => asId(fieldValue(r, ['itemId']) ?? fieldValue(r, ['id']));

export const itemShape: Shape = {
  path: '/items',
  idKey: 'itemId',
  records: itemRecords,
  total: (body) => (isRecord(body) && typeof body.totalCount === 'number' ? body.totalCount : reportedTotal(body)),
  idOf: itemIdOf,
  // Tolerant: the bare-object rule has its own check (ITEM-GET-BARE).
  recordIn: (body, id) =>
    isRecord(body) && String(body.itemId) === id
      ? body
      : objectsWithKey(withoutEchoes(body), 'itemId').find((r) => String(r.itemId) === id),
};

/** §4.3: the envelope is not shown; the records are the outermost array whose records carry customerId. */
const customerRecords = (body: unknown): Rec[] => recordArrayWith(body, 'customerId') ?? [];
const customerIdOf = (r: Rec) => asId(r.customerId ?? fieldValue(r, ['customerId']));

export const customerShape: Shape = {
  path: '/customers',
  idKey: 'customerId',
  records: customerRecords,
  // Read outside the records: a record may hold count-like fields.
  total: (body) =>
    isRecord(body)
      ? reportedTotal(Object.fromEntries(Object.entries(body).filter(([, v]) => !Array.isArray(v))))
      : undefined,
  idOf: customerIdOf,
  recordIn: (body, id) => objectsWithKey(withoutEchoes(body), 'customerId').find((r) => String(r.customerId) === id),
};

/**
 * Whether a customer record reads as inactive, from a status-like field located tolerantly (§4.3
 * shows none): a status string (Inactive, Archived) or a flag (active false, archived true).
 * undefined: no such field.
 */
export function inactiveState(r: Rec): boolean | undefined {
  const status = fieldValue(r, ['status', 'customerStatus']);
  if (typeof status === 'string' && /^(active|inactive|archived|enabled|disabled)$/i.test(status))
    return /inactive|archived|disabled/i.test(status);
  const active = fieldValue(r, ['active', 'isActive', 'enabled']);
  if (typeof active === 'boolean') return !active;
  const archived = fieldValue(r, ['archived', 'isArchived', 'inactive', 'isInactive', 'deleted']);
  if (typeof archived === 'boolean') return archived;
  // S-2.3-customer-archived-form: an archive timestamp, null (present) until the archive.
  const since = ['archivedAt', 'archivedDate', 'deactivatedAt', 'inactiveSince'].find((k) => k in r);
  if (since !== undefined) return r[since] !== null && r[since] !== '';
  return undefined;
}

/** Whether a record read shows the archive's effect (§3): vehicleStatus or status Inactive; for customers, as far as a status shows. */
export function readsArchived(kind: 'vehicle' | 'item' | 'customer', r: Rec): boolean | undefined {
  if (kind === 'vehicle') return fieldValue(r, ['vehicleStatus']) === 'Inactive';
  if (kind === 'item') return fieldValue(r, ['status']) === 'Inactive';
  return inactiveState(r);
}
