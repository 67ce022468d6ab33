import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import {
  is,
  isObject,
  listCount,
  messageOf,
  results,
  type Answer,
  type Call,
  type Json,
  type Transformation,
} from '../variant/transformations.js';

/**
 * The family's own choice rules (test/family/dimensions.ts draws them): each changes one point the
 * spec leaves open (its silence id from ../shared/silences.md is cited by the dimension that uses it)
 * and leaves every stated status, field, type and envelope as the reference mock serves it.
 */

/** What one member remembers between exchanges: its writes (for lag) and its id table. */
export interface MemberState {
  /** Mock id → when the create that made it was answered (ms). */
  created: Map<string, number>;
  /** Request times of the last second, for the burst limit. */
  recent: number[];
  /** Mock customer id → when this member first showed it archived (archivedAt never moves after). */
  archivedAt: Map<string, string>;
  ids: { out: Map<string, string>; back: Map<string, string> };
}

export const newState = (): MemberState => ({
  created: new Map(),
  recent: [],
  archivedAt: new Map(),
  ids: { out: new Map(), back: new Map() },
});

const ok = (a: Answer) => a.status >= 200 && a.status < 300;
const isPo = (c: Call) => c.path.startsWith('/purchaseOrders');
const listPaths = ['/vehicles', '/items', '/customers', '/inventoryLevels', '/appointmentRequests', '/purchaseOrders'];
const isList = (c: Call) => c.method === 'GET' && listPaths.includes(c.path);
/** The mock's own error text ({ success: false, error }) or the PO error's message. */
const errorText = (a: Answer): string => {
  const m = messageOf(a.body);
  return typeof m === 'string' ? m : isObject(a.body) && typeof a.body.error === 'string' ? a.body.error : 'error';
};

/** Walks a JSON value, replacing what `f` maps (f returns undefined to keep a value and go on below it). */
function mapJson(v: unknown, f: (v: unknown, key?: string) => unknown, key?: string): unknown {
  const mapped = f(v, key);
  if (mapped !== undefined) return mapped;
  if (Array.isArray(v)) return v.map((x) => mapJson(x, f));
  if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapJson(x, f, k)]));
  return v;
}

// ── ids (S-ID-forms) ────────────────────────────────────────────────────────────────────────

/** The mock's record ids: seeded (veh_harbor_0001, itm_harb_0001) and created (veh_n000012). */
const mockId = /^(veh|cus|itm|apr)_[a-z0-9]+(_[a-z0-9]+)?$/;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export type IdForm = 'uuid' | 'uuid-upper' | 'ulid' | 'numeric' | 'stripe';

function idIn(form: IdForm, id: string, n: number): string {
  const h = createHash('sha256').update(id).digest('hex');
  const prefix = id.slice(0, 3);
  switch (form) {
    case 'uuid':
    case 'uuid-upper': {
      const u = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
      return form === 'uuid' ? u : u.toUpperCase();
    }
    case 'ulid':
      return Array.from({ length: 26 }, (_, i) => CROCKFORD[parseInt(h.slice(i * 2, i * 2 + 2), 16) % 32]).join('');
    case 'numeric':
      return String(100_000 + n);
    case 'stripe':
      return `${prefix}_${h.slice(0, 16)}`;
  }
}

/** The member's id for a mock id (one table per member, both ways). */
export function idOut(state: MemberState, form: IdForm, id: string): string {
  let out = state.ids.out.get(id);
  if (!out) {
    out = idIn(form, id, state.ids.out.size + 1);
    state.ids.out.set(id, out);
    state.ids.back.set(out, id);
  }
  return out;
}

/** Ids written another way: mapped back on the way in (path, query, body), out on the way back. */
export function idRules(state: MemberState, form: IdForm): [Transformation, Transformation] {
  const back = (v: string) => state.ids.back.get(v) ?? v;
  return [
    {
      id: `ids-${form}-in`,
      why: 'S-ID-forms: ids are strings of no stated form',
      request: (c) => {
        let changed = false;
        const path = c.path
          .split('/')
          .map((seg) => {
            const b = back(decodeURIComponent(seg));
            if (b !== decodeURIComponent(seg)) changed = true;
            return b === decodeURIComponent(seg) ? seg : encodeURIComponent(b);
          })
          .join('/');
        c.path = path;
        for (const [k, v] of [...c.query]) {
          const b = v
            .split(',')
            .map((x) => back(x))
            .join(',');
          if (b !== v) {
            c.query.set(k, b);
            changed = true;
          }
        }
        if (c.body !== undefined) {
          const before = JSON.stringify(c.body);
          c.body = mapJson(c.body, (v) => (typeof v === 'string' && state.ids.back.has(v) ? back(v) : undefined));
          if (JSON.stringify(c.body) !== before) changed = true;
        }
        return changed;
      },
    },
    {
      id: `ids-${form}-out`,
      why: 'S-ID-forms: ids are strings of no stated form',
      response: (_c, a) =>
        a.body === undefined
          ? undefined
          : {
              ...a,
              body: mapJson(a.body, (v) =>
                typeof v === 'string' && mockId.test(v) ? idOut(state, form, v) : undefined,
              ),
            },
    },
  ];
}

// ── visibility (S-CONS-read-after-write, S-CONS-list-vs-get) ────────────────────────────────

const createdIds = (c: Call, a: Answer): string[] => {
  if (c.method !== 'POST' || !ok(a) || !isObject(a.body)) return [];
  const data = a.body.data;
  if (!isObject(data)) return [];
  const out: string[] = [];
  for (const [area, key] of [
    ['vehicles', 'vehicleId'],
    ['items', 'itemId'],
    ['customers', 'customerId'],
  ] as const)
    if (Array.isArray(data[area]))
      for (const r of data[area]) if (isObject(r) && typeof r[key] === 'string') out.push(r[key] as string);
  if (typeof data.appointmentRequestId === 'string') out.push(data.appointmentRequestId);
  return out;
};
const recordId = (r: unknown) =>
  isObject(r) ? (r.vehicleId ?? r.appointmentRequestId ?? r.customerId ?? r.itemId) : undefined;

/** The lists a new record reaches late, and where each keeps its records. */
const laggingLists = ['/vehicles', '/items', '/customers', '/appointmentRequests'];
const pageRecords = (c: Call, body: unknown): unknown[] | undefined =>
  c.path === '/items'
    ? isObject(body) && Array.isArray(body.content)
      ? body.content
      : undefined
    : results(body)?.content;

/** The page the mock numbered (1 first) and its size, from a page answer (results.pagination or the items page object). */
function pageOfAnswer(c: Call, body: unknown): { page: number; size: number } | undefined {
  const p = c.path === '/items' ? body : results(body)?.pagination;
  if (!isObject(p)) return undefined;
  const page = Number(p.page ?? p.number);
  const size = Number(p.size);
  return Number.isInteger(page) && page >= 1 && Number.isInteger(size) && size >= 1 ? { page, size } : undefined;
}

/** A page answer re-cut from the visible records: its content and every count agree with them. */
function recut(c: Call, template: Answer, visible: readonly unknown[], at: { page: number; size: number }): Answer {
  const content = visible.slice((at.page - 1) * at.size, at.page * at.size);
  const totalPages = Math.ceil(visible.length / at.size);
  if (!isObject(template.body)) return template;
  if (c.path === '/items')
    return {
      ...template,
      body: {
        ...template.body,
        content,
        totalPages,
        totalCount: visible.length,
        last: at.page >= totalPages,
        numberOfElements: content.length,
        empty: content.length === 0,
      },
    };
  const r = template.body.results as Json;
  const pagination = { ...(r.pagination as Json), totalCount: visible.length, totalPages };
  return { ...template, body: { ...template.body, results: { ...r, content, pagination } } };
}

/**
 * New records reach the lists `listLagMs` after their create was answered (a search index), and
 * reads by id `byIdLagMs` after it (a replica): until then they are not there. A list is read as the
 * index holds it: its pages are cut from the records it shows and its counts are theirs, so a page
 * is never short of a record the index has not taken in yet (S-CONS-read-after-write).
 */
export function lagRule(state: MemberState, listLagMs: number, byIdLagMs: number): Transformation {
  const young = (id: unknown, lag: number) => typeof id === 'string' && Date.now() - (state.created.get(id) ?? 0) < lag;
  const anyYoung = () => [...state.created.values()].some((t) => Date.now() - t < listLagMs);
  return {
    id: `lag-lists-${listLagMs}-by-id-${byIdLagMs}`,
    why: 'S-CONS-read-after-write: when a write becomes visible is not stated',
    serve: async (c, _upstream, next) => {
      if (c.method !== 'GET' || !laggingLists.includes(c.path) || !anyYoung()) return undefined;
      const template = await next(c);
      const at = ok(template) ? pageOfAnswer(c, template.body) : undefined;
      if (!at || !pageRecords(c, template.body)) return template;
      // Every record the server would list for this query, in its order, at the largest pages it serves.
      const all: unknown[] = [];
      let first: number | undefined;
      for (let page = 1; page <= 50; page++) {
        const query = new URLSearchParams(c.query);
        query.set('size', '100');
        query.set('page', String(page));
        const got = await next({ ...c, query });
        const batch = ok(got) ? (pageRecords(c, got.body) ?? []) : [];
        all.push(...batch);
        first ??= batch.length;
        if (batch.length === 0 || batch.length < first) break;
      }
      return recut(
        c,
        template,
        all.filter((x) => !young(recordId(x), listLagMs)),
        at,
      );
    },
    response: (c, a, original) => {
      for (const id of createdIds(c, original)) state.created.set(id, Date.now());
      if (c.method !== 'GET' || !ok(a) || !isObject(a.body)) return undefined;
      const m = /^\/(vehicles|items|customers)\/([^/]+)$/.exec(c.path);
      if (m && young(decodeURIComponent(m[2]!), byIdLagMs))
        return { status: 404, body: { success: false, error: 'not found' } };
      return undefined;
    },
  };
}

// ── lists that echo their request (S-2.7-request-echo) ─────────────────────────────────────

export type Echo = 'jsonapi-links' | 'hal-links' | 'meta-query';

export function echoRule(form: Echo): Transformation {
  return {
    id: `echo-${form}`,
    why: 'S-2.7-request-echo, S-2.7-extra-envelope-keys: a list may echo its query',
    response: (c, a) => {
      if (!isList(c) || !ok(a) || !isObject(a.body)) return undefined;
      const q = c.sent ?? c.query;
      const self = `/v2${c.path}?${q.toString()}`;
      const page = Number(q.get('page') ?? 1);
      const at = (p: number) => {
        const n = new URLSearchParams(q);
        n.set('page', String(p));
        return `/v2${c.path}?${n.toString()}`;
      };
      if (form === 'jsonapi-links')
        return { ...a, body: { ...a.body, links: { self, next: at(page + 1), prev: page > 0 ? at(page - 1) : null } } };
      if (form === 'hal-links') return { ...a, body: { ...a.body, _links: { self: { href: self } } } };
      return { ...a, body: { ...a.body, meta: { query: Object.fromEntries(q) } } };
    },
  };
}

// ── refusals of what the spec leaves open (S-3-update-archived, S-3-rearchive) ──────────────

export type ArchivedWrite = 'refuse-409' | 'refuse-422' | 'refuse-404' | 'ignore';

const archivedOf = (area: 'vehicles' | 'customers', r: unknown) =>
  isObject(r) && (area === 'vehicles' ? r.vehicleStatus === 'Inactive' : r.status === 'Inactive');

/**
 * An update of an archived vehicle or customer, or a second archive, is refused (409, 422, 404)
 * or ignored: the record stays as it was (never reactivated, S-3-update-archived "not a choice").
 */
export function archivedWriteRule(choice: ArchivedWrite): Transformation {
  return {
    id: `archived-write-${choice}`,
    why: 'S-3-update-archived, S-3-rearchive: what an update or archive of an archived record answers is not stated',
    serve: async (c, upstream) => {
      const area = c.path === '/vehicles' ? 'vehicles' : c.path === '/customers' ? 'customers' : undefined;
      if (!area || (c.method !== 'PUT' && c.method !== 'PATCH') || !isObject(c.body)) return undefined;
      const list = c.body[area];
      const companyId = c.body.companyId;
      if (!Array.isArray(list) || typeof companyId !== 'string') return undefined;
      const key = area === 'vehicles' ? 'vehicleId' : 'customerId';
      const archived = new Set<string>();
      for (const e of list) {
        const id = isObject(e) ? e[key] : undefined;
        if (typeof id !== 'string') continue;
        const got = await upstream({
          method: 'GET',
          path: `/${area}/${encodeURIComponent(id)}`,
          query: new URLSearchParams({ companyId }),
          body: undefined,
        });
        const r = results(got.body);
        if (got.status === 200 && r && archivedOf(area, r.content[0])) archived.add(id);
      }
      if (archived.size === 0) return undefined;
      // A second archive ends archived whatever it answers: only the refusals change it.
      if (c.method === 'PATCH' && (choice === 'ignore' || archived.size < list.length)) return undefined;
      if (choice === 'ignore') {
        const rest = list.filter((e) => !(isObject(e) && archived.has(e[key] as string)));
        if (rest.length === 0) return { status: 200, body: { success: true, message: 'No changes', data: {} } };
        return { ...(await upstream({ ...c, body: { ...c.body, [area]: rest } })), contentType: undefined };
      }
      const status = Number(choice.slice(-3));
      return { status, body: { success: false, error: `${[...archived].join(', ')}: the record is archived` } };
    },
  };
}

// ── validation of undocumented bodies (S-2.3-customer-body) ─────────────────────────────────

export type CustomerBody = 'emails-strings' | 'emails-objects' | 'phones-strings';

/** Customer writes accept one realistic shape only, and name the field they refuse (JSON pointer). */
export function customerBodyRule(choice: CustomerBody): Transformation {
  const [field, want] = choice.split('-') as ['emails' | 'phones', 'strings' | 'objects'];
  return {
    id: `customer-body-${choice}`,
    why: 'S-2.3-customer-body: the customer record and its write bodies are not shown (§4.3)',
    request: (c) => {
      if (c.path !== '/customers' || (c.method !== 'POST' && c.method !== 'PUT') || !isObject(c.body)) return false;
      const list = Array.isArray(c.body.customers) ? c.body.customers : [];
      for (const [i, e] of list.entries()) {
        const values = isObject(e) && Array.isArray(e[field]) ? (e[field] as unknown[]) : [];
        for (const [j, v] of values.entries()) {
          const fine = want === 'strings' ? typeof v === 'string' : isObject(v);
          if (!fine)
            return {
              status: 400,
              body: {
                success: false,
                error: `customers[${i}].${field}[${j}] must be ${want === 'strings' ? 'a string' : 'an object'}`,
                pointer: `/customers/${i}/${field}/${j}`,
              },
            };
        }
      }
      return false;
    },
  };
}

// ── strictness (S-QUERY-unknown-params, S-JSON-unknown-body-fields) ─────────────────────────

const paging = ['companyId', 'size', 'page'];
const knownParams: Record<string, readonly string[]> = {
  '/vehicles': [...paging, 'customerId', 'search', 'updatedDateStart', 'updatedDateEnd', 'sort', 'sortDirection'],
  '/items': [...paging, 'type', 'itemNumber', 'updatedDateStart', 'updatedDateEnd'],
  '/purchaseOrders': [
    ...paging,
    'source',
    'isPartsCatalog',
    'repairOrderId',
    'itemType',
    'locationId',
    'createdDateStart',
    'createdDateEnd',
    'updatedDateStart',
    'updatedDateEnd',
  ],
  // startDate/endDate are stated as ignored (§4.5 rule 3): never refused.
  '/appointmentRequests': [
    ...paging,
    'locationId',
    'status',
    'sort',
    'sortDirection',
    'appointmentDateStart',
    'appointmentDateEnd',
    'appointmentStartDate',
    'appointmentEndDate',
    'updatedDateStart',
    'updatedDateEnd',
    'startDate',
    'endDate',
  ],
};

export const strictQueryRule: Transformation = {
  id: 'strict-query',
  why: 'S-QUERY-unknown-params: unknown query parameters may be refused',
  request: (c) => {
    const known = c.method === 'GET' ? knownParams[c.path] : undefined;
    if (!known) return false;
    const unknown = [...c.query.keys()].filter((k) => !known.includes(k));
    if (!unknown.length) return false;
    const error = `unknown query parameter(s): ${unknown.join(', ')}`;
    return isPo(c)
      ? { status: 400, body: { status: false, data: null, error: { message: error } } }
      : { status: 400, body: { success: false, error } };
  },
};

const vehicleFields = [
  'vehicleId',
  'customerId',
  'year',
  'make',
  'model',
  'vehicleName',
  'engine',
  'color',
  'licensePlate',
  'state',
  'vin',
  'imgUrl',
  'notes',
  'tags',
  'driveType',
  'transmission',
  'mileage',
  'mileageUnit',
  'vehicleStatus',
];
const itemCreateFields = ['itemType', 'itemName', 'itemNumber', 'status', 'taxable', 'partDetails', 'tireDetails'];
/** §2.2's common fields: a DTO that whitelists the record, not only the fields §4.2 lists for create. */
const itemRecordFields = [
  ...itemCreateFields,
  'itemNameFR',
  'category',
  'subCategory',
  'subSubCategory',
  'description',
  'descriptionFR',
  'displayQuantityOnRO',
  'displayDescriptionOnRO',
  'commissionable',
  'internalNotes',
  'salesCodeName',
  'salesCode',
];

/** Unknown body fields refused: against §4.2's create list (`createOnly`) or §2.2's record fields. */
export const strictBodyRule = (createOnly: boolean): Transformation => ({
  id: createOnly ? 'strict-body-create-fields' : 'strict-body-record-fields',
  why: 'S-JSON-unknown-body-fields, S-2.2-create-extra-fields: unknown body fields may be refused',
  request: (c) => {
    if (!isObject(c.body) || c.method === 'GET') return false;
    const area = c.path === '/vehicles' ? 'vehicles' : c.path === '/items' ? 'items' : undefined;
    if (!area) return false;
    const allowed =
      area === 'vehicles'
        ? vehicleFields
        : c.method === 'POST'
          ? createOnly
            ? itemCreateFields
            : itemRecordFields
          : ['itemId'];
    const top = Object.keys(c.body).filter((k) => k !== 'companyId' && k !== area);
    const inner = (Array.isArray(c.body[area]) ? (c.body[area] as unknown[]) : []).flatMap((e, i) =>
      isObject(e) ? Object.keys(e).flatMap((k) => (allowed.includes(k) ? [] : [`${area}[${i}].${k}`])) : [],
    );
    const unknown = [...top, ...inner];
    return unknown.length
      ? { status: 400, body: { success: false, error: `unknown field(s): ${unknown.join(', ')}` } }
      : false;
  },
});

// ── text (S-TEXT-trimming, S-TEXT-case-normalisation, S-2.1-vin, S-2.1-plate-state) ─────────

export function textRule(upper: boolean): Transformation {
  const norm = (v: unknown, key?: string): unknown =>
    typeof v === 'string'
      ? upper && (key === 'vin' || key === 'licensePlate' || key === 'state')
        ? v.trim().toUpperCase()
        : v.trim()
      : undefined;
  return {
    id: upper ? 'text-trim-upper-identifiers' : 'text-trim',
    why: 'S-TEXT-trimming, S-TEXT-case-normalisation: text may be trimmed, identifiers uppercased',
    request: (c) => {
      if (!['/vehicles', '/items', '/customers'].includes(c.path) || c.method === 'GET' || !isObject(c.body))
        return false;
      const before = JSON.stringify(c.body);
      c.body = mapJson(c.body, norm);
      return JSON.stringify(c.body) !== before;
    },
  };
}

// ── paging (S-PAGE-base, S-8-max-page-size, S-8-default-page-size, S-8-past-the-end) ────────

/** Pages counted from 0 on the endpoints whose base is not stated (items stay 1-based, §2.7). */
export const zeroBasedRule: Transformation = {
  id: 'pages-from-zero',
  why: 'S-PAGE-base: the first page is page=0 outside items',
  request: (c) => {
    if (!isList(c) || c.path === '/items' || !c.query.has('page')) return false;
    const p = Number(c.query.get('page'));
    if (!Number.isInteger(p) || p < 0) return false;
    c.query.set('page', String(p + 1));
    return true;
  },
  response: (c, a) => {
    if (!isList(c) || c.path === '/items' || !ok(a) || !isObject(a.body)) return undefined;
    const pg = isObject(a.body.results) && isObject(a.body.results.pagination) ? a.body.results.pagination : undefined;
    const po = isObject(a.body.pagination) ? a.body.pagination : undefined;
    for (const p of [pg, po]) if (p && typeof p.page === 'number') p.page -= 1;
    return pg || po ? a : undefined;
  },
};

/**
 * S-4.1-sort: a sort field the server does not know is silently ignored (the list keeps its
 * default order), as many list endpoints do with a field outside their whitelist.
 */
export const sortIgnoredRule: Transformation = {
  id: 'vehicles-sort-field-ignored',
  why: 'S-4.1-sort: the sort values are not listed; an unknown field may be ignored',
  request: (c) => {
    if (!is(c, 'GET', '/vehicles') || !c.query.has('sort')) return false;
    c.query.delete('sort');
    c.query.delete('sortDirection');
    return true;
  },
};

export function pageSizeRule(max: number, dflt: number, refuse: boolean): Transformation {
  return {
    id: `page-size-${refuse ? 'refused-over' : 'clamped-to'}-${max}-default-${dflt}`,
    why: 'S-8-max-page-size, S-8-default-page-size',
    request: (c) => {
      if (!isList(c)) return false;
      const size = c.query.get('size');
      if (size === null) {
        c.query.set('size', String(dflt));
        return true;
      }
      if (!(Number(size) > max)) return false;
      if (refuse)
        return isPo(c)
          ? { status: 400, body: { status: false, data: null, error: { message: `size must be at most ${max}` } } }
          : { status: 400, body: { success: false, error: `size must be at most ${max}` } };
      c.query.set('size', String(max));
      return true;
    },
  };
}

export function pastEndRule(status: 404 | 400): Transformation {
  return {
    id: `page-past-end-${status}`,
    why: 'S-8-past-the-end: a page past the last may be refused',
    response: (c, a) => {
      const page = Number(c.sent?.get('page') ?? c.query.get('page') ?? 1);
      if (!isList(c) || !(page > 1) || !ok(a)) return undefined;
      const n = listCount(c, a.body);
      if (!n || n.count > 0) return undefined;
      return isPo(c)
        ? { status, body: { status: false, data: null, error: { message: 'Invalid page.' } } }
        : { status, body: { success: false, error: 'Invalid page.' } };
    },
  };
}

/**
 * S-4.6-check-order: the parameters judged before the permission (a framework validator running
 * ahead of the handler's permission filter). Without the permission, a purchase-order list query
 * breaking a §7 rule on its parameters alone (rows 4 to 7) gets that rule's 400; the unknown
 * location (row 8) needs the company's data and stays 403.
 */
export const parametersFirstRule: Transformation = {
  id: 'po-parameters-before-permission',
  why: 'S-4.6-check-order: which of the 403 and the 400 comes first is not stated',
  response: (c, a) => {
    if (c.method !== 'GET' || c.path !== '/purchaseOrders' || a.status !== 403) return undefined;
    const q = (k: string) => c.query.get(k);
    const source = q('source');
    const broken =
      (source === 'online' && q('isPartsCatalog') === null) ||
      (q('isPartsCatalog') !== null && source !== 'online') ||
      (q('repairOrderId') !== null && source === 'inventory') ||
      (q('itemType') !== null && source === 'orders');
    return broken
      ? { status: 400, body: { status: false, data: null, error: { message: 'Invalid query parameters' } } }
      : undefined;
  },
};

/**
 * S-2.2-unset-fields: details null for the item types whose details §2.2 does not show (labor,
 * discount, fee), as a serializer that knows only part and tire details writes them.
 */
export const serviceDetailsNullRule: Transformation = {
  id: 'item-service-details-null',
  why: 'S-2.2-unset-fields: details as {} or null for the types whose details are not shown',
  response: (c, a) => {
    if (c.method !== 'GET' || !c.path.startsWith('/items') || !ok(a)) return undefined;
    let changed = false;
    const body = mapJson(a.body, (v) => {
      if (!isObject(v) || !['labor', 'discount', 'fee'].includes(String(v.itemType)) || !('details' in v))
        return undefined;
      changed = true;
      return { ...v, details: null };
    });
    return changed ? { ...a, body } : undefined;
  },
};

// ── envelopes of what the spec does not show ────────────────────────────────────────────────

export type VehiclePagination = 'spring' | 'laravel' | 'offset' | 'empty';

export function vehiclePaginationRule(form: VehiclePagination): Transformation {
  return {
    id: `vehicle-pagination-${form}`,
    why: 'S-2.7-vehicle-pagination: the keys of pagination are not shown',
    response: (c, a) => {
      const r = c.method === 'GET' && /^\/vehicles(\/[^/]+)?$/.test(c.path) && ok(a) ? results(a.body) : undefined;
      if (!r || !isObject(a.body)) return undefined;
      const { page, size, totalCount, totalPages } = r.pagination as Record<string, number>;
      const pagination =
        form === 'spring'
          ? { pageNumber: page, pageSize: size, totalElements: totalCount }
          : form === 'laravel'
            ? { currentPage: page, perPage: size, total: totalCount, lastPage: totalPages }
            : form === 'offset'
              ? { offset: (Number(page) - 1) * Number(size), limit: size, count: totalCount }
              : {};
      return { ...a, body: { ...a.body, results: { content: r.content, pagination } } };
    },
  };
}

export type WriteData = 'ids' | 'id-list' | 'count' | 'empty';

export function writeDataRule(form: WriteData): Transformation {
  return {
    id: `write-data-${form}`,
    why: 'S-2.7-write-data: what data holds after a write is not shown',
    response: (c, a) => {
      const area = ['/vehicles', '/items', '/customers'].includes(c.path) ? c.path.slice(1) : undefined;
      if (!area || c.method === 'GET' || !ok(a) || !isObject(a.body) || !isObject(a.body.data)) return undefined;
      const list = a.body.data[area];
      if (!Array.isArray(list)) return undefined;
      const key = `${area.slice(0, -1)}Id`;
      const ids = list.map((r) => (isObject(r) ? r[key] : undefined));
      const data =
        form === 'ids'
          ? { [area]: ids.map((id) => ({ [key]: id })) }
          : form === 'id-list'
            ? { ids }
            : form === 'count'
              ? { count: ids.length }
              : {};
      return { ...a, body: { ...a.body, data } };
    },
  };
}

export function createStatusRule(status: 201 | 202): Transformation {
  return {
    id: `creates-answer-${status}`,
    why: 'S-4.1-create-status, S-CONS-async-writes: the status of a create is not stated',
    response: (c, a) =>
      c.method === 'POST' && ['/vehicles', '/items', '/customers'].includes(c.path) && a.status === 200
        ? { ...a, status }
        : undefined,
  };
}

export type AppointmentRecord = 'renamed' | 'nested';

/** The appointment-request record under other field names; the comment stays in description (§4.5 rule 2). */
export function appointmentRecordRule(form: AppointmentRecord): Transformation {
  const iso = (v: unknown) => (typeof v === 'string' && !v.includes('T') ? `${v.replace(' ', 'T')}:00Z` : v);
  // The mock's record, or test/variant's layout ({ id, slot: { start, end } }) when that envelope was drawn too.
  const reshape = (r: unknown): unknown => {
    if (!isObject(r)) return r;
    const { appointmentRequestId, id, startDateTime, endDateTime, slot, ...rest } = r;
    const ref = appointmentRequestId ?? id;
    const start = iso(startDateTime ?? (isObject(slot) ? slot.start : undefined));
    const end = iso(endDateTime ?? (isObject(slot) ? slot.end : undefined));
    return form === 'renamed'
      ? { requestId: ref, startsAt: start, endsAt: end, ...rest }
      : { ref: { id: ref }, window: { from: start, to: end }, ...rest };
  };
  return {
    id: `appointment-record-${form}`,
    why: 'S-2.5-record-fields: the fields of the appointment-request record are not shown',
    response: (c, a) => {
      if (!c.path.startsWith('/appointmentRequests') || c.path.endsWith('/availableSlots') || !ok(a)) return undefined;
      if (!isObject(a.body)) return undefined;
      const r = results(a.body);
      if (r) return { ...a, body: { ...a.body, results: { ...r, content: r.content.map(reshape) } } };
      if (Array.isArray(a.body.data)) return { ...a, body: { ...a.body, data: a.body.data.map(reshape) } };
      for (const k of ['data', 'result'])
        if (isObject(a.body[k])) return { ...a, body: { ...a.body, [k]: reshape(a.body[k]) } };
      return undefined;
    },
  };
}

export type CustomerArchived = 'active-flag' | 'archived-at';

export function customerArchivedRule(form: CustomerArchived, state: MemberState): Transformation {
  const archivedSince = (id: string, stamp: unknown) => {
    if (!state.archivedAt.has(id)) state.archivedAt.set(id, String(stamp ?? new Date().toISOString()));
    return state.archivedAt.get(id)!;
  };
  const reshape = (v: unknown): unknown => {
    if (!isObject(v) || typeof v.customerId !== 'string' || typeof v.status !== 'string') return undefined;
    const { status, ...rest } = v;
    return form === 'active-flag'
      ? { ...rest, active: status === 'Active' }
      : { ...rest, archivedAt: status === 'Active' ? null : archivedSince(v.customerId as string, v.updatedDate) };
  };
  return {
    id: `customer-archived-${form}`,
    why: 'S-2.3-customer-archived-form: how an archived customer shows is not stated',
    response: (c, a) =>
      c.path.startsWith('/customers') && ok(a) && a.body !== undefined
        ? { ...a, body: mapJson(a.body, reshape) }
        : undefined,
  };
}

// ── time (S-TIME-output-forms) ──────────────────────────────────────────────────────────────

export type DateForm = 'offset' | 'seconds' | 'micros';
const isoZ = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

export function dateFormRule(form: DateForm): Transformation {
  const write = (v: string) => {
    const base = v.replace(/(\.\d+)?Z$/, '');
    const ms = /\.(\d+)Z$/.exec(v)?.[1] ?? '000';
    return form === 'offset'
      ? `${base}.${ms.padEnd(3, '0').slice(0, 3)}+00:00`
      : form === 'seconds'
        ? `${base}Z`
        : `${base}.${ms.padEnd(6, '0').slice(0, 6)}Z`;
  };
  return {
    id: `datetimes-${form}`,
    why: 'S-TIME-output-forms, S-2.6-date-forms-nullability: the profile of output datetimes is not stated',
    response: (c, a) =>
      c.method === 'GET' && ok(a) && a.body !== undefined
        ? {
            ...a,
            body: mapJson(a.body, (v, key) =>
              typeof v === 'string' && key && /(Date|At)$/.test(key) && isoZ.test(v) ? write(v) : undefined,
            ),
          }
        : undefined,
  };
}

// ── errors (S-7-error-body-shape, S-5-missing-invalid-token, S-7-unknown-record, S-GW-*) ─────

export type ErrorBody = 'problem' | 'spring' | 'drf' | 'nest' | 'jsonapi';

/** Error bodies outside purchase orders in a framework's default shape, the message text kept. */
export function errorBodyRule(form: ErrorBody): Transformation {
  return {
    id: `error-body-${form}`,
    why: 'S-7-error-body-shape: error bodies outside purchase orders are not shown',
    response: (c, a) => {
      if (a.status < 400 || isPo(c) || a.raw !== undefined) return undefined;
      const text = errorText(a);
      const pointer = isObject(a.body) && typeof a.body.pointer === 'string' ? a.body.pointer : undefined;
      const body =
        form === 'problem'
          ? {
              type: 'about:blank',
              title: 'Request failed',
              status: a.status,
              detail: text,
              ...(pointer ? { errors: [{ pointer, detail: text }] } : {}),
            }
          : form === 'spring'
            ? {
                timestamp: new Date().toISOString(),
                status: a.status,
                error: 'Bad Request',
                message: text,
                path: `/v2${c.path}`,
              }
            : form === 'drf'
              ? { detail: text }
              : form === 'nest'
                ? { statusCode: a.status, message: [text], error: 'Bad Request' }
                : { errors: [{ status: String(a.status), detail: text, ...(pointer ? { source: { pointer } } : {}) }] };
      return { ...a, body, contentType: form === 'problem' ? 'application/problem+json' : 'application/json' };
    },
  };
}

export type TokenRejection = 'www-authenticate' | '403';

export function tokenRule(form: TokenRejection): Transformation {
  return {
    id: `token-rejection-${form}`,
    why: 'S-5-missing-invalid-token, S-AUTH-error-headers: the status for a bad token is not stated',
    response: (_c, a, original) =>
      original.status !== 401
        ? undefined
        : form === '403'
          ? { status: 403, body: { message: 'Missing Authentication Token' } }
          : {
              ...a,
              headers: { ...a.headers, 'www-authenticate': 'Bearer realm="partner-api", error="invalid_token"' },
            },
  };
}

export function unknownRecordRule(status: 400 | 403 | 422): Transformation {
  return {
    id: `unknown-record-${status}`,
    why: 'S-7-unknown-record, S-TEN-cross-company-ids: the status for unknown records is not stated',
    response: (_c, a, original) =>
      original.status === 404 && errorText(original) !== 'unknown route' ? { ...a, status } : undefined,
  };
}

export type UnknownRoute = 'aws-403' | 'html-404' | 'not-found-for-methods';

export function unknownRouteRule(form: UnknownRoute): Transformation {
  return {
    id: `unknown-route-${form}`,
    why: 'S-GW-unknown-path, S-1-unlisted-operations, S-4.6-write-attempts: unknown routes and methods',
    response: (_c, a, original) => {
      const route = original.status === 404 && errorText(original) === 'unknown route';
      const method = original.status === 405;
      if (!route && !method) return undefined;
      if (form === 'aws-403') return { status: 403, body: { message: 'Missing Authentication Token' } };
      if (form === 'html-404')
        return {
          status: 404,
          body: undefined,
          contentType: 'text/html',
          raw: '<html><body><h1>404 Not Found</h1></body></html>',
        };
      return method ? { ...a, status: 404 } : undefined;
    },
  };
}

// ── transport (S-HTTP-compression, S-HTTP-etag-conditional, S-RATE-*) ──────────────────────

export function burstRule(
  state: MemberState,
  perSecond: number,
  form: 'seconds' | 'http-date' | '503',
): Transformation {
  return {
    id: `burst-${perSecond}-per-s-${form}`,
    why: 'S-RATE-status, S-RATE-retry-after: throttling and its Retry-After form are not stated',
    // Load shedding with 503 sheds reads only: a write answered 503 may or may not have happened.
    request: (c) => {
      if (form === '503' && c.method !== 'GET') return false;
      const now = Date.now();
      state.recent = state.recent.filter((t) => now - t < 1000);
      if (state.recent.length < perSecond) {
        state.recent.push(now);
        return false;
      }
      const retry = form === 'http-date' ? new Date(Math.ceil((now + 1000) / 1000) * 1000).toUTCString() : '1';
      return {
        status: form === '503' ? 503 : 429,
        body: { message: form === '503' ? 'Service Unavailable' : 'API rate limit exceeded' },
        headers: { 'retry-after': retry },
      };
    },
  };
}

export const etagRule: Transformation = {
  id: 'weak-etags',
  why: 'S-HTTP-etag-conditional: ETags and 304 answers are not stated',
  response: (c, a) => {
    if (c.method !== 'GET' || a.status !== 200 || a.body === undefined || a.raw !== undefined) return undefined;
    const tag = `W/"${createHash('sha1').update(JSON.stringify(a.body)).digest('hex').slice(0, 20)}"`;
    if (c.headers?.get('if-none-match') === tag) return { status: 304, body: undefined, headers: { etag: tag } };
    return { ...a, headers: { ...a.headers, etag: tag } };
  },
};

export function gzipRule(minBytes: number): Transformation {
  return {
    id: `gzip-over-${minBytes}`,
    why: 'S-HTTP-compression: response compression is not stated',
    response: (c, a) => {
      if (a.raw !== undefined || a.body === undefined || !/gzip/.test(c.headers?.get('accept-encoding') ?? ''))
        return undefined;
      const text = JSON.stringify(a.body);
      if (Buffer.byteLength(text) < minBytes) return undefined;
      return {
        ...a,
        raw: gzipSync(text),
        headers: { ...a.headers, 'content-encoding': 'gzip', vary: 'Accept-Encoding' },
      };
    },
  };
}
